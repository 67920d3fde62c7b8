import fc from 'fast-check';
import type { Schema } from './openapi.js';

/**
 * Values for the fuzz, drawn from an operation's JSON Schema with fast-check: valid-ish ones (what the
 * schema describes, so a request gets past its first check), and broken ones (wrong types, missing and
 * extra fields, huge numbers and strings, unicode and control characters, deep nesting).
 */

/** A piece of JSON text put in place as is, for what JSON.stringify cannot write (1e400, a duplicate key). */
export class RawJson {
  constructor(readonly text: string) {}
}

/** JSON text of a value that may hold RawJson pieces. */
export function toJson(value: unknown): string {
  const raws: string[] = [];
  const text = JSON.stringify(value, (_key, v: unknown) => {
    if (!(v instanceof RawJson)) return v;
    raws.push(v.text);
    return `\u0001raw${raws.length - 1}\u0001`;
  });
  // JSON.stringify escapes the marker's U+0001 as \u0001, which no other text of the value can produce.
  return (text ?? 'null').replace(/"\\u0001raw(\d+)\\u0001"/g, (_whole, i: string) => raws[Number(i)]!);
}

/** An object with an own `__proto__` key, as a parsed JSON body would have (an object literal would set the prototype). */
const withOwnKey = (key: string, value: unknown): Record<string, unknown> => {
  const o: Record<string, unknown> = {};
  Object.defineProperty(o, key, { value, enumerable: true, configurable: true, writable: true });
  return o;
};

/** Texts that have broken parsers, databases, logs and templates somewhere. */
export const NASTY_TEXTS = [
  '',
  ' ',
  '\u0000',
  'Snow\u0000melt',
  '\u0001\u0008\u000b\u001b\u001f\u007f',
  '\t\r\n',
  '\r\n\r\n',
  '\uD800',
  '\uDFFF',
  'mat \uD83D heat',
  'ݢ\uDC63訪',
  '\u202Etac.exe\u202C',
  'مرحبا بالعالم',
  'שלום עולם',
  '𝕸𝖊𝖑𝖙𝖜𝖆𝖞',
  '👩‍👩‍👧‍👦❄️🔥',
  '\uFEFFbom',
  '\u200B\u200C\u200D\u2060',
  'Z\u0338\u0322\u031Ba\u0335l\u0334g\u0337o\u0336',
  'e\u0301'.repeat(50),
  '\uFFFE\uFFFF',
  '\u{10FFFF}',
  "' OR 1=1 --",
  '"; DROP TABLE products; --',
  "Robert'); --",
  '%s%n%x%d',
  '{{7*7}}',
  '${7*7}',
  '<script>alert(1)</script>',
  '<img src=x onerror=alert(1)>',
  '../../../../etc/passwd',
  '..\\..\\..\\windows\\win.ini',
  'null',
  'undefined',
  'NaN',
  'Infinity',
  '-1',
  '0',
  '1e400',
  '0x1F',
  '__proto__',
  'constructor',
  'toString',
  '\\',
  '\\u0000',
  '%00',
  '%',
  '%FF',
  '%E0%A4%A',
  '+',
  '&a=b',
  '#',
  '?',
  '/',
  '.',
  '..',
  '*',
  'a'.repeat(256),
  'ß'.repeat(300),
];

/**
 * Texts at the edges of encodings, drawn more often than the rest: NUL, half a surrogate pair (alone, or after
 * a character of two or three bytes), a bidirectional override, a joined emoji of many code points, the line
 * and paragraph separators that JavaScript strings in HTML do not allow, a byte order mark.
 */
export const EDGE_TEXTS = ['Snow\u0000melt', 'ݢ\uDC63訪', 'é\uDFFFü', 'mat \uD83D heat', '\u202Etac.exe', '👩‍👩‍👧‍👦', 'line\u2028break\u2029', '\uFEFFbom'];

/** Numbers at and past the edges: PostgreSQL's integer, JavaScript's safe integers, doubles. */
const NASTY_NUMBERS = [-1, 0, -0, 0.5, 1.5, -2.5, 2 ** 31 - 1, 2 ** 31, -(2 ** 31) - 1, 2 ** 32, 2 ** 53, 2 ** 53 + 2, 1e21, 1e308, -1e308, 5e-324, Number.MAX_VALUE];

/** Numbers only raw JSON can write: JSON.parse turns them into Infinity, -0 or a rounded double. */
const RAW_NUMBERS = ['1e400', '-1e400', '1'.padEnd(400, '0'), `0.${'0'.repeat(400)}1`, '-0', '1E+2', '123456789012345678901234567890'];

const nastyText = fc.constantFrom(...NASTY_TEXTS);

/** Any UTF-16 unit, lone surrogates and controls included. */
const anyUnit = fc.integer({ min: 0, max: 0xffff }).map((c) => String.fromCharCode(c));

/** A string of random UTF-16 units (lone surrogates, controls, RTL marks, anything). */
export const unitString = (maxLength = 40) => fc.string({ unit: anyUnit, maxLength });

/** A long string: past a field's limit, and far past the body limits. */
const longText = (maxLength?: number) =>
  fc
    .tuple(fc.constantFrom(...[maxLength !== undefined ? maxLength + 1 : 257, 5_000, 70_000, 1_100_000]), fc.constantFrom('x', 'é', '😀', '\u0000', ' '))
    .map(([n, unit]) => unit.repeat(Math.ceil(n / unit.length)));

/**
 * Arrays or objects nested this deep, holding a text (or a `__proto__` key, which makes the JSON parser scan
 * all of it) at the bottom. Past a thousand levels JSON.stringify (with a replacer) runs out of stack, so
 * those are raw JSON.
 */
const deeplyNested = fc.tuple(fc.constantFrom(64, 1_000, 4_000, 50_000), fc.boolean(), fc.boolean()).map(([depth, arrays, proto]): unknown => {
  const bottom = proto ? '{"__proto__":{"isAdmin":true}}' : '"bottom"';
  if (depth > 1_000) return new RawJson(arrays ? `${'['.repeat(depth)}${bottom}${']'.repeat(depth)}` : `${'{"a":'.repeat(depth)}${bottom}${'}'.repeat(depth)}`);
  let v: unknown = proto ? withOwnKey('__proto__', { isAdmin: true }) : 'bottom';
  for (let i = 0; i < depth; i++) v = arrays ? [v] : { a: v };
  return v;
});

/** A value of some other JSON type than the schema's. */
const wrongType = (schema: Schema) => {
  const type = typeOf(schema);
  const all: [string, unknown][] = [
    ['null', null],
    ['boolean', true],
    ['boolean', false],
    ['number', 0],
    ['number', -1],
    ['number', 1.5],
    ['string', ''],
    ['string', 'text'],
    ['string', '12'],
    ['array', []],
    ['array', [1, 'a', null]],
    ['object', {}],
    ['object', { a: 1 }],
  ];
  const others = all.filter(([t]) => t !== type && !(t === 'number' && type === 'integer')).map(([, v]) => v);
  return fc.constantFrom(...others);
};

const typeOf = (schema: Schema) => (Array.isArray(schema.type) ? schema.type[0] : schema.type) ?? (schema.properties ? 'object' : schema.items ? 'array' : undefined);

/** Something a schema node should refuse, or that sits on its edge. */
export function nasty(schema: Schema): fc.Arbitrary<unknown> {
  const type = typeOf(schema);
  const options: fc.Arbitrary<unknown>[] = [wrongType(schema), nastyText, deeplyNested];
  if (type === 'string' || schema.enum) options.push(nastyText, fc.constantFrom(...EDGE_TEXTS), fc.constantFrom(...EDGE_TEXTS), unitString(), longText(schema.maxLength), fc.constantFrom(...NASTY_NUMBERS));
  if (type === 'integer' || type === 'number') {
    const edges = [schema.minimum, schema.maximum].filter((n): n is number => typeof n === 'number').flatMap((n) => [n - 1, n + 1, n - 0.5]);
    options.push(fc.constantFrom(...NASTY_NUMBERS, ...edges), fc.constantFrom(...RAW_NUMBERS).map((t) => new RawJson(t)), fc.double());
  }
  if (type === 'array') options.push(fc.constant(Array.from({ length: Math.max(10_000, (schema.maxItems ?? 0) + 1) }, () => 0)));
  if (type === 'object') options.push(fc.constant(withOwnKey('__proto__', { admin: true })), fc.constant(Object.fromEntries(Array.from({ length: 2_000 }, (_, i) => [`k${i}`, i]))));
  return fc.oneof(...options);
}

/** Where real values come from: ids of records that exist, so requests get past "not found". */
export type Pools = { uuids: readonly string[] };

const isoDate = fc.date({ min: new Date('1900-01-01'), max: new Date('2100-12-31'), noInvalidDate: true });

function validString(schema: Schema, pools: Pools): fc.Arbitrary<unknown> {
  if (schema.format === 'uuid') return pools.uuids.length ? fc.oneof({ weight: 3, arbitrary: fc.constantFrom(...pools.uuids) }, { weight: 1, arbitrary: fc.uuid() }) : fc.uuid();
  if (schema.format === 'date') return isoDate.map((d) => d.toISOString().slice(0, 10));
  if (schema.format === 'date-time') return isoDate.map((d) => d.toISOString());
  const min = schema.minLength ?? 0;
  const max = Math.min(schema.maxLength ?? min + 40, min + 40);
  const patterns = [schema.pattern, ...(schema.allOf ?? []).map((s) => s.pattern)].filter((p): p is string => !!p);
  if (patterns.length) {
    const parts = patterns.map((p) => {
      try {
        return fc.stringMatching(new RegExp(p));
      } catch {
        return fc.string({ maxLength: max });
      }
    });
    // Each pattern's match, then filler up to the minimum: a password of [A-Z], [a-z], [0-9] and length 8.
    return fc.tuple(...parts).map((matched) => {
      const s = matched.join('');
      return s.length >= min ? s : s + 'x'.repeat(min - s.length);
    });
  }
  return fc.oneof(
    { weight: 3, arbitrary: fc.string({ minLength: min, maxLength: Math.max(min, max) }) },
    { weight: 1, arbitrary: fc.string({ unit: 'grapheme', minLength: min, maxLength: Math.max(min, max) }) },
  );
}

function validNumber(schema: Schema, integer: boolean) {
  const exclusiveMin = typeof schema.exclusiveMinimum === 'number' ? schema.exclusiveMinimum : undefined;
  const lowest = schema.minimum ?? (exclusiveMin !== undefined ? exclusiveMin + (integer ? 1 : 1e-6) : -1_000_000);
  const highest = schema.maximum ?? 1_000_000;
  const min = Math.max(lowest, -(2 ** 31));
  const max = Math.min(highest, 2 ** 31 - 1);
  if (integer) return fc.integer({ min: Math.ceil(min), max: Math.max(Math.ceil(min), Math.floor(max)) });
  return fc.double({ min, max: Math.max(min, max), noNaN: true, noDefaultInfinity: true });
}

/**
 * Values of a schema node. With `broken`, any node (this one or one inside it) may instead be a nasty
 * value, and an object may lose required keys and gain others.
 */
export function valueOf(schema: Schema, pools: Pools, broken: boolean, depth = 0): fc.Arbitrary<unknown> {
  const valid = validValueOf(schema, pools, broken, depth);
  const withNull = schema.nullable ? fc.oneof({ weight: 6, arbitrary: valid }, { weight: 1, arbitrary: fc.constant(null) }) : valid;
  return broken ? fc.oneof({ weight: 5, arbitrary: withNull }, { weight: 1, arbitrary: nasty(schema) }) : withNull;
}

function validValueOf(schema: Schema, pools: Pools, broken: boolean, depth: number): fc.Arbitrary<unknown> {
  if (schema.const !== undefined) return fc.constant(schema.const);
  if (schema.enum?.length) return fc.constantFrom(...schema.enum);
  const choices = schema.oneOf ?? schema.anyOf;
  if (choices?.length) return fc.oneof(...choices.map((s) => valueOf(s, pools, broken, depth + 1)));
  const type = typeOf(schema);
  if (!type && schema.allOf?.length) return valueOf(schema.allOf[0]!, pools, broken, depth + 1);
  switch (type) {
    case 'string':
      return validString(schema, pools);
    case 'integer':
      return validNumber(schema, true);
    case 'number':
      return validNumber(schema, false);
    case 'boolean':
      return fc.boolean();
    case 'null':
      return fc.constant(null);
    case 'array': {
      const minLength = schema.minItems ?? 0;
      const maxLength = Math.max(minLength, Math.min(schema.maxItems ?? minLength + 3, minLength + 3, depth > 3 ? minLength + 1 : minLength + 3));
      return fc.array(schema.items ? valueOf(schema.items, pools, broken, depth + 1) : fc.jsonValue({ maxDepth: 1 }), { minLength, maxLength });
    }
    case 'object':
      return objectOf(schema, pools, broken, depth);
    default:
      // No type at all (zod's unknown, or a transform): anything small.
      return fc.jsonValue({ maxDepth: 2 });
  }
}

/** Keys a schema does not have: look-alikes, prototype names, oddities. */
const extraKey = fc.oneof(fc.constantFrom('__proto__', 'constructor', 'prototype', 'id', 'role', 'isAdmin', 'status', '', ' ', 'a\u0000b', 'x'.repeat(1_000), '😀'), fc.string({ maxLength: 12 }));

function objectOf(schema: Schema, pools: Pools, broken: boolean, depth: number): fc.Arbitrary<unknown> {
  const properties = schema.properties ?? {};
  const required = schema.required ?? [];
  // The document says no more of an email than "a string"; its name says what passes.
  const email = (s: Schema) => (broken ? fc.oneof({ weight: 5, arbitrary: fc.emailAddress() }, { weight: 1, arbitrary: nasty(s) }) : fc.emailAddress());
  const model = Object.fromEntries(
    Object.entries(properties).map(([key, s]) => [key, /email/i.test(key) && typeOf(s) === 'string' ? email(s) : valueOf(s, pools, broken, depth + 1)]),
  );
  const record = fc.record(model, { requiredKeys: required.filter((k) => k in model) });
  if (!broken) return record;
  return fc
    .tuple(record, fc.subarray(required), fc.array(fc.tuple(extraKey, fc.oneof(nastyText, fc.jsonValue({ maxDepth: 2 }))), { maxLength: 3 }))
    .map(([value, missing, extras]) => {
      const out: Record<string, unknown> = { ...(value as Record<string, unknown>) };
      for (const key of missing) delete out[key];
      for (const [key, v] of extras) Object.defineProperty(out, key, { value: v, enumerable: true, configurable: true, writable: true });
      return out;
    });
}

/** A query or path value as text: the schema's own value written out, or a nasty text. */
export function textOf(schema: Schema, pools: Pools, broken: boolean): fc.Arbitrary<string> {
  const written = valueOf(schema, pools, false).map((v) => (typeof v === 'string' ? v : JSON.stringify(v) ?? ''));
  if (!broken) return written;
  return fc.oneof(
    { weight: 3, arbitrary: written },
    { weight: 2, arbitrary: nastyText },
    { weight: 1, arbitrary: unitString() },
    { weight: 1, arbitrary: fc.constantFrom(...RAW_NUMBERS, ...NASTY_NUMBERS.map(String)) },
    { weight: 1, arbitrary: longText(schema.maxLength).map((s) => s.slice(0, 20_000)) },
  );
}

/** Bodies that are not JSON, or JSON no schema expects, sent as application/json. */
export const RAW_BODIES = [
  '',
  ' ',
  '{',
  '{"a":',
  '[1,2',
  'nul',
  'undefined',
  "{'single': 'quotes'}",
  '{"a":1,}',
  '{"a":1,"a":2}',
  '"\u0000"',
  '\u0000',
  '\uFEFF{}',
  '{"__proto__":{"isAdmin":true}}',
  '{"constructor":{"prototype":{"isAdmin":true}}}',
  '1e400',
  '-0',
  'true',
  'null',
  '[]',
  '"text"',
  '{"a":"\\ud800"}',
  '{"a":"\\u0000"}',
  '{"a":"\\x41"}',
  '{"a":NaN}',
  '{"a":Infinity}',
  '{"a":0x10}',
  '{"a":01}',
  '{"a":1}{"b":2}',
  '[' .repeat(5_000) + ']'.repeat(5_000),
  '['.repeat(5_000),
  '{"a":'.repeat(2_000) + '1' + '}'.repeat(2_000),
];
