/** A URL-safe slug from a product name: "Mat 0.6 × 3 m" → "mat-0-6-3-m" (apart from the product schema, so a page naming a file loads no schema). */
export const productSlug = (name: string) =>
  name
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, 120);
