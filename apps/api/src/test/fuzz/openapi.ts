/**
 * The operations of the OpenAPI document the app serves, as the fuzz reads them: each one's method, path,
 * parameters and JSON body schema, in the subset of JSON Schema the document uses (no `$ref`: every
 * schema is written out in place).
 */

/** A JSON Schema node of the document (OpenAPI 3.0's `nullable` included). */
export type Schema = {
  type?: string | string[];
  properties?: Record<string, Schema>;
  required?: string[];
  additionalProperties?: boolean | Schema;
  items?: Schema;
  minItems?: number;
  maxItems?: number;
  enum?: unknown[];
  const?: unknown;
  format?: string;
  pattern?: string;
  minLength?: number;
  maxLength?: number;
  minimum?: number;
  maximum?: number;
  exclusiveMinimum?: number | boolean;
  exclusiveMaximum?: number | boolean;
  oneOf?: Schema[];
  anyOf?: Schema[];
  allOf?: Schema[];
  nullable?: boolean;
  default?: unknown;
};

type Parameter = { name: string; in: 'path' | 'query' | 'header'; required: boolean; schema: Schema };

export type Operation = {
  method: 'GET' | 'POST' | 'PUT' | 'DELETE';
  /** As the document writes it: `/api/v1/products/{id}`. */
  path: string;
  /** As the route declares it: `/api/v1/products/:id` (the key of the route-access table). */
  route: string;
  parameters: Parameter[];
  /** The JSON body's schema, when the operation declares one. */
  body?: Schema;
  /** Every word of its success answers' schemas: the names and values its contract declares. */
  declared: Set<string>;
};

type Document = {
  paths: Record<
    string,
    Record<string, { parameters?: Parameter[]; requestBody?: { content?: Record<string, { schema?: Schema }> }; responses?: Record<string, unknown> }>
  >;
};

/** Every operation of the document, in its order. */
export function operationsOf(document: Document): Operation[] {
  const out: Operation[] = [];
  for (const [path, methods] of Object.entries(document.paths)) {
    for (const [method, op] of Object.entries(methods)) {
      out.push({
        method: method.toUpperCase() as Operation['method'],
        path,
        route: path.replace(/\{(\w+)\}/g, ':$1'),
        parameters: (op.parameters ?? []).map((p) => ({ ...p, required: !!p.required, schema: p.schema ?? {} })),
        body: op.requestBody?.content?.['application/json']?.schema,
        declared: new Set(
          Object.entries(op.responses ?? {})
            .filter(([status]) => status.startsWith('2'))
            .flatMap(([, response]) => JSON.stringify(response).match(/[A-Za-z0-9_]+/g) ?? []),
        ),
      });
    }
  }
  return out;
}

/** A list: a GET that takes `page` and `pageSize`. */
export const isList = (op: Operation) =>
  op.method === 'GET' && ['page', 'pageSize'].every((name) => op.parameters.some((p) => p.in === 'query' && p.name === name));
