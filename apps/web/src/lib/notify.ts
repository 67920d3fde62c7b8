import { useSyncExternalStore } from 'react';

type Kind = 'success' | 'error' | 'info';

let toasterWanted = false;
const listeners = new Set<() => void>();
const raisedListeners = new Set<() => void>();
/** When each toast still on screen was raised (`performance.now()`), by its id. */
const raisedAt = new Map<string | number, number>();

/** The toaster (and sonner) load with the first toast, keeping them out of the first page's code. */
export function useToasterWanted() {
  return useSyncExternalStore(
    (listener) => {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    () => toasterWanted,
    () => false,
  );
}

/** Calls `listener` each time a toast is raised; answers the unsubscribe. */
export function onToastRaised(listener: () => void) {
  raisedListeners.add(listener);
  return () => void raisedListeners.delete(listener);
}

const forget = ({ id }: { id: string | number }) => void raisedAt.delete(id);

function show(kind: Kind, message: string) {
  if (!toasterWanted) {
    toasterWanted = true;
    for (const listener of listeners) listener();
  }
  const at = performance.now();
  for (const listener of raisedListeners) listener();
  // sonner replays toasts raised before its Toaster subscribed, so none is lost while it loads.
  void import('sonner').then(({ toast }) => {
    const options = { onDismiss: forget, onAutoClose: forget };
    raisedAt.set(kind === 'info' ? toast(message, options) : toast[kind](message, options), at);
  });
}

export const notify = {
  success: (message: string) => show('success', message),
  error: (message: string) => show('error', message),
  info: (message: string) => show('info', message),
};

/** Dismisses the toasts raised before `time` (`performance.now()`): they belong to a page the reader has left. */
export function dismissToastsRaisedBefore(time: number) {
  const stale = [...raisedAt].filter(([, at]) => at < time).map(([id]) => id);
  if (!stale.length) return;
  for (const id of stale) raisedAt.delete(id);
  void import('sonner').then(({ toast }) => {
    for (const id of stale) toast.dismiss(id);
  });
}
