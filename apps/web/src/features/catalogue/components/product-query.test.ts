import { describe, expect, it } from 'vitest';
import { PRODUCT_PAGE_SIZE, dollarsToCents, productQueryFrom } from './product-query';

const params = (qs: string) => new URLSearchParams(qs);

describe('product list query from the URL', () => {
  it('defaults to the newest products, first page', () => {
    expect(productQueryFrom(params(''))).toEqual({
      q: undefined,
      categoryId: undefined,
      minPrice: undefined,
      maxPrice: undefined,
      sort: 'created_at',
      order: 'desc',
      page: 1,
      pageSize: PRODUCT_PAGE_SIZE,
    });
  });

  it('turns dollars into cents and reads search, category, sort and page', () => {
    expect(productQueryFrom(params('q=%20mat%20&category=c1&min=10.5&max=200&sort=priceAsc&page=3'))).toMatchObject({
      q: 'mat',
      lang: 'en',
      categoryId: 'c1',
      minPrice: 1050,
      maxPrice: 20000,
      sort: 'price',
      order: 'asc',
      page: 3,
    });
  });

  it('lets the category in the path win, and ignores junk', () => {
    expect(productQueryFrom(params('category=other&sort=bogus&page=-2&min=abc'), 'path-id')).toMatchObject({
      categoryId: 'path-id',
      sort: 'created_at',
      page: 1,
      minPrice: undefined,
    });
  });

  it('searches and sorts by name in the page’s language, and names none for anything else', () => {
    expect(productQueryFrom(params('q=c%C3%A2ble'), undefined, 'fr')).toMatchObject({ q: 'câble', lang: 'fr' });
    expect(productQueryFrom(params('q=cable'), undefined, 'en')).toMatchObject({ q: 'cable', lang: 'en' });
    expect(productQueryFrom(params('q=%20%20&sort=name'), undefined, 'fr')).toMatchObject({ q: undefined, sort: 'name', lang: 'fr' });
    expect(productQueryFrom(params('q=%20%20&sort=priceAsc'), undefined, 'fr').lang).toBeUndefined();
  });

  it('drops a maximum below the minimum rather than asking the server for nothing', () => {
    expect(productQueryFrom(params('min=100&max=50'))).toMatchObject({ minPrice: 10000, maxPrice: undefined });
    expect(dollarsToCents('12,99')).toBe(1299);
  });
});
