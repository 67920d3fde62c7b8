// First, before any module that parses with Zod: see the file.
import './lib/zod-jitless';
import './fonts.css';
import './index.css';
import { startTransition, StrictMode } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { App, createRouterWithSessionHandler, provideAppQueryClient } from './app/app';
import { routesForHydration } from './app/router';
import { readServerState } from './app/server-state';
import { i18n, initI18n } from './lib/i18n';
import { applyColorScheme } from './lib/color-scheme';
import { loadQueryClient } from './lib/lazy-query-client';
import { yieldToBrowser } from './lib/when-idle';

applyColorScheme();
const translations = initI18n();

const root = document.getElementById('root');
if (!root) throw new Error('Missing #root');

// A page the server rendered is taken over as it stands: the same routes, words and data it was
// rendered with are in place before React attaches to its HTML, so nothing flashes or is asked again.
const server = readServerState();
provideAppQueryClient(server?.queries);

if (server) {
  const [routes] = await Promise.all([
    routesForHydration(window.location),
    translations.then(() => i18n.loadNamespaces(server.namespaces)),
    server.queries ? loadQueryClient() : undefined,
  ]);
  // The page's code has just run its modules: the router is made, and React started, each in a task of its own,
  // so no one task holds the browser long enough to delay a tap on a phone.
  await yieldToBrowser();
  const router = createRouterWithSessionHandler({ routes, hydrationData: server.router });
  await yieldToBrowser();
  // As a transition, React takes the page over in slices of a few milliseconds and lets the browser answer between
  // them (a click or a key on the way is replayed once its part is live), instead of one task as long as the page.
  startTransition(() => {
    hydrateRoot(
      root,
      <StrictMode>
        <App router={router} />
      </StrictMode>,
    );
  });
} else {
  createRoot(root).render(
    <StrictMode>
      <App router={createRouterWithSessionHandler()} />
    </StrictMode>,
  );
}
