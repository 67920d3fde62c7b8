import { useEffect } from 'react';

/**
 * index.html marks a page with `data-hydrating` until the app has taken it over: until then its buttons and fields
 * take no clicks (index.css), as they would do nothing. This removes the mark.
 */
export function markTakenOver() {
  document.documentElement.removeAttribute('data-hydrating');
}

/** Removes the mark once the part it is rendered in has been taken over: the last part React takes over. */
export function TakenOver() {
  useEffect(markTakenOver, []);
  return null;
}
