import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ACTORS, ROUTE_ACCESS, type Actor, type Body, type RouteCase } from '@meltway/shared/accounts/route-access';
import { PDF } from './academy-fixtures.js';
import { form, PNG } from './catalogue-fixtures.js';
import { createTestApp } from './harness.js';
import { makeActors, recordMaker, type RecordValues } from './route-access-fixtures.js';

const TABLE = 'packages/shared/src/accounts/route-access.ts';
const FILES = { png: PNG, pdf: PDF };
const rows: Record<string, RouteCase> = ROUTE_ACCESS;

// The app's own route table, as it registers it: every /api/v1 route gets a test below.
const appRoutes = new Set<string>();
const t = await createTestApp({
  onRoute: (route) => {
    for (const method of [route.method].flat()) if (method !== 'HEAD' && route.url.startsWith('/api/v1/')) appRoutes.add(`${method} ${route.url}`);
  },
  // Every request comes from one address; the per-address limits are not what this test is about.
  limits: { contactPerIp: { max: 10_000, windowSeconds: 60 }, newsletterPerIp: { max: 10_000, windowSeconds: 60 } },
});

const fill = (text: string, values: RecordValues) =>
  text.replace(/\{(\w+)\}/g, (_, name: string) => {
    const value = values[name];
    if (value === undefined) throw new Error(`no value for {${name}} in "${text}"`);
    return value;
  });
const fillBody = (body: Body, values: RecordValues): Body =>
  typeof body === 'string'
    ? fill(body, values)
    : Array.isArray(body)
      ? body.map((b) => fillBody(b, values))
      : body && typeof body === 'object'
        ? Object.fromEntries(Object.entries(body).map(([k, v]) => [k, fillBody(v, values)]))
        : body;

describe('who may do what: every /api/v1 route under every actor', () => {
  let actors: Awaited<ReturnType<typeof makeActors>>;
  let records: ReturnType<typeof recordMaker>;

  beforeAll(async () => {
    actors = await makeActors(t);
    records = recordMaker(t, actors);
  });
  afterAll(() => t.close());

  /** One request of a row, as one actor, about a record built for it. */
  async function call(route: string, row: RouteCase, actor: Actor) {
    const [method, path] = route.split(' ') as ['GET' | 'POST' | 'PUT' | 'DELETE', string];
    const values: RecordValues = { ...(row.record ? await records.get(row.record) : {}), unique: records.unique() };
    const url = path.replace(/:(\w+)/g, (_, name: string) => {
      const value = values[name] ?? values.id;
      if (!value) throw new Error(`${route}: no value for :${name}; name a record`);
      return value;
    });
    const body = row.body === undefined ? undefined : fillBody(row.body, values);
    const payload = row.files
      ? form(
          Object.fromEntries(Object.entries((body ?? {}) as Record<string, Body>).map(([k, v]) => [k, String(v)])),
          Object.entries(row.files).map(([field, kind]) => [field, `file.${kind}`, FILES[kind]]),
        )
      : body;
    return t.app.inject({ method, url, headers: actors.headers[actor], ...(payload !== undefined ? { payload: payload as never } : {}) });
  }

  for (const route of appRoutes) {
    it(route, async () => {
      const row = rows[route];
      if (!row) throw new Error(`${route} has no row in ${TABLE}: add one with the status each actor should get`);
      const wrong: string[] = [];
      for (const actor of ACTORS) {
        const res = await call(route, row, actor);
        if (res.statusCode !== row.expect[actor]) {
          wrong.push(`  ${actor.padEnd(12)} expected ${row.expect[actor]}, got ${res.statusCode}  ${res.body.slice(0, 160)}`);
        }
      }
      if (wrong.length) throw new Error(`${route} answers otherwise than ${TABLE} says:\n${wrong.join('\n')}`);
    });
  }

  it(`has no row in ${TABLE} for a route the app does not have`, () => {
    const stale = Object.keys(rows).filter((route) => !appRoutes.has(route));
    expect(stale, `rows of ${TABLE} without a route (renamed or removed?)`).toEqual([]);
  });

  it('found the routes', () => {
    expect(appRoutes.size).toBeGreaterThan(50);
  });
});
