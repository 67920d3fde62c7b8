import { useSyncExternalStore } from 'react';

type Kind = 'success' | 'error' | 'info';

let toasterWanted = false;
const listeners = new Set<() => void>();

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

function show(kind: Kind, message: string) {
  if (!toasterWanted) {
    toasterWanted = true;
    for (const listener of listeners) listener();
  }
  // sonner replays toasts raised before its Toaster subscribed, so none is lost while it loads.
  void import('sonner').then(({ toast }) => {
    if (kind === 'info') toast(message);
    else toast[kind](message);
  });
}

export const notify = {
  success: (message: string) => show('success', message),
  error: (message: string) => show('error', message),
  info: (message: string) => show('info', message),
};
