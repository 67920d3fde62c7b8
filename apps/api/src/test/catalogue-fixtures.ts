import type { ProductInput } from '@meltway/shared/catalogue/product.schema';
import type { TestApp } from './harness.js';

/** A real 1x1 PNG. */
export const PNG = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==', 'base64');

/** A multipart form: plain fields, then files as [field, filename, bytes]. */
export function form(fields: Record<string, string>, files: [string, string, Uint8Array][] = []) {
  const f = new FormData();
  for (const [k, v] of Object.entries(fields)) f.append(k, v);
  for (const [field, name, bytes] of files) f.append(field, new Blob([bytes]), name);
  return f;
}

type Auth = { authorization: string };

let seq = 0;
const unique = () => `${Date.now().toString(36)}${(seq++).toString(36)}`;

/** Creates a category through the API (as the given admin) and returns it. */
export async function makeCategory(t: TestApp, admin: Auth, name = `Category ${unique()}`) {
  const res = await t.app.inject({ method: 'POST', url: '/api/v1/categories', headers: admin, payload: { name, description: `About ${name}` } });
  if (res.statusCode !== 201) throw new Error(`category: ${res.statusCode} ${res.body}`);
  return res.json() as { id: string; name: string };
}

export async function makeBrand(t: TestApp, admin: Auth, name = `Brand ${unique()}`) {
  const res = await t.app.inject({ method: 'POST', url: '/api/v1/brands', headers: admin, payload: { name } });
  if (res.statusCode !== 201) throw new Error(`brand: ${res.statusCode} ${res.body}`);
  return res.json() as { id: string; name: string };
}

export async function makeSupplier(t: TestApp, admin: Auth, name = `Supplier ${unique()}`) {
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/v1/suppliers',
    headers: admin,
    payload: { name, contact: 'Jo Buyer', email: `${unique()}@supplier.example`, phone: '+1 416 555 0100' },
  });
  if (res.statusCode !== 201) throw new Error(`supplier: ${res.statusCode} ${res.body}`);
  return res.json() as { id: string; name: string };
}

/** Creates a product through the API; a mat of 0.6 m x 3 m unless told otherwise. */
export async function makeProduct(t: TestApp, admin: Auth, categoryId: string, values: Partial<ProductInput> = {}) {
  const id = unique();
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/v1/products',
    headers: admin,
    payload: {
      name: `Snowmelt Mat ${id}`,
      sku: `MAT-${id}`,
      description: 'A 240 V snowmelt mat.',
      price: 19_900,
      categoryId,
      stock: 10,
      kind: 'mat',
      voltage: 240,
      watts: 740,
      wattDensity: 398,
      lengthM: 3,
      widthM: 0.6,
      heatedAreaM2: 1.86,
      currentA: 3.08,
      ...values,
    },
  });
  if (res.statusCode !== 201) throw new Error(`product: ${res.statusCode} ${res.body}`);
  return res.json() as { id: string; slug: string; sku: string; price: number; stock: number; name: string };
}
