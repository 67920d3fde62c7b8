import { is } from 'drizzle-orm';
import { getTableConfig, PgTable } from 'drizzle-orm/pg-core';
import { ErrorBody } from '@meltway/shared/common/errors';
import * as schema from '../../db/schema/index.js';

/**
 * What every answer of the fuzz is held to: no server fault, and nothing of the inside in the body (a stack
 * trace, a source path, the database's or a library's name, an error class, SQL, a table, column or
 * constraint name); an error is `{ message, code, params?, issues? }`.
 */

/** Signs of the inside, in any answer. */
const LEAKS: [string, RegExp][] = [
  // `at updateProduct (file:///…:94:4)`, `at async Promise.all (index 0)`, `at /srv/app.js:1:2`, `at node:internal/…`.
  ['a stack frame', /\bat (?:async )?(?:[\w$.<>[\] ]+ \()?(?:file:|node:|\/|[A-Za-z]:\\|index \d)/],
  ['a source path', /(?:\/|\\)(?:src|dist|node_modules)(?:\/|\\)|\.(?:ts|js|mjs|cjs):\d+/],
  [
    'an internal name',
    /\b(?:drizzle|pglite|postgres(?:ql)?|pg_\w+|sqlstate|busboy|fastify|ZodError|TypeError|ReferenceError|RangeError|SyntaxError|URIError|EvalError|AggregateError|DrizzleQueryError|DatabaseError|Failed query|ECONNREFUSED|ECONNRESET|ENOENT|EACCES|EISDIR|FST_\w+|ERR_[A-Z_]+)\b/i,
  ],
];

/**
 * Signs of the inside in an error (a 2xx may hold a help article that says "select the mat from the list").
 * Quotes may come escaped (`\"`): the answer is JSON.
 */
const ERROR_LEAKS: [string, RegExp][] = [
  ['SQL', /\b(?:select\s+[\w"\\*.,\s()]{1,300}?\bfrom\s+\\?"?\w|insert\s+into\s+\\?"?\w|update\s+\\?"?\w+\\?"?\s+set\s|delete\s+from\s+\\?"?\w|returning\s+\\?"|on\s+conflict\s*\()/i],
  ['a database message', /relation \\?"|column \\?"|violates [\w ]*constraint|duplicate key value|syntax error at or near|invalid input syntax|out of range for type|invalid byte sequence|null value in column/i],
];

/**
 * Tables, columns, indexes and constraints of the schema that the API's own contract does not use as a
 * word (`products` and `email` are public; `password_hash` and `users_email_unique` are not).
 */
export function internalNames(publicText: string): string[] {
  const names = new Set<string>();
  for (const table of Object.values(schema)) {
    if (!is(table, PgTable)) continue;
    const config = getTableConfig(table);
    names.add(config.name);
    for (const c of config.columns) names.add(c.name);
    for (const i of config.indexes) if (i.config.name) names.add(i.config.name);
    for (const u of config.uniqueConstraints) if (u.name) names.add(u.name);
    for (const f of config.foreignKeys) names.add(f.getName());
    for (const c of config.checks) names.add(c.name);
    for (const p of config.primaryKeys) names.add(p.getName());
  }
  const publicWords = new Set(publicText.match(/[A-Za-z0-9_]+/g) ?? []);
  return [...names].filter((n) => !publicWords.has(n));
}

export type Answer = { statusCode: number; headers: Record<string, unknown>; body: string };

/**
 * What is wrong with an answer, if anything. `declared` are the words of the operation's own success
 * schema: a value the contract declares (the health check's `database: "pglite"`) is no leak in a success.
 */
export function faultsOf(res: Answer, internal: RegExp, declared: ReadonlySet<string> = new Set()): string[] {
  const faults: string[] = [];
  if (res.statusCode >= 500) faults.push(`status ${res.statusCode}`);
  const type = String(res.headers['content-type'] ?? '');
  // PDFs and images are bytes; texts (JSON, CSV, HTML, plain) are read.
  if (!type || /json|text|csv|html|xml/.test(type)) {
    for (const [what, pattern] of LEAKS) {
      const found = [...res.body.matchAll(new RegExp(pattern.source, `${pattern.flags}g`))].filter((m) => res.statusCode >= 400 || !declared.has(m[0]));
      if (found.length) faults.push(`${what}: ${excerpt(res.body, found[0]!.index)}`);
    }
  }
  if (res.statusCode >= 400) {
    for (const [what, pattern] of ERROR_LEAKS) if (pattern.test(res.body)) faults.push(`${what}: ${excerpt(res.body, res.body.search(pattern))}`);
    if (internal.test(res.body)) faults.push(`an internal name: ${excerpt(res.body, res.body.search(internal))}`);
    let parsed: unknown;
    try {
      parsed = JSON.parse(res.body);
    } catch {
      parsed = undefined;
    }
    if (!ErrorBody.strict().safeParse(parsed).success) faults.push(`not the error shape: ${res.body.slice(0, 120)}`);
  }
  return faults;
}

const excerpt = (body: string, at: number) => JSON.stringify(body.slice(Math.max(0, at - 40), at + 80));

/** Counts of what was sent and answered, printed as one line. */
export class Tally {
  readonly statuses = new Map<number, number>();
  requests = 0;
  serverErrors = 0;
  readonly faults: string[] = [];

  record(what: string, res: Answer, internal: RegExp, declared?: ReadonlySet<string>) {
    this.requests += 1;
    this.statuses.set(res.statusCode, (this.statuses.get(res.statusCode) ?? 0) + 1);
    if (res.statusCode >= 500) this.serverErrors += 1;
    const faults = faultsOf(res, internal, declared);
    if (faults.length) this.faults.push(`${what} → ${res.statusCode}: ${faults.join('; ')}`);
  }

  summary(label: string) {
    const statuses = [...this.statuses].sort(([a], [b]) => a - b).map(([s, n]) => `${s}: ${n}`).join(', ');
    return `${label}: ${this.requests} requests, ${this.serverErrors} answered 5xx, ${this.faults.length} with a fault; by status ${statuses}`;
  }
}

/** A whole-word pattern of the names. */
export const wordsPattern = (names: string[]) => new RegExp(`\\b(?:${names.map((n) => n.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')).join('|')})\\b`);
