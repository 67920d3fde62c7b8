import { cachePerDatabase } from './ttl-cache.js';

/** A row's place in creation order: its timestamp as PostgreSQL prints it (to the microsecond) and its id. */
export type Bookmark = { createdAt: string; id: string };

/** Sorts after every real id: a bookmark at `(time, MAX_ID)` stands for "everything created at or before time". */
const MAX_ID = 'ffffffff-ffff-ffff-ffff-ffffffffffff';

/**
 * The queries of one list of append-only rows (orders, transactions) in one scope, newest first on a
 * `(…, created_at, id)` index. `start` bookmarks are inclusive: rows at or before them.
 */
export type CreationList<Row> = {
  /** Names the scope (who asks, which buyer or dealer): the same key always means the same rows. */
  key: string;
  /** How many rows were created at or before `horizon` (`settled`), or after it (`recent`). */
  count(part: 'settled' | 'recent', horizon: Date): Promise<number>;
  /** The row `offset` rows from the oldest (`asc`, `start` null), or `offset` rows newest first from `start` (`desc`). */
  bookmark(dir: 'asc' | 'desc', start: Bookmark | null, offset: number): Promise<Bookmark | null>;
  /** Up to `limit` rows newest first, skipping `offset` from `start` (or from the newest row). */
  page(start: Bookmark | null, offset: number, limit: number): Promise<Row[]>;
  /**
   * The first pages' read in one round trip: up to `limit` rows newest first past the newest `offset`, with the
   * `recent` count of `count('recent', horizon)` (null when no row came back to carry it).
   */
  pageAndRecent(offset: number, limit: number, horizon: Date): Promise<{ rows: Row[]; recent: number | null }>;
};

/**
 * Rows created this long ago are all committed: no transaction that stamps a row runs this long, so
 * the rows at or before the horizon never change in number or order again (these lists only grow, and
 * at the new end).
 */
const SETTLE_MS = 15 * 60_000;
/** A bookmark every this many rows, counted from the oldest. */
export const BOOKMARK_EVERY = 100;

/**
 * Counts of settled rows and bookmarks counted from the oldest row. Both stay true however many rows
 * are added later, in this process or another, so they need no invalidation; the time limit only
 * bounds what a row written with a back-dated `created_at` (which the app never does) or a deleted
 * owner would leave wrong.
 */
const counts = cachePerDatabase<number>('list-totals', 30_000, 1_000);
const bookmarks = cachePerDatabase<Bookmark | null>('list-bookmarks', 30_000, 10_000);

/** The horizon of `now`: 15 to 30 minutes back, on a 15-minute step so that its counts are reused. */
export const horizonOf = (now: Date) => new Date(Math.floor((now.getTime() - SETTLE_MS) / SETTLE_MS) * SETTLE_MS);

/**
 * One page of a list newest first, and its total, with page 1,000 about as cheap as page 1. The rows
 * after the horizon (minutes of them) are counted and read directly. Older rows are counted once, and
 * a deep page starts from the bookmark of its block, counted from the oldest row: that row's position
 * never changes as rows are added, so the page reads at most BOOKMARK_EVERY rows past it from the index.
 */
export async function creationPage<Row>(db: object, list: CreationList<Row>, now: Date, page: number, pageSize: number) {
  const horizon = horizonOf(now);
  const offset = (page - 1) * pageSize;
  const settledCount = counts(db).getOr(`${list.key}|${horizon.toISOString()}`, () => list.count('settled', horizon));
  if (offset < BOOKMARK_EVERY) {
    // A first page reads its rows by plain offset, which is right whatever the horizon, with the recent count beside
    // them: with the settled count known, one statement.
    const [settled, first] = await Promise.all([settledCount, list.pageAndRecent(offset, pageSize, horizon)]);
    const total = settled + (first.recent ?? (await list.count('recent', horizon)));
    return { items: offset < total ? first.rows : [], total };
  }
  const [settled, recent] = await Promise.all([settledCount, list.count('recent', horizon)]);
  const total = settled + recent;
  if (offset >= total) return { items: [] as Row[], total };
  if (offset < recent) return { items: await list.page(null, offset, pageSize), total };

  const top: Bookmark = { createdAt: horizon.toISOString(), id: MAX_ID };
  const fromTop = offset - recent;
  const position = settled - 1 - fromTop;
  const block = Math.ceil(position / BOOKMARK_EVERY) * BOOKMARK_EVERY;
  if (block > settled - 1) return { items: await list.page(top, fromTop, pageSize), total };
  // Found from whichever end is nearer; the row is the same either way.
  const mark = await bookmarks(db).getOr(`${list.key}|${block}`, () =>
    block < settled / 2 ? list.bookmark('asc', null, block) : list.bookmark('desc', top, settled - 1 - block),
  );
  if (!mark) return { items: await list.page(null, offset, pageSize), total };
  return { items: await list.page(mark, block - position, pageSize), total };
}
