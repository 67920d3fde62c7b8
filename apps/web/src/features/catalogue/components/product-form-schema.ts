import { z } from 'zod';
import { catalogueMessages } from '@meltway/shared/catalogue/messages';
import { ProductInput, ratingsIssue, type ProductOut } from '@meltway/shared/catalogue/product.schema';

/** Text boxes hold strings; the shared schema checks numbers. A comma is a decimal point in French. */
const number = (v: unknown) => {
  if (typeof v !== 'string') return v;
  const text = v.trim().replace(',', '.');
  return text === '' ? null : Number(text);
};
const optional = (v: unknown) => (v === '' || v === null ? undefined : v);
const nullable = (v: unknown) => (v === '' ? null : v);
const { shape } = ProductInput;
/** Rated voltages typed as "240, 277" (commas, slashes or spaces between them); blank: none typed. */
const voltageList = (v: unknown) => {
  if (typeof v !== 'string') return v;
  const parts = v.split(/[\s,;/]+/).filter(Boolean).map(Number);
  if (parts.length === 0) return undefined;
  // Something that is not a number: the text itself, refused as a whole.
  return parts.some(Number.isNaN) ? v : parts;
};
const isHeater = (kind: string) => kind === 'mat' || kind === 'cable';

/**
 * The product form: the shared ProductInput, read from text boxes. The price is typed in dollars
 * and sent in cents; empty technical fields are null; an empty slug is made from the name. Blank rated voltages
 * rate a mat or cable for the voltage its figures are given at, and leave other products without any.
 */
export const ProductForm = ProductInput.extend({
  price: z.preprocess((v) => {
    const dollars = number(v);
    return typeof dollars === 'number' ? Math.round(dollars * 100) : dollars === null ? undefined : dollars;
  }, shape.price),
  stock: z.preprocess((v) => optional(number(v)), shape.stock),
  slug: z.preprocess(optional, shape.slug),
  brandId: z.preprocess(nullable, shape.brandId),
  supplierId: z.preprocess(nullable, shape.supplierId),
  voltage: z.preprocess(number, shape.voltage),
  watts: z.preprocess(number, shape.watts),
  wattDensity: z.preprocess(number, shape.wattDensity),
  lengthM: z.preprocess(number, shape.lengthM),
  widthM: z.preprocess(number, shape.widthM),
  heatedAreaM2: z.preprocess(number, shape.heatedAreaM2),
  currentA: z.preprocess(number, shape.currentA),
  // The list is one box: a bad voltage in it is one issue on the box, not on its place in the list.
  voltages: z.preprocess(
    voltageList,
    z
      .array(z.unknown(), { error: catalogueMessages.voltagesInvalid })
      .refine((vs) => shape.voltages.safeParse(vs).success, catalogueMessages.voltagesInvalid)
      .transform((vs) => vs as number[])
      .optional(),
  ),
  minInsulationMOhm: z.preprocess(number, shape.minInsulationMOhm),
})
  .transform((p) => ({ ...p, voltages: p.voltages ?? (isHeater(p.kind) && p.voltage !== null ? [p.voltage] : []) }))
  .superRefine((p, ctx) => {
    const issue = ratingsIssue(p);
    if (issue) ctx.addIssue({ code: 'custom', path: ['voltages'], message: issue });
  });

/** What the text boxes hold. */
export type ProductFormValues = {
  name: string;
  /** Blank: no French (the English name serves on French pages). */
  nameFr: string;
  sku: string;
  slug: string;
  description: string;
  descriptionFr: string;
  price: string;
  stock: string;
  categoryId: string;
  brandId: string;
  supplierId: string;
  active: boolean;
  kind: ProductOut['kind'];
  voltage: string;
  watts: string;
  wattDensity: string;
  lengthM: string;
  widthM: string;
  heatedAreaM2: string;
  currentA: string;
  /** "240, 277". */
  voltages: string;
  minInsulationMOhm: string;
};

export const TECH_FIELDS = ['voltage', 'watts', 'wattDensity', 'lengthM', 'widthM', 'heatedAreaM2', 'currentA'] as const;

const text = (n: number | null | undefined) => (n === null || n === undefined ? '' : String(n));

/** The form's starting values: blank for a new product, the product's own otherwise. */
export function productFormValues(product?: ProductOut | null): ProductFormValues {
  return {
    name: product?.name ?? '',
    nameFr: product?.nameFr ?? '',
    sku: product?.sku ?? '',
    slug: product?.slug ?? '',
    description: product?.description ?? '',
    descriptionFr: product?.descriptionFr ?? '',
    price: product ? (product.price / 100).toFixed(2) : '',
    stock: product ? String(product.stock) : '0',
    categoryId: product?.category?.id ?? '',
    brandId: product?.brand?.id ?? '',
    supplierId: product?.supplier?.id ?? '',
    active: product?.active ?? true,
    kind: product?.kind ?? 'mat',
    voltage: text(product?.voltage),
    watts: text(product?.watts),
    wattDensity: text(product?.wattDensity),
    lengthM: text(product?.lengthM),
    widthM: text(product?.widthM),
    heatedAreaM2: text(product?.heatedAreaM2),
    currentA: text(product?.currentA),
    voltages: (product?.voltages ?? []).join(', '),
    minInsulationMOhm: text(product?.minInsulationMOhm),
  };
}
