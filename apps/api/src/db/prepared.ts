import type { Db } from './client.js';

const names = new Map<string, string>();
const perDb = new WeakMap<Db, Map<string, unknown>>();

/**
 * A prepared statement built once per database and shape. Building a Drizzle query costs several
 * times more CPU than running a simple one, so the hottest reads (the bearer check on every request,
 * list pages) are built once and then only executed with new values. `key` must name the shape fully.
 * Only on the app's own `db`: a transaction's is a new object each time (and a statement is bound to the
 * session it was prepared on), so inside a transaction this builds the query on every call, no cheaper
 * than a plain query.
 */
export function preparedOnce<T>(db: Db, key: string, build: (name: string) => T): T {
  let statements = perDb.get(db);
  if (!statements) {
    statements = new Map();
    perDb.set(db, statements);
  }
  let statement = statements.get(key) as T | undefined;
  if (!statement) {
    let name = names.get(key);
    if (!name) {
      name = `meltway_${names.size + 1}`;
      names.set(key, name);
    }
    statement = build(name);
    statements.set(key, statement);
  }
  return statement;
}
