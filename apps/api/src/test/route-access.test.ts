import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ACTORS, ROUTE_ACCESS, type RouteCase } from './route-access.js';
import { createTestApp } from './harness.js';
import { makeActors, recordMaker, routeCaller } from './route-access-fixtures.js';

const TABLE = 'apps/api/src/test/route-access.ts';
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

describe('who may do what: every /api/v1 route under every actor', () => {
  let call: ReturnType<typeof routeCaller>;

  beforeAll(async () => {
    const actors = await makeActors(t);
    call = routeCaller(t, actors, recordMaker(t, actors));
  });
  afterAll(() => t.close());

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
