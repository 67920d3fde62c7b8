import { useEffect, useSyncExternalStore, type ReactNode } from 'react';
import { QueryClientContext, type QueryClient } from '@tanstack/react-query';
import { whenIdleAfterLoad } from './when-idle';

// The query client (and the query library behind it) is not part of the first download: the home page
// shows nothing from the API until it is scrolled, so it is fetched once the page has loaded, or sooner
// by whatever reads or writes through it, which waits for it with `withQueryClient`.

let client: QueryClient | undefined;
let pending: Promise<QueryClient> | undefined;
let factory: (() => Promise<QueryClient>) | undefined;
const listeners = new Set<() => void>();

/** The app says once how its client is made; nothing is fetched until something needs it. */
export function provideQueryClientFactory(create: () => Promise<QueryClient>) {
  factory = create;
}

export function loadQueryClient(): Promise<QueryClient> {
  if (!pending) {
    if (!factory) return Promise.reject(new Error('No query client factory provided'));
    pending = factory().then((created) => {
      client = created;
      for (const listener of listeners) listener();
      return created;
    });
    // A failed download may be retried by the next caller.
    pending.catch(() => {
      pending = undefined;
    });
  }
  return pending;
}

/** Wraps a module loader (for `lazy` or a route) so its module is ready only once the query client is. */
export function withQueryClient<T>(load: () => Promise<T>): () => Promise<T> {
  return () => Promise.all([load(), loadQueryClient()]).then(([module]) => module);
}

function subscribe(listener: () => void) {
  listeners.add(listener);
  return () => void listeners.delete(listener);
}

const snapshot = () => client;

/** QueryClientProvider's job, for a client that arrives after the first render. */
export function LazyQueryClientProvider({ children }: { children: ReactNode }) {
  const current = useSyncExternalStore(subscribe, snapshot, snapshot);
  // Nothing asked for it by the time the page has loaded: fetch it while the browser is idle.
  useEffect(() => whenIdleAfterLoad(() => void loadQueryClient().catch(() => undefined)), []);
  useEffect(() => {
    if (!current) return;
    current.mount();
    return () => current.unmount();
  }, [current]);
  return <QueryClientContext.Provider value={current}>{children}</QueryClientContext.Provider>;
}
