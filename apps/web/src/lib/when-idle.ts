/**
 * Runs `task` once the page has loaded and the browser is next idle: for work the first view does without
 * (code, words or a client fetched ahead of need). Returns what cancels it.
 */
export function whenIdleAfterLoad(task: () => void): () => void {
  let cancelIdle = () => undefined as void;
  const idle = () => {
    if ('requestIdleCallback' in window) {
      const handle = window.requestIdleCallback(task);
      cancelIdle = () => window.cancelIdleCallback(handle);
    } else {
      const handle = setTimeout(task, 200);
      cancelIdle = () => clearTimeout(handle);
    }
  };
  if (document.readyState === 'complete') idle();
  else window.addEventListener('load', idle, { once: true });
  return () => {
    window.removeEventListener('load', idle);
    cancelIdle();
  };
}
