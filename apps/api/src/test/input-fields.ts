import type { z } from 'zod';

/** A leaf of a request schema that takes text or a number, and where it sits (`questions.0.answers.0`). */
export type InputField = { path: (string | number)[]; kind: 'string' | 'number' };

type Def = {
  type: string;
  shape?: Record<string, z.ZodType>;
  element?: z.ZodType;
  innerType?: z.ZodType;
  in?: z.ZodType;
  out?: z.ZodType;
  left?: z.ZodType;
  right?: z.ZodType;
  options?: z.ZodType[];
  discriminator?: string;
  values?: unknown[];
  getter?: () => z.ZodType;
};
const defOf = (schema: z.ZodType) => (schema as unknown as { _zod: { def: Def } })._zod.def;

/** The value at `path` inside `value`, if any. */
export const valueAt = (value: unknown, path: (string | number)[]) =>
  path.reduce<unknown>((v, key) => (v && typeof v === 'object' ? (v as Record<string | number, unknown>)[key] : undefined), value);

/**
 * Every text and number a request schema reads, found by walking the zod schema: objects by key, arrays
 * by their first element, through optional, nullable, default, preprocess and pipe wrappers and both
 * sides of unions and intersections. Of a discriminated union, only the options that `sample` (the
 * request as it is sent) selects: the other options' fields would be dropped unread.
 */
export function inputFields(schema: z.ZodType, sample?: unknown): InputField[] {
  const found = new Map<string, InputField>();
  const walk = (s: z.ZodType, path: (string | number)[]) => {
    const def = defOf(s);
    switch (def.type) {
      case 'string':
      case 'number': {
        const field = { path, kind: def.type } as const;
        found.set(`${def.type} ${path.join('.')}`, field);
        return;
      }
      case 'object':
        for (const [key, child] of Object.entries(def.shape!)) walk(child, [...path, key]);
        return;
      case 'array':
        return walk(def.element!, [...path, 0]);
      case 'optional':
      case 'nullable':
      case 'default':
      case 'prefault':
      case 'nonoptional':
      case 'catch':
      case 'readonly':
        return walk(def.innerType!, path);
      case 'lazy':
        return walk(def.getter!(), path);
      case 'pipe':
        walk(def.in!, path);
        return walk(def.out!, path);
      case 'intersection':
        walk(def.left!, path);
        return walk(def.right!, path);
      case 'union': {
        let options = def.options!;
        if (def.discriminator) {
          const chosen = valueAt(sample, [...path, def.discriminator]);
          options = options.filter((o) => {
            const tag = defOf(o).shape?.[def.discriminator!];
            return !tag || (defOf(tag).values ?? []).includes(chosen);
          });
        }
        for (const option of options) walk(option, path);
        return;
      }
      default:
        // enum, literal, boolean, unknown, transform: nothing a text or a number can poison.
        return;
    }
  };
  walk(schema, []);
  return [...found.values()];
}

/** A copy of `value` with `path` set to `leaf`, making the objects and arrays on the way. */
export function withValueAt(value: unknown, path: (string | number)[], leaf: unknown): unknown {
  if (!path.length) return leaf;
  const [key, ...rest] = path as [string | number, ...(string | number)[]];
  const container = (
    Array.isArray(value) ? [...value] : value && typeof value === 'object' ? { ...value } : typeof key === 'number' ? [] : {}
  ) as Record<string | number, unknown>;
  container[key] = withValueAt(container[key], rest, leaf);
  return container;
}
