import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { z } from 'zod';
import { ROUTE_ACCESS, type Actor, type Body, type RouteCase } from './route-access.js';
import { PDF } from './academy-fixtures.js';
import { dataUrl, PNG_BYTES } from './accounts-fixtures.js';
import { form, PNG } from './catalogue-fixtures.js';
import { createTestApp } from './harness.js';
import { inputFields, valueAt, withValueAt, type InputField } from './input-fields.js';
import { formValue, makeActors, recordMaker, type RecordValues } from './route-access-fixtures.js';
import { CSV } from './spreadsheet-fixtures.js';
import { UPLOAD_FORMS } from './fuzz/forms.js';

/**
 * Bad input is refused, never a server fault. For every /api/v1 route of the app's own table, each text
 * its schemas read (body, query string, path) is sent with a NUL byte, and each number with 2^31, one
 * field at a time, in an otherwise valid request from an actor the route lets in (the route-access
 * table's own requests and records). No answer may be a 5xx, and each must be a 400 that names the
 * poisoned field. Every route that takes multipart is also sent `multipart/form-data` without a boundary.
 */

type RouteInfo = { method: string; url: string; schema?: { body?: unknown; querystring?: unknown; params?: unknown; consumes?: readonly string[] } };
const routes = new Map<string, RouteInfo>();
const t = await createTestApp({
  onRoute: (route) => {
    for (const method of [route.method].flat()) {
      if (method !== 'HEAD' && route.url.startsWith('/api/v1/')) routes.set(`${method} ${route.url}`, { method, url: route.url, schema: route.schema as RouteInfo['schema'] });
    }
  },
  limits: { contactPerIp: { max: 10_000, windowSeconds: 60 }, newsletterPerIp: { max: 10_000, windowSeconds: 60 } },
});

// Routes that take multipart read their fields in the handler: their form's schema (null: files only) is UPLOAD_FORMS.
const FORM_SCHEMAS = UPLOAD_FORMS;

type Sample = Pick<RouteCase, 'record' | 'body' | 'files'>;
/** Fuller requests than the access table's, so fields it leaves out reach the database too. */
const MORE_SAMPLES: Record<string, Sample[]> = {
  'POST /api/v1/users': [
    {
      record: 'dealer',
      body: {
        role: 'contractor', fullname: 'Connor Contractor', email: 'contractor-{unique}@example.com', password: 'Secret123', address: '12 Snowbank Road, Ottawa ON',
        phone: '6135550100', companyName: 'Warm Walks Inc.', licenseNumber: 'ECRA-7001', contractorType: 'Electrical Contractor',
        contractorBN: '123456789RT0001', TIN: 'TIN-42', labourWarrantyPeriod: 2, dealerId: '{id}',
      },
    },
    {
      body: {
        role: 'dealer', fullname: 'North Heat Supply', email: 'dealer-{unique}@example.com', password: 'Secret123', address: '400 Furnace Avenue, Calgary AB',
        phone: '4035550199', image: dataUrl('image/png', PNG_BYTES),
        dealerData: {
          billingEmail: 'billing-{unique}@example.com', commission: 12.5, coverageRadius: 80,
          manager: { name: 'Morgan Manager', email: 'manager-{unique}@example.com', phone: '4035550123' },
          bankingInfo: { accountHolderName: 'North Heat Ltd', transitNumber: '02741', institutionNumber: '004', accountNumber: '98765432' },
        },
      },
    },
  ],
  'POST /api/v1/courses': [
    {
      record: 'course',
      body: {
        courseTitle: 'Course {unique}', description: 'From the slab to the controller.', author: '{author}', status: 'draft',
        sections: [{ title: 'Getting started', lessons: [
          { title: 'Welcome', type: 'video', duration: '5:20', videoId: 'dQw4w9WgXcQ' },
          { title: 'Checklist', type: 'pdf', pdfLink: '{doc}' },
          { title: 'Quiz', type: 'assignment', assignments: '{assignment}' },
        ] }],
      },
    },
  ],
};

const FILES = { png: PNG, pdf: PDF, csv: CSV };
const NUL_TEXT = 'Snow melt';
const TOO_BIG = 2 ** 31;
/** The text with a NUL byte after its first character (a valid-looking value otherwise). */
const withNul = (value: unknown) => {
  const s = typeof value === 'string' && value.length > 1 ? value : NUL_TEXT;
  return `${s.slice(0, 1)}\u0000${s.slice(1)}`;
};

const fill = (text: string, values: RecordValues) => text.replace(/\{(\w+)\}/g, (whole, name: string) => values[name] ?? whole);
const fillBody = (body: Body | undefined, values: RecordValues): Body | undefined =>
  typeof body === 'string'
    ? fill(body, values)
    : Array.isArray(body)
      ? body.map((b) => fillBody(b, values)!)
      : body && typeof body === 'object'
        ? Object.fromEntries(Object.entries(body).map(([k, v]) => [k, fillBody(v, values)!]))
        : body;

const jsonOf = (text: string): unknown => {
  try {
    return JSON.parse(text);
  } catch {
    return {};
  }
};
const where = (part: 'body' | 'query' | 'path', field: InputField) => `${part} ${field.path.join('.')}`;
const counts = { 'NUL in a text field': 0, '2^31 in a number field': 0, 'multipart without a boundary': 0 };
const serverErrors: string[] = [];

describe('bad input is a 400, never a 500', () => {
  let actors: Awaited<ReturnType<typeof makeActors>>;
  let records: ReturnType<typeof recordMaker>;

  beforeAll(async () => {
    actors = await makeActors(t);
    records = recordMaker(t, actors);
  });
  afterAll(async () => {
    const sent = Object.entries(counts).map(([kind, n]) => `${kind}: ${n}`).join(', ');
    process.stdout.write(`[bad input, ${process.env.TEST_DB === 'pg' ? 'PostgreSQL' : 'PGlite'}] requests sent: ${sent}; 5xx answers: ${serverErrors.length}\n`);
    await t.close();
  });

  /** The first actor the route lets in (admins first: they pass every check but ownership). */
  const actorFor = (key: string): Actor => {
    const expected = (ROUTE_ACCESS as Record<string, RouteCase>)[key]!.expect;
    return (['admin', 'dealer', 'customer', 'contractor', 'otherDealer', 'anonymous'] as const).find((a) => expected[a] < 300)!;
  };

  type Request = { values: RecordValues; params: Record<string, string>; query?: Record<string, string>; body?: Body; files?: RouteCase['files'] };

  async function send(route: RouteInfo, actor: Actor, req: Request, headers: Record<string, string> = {}, rawPayload?: string) {
    const url = route.url.replace(/:(\w+)/g, (_, name: string) => encodeURIComponent(req.params[name]!));
    const payload =
      rawPayload ??
      (req.files
        ? form(
            Object.fromEntries(Object.entries((req.body ?? {}) as Record<string, Body>).map(([k, v]) => [k, formValue(v)])),
            Object.entries(req.files).map(([field, kind]) => [field, `file.${kind}`, FILES[kind]]),
          )
        : req.body);
    return t.app.inject({
      method: route.method as 'GET',
      url,
      query: req.query,
      headers: { ...actors.headers[actor], ...headers },
      ...(payload !== undefined ? { payload: payload as never } : {}),
    });
  }

  /** A fresh valid request of a sample: its record (a spare one made anew), its path values and body. */
  async function prepare(route: RouteInfo, sample: Sample): Promise<Request> {
    const values: RecordValues = { ...(sample.record ? await records.get(sample.record) : {}), unique: records.unique() };
    const params = Object.fromEntries([...route.url.matchAll(/:(\w+)/g)].map(([, name]) => [name!, values[name!] ?? values.id!]));
    return { values, params, body: fillBody(sample.body, values), files: sample.files };
  }

  for (const key of Object.keys(ROUTE_ACCESS)) {
    it(key, async () => {
      const route = routes.get(key);
      expect(route, `${key} is in the route-access table but not in the app`).toBeDefined();
      const row = (ROUTE_ACCESS as Record<string, RouteCase>)[key]!;
      const actor = actorFor(key);
      const bodySchema = (route!.schema?.body ?? FORM_SCHEMAS[key] ?? undefined) as z.ZodType | undefined;
      const querySchema = route!.schema?.querystring as z.ZodType | undefined;
      const paramsSchema = route!.schema?.params as z.ZodType | undefined;
      const wrong: string[] = [];

      const check = async (what: string, kind: InputField['kind'], path: string, req: Request) => {
        counts[kind === 'string' ? 'NUL in a text field' : '2^31 in a number field'] += 1;
        const res = await send(route!, actor, req);
        const issues = (jsonOf(res.body) as { issues?: { path: string }[] }).issues ?? [];
        if (res.statusCode >= 500) {
          serverErrors.push(`${key} ${what}`);
          wrong.push(`  ${what}: ${res.statusCode} ${res.body.slice(0, 160)}`);
        } else if (res.statusCode !== 400 || !issues.some((i) => i.path === path)) {
          wrong.push(`  ${what}: expected 400 naming "${path}", got ${res.statusCode} ${res.body.slice(0, 160)}`);
        }
      };
      const poison = (field: InputField, value: unknown) => (field.kind === 'string' ? withNul(value) : TOO_BIG);

      for (const sample of [row, ...(MORE_SAMPLES[key] ?? [])]) {
        const base = await prepare(route!, sample);
        for (const field of bodySchema ? inputFields(bodySchema, base.body) : []) {
          const req = await prepare(route!, sample);
          const value = poison(field, valueAt(req.body, field.path));
          const body = withValueAt(req.body ?? {}, field.path, sample.files && typeof value === 'number' ? String(value) : value) as Body;
          await check(where('body', field), field.kind, field.path.join('.'), { ...req, body });
        }
        if (sample !== row) continue;
        for (const field of querySchema ? inputFields(querySchema) : []) {
          const req = await prepare(route!, sample);
          await check(where('query', field), field.kind, field.path.join('.'), { ...req, query: { [String(field.path[0])]: String(poison(field, undefined)) } });
        }
        for (const field of paramsSchema ? inputFields(paramsSchema) : []) {
          const req = await prepare(route!, sample);
          const name = String(field.path[0]);
          await check(where('path', field), field.kind, name, { ...req, params: { ...req.params, [name]: String(poison(field, req.params[name])) } });
        }
      }
      if (wrong.length) throw new Error(`${key} answered bad input otherwise than with a 400 naming the field:\n${wrong.join('\n')}`);
    });
  }

  it('knows the form of every route that takes multipart', () => {
    const multipart = [...routes].filter(([, r]) => r.schema?.consumes?.includes('multipart/form-data')).map(([k]) => k);
    expect(multipart.sort()).toEqual(Object.keys(FORM_SCHEMAS).sort());
    expect(multipart).toHaveLength(17);
  });

  it('answers multipart without a boundary with a 400, on every route that takes multipart', async () => {
    const wrong: string[] = [];
    for (const key of Object.keys(FORM_SCHEMAS)) {
      const route = routes.get(key)!;
      const req = await prepare(route, (ROUTE_ACCESS as Record<string, RouteCase>)[key]!);
      counts['multipart without a boundary'] += 1;
      const res = await send(route, actorFor(key), req, { 'content-type': 'multipart/form-data' }, 'name=Snow');
      if (res.statusCode >= 500) serverErrors.push(`${key} multipart without a boundary`);
      const body = jsonOf(res.body) as { code?: string };
      if (![400, 415].includes(res.statusCode) || !body.code || body.code === 'common.generic') wrong.push(`  ${key}: ${res.statusCode} ${res.body.slice(0, 160)}`);
    }
    if (wrong.length) throw new Error(`multipart without a boundary:\n${wrong.join('\n')}`);
  });
});
