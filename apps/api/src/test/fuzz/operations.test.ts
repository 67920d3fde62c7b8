import { Writable } from 'node:stream';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ROUTE_ACCESS, type RouteCase } from '../route-access.js';
import { PDF } from '../academy-fixtures.js';
import { PNG } from '../catalogue-fixtures.js';
import { createTestApp, onPostgres } from '../harness.js';
import { makeActors, recordMaker, type RecordValues } from '../route-access-fixtures.js';
import { CSV } from '../spreadsheet-fixtures.js';
import { internalNames, Tally, wordsPattern } from './answers.js';
import { firstAllowed, UNLIMITED } from './callers.js';
import { formSchemaOf, UPLOAD_ROUTES } from './forms.js';
import { operationsOf, type Operation } from './openapi.js';
import { filled, requestsOf, type FuzzRequest, type Known } from './requests.js';

/**
 * Every operation of the OpenAPI document the app serves, sent requests generated from its own schemas
 * with fast-check (a fixed seed, a bounded count): valid-ish and broken paths, queries, headers and
 * bodies (wrong types, missing and extra fields, huge numbers and strings, unicode and control characters,
 * deep nesting, bodies that are not JSON, forms that are not forms), as an admin, as the first actor the
 * route lets in, anonymously and with broken tokens. No answer may be a 5xx or show anything of the inside
 * (answers.ts), no error may be logged, and nothing may go unhandled in the process.
 *
 * bad-input.test.ts poisons one field at a time and wants a 400 naming it; this one throws everything at
 * once and wants the server to stay whole.
 */

/** CI's seed and count, sized for the unit suite; FUZZ_SEED and FUZZ_RUNS change them for a deeper run by hand (docs/testing.md). */
const SEED = Number(process.env.FUZZ_SEED ?? 4242);
/** Requests per operation. */
const RUNS = Number(process.env.FUZZ_RUNS ?? 16);
/** Valid requests per read, once the fuzz has written what it wrote. */
const READS = 4;

/** Lines the app logs at level error or above: a handled fault is a fault too. */
const errorLines: string[] = [];
const logTo = new Writable({
  write(chunk: Buffer, _encoding, done) {
    for (const line of chunk.toString('utf8').split('\n')) {
      if (/"level":(?:50|60)\b/.test(line)) errorLines.push(line.slice(0, 400));
    }
    done();
  },
});

const multipartRoutes: string[] = [];
const t = await createTestApp({
  limits: UNLIMITED,
  logTo,
  onRoute: (route) => {
    const consumes = (route.schema as { consumes?: readonly string[] } | undefined)?.consumes;
    if (consumes?.includes('multipart/form-data')) for (const m of [route.method].flat()) multipartRoutes.push(`${m} ${route.url}`);
  },
});
const FILES = { png: PNG, pdf: PDF, csv: CSV };
const tally = new Tally();
const unhandled: string[] = [];
const onUnhandled = (err: unknown) => unhandled.push(String((err as Error)?.stack ?? err));

describe('fuzz of every API operation', () => {
  let document: { paths: Record<string, unknown> };
  let operations: Operation[];
  let internal: RegExp;
  let actors: Awaited<ReturnType<typeof makeActors>>;
  let records: ReturnType<typeof recordMaker>;
  const started = Date.now();

  beforeAll(async () => {
    process.on('unhandledRejection', onUnhandled);
    process.on('uncaughtException', onUnhandled);
    const res = await t.app.inject({ method: 'GET', url: '/api/docs/json' });
    document = res.json();
    operations = operationsOf(document as Parameters<typeof operationsOf>[0]);
    internal = wordsPattern(internalNames(res.body));
    actors = await makeActors(t);
    records = recordMaker(t, actors);
  });

  afterAll(async () => {
    process.off('unhandledRejection', onUnhandled);
    process.off('uncaughtException', onUnhandled);
    const seconds = ((Date.now() - started) / 1000).toFixed(1);
    process.stdout.write(
      `[fuzz, ${onPostgres ? 'PostgreSQL' : 'PGlite'}] ${operations?.length ?? 0} operations, seed ${SEED}, ${RUNS} runs each, ${seconds} s; ${tally.summary('answers')}; ${errorLines.length} errors logged; ${unhandled.length} unhandled\n`,
    );
    await t.close();
  });

  it('reads every operation of the document, and knows the form of every upload route', () => {
    expect(operations.length).toBeGreaterThan(140);
    expect(operations.every((op) => op.path.startsWith('/api/v1/'))).toBe(true);
    // Every operation has its row in the route-access table, whose records and bodies the fuzz starts from.
    expect(operations.map((op) => `${op.method} ${op.route}`).filter((key) => !(key in ROUTE_ACCESS))).toEqual([]);
    expect([...new Set(multipartRoutes)].sort()).toEqual([...UPLOAD_ROUTES].sort());
  });

  it('answers every operation without a server fault or anything of the inside', { timeout: 600_000 }, async () => {
    const callers: Record<'admin' | 'anonymous' | 'allowed', Record<string, string> | undefined> = { admin: actors.headers.admin, anonymous: undefined, allowed: undefined };
    const rowOf = (op: Operation) => (ROUTE_ACCESS as Record<string, RouteCase>)[`${op.method} ${op.route}`]!;
    // A record per operation, all made before the first request: the fuzz changes and deletes records (and
    // may deactivate an actor), which the fixtures that make them must not meet. Requests of one operation
    // share its record.
    const recordValues: RecordValues[] = [];
    for (const op of operations) {
      const record = rowOf(op).record;
      recordValues.push({ ...(record ? await records.get(record) : {}), unique: records.unique() });
    }
    const pool = new Set<string>([actors.dealerId, actors.contractorId, actors.customerId]);
    for (const values of recordValues) for (const v of Object.values(values)) if (/^[0-9a-f]{8}-[0-9a-f]{4}-/.test(v)) pool.add(v);

    const knowns: Known[] = [];
    const send = (op: Operation, req: FuzzRequest) => {
      const auth = req.caller === 'badToken' ? undefined : callers[req.caller];
      return t.app.inject({ method: op.method, url: req.url, headers: { ...auth, ...req.headers }, ...(req.payload !== undefined ? { payload: req.payload } : {}) });
    };
    const describeRequest = (op: Operation, req: FuzzRequest) =>
      `${op.method} ${req.url.slice(0, 160)} as ${req.caller}${req.payload !== undefined ? ` with ${String(req.headers['content-type'])} ${JSON.stringify(String(req.payload).slice(0, 160))}` : ''}`;

    for (const [index, op] of operations.entries()) {
      const key = `${op.method} ${op.route}`;
      const row = rowOf(op);
      const values = recordValues[index]!;
      const known: Known = {
        values,
        sample: filled(row.body, values),
        files: row.files && Object.fromEntries(Object.entries(row.files).map(([field, kind]) => [field, FILES[kind]])),
        form: formSchemaOf(key),
        pools: { uuids: [...pool] },
      };
      knowns.push(known);
      callers.allowed = actors.headers[firstAllowed(row)];
      await fc.assert(
        fc.asyncProperty(requestsOf(op, known), async (req) => tally.record(describeRequest(op, req), await send(op, req), internal, op.declared)),
        { seed: SEED + index, numRuns: RUNS },
      );
    }
    // Then every read again, valid: what the fuzz stored (odd texts in names, descriptions, addresses) goes
    // out once more through the lists, exports and PDFs.
    const reads = operations.filter((op) => op.method === 'GET');
    for (const op of reads) {
      callers.allowed = actors.headers[firstAllowed(rowOf(op))];
      await fc.assert(
        fc.asyncProperty(requestsOf(op, knowns[operations.indexOf(op)]!, true), async (req) => tally.record(describeRequest(op, req), await send(op, req), internal, op.declared)),
        { seed: SEED, numRuns: READS },
      );
    }
    expect(tally.requests).toBe(operations.length * RUNS + reads.length * READS);
    expect(tally.faults.slice(0, 30)).toEqual([]);
    expect(tally.serverErrors).toBe(0);
    expect(errorLines.slice(0, 5)).toEqual([]);
    expect(unhandled).toEqual([]);
  });
});
