import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ROUTE_ACCESS, type RouteCase } from '../route-access.js';
import { MAX_PAGE_SIZE, SEARCH_MAX_LENGTH } from '@meltway/shared/common/paging';
import { createTestApp, type TestApp } from '../harness.js';
import { makeActors, recordMaker } from '../route-access-fixtures.js';
import { faultsOf } from './answers.js';
import { isList, operationsOf, type Operation } from './openapi.js';

/**
 * Every list of the OpenAPI document (a GET with `page` and `pageSize`) bounds and types its paging, sort
 * and search: a page size of 10,000,000, a page of -1 or "abc", a sort by a column it does not have and a
 * search longer than SEARCH_MAX_LENGTH are each a 400 naming the parameter, in the API's error shape;
 * the largest page size, every sort it declares and the longest search are answered.
 */

let t: TestApp;
let lists: Operation[];
let admin: { authorization: string };
const urls = new Map<Operation, string>();

beforeAll(async () => {
  t = await createTestApp();
  lists = operationsOf((await t.app.inject({ method: 'GET', url: '/api/docs/json' })).json()).filter(isList);
  const actors = await makeActors(t);
  const records = recordMaker(t, actors);
  admin = actors.admin;
  for (const op of lists) {
    const row = (ROUTE_ACCESS as Record<string, RouteCase>)[`${op.method} ${op.route}`]!;
    const values = row.record ? await records.get(row.record) : {};
    urls.set(op, op.path.replace(/\{(\w+)\}/g, (_, name: string) => values[name] ?? values.id!));
  }
});
afterAll(() => t.close());

const param = (op: Operation, name: string) => op.parameters.find((p) => p.in === 'query' && p.name === name);
const get = (op: Operation, query: string) => t.app.inject({ method: 'GET', url: `${urls.get(op)}?${query}`, headers: admin });

describe('the query of every list', () => {
  it('finds the lists in the document', () => {
    expect(lists.map((op) => op.path)).toEqual(expect.arrayContaining(['/api/v1/products', '/api/v1/orders', '/api/v1/users/contractors', '/api/v1/courses', '/api/v1/designs']));
    expect(lists.length).toBeGreaterThanOrEqual(21);
  });

  it('declares the same bounds everywhere: whole pages from 1, at most MAX_PAGE_SIZE a page, searches of at most SEARCH_MAX_LENGTH', () => {
    for (const op of lists) {
      expect(param(op, 'page')!.schema, op.path).toMatchObject({ type: 'integer', minimum: 1 });
      expect(param(op, 'pageSize')!.schema, op.path).toMatchObject({ type: 'integer', minimum: 1, maximum: MAX_PAGE_SIZE });
      if (param(op, 'q')) expect(param(op, 'q')!.schema.maxLength, op.path).toBe(SEARCH_MAX_LENGTH);
      const sort = param(op, 'sort');
      if (sort) expect(sort.schema.enum, op.path).toEqual(expect.any(Array));
    }
  });

  const refused = {
    'a page size of 10,000,000': ['pageSize', 'pageSize=10000000'],
    'a page size one over the largest': ['pageSize', `pageSize=${MAX_PAGE_SIZE + 1}`],
    'page -1': ['page', 'page=-1'],
    'page abc': ['page', 'page=abc'],
    'a sort by an unknown column': ['sort', 'sort=unknownColumn'],
    'a search one character too long': ['q', `q=${'x'.repeat(SEARCH_MAX_LENGTH + 1)}`],
  } as const;

  for (const [what, [name, query]] of Object.entries(refused)) {
    it(`answers ${what} with a 400 naming ${name}, on every list`, async () => {
      const wrong: string[] = [];
      for (const op of lists) {
        const res = await get(op, query);
        const body = res.json() as { code?: string; issues?: { path: string; code: string }[] };
        const faults = faultsOf(res, /$^/);
        if (res.statusCode !== 400 || !body.code || !body.issues?.some((i) => i.path === name) || faults.length) {
          wrong.push(`${op.path}: ${res.statusCode} ${res.body.slice(0, 200)} ${faults.join('; ')}`);
        }
      }
      expect(wrong).toEqual([]);
    });
  }

  it('answers the largest page size, every sort a list declares, and the longest search', async () => {
    const wrong: string[] = [];
    for (const op of lists) {
      const queries = [`page=1&pageSize=${MAX_PAGE_SIZE}`];
      if (param(op, 'q')) queries.push(`q=${'x'.repeat(SEARCH_MAX_LENGTH)}`);
      for (const column of (param(op, 'sort')?.schema.enum ?? []) as string[]) queries.push(`sort=${column}&order=asc`, `sort=${column}&order=desc`);
      for (const query of queries) {
        const res = await get(op, query);
        if (res.statusCode !== 200) wrong.push(`${op.path}?${query}: ${res.statusCode} ${res.body.slice(0, 200)}`);
      }
    }
    expect(wrong).toEqual([]);
  });
});
