import type { HydrationState } from 'react-router';

/** The id of the JSON the server writes into a page it rendered (a data block: the page's policy runs no inline script). */
const SERVER_STATE_ID = 'server-state';

/** What the server rendered a page with: its query data (dehydrated), the router's data, the namespaces of words it used. */
export type ServerState = { queries?: unknown; router?: HydrationState; namespaces: string[] };

export function readServerState(): ServerState | null {
  const text = document.getElementById(SERVER_STATE_ID)?.textContent;
  if (!text) return null;
  try {
    return JSON.parse(text) as ServerState;
  } catch {
    return null;
  }
}

/** The JSON for the page, safe inside a <script> element: no `<` can end it early. */
export const serializeServerState = (state: ServerState) => JSON.stringify(state).replace(/</g, '\\u003c');
