import { describe, expect, it } from 'vitest';
import { catalogueMessages } from '@meltway/shared/catalogue/messages';
import { ProductForm, productFormValues } from './product-form-schema';

const CATEGORY = '0b7f2d0e-4c6b-4b8e-9a3f-2f1f3c5e6a7b';

describe('the product form', () => {
  it('sends the price in cents, blank technical data as null and an empty slug as none', () => {
    const values = { ...productFormValues(), name: 'Mat 0.6 × 3 m', sku: 'MW-T-1', price: '109,99', categoryId: CATEGORY, watts: '720', lengthM: '' };
    const out = ProductForm.parse(values);
    expect(out.price).toBe(10999);
    expect(out.watts).toBe(720);
    expect(out.lengthM).toBeNull();
    expect(out.slug).toBeUndefined();
    expect(out.brandId).toBeNull();
    expect(out.stock).toBe(0);
    // Blank French boxes: no French.
    expect(out.nameFr).toBeNull();
    expect(out.descriptionFr).toBeNull();
  });

  it('sends the French name and description typed beside the English ones', () => {
    const out = ProductForm.parse({ ...productFormValues(), name: 'Mat', nameFr: ' Tapis ', descriptionFr: 'Un tapis.', sku: 'MW-T-2', price: '1', categoryId: CATEGORY });
    expect(out).toMatchObject({ nameFr: 'Tapis', descriptionFr: 'Un tapis.' });
  });

  it('uses the shared messages', () => {
    const result = ProductForm.safeParse({ ...productFormValues(), price: 'abc', watts: '-3' });
    expect(result.success).toBe(false);
    const messages = result.error!.issues.map((i) => [i.path.join('.'), i.message]);
    expect(messages).toEqual(
      expect.arrayContaining([
        ['name', catalogueMessages.nameRequired],
        ['sku', catalogueMessages.skuRequired],
        ['price', catalogueMessages.priceInvalid],
        ['categoryId', catalogueMessages.categoryRequired],
        ['watts', catalogueMessages.numberInvalid],
      ]),
    );
  });

  it('starts from a product in dollars', () => {
    const values = productFormValues({
      id: CATEGORY, name: 'Cable', nameFr: 'Câble', slug: 'cable', sku: 'C-1', description: '', descriptionFr: null, price: 32900, currency: 'CAD', category: { id: CATEGORY, name: 'Cables', nameFr: 'Câbles' },
      brand: null, supplier: null, stock: 4, active: false, kind: 'cable', voltage: 240, voltages: [240, 277], minInsulationMOhm: 500, watts: null, wattDensity: null, lengthM: 12.5,
      widthM: null, heatedAreaM2: null, currentA: null, images: [], created_at: '', updated_at: '',
    });
    expect(values).toMatchObject({ price: '329.00', stock: '4', active: false, lengthM: '12.5', watts: '', categoryId: CATEGORY, nameFr: 'Câble', descriptionFr: '', voltages: '240, 277', minInsulationMOhm: '500' });
  });

  it('reads the rated voltages typed with commas, slashes or spaces; blank rates a mat or cable for its voltage', () => {
    const mat = { ...productFormValues(), name: 'Mat', sku: 'MW-T-3', price: '1', categoryId: CATEGORY, kind: 'mat' as const, voltage: '240' };
    expect(ProductForm.parse({ ...mat, voltages: '240, 277' }).voltages).toEqual([240, 277]);
    expect(ProductForm.parse({ ...mat, voltages: '240/277' }).voltages).toEqual([240, 277]);
    expect(ProductForm.parse({ ...mat, voltages: ' ' }).voltages).toEqual([240]);
    expect(ProductForm.parse({ ...mat, kind: 'sensor', voltage: '', voltages: '' }).voltages).toEqual([]);
    expect(ProductForm.parse({ ...mat, minInsulationMOhm: '200' }).minInsulationMOhm).toBe(200);
    const issues = (values: object) => ProductForm.safeParse(values).error?.issues.map((i) => [i.path.join('.'), i.message]);
    expect(issues({ ...mat, voltages: '240, 240' })).toEqual([['voltages', catalogueMessages.voltagesInvalid]]);
    expect(issues({ ...mat, voltages: '240, abc' })).toEqual([['voltages', catalogueMessages.voltagesInvalid]]);
    expect(issues({ ...mat, voltages: '240, 0' })).toEqual([['voltages', catalogueMessages.voltagesInvalid]]);
    expect(issues({ ...mat, voltage: '277', voltages: '240' })).toEqual([['voltages', catalogueMessages.voltageAboveRatings]]);
  });
});
