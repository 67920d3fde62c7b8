import fc from 'fast-check';
import type { Body } from '../route-access.js';
import { MISSING } from '../harness.js';
import { garbageFile, multipart, type Part } from './multipart.js';
import type { Operation, Schema } from './openapi.js';
import { EDGE_TEXTS, nasty, RAW_BODIES, RawJson, textOf, toJson, unitString, valueOf, type Pools } from './values.js';

/** Who sends a request: an admin, nobody, the first actor the route lets in, or a forged or broken token. */
type Caller = 'admin' | 'anonymous' | 'allowed' | 'badToken';

/** One request of the fuzz, ready to send. */
export type FuzzRequest = {
  caller: Caller;
  url: string;
  headers: Record<string, string>;
  payload?: string | Buffer;
};

/** What the fuzz knows of an operation beyond its schemas: a valid request's values, body and files. */
export type Known = {
  /** Values of the record the route is about, by path parameter name (`id` for any other name). */
  values: Record<string, string>;
  /** The route-access table's valid body for it, placeholders filled. */
  sample?: Body;
  /** File fields of an upload route, with valid bytes for each. */
  files?: Record<string, Uint8Array>;
  /** The form's JSON Schema, for an upload route. */
  form?: Schema;
  pools: Pools;
};

/** Bytes of a text as UTF-8 (a lone surrogate becomes U+FFFD), each outside the unreserved set percent-encoded. */
const percentEncode = (s: string) =>
  [...Buffer.from(s, 'utf8')].map((b) => (/[A-Za-z0-9\-._~]/.test(String.fromCharCode(b)) ? String.fromCharCode(b) : `%${b.toString(16).toUpperCase().padStart(2, '0')}`)).join('');

/**
 * A text for a URL: percent-encoded, or, for printable ASCII, sometimes as it is (a bare `%`, `%FF` or
 * `%E0%A4%A` reaches the server's decoding), keeping only the characters that would change the URL's shape.
 */
const inUrl = (s: string, raw: boolean) => (raw && /^[\x21-\x7e]*$/.test(s) ? s.replace(/[/?#&=]/g, (c) => percentEncode(c)) : percentEncode(s));

const BAD_TOKENS = [
  'Bearer ',
  'Bearer garbage',
  'Bearer eyJhbGciOiJub25lIn0.eyJzdWIiOiJ4In0.',
  'Bearer eyJhbGciOiJIUzI1NiJ9.eyJzdWIiOiIwMDAwMDAwMC0wMDAwLTQwMDAtODAwMC0wMDAwMDAwMDAwMDAiLCJyb2xlIjoiYWRtaW4ifQ.AAAA',
  `Bearer ${'a'.repeat(10_000)}`,
  'Basic YWRtaW46YWRtaW4=',
  'bearer\u0000x',
  'Bearer \u00e9\u00e8',
];

const leafType = (v: unknown): Schema => ({ type: Array.isArray(v) ? 'array' : v === null ? 'null' : (typeof v as string) });

/** Every path in a JSON value, containers included (the root is []). */
function pathsOf(value: unknown, at: (string | number)[] = [], out: (string | number)[][] = []) {
  out.push(at);
  if (Array.isArray(value)) value.forEach((v, i) => pathsOf(v, [...at, i], out));
  else if (value && typeof value === 'object') for (const [k, v] of Object.entries(value)) pathsOf(v, [...at, k], out);
  return out;
}

const valueAt = (value: unknown, path: (string | number)[]) =>
  path.reduce<unknown>((v, key) => (v && typeof v === 'object' ? (v as Record<string | number, unknown>)[key] : undefined), value);

type Change = { path: (string | number)[]; how: 'replace' | 'delete' | 'extra'; value: unknown; key: string };

/** A deep copy that keeps RawJson pieces and own `__proto__` keys as they are. */
function clone(value: unknown): unknown {
  if (value instanceof RawJson || !value || typeof value !== 'object') return value;
  if (Array.isArray(value)) return value.map(clone);
  const out: Record<string, unknown> = {};
  for (const [k, v] of Object.entries(value)) Object.defineProperty(out, k, { value: clone(v), enumerable: true, configurable: true, writable: true });
  return out;
}

function applyChange(value: unknown, change: Change): unknown {
  const copy = clone(value);
  if (!change.path.length) return change.how === 'replace' ? change.value : copy;
  const parent = valueAt(copy, change.path.slice(0, -1));
  if (!parent || typeof parent !== 'object') return copy;
  const key = change.path.at(-1)!;
  const target = parent as Record<string | number, unknown>;
  if (change.how === 'delete') {
    if (Array.isArray(parent)) parent.splice(Number(key), 1);
    else delete target[key];
  } else if (change.how === 'extra' && target[key] && typeof target[key] === 'object' && !Array.isArray(target[key])) {
    Object.defineProperty(target[key], change.key, { value: change.value, enumerable: true, configurable: true, writable: true });
  } else {
    target[key] = change.value;
  }
  return copy;
}

/** A valid body with one thing done to it (now and then two or three): a value made nasty, a key dropped, a key added. */
function mutatedSample(sample: Body): fc.Arbitrary<unknown> {
  const paths = pathsOf(sample);
  const change = fc
    .constantFrom(...paths)
    .chain((path) =>
      fc.record({
        path: fc.constant(path),
        how: fc.constantFrom<Change['how']>('replace', 'replace', 'delete', 'extra'),
        value: nasty(leafType(valueAt(sample, path))),
        key: fc.constantFrom('__proto__', 'constructor', 'id', 'role', 'status', 'price', 'x'.repeat(300), '\u0000'),
      }),
    );
  const changes = fc.oneof({ weight: 3, arbitrary: change.map((c) => [c]) }, { weight: 1, arbitrary: fc.array(change, { minLength: 2, maxLength: 3 }) });
  return changes.map((list) => list.reduce<unknown>((v, c) => applyChange(v, c), sample));
}

/** A form field's text: a string as it is, anything else as JSON (how the web sends a `{ en, fr }` name). */
const fieldText = (v: unknown) => (typeof v === 'string' ? v : v instanceof RawJson ? v.text : toJson(v));

/** A JSON body as text: as application/json, or (broken) under odd charsets or another Content-Type. */
const jsonBody = (value: fc.Arbitrary<unknown>, broken: boolean) =>
  fc
    .tuple(
      value,
      broken
        ? fc.constantFrom('application/json', 'application/json', 'application/json', 'application/json; charset=utf-8', 'application/json; charset=utf-16', 'application/JSON', 'text/plain', 'application/x-www-form-urlencoded')
        : fc.constant('application/json'),
    )
    .map(([v, type]) => ({ payload: v instanceof RawJson ? v.text : toJson(v), type }));

const rawBody = fc.tuple(fc.constantFrom(...RAW_BODIES), fc.constantFrom('application/json', 'application/json', 'text/plain', 'application/xml')).map(([payload, type]) => ({ payload, type }));

/** A valid body with one of its texts replaced by a text at the edge of an encoding (EDGE_TEXTS). */
function edgeSample(sample: Body): fc.Arbitrary<unknown> | undefined {
  const texts = pathsOf(sample).filter((path) => typeof valueAt(sample, path) === 'string');
  if (!texts.length) return undefined;
  return fc
    .tuple(fc.constantFrom(...texts), fc.constantFrom(...EDGE_TEXTS))
    .map(([path, value]) => applyChange(sample, { path, how: 'replace', value, key: '' }));
}

/** A multipart form of these field values, with the route's files: valid bytes, garbage, or none. */
function formBody(known: Known, fields: fc.Arbitrary<unknown>, broken: boolean): fc.Arbitrary<{ payload: Buffer; type: string }> {
  const fileParts = fc.tuple(
    ...Object.entries(known.files ?? {}).map(([name, bytes]) => {
      const valid = fc.constant<Part[]>([{ headers: [`Content-Disposition: form-data; name="${name}"; filename="upload"`, 'Content-Type: application/octet-stream'], body: Buffer.from(bytes) }]);
      if (!broken) return valid;
      return fc.oneof(
        { weight: 3, arbitrary: valid },
        { weight: 1, arbitrary: garbageFile.map<Part[]>((g) => [{ headers: [`Content-Disposition: form-data; name="${name}"; filename="upload.bin"`], body: g }]) },
        { weight: 1, arbitrary: fc.constant<Part[]>([]) },
      );
    }),
  );
  return fc.tuple(fields, fileParts).map(([values, parts]) => {
    const entries = values && typeof values === 'object' && !Array.isArray(values) ? Object.entries(values) : [['value', values] as const];
    const form = multipart([
      ...entries.map(([k, v]) => ({ headers: [`Content-Disposition: form-data; name="${k.replace(/"/g, '%22')}"`], body: Buffer.from(fieldText(v), 'utf8') })),
      ...parts.flat(),
    ]);
    return { payload: form.body, type: form.contentType };
  });
}

type Payload = { payload: string | Buffer; type: string } | undefined;

/** The body of a request that passes validation as far as the fuzz knows how: the table's own, or one from the schema. */
function validBodyOf(op: Operation, known: Known): fc.Arbitrary<Payload> {
  const schema = op.body ?? known.form;
  const sample = known.sample !== undefined ? fc.constant<unknown>(known.sample) : undefined;
  const fields = sample ?? (schema ? valueOf(schema, known.pools, false) : undefined);
  if (known.form) return formBody(known, fields ?? fc.constant({}), false);
  if (fields) return jsonBody(fields, false);
  return fc.constant(undefined);
}

/** A broken body: nasty values in a valid one or in one from the schema, text that is no JSON, another Content-Type. */
function brokenBodyOf(op: Operation, known: Known): fc.Arbitrary<Payload> {
  const schema = op.body ?? known.form;
  const choices: fc.WeightedArbitrary<Payload>[] = [{ weight: 1, arbitrary: rawBody }];
  if (schema) choices.push({ weight: 3, arbitrary: jsonBody(valueOf(schema, known.pools, true), true) });
  if (known.sample !== undefined) {
    const mutated = mutatedSample(known.sample);
    choices.push({ weight: 3, arbitrary: known.form ? formBody(known, mutated, true) : jsonBody(mutated, true) });
    const edged = edgeSample(known.sample);
    if (edged) choices.push({ weight: 2, arbitrary: known.form ? formBody(known, edged, false) : jsonBody(edged, false) });
  }
  if (known.form) choices.push({ weight: 3, arbitrary: formBody(known, valueOf(known.form, known.pools, true), true) });
  if (!schema) choices.push({ weight: 2, arbitrary: jsonBody(fc.jsonValue({ maxDepth: 2 }), true) });
  return fc.oneof(...choices);
}

/** A path parameter: its text, and whether it goes into the URL unencoded (when it can). */
type PathValue = [string, boolean];
type QueryPair = [string, string, boolean];

/** What may be broken in a request; `valid` leaves all of it alone, `one` breaks one part, `many` any number. */
const PARTS = ['path', 'query', 'extra', 'headers', 'body'] as const;
type PartName = (typeof PARTS)[number];

/**
 * Requests to one operation. Each is valid as far as the fuzz can make it, or has exactly one part broken
 * (a path parameter, the query, an unknown parameter, a header, the body), or has any of them broken:
 * a request wrong in one place gets past the others' checks to the code behind them. `onlyValid` keeps
 * to the first kind.
 */
export function requestsOf(op: Operation, known: Known, onlyValid = false): fc.Arbitrary<FuzzRequest> {
  const pathParams = op.parameters.filter((p) => p.in === 'path');
  const queryParams = op.parameters.filter((p) => p.in === 'query');
  const headerParams = op.parameters.filter((p) => p.in === 'header');

  const validPath = fc.tuple(...pathParams.map((p) => fc.constant<PathValue>([known.values[p.name] ?? known.values.id ?? MISSING, false])));
  const brokenPath = fc.tuple(
    ...pathParams.map((p) =>
      fc.tuple(fc.oneof({ weight: 1, arbitrary: fc.constant(MISSING) }, { weight: 4, arbitrary: textOf(p.schema, known.pools, true) }), fc.boolean()),
    ),
  );
  const queryOf = (broken: boolean) =>
    fc.tuple(...queryParams.map((p) => fc.option(fc.tuple(fc.constant(p.name), textOf(p.schema, known.pools, broken), fc.boolean()), { freq: 2 })));
  const extra = fc.array(
    fc.tuple(fc.oneof(fc.constantFrom(...queryParams.map((p) => p.name), 'sort', 'order', 'page', '__proto__', 'a[b]', '', 'x'.repeat(300)), unitString(8)), unitString(20), fc.boolean()),
    { minLength: 1, maxLength: 2 },
  );
  const headersOf = (broken: boolean) => fc.tuple(...headerParams.map((p) => fc.option(fc.tuple(fc.constant(p.name), textOf(p.schema, known.pools, broken)), { freq: 3 })));
  const hasBody = !!(op.body ?? known.form ?? known.sample) || op.method !== 'GET';

  const present: PartName[] = PARTS.filter((part) =>
    part === 'path' ? pathParams.length > 0 : part === 'query' ? queryParams.length > 0 : part === 'headers' ? headerParams.length > 0 : part === 'body' ? hasBody : true,
  );

  return fc
    .record({
      caller: fc.constantFrom<Caller>('admin', 'admin', 'allowed', 'anonymous', 'badToken'),
      badToken: fc.constantFrom(...BAD_TOKENS),
      mode: onlyValid ? fc.constant('valid') : fc.constantFrom('valid', 'one', 'one', 'one', 'many', 'many'),
      one: fc.constantFrom(...present),
      many: fc.subarray(present, { minLength: 1 }),
      validPath,
      brokenPath,
      validQuery: queryOf(false),
      brokenQuery: queryOf(true),
      extra,
      validHeaders: headersOf(false),
      brokenHeaders: headersOf(true),
      validBody: validBodyOf(op, known),
      brokenBody: hasBody ? brokenBodyOf(op, known) : fc.constant<Payload>(undefined),
    })
    .map((r) => {
      const broken = new Set<PartName>(r.mode === 'valid' ? [] : r.mode === 'one' ? [r.one] : r.many);
      const pathValues = broken.has('path') ? r.brokenPath : r.validPath;
      let i = 0;
      const pathname = op.path.replace(/\{(\w+)\}/g, () => {
        const [value, raw] = pathValues[i++]!;
        return inUrl(value, raw);
      });
      const declared = (broken.has('query') ? r.brokenQuery : r.validQuery).filter((q): q is QueryPair => q !== null);
      const pairs = [...declared, ...(broken.has('extra') ? r.extra : [])];
      const search = pairs.map(([k, v, raw]) => `${inUrl(k, raw)}=${inUrl(v, raw)}`).join('&');
      const headers: Record<string, string> = {};
      // Node sends no header value with a control character or past Latin-1 (the request would not leave): those become '?'.
      for (const h of broken.has('headers') ? r.brokenHeaders : r.validHeaders) if (h) headers[h[0]] = h[1].replace(/[^\x20-\x7e]/g, '?');
      if (r.caller === 'badToken') headers.authorization = r.badToken.replace(/[^\x20-\xff]/g, '?');
      const body = broken.has('body') ? r.brokenBody : r.validBody;
      if (body) headers['content-type'] = body.type;
      return { caller: r.caller, url: search ? `${pathname}?${search}` : pathname, headers, ...(body ? { payload: body.payload } : {}) };
    });
}

/** The route-access table's body with its `{name}` placeholders filled from the record's values. */
export function filled(body: Body | undefined, values: Record<string, string>): Body | undefined {
  if (typeof body === 'string') return body.replace(/\{(\w+)\}/g, (whole, name: string) => values[name] ?? whole);
  if (Array.isArray(body)) return body.map((b) => filled(b, values)!);
  if (body && typeof body === 'object') return Object.fromEntries(Object.entries(body).map(([k, v]) => [k, filled(v, values)!]));
  return body;
}
