import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ROUTE_ACCESS, type RouteCase } from '../route-access.js';
import { createTestApp, onPostgres } from '../harness.js';
import { makeActors, recordMaker, type RecordValues } from '../route-access-fixtures.js';
import { internalNames, Tally, wordsPattern } from './answers.js';
import { firstAllowed, UNLIMITED } from './callers.js';
import { formSchemaOf, UPLOAD_ROUTES } from './forms.js';
import { malformedMultipart } from './multipart.js';

/**
 * 1,000 malformed multipart bodies over the upload routes (fast-check, a fixed seed): broken and missing
 * boundaries, bodies cut short, parts without or with broken headers, huge header lines and hundreds of
 * headers, wrong Content-Types, bare line feeds, flipped bytes, binary garbage, files that are not what they
 * say. Each is sent by an actor the route lets in, to a record that exists, so the body is what is judged:
 * no answer may be a 5xx, a generic error or anything of the inside.
 */

/** CI's seed; FUZZ_SEED changes it for another run by hand. */
const SEED = Number(process.env.FUZZ_SEED ?? 4243);
const BODIES = 1_000;

const t = await createTestApp({ limits: UNLIMITED });
const tally = new Tally();
const generic: string[] = [];

describe('malformed multipart bodies on the upload routes', () => {
  let internal: RegExp;
  let actors: Awaited<ReturnType<typeof makeActors>>;
  const started = Date.now();

  beforeAll(async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/docs/json' });
    internal = wordsPattern(internalNames(res.body));
    actors = await makeActors(t);
  });

  afterAll(async () => {
    const seconds = ((Date.now() - started) / 1000).toFixed(1);
    process.stdout.write(`[fuzz multipart, ${onPostgres ? 'PostgreSQL' : 'PGlite'}] ${UPLOAD_ROUTES.length} upload routes, seed ${SEED}, ${seconds} s; ${tally.summary('answers')}; ${generic.length} generic errors\n`);
    await t.close();
  });

  it(`answers ${BODIES} malformed bodies with a coded 4xx or a success, never a server fault`, { timeout: 600_000 }, async () => {
    const records = recordMaker(t, actors);
    const targets: { route: string; row: RouteCase; values: RecordValues }[] = [];
    for (const route of UPLOAD_ROUTES) {
      const row = (ROUTE_ACCESS as Record<string, RouteCase>)[route]!;
      targets.push({ route, row, values: row.record ? await records.get(row.record) : {} });
    }

    for (const [index, { route, row, values }] of targets.entries()) {
      const [method, path] = route.split(' ') as ['POST' | 'PUT', string];
      const url = path.replace(/:(\w+)/g, (_, name: string) => values[name] ?? values.id!);
      const fields = Object.keys(formSchemaOf(route)?.properties ?? {});
      const runs = Math.floor(BODIES / targets.length) + (index < BODIES % targets.length ? 1 : 0);
      await fc.assert(
        fc.asyncProperty(malformedMultipart(fields, Object.keys(row.files ?? {})), async (body) => {
          const res = await t.app.inject({ method, url, headers: { ...actors.headers[firstAllowed(row)], 'content-type': body.contentType }, payload: body.body });
          const what = `${route} (${body.how})`;
          tally.record(what, res, internal);
          if (res.statusCode >= 400 && /"code":"common\.generic"/.test(res.body)) generic.push(what);
        }),
        { seed: SEED + index, numRuns: runs },
      );
    }
    expect(tally.requests).toBe(BODIES);
    expect(tally.faults.slice(0, 30)).toEqual([]);
    expect(tally.serverErrors).toBe(0);
    expect(generic).toEqual([]);
    // Malformed is refused: most answers are 4xx (a body that survives its breakage whole may still succeed).
    const refused = [...tally.statuses].filter(([s]) => s >= 400).reduce((n, [, c]) => n + c, 0);
    expect(refused).toBeGreaterThan(BODIES * 0.8);
  });
});
