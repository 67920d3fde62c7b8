import fastJson from 'fast-json-stringify';
import { serializerCompiler as zodSerializerCompiler } from 'fastify-type-provider-zod';
import { z } from 'zod';

type Compiler = typeof zodSerializerCompiler;

/**
 * A nullable field (`anyOf` of its schema and null) as its schema with `nullable`, and `anyOf` of plain types as one
 * `type` list: fast-json-stringify writes those directly, where an `anyOf` has it test each branch with a validator.
 */
function simplified(node: unknown): unknown {
  if (Array.isArray(node)) return node.map(simplified);
  if (!node || typeof node !== 'object') return node;
  const out: Record<string, unknown> = {};
  for (const [k, v] of Object.entries(node)) out[k] = simplified(v);
  const anyOf = out.anyOf as Record<string, unknown>[] | undefined;
  if (!anyOf || Object.keys(out).length !== 1) return out;
  const plain = (s: Record<string, unknown>) => typeof s.type === 'string' && s.type !== 'object' && s.type !== 'array' && Object.keys(s).every((k) => k === 'type' || k === 'format');
  if (anyOf.every(plain)) return { type: [...new Set(anyOf.map((s) => s.type))] };
  const isNull = (s: Record<string, unknown>) => s.type === 'null' && Object.keys(s).length === 1;
  const others = anyOf.filter((s) => !isNull(s));
  if (others.length === 1 && anyOf.length === 2 && typeof others[0]!.type === 'string') return { ...others[0], nullable: true };
  return out;
}

type Write = (data: unknown) => string;

/** Compiled serialisers by schema (one ErrorBody serves every route's error answers); null where JSON Schema cannot say it. */
const compiled = new WeakMap<object, Write | null>();

function compile(schema: z.ZodType): Write | null {
  let write = compiled.get(schema);
  if (write === undefined) {
    try {
      write = fastJson(simplified(z.toJSONSchema(schema, { io: 'output', target: 'draft-07' })) as Parameters<typeof fastJson>[0]);
    } catch {
      write = null;
    }
    compiled.set(schema, write);
  }
  return write;
}

/**
 * Answers are written once, by a serialiser compiled from the route's response schema (its JSON Schema, as the
 * OpenAPI document shows it) on the first answer that uses it: the presenter's object goes straight to JSON with only
 * the schema's fields, instead of being copied by zod first and then stringified. A schema JSON Schema cannot say (a
 * transform, a date), and an answer the compiled serialiser cannot write (a required field missing), go through zod as
 * before, which checks the answer and refuses one that does not fit with a ResponseSerializationError.
 */
export const serializerCompiler: Compiler = (route) => {
  const checked = zodSerializerCompiler(route);
  let write: Write | null | undefined;
  return (data) => {
    if (write === undefined) write = compile(route.schema as z.ZodType);
    if (!write) return checked(data);
    try {
      return write(data);
    } catch {
      return checked(data);
    }
  };
};
