/** At most `size` holders at once; the others wait in arrival order. */
export class Semaphore {
  #active = 0;
  /** Waiters in arrival order; each is called with its place already counted. */
  readonly #queue: (() => void)[] = [];

  constructor(readonly size: number) {
    if (!Number.isInteger(size) || size < 1) throw new Error(`a semaphore needs at least one place (got ${size})`);
  }

  get active() {
    return this.#active;
  }

  get waiting() {
    return this.#queue.length;
  }

  /** A place now, as the function that gives it back (calling it twice gives it back once), or null when none is free. */
  tryAcquire(): (() => void) | null {
    if (this.#active >= this.size || this.#queue.length) return null;
    this.#active++;
    return this.#releaser();
  }

  /** A place, now or once one frees up, as the function that gives it back. */
  acquire(): Promise<() => void> {
    const now = this.tryAcquire();
    if (now) return Promise.resolve(now);
    return new Promise((resolve) =>
      this.#queue.push(() => {
        this.#active++;
        resolve(this.#releaser());
      }),
    );
  }

  /** Runs `task` once a place is free, and frees it when the task settles. */
  async run<T>(task: () => Promise<T>): Promise<T> {
    const release = await this.acquire();
    try {
      return await task();
    } finally {
      release();
    }
  }

  #releaser() {
    let released = false;
    return () => {
      if (released) return;
      released = true;
      this.#active--;
      this.#queue.shift()?.();
    };
  }
}
