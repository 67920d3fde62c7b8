/** Reads of each named cache of this process, found or not: `/metrics` reports them as the caches' hits and misses. */
const reads = new Map<string, { hits: number; misses: number }>();

/** The reads of every named cache so far, by name (a live view: counts only grow). */
export const cacheReads = (): ReadonlyMap<string, Readonly<{ hits: number; misses: number }>> => reads;

/**
 * A small in-process cache whose entries live `ttlMs`; the oldest entry goes first when it is full. A cache given a
 * `name` counts its reads under it (several caches may share a name: one per database counts as one).
 */
export class TtlCache<V> {
  private readonly entries = new Map<string, { value: V; expiresAt: number }>();
  private readonly loading = new Map<string, Promise<V>>();
  private readonly now: () => number;
  private readonly counts: { hits: number; misses: number } | undefined;

  constructor(
    private readonly ttlMs: number,
    private readonly maxEntries = 1000,
    options: { name?: string; now?: () => number } = {},
  ) {
    this.now = options.now ?? Date.now;
    if (options.name !== undefined) {
      let counts = reads.get(options.name);
      if (!counts) reads.set(options.name, (counts = { hits: 0, misses: 0 }));
      this.counts = counts;
    }
  }

  get(key: string): V | undefined {
    const value = this.peek(key);
    if (this.counts) {
      if (value === undefined) this.counts.misses++;
      else this.counts.hits++;
    }
    return value;
  }

  private peek(key: string): V | undefined {
    const e = this.entries.get(key);
    if (!e) return undefined;
    if (e.expiresAt <= this.now()) {
      this.entries.delete(key);
      return undefined;
    }
    return e.value;
  }

  set(key: string, value: V) {
    if (this.entries.size >= this.maxEntries) this.entries.delete(this.entries.keys().next().value!);
    this.entries.set(key, { value, expiresAt: this.now() + this.ttlMs });
  }

  /**
   * The cached value, or the loaded one (then cached). Callers that miss while a load of the same key
   * is under way share it, so an entry that expires under load is read once, not once per request.
   */
  getOr(key: string, load: () => Promise<V>): Promise<V> {
    const hit = this.get(key);
    if (hit !== undefined) return Promise.resolve(hit);
    let loading = this.loading.get(key);
    if (!loading) {
      loading = load().then(
        (value) => {
          this.loading.delete(key);
          this.set(key, value);
          return value;
        },
        (error: unknown) => {
          this.loading.delete(key);
          throw error;
        },
      );
      this.loading.set(key, loading);
    }
    return loading;
  }
}

/**
 * One cache per database: answers read from one database never serve another (several apps, each on its own
 * database, share a process in tests). Keys still carry the cache version of what the value was read from.
 */
export function cachePerDatabase<V>(name: string, ttlMs: number, maxEntries: number): (db: object) => TtlCache<V> {
  const caches = new WeakMap<object, TtlCache<V>>();
  return (db) => {
    let cache = caches.get(db);
    if (!cache) caches.set(db, (cache = new TtlCache<V>(ttlMs, maxEntries, { name })));
    return cache;
  };
}
