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

/**
 * Resolves in a task of its own, so the browser can paint or answer a tap between two pieces of start-up work
 * (`scheduler.yield` where the browser has it, a message otherwise: neither waits like a timer).
 */
export function yieldToBrowser(): Promise<void> {
  const scheduler = (globalThis as { scheduler?: { yield?: () => Promise<void> } }).scheduler;
  if (scheduler?.yield) return scheduler.yield();
  return new Promise((resolve) => {
    const channel = new MessageChannel();
    channel.port1.onmessage = () => {
      channel.port1.close();
      resolve();
    };
    channel.port2.postMessage(null);
  });
}
