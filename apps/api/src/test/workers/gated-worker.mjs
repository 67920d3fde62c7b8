import { parentPort } from 'node:worker_threads';

/**
 * A worker for the pool's tests, in plain JavaScript as a built worker is: a task with a `gate` waits until the
 * test opens it (no timer decides anything); `hang` never answers, `exit` ends the thread, `fail` answers an error.
 */
parentPort.on('message', ({ id, task }) => {
  if (task.gate) Atomics.wait(task.gate, 0, 0);
  if (task.hang) for (;;);
  if (task.exit) process.exit(1);
  if (task.fail) parentPort.postMessage({ id, error: 'refused' });
  else parentPort.postMessage({ id, result: task.value * 2 });
});
