import { Worker } from 'node:worker_threads';

/** Every worker busy and the queue at its bound: the task was not taken. */
export class PoolFullError extends Error {
  constructor() {
    super('worker pool full');
    this.name = 'PoolFullError';
  }
}

/** A task ran past its time limit: its worker was stopped (and replaced). */
export class PoolTimeoutError extends Error {
  constructor(ms: number) {
    super(`task ran over ${ms} ms`);
    this.name = 'PoolTimeoutError';
  }
}

export type PoolOptions = {
  /** The worker's module; it answers each `{ id, task }` message with `{ id, result }` or `{ id, error }`. */
  file: URL;
  /** Workers started at once and kept. */
  size: number;
  /** Tasks that may wait for a worker; one more is refused with PoolFullError. */
  maxQueue: number;
  /** A task still running after this long has its worker stopped, and fails with PoolTimeoutError. */
  timeoutMs: number;
};

export type WorkerPool<T, R> = {
  run(task: T): Promise<R>;
  /** Tasks running and waiting, for metrics and tests. */
  stats(): { running: number; queued: number };
  close(): Promise<void>;
};

type Job<T, R> = { id: number; task: T; resolve: (r: R) => void; reject: (e: unknown) => void };
type Slot<T, R> = { worker: Worker; job: Job<T, R> | null; timer: NodeJS.Timeout | null };

/**
 * Where this process runs from its TypeScript sources (the tests), a worker cannot load `.ts` by itself: it is
 * started through tsx, resolving `@meltway/shared` to its sources as the tests do. Built, it runs the `.js` as is.
 */
function startWorker(file: URL): Worker {
  if (!file.pathname.endsWith('.ts')) return new Worker(file);
  const boot = `import('tsx/esm/api').then((tsx) => { tsx.register(); return import(${JSON.stringify(file.href)}); })`;
  return new Worker(boot, { eval: true, execArgv: ['--conditions=source'] });
}

/** Frees a slot of its task (its timer stopped, its worker no longer keeping the process alive); answers the task it had. */
function finish<T, R>(slot: Slot<T, R>) {
  if (slot.timer) clearTimeout(slot.timer);
  const job = slot.job;
  slot.worker.unref();
  slot.job = null;
  slot.timer = null;
  return job;
}

/**
 * A fixed set of worker threads with a bounded queue and a time limit per task: CPU-heavy work runs beside the
 * event loop, never on it, and an overload is refused at once (PoolFullError) instead of piling up. A worker
 * that fails or runs over its limit is replaced; its task fails, no other.
 */
export function workerPool<T, R>(options: PoolOptions): WorkerPool<T, R> {
  const queue: Job<T, R>[] = [];
  const slots: Slot<T, R>[] = [];
  let nextId = 0;
  let closed = false;

  const replace = (slot: Slot<T, R>) => {
    void slot.worker.terminate();
    if (closed) return;
    slot.worker = spawn(slot);
    dispatch(slot);
  };

  const spawn = (slot: Slot<T, R>) => {
    const worker = startWorker(options.file);
    // An idle pool never keeps the process alive.
    worker.unref();
    worker.on('message', (message: { id: number; result?: R; error?: string }) => {
      if (slot.job?.id !== message.id) return;
      const job = finish(slot)!;
      if (message.error !== undefined) job.reject(new Error(message.error));
      else job.resolve(message.result as R);
      dispatch(slot);
    });
    worker.on('error', (error) => {
      if (slot.worker !== worker) return;
      finish(slot)?.reject(error);
      replace(slot);
    });
    worker.on('exit', () => {
      if (slot.worker !== worker || closed) return;
      finish(slot)?.reject(new Error('worker exited'));
      replace(slot);
    });
    return worker;
  };

  const dispatch = (slot: Slot<T, R>) => {
    if (slot.job || closed) return;
    const job = queue.shift();
    if (!job) return;
    slot.job = job;
    // A worker at work keeps the process alive until its answer, as any pending I/O would.
    slot.worker.ref();
    slot.timer = setTimeout(() => {
      finish(slot)?.reject(new PoolTimeoutError(options.timeoutMs));
      replace(slot);
    }, options.timeoutMs);
    slot.worker.postMessage({ id: job.id, task: job.task });
  };

  for (let i = 0; i < options.size; i++) {
    const slot: Slot<T, R> = { worker: null as unknown as Worker, job: null, timer: null };
    slot.worker = spawn(slot);
    slots.push(slot);
  }

  return {
    run(task) {
      if (closed) return Promise.reject(new Error('worker pool closed'));
      const idle = slots.find((s) => !s.job);
      if (!idle && queue.length >= options.maxQueue) return Promise.reject(new PoolFullError());
      return new Promise<R>((resolve, reject) => {
        queue.push({ id: ++nextId, task, resolve, reject });
        if (idle) dispatch(idle);
      });
    },
    stats: () => ({ running: slots.filter((s) => s.job).length, queued: queue.length }),
    async close() {
      closed = true;
      for (const job of queue.splice(0)) job.reject(new Error('worker pool closed'));
      await Promise.all(
        slots.map((slot) => {
          finish(slot)?.reject(new Error('worker pool closed'));
          return slot.worker.terminate();
        }),
      );
    },
  };
}
