import { describe, expect, it } from 'vitest';
import { CouponForm, couponFormValues, dayToIso, dollarsToCents, isoToDay } from './coupon-form';

const blank = couponFormValues(null);

describe('coupon form', () => {
  it('sends the minimum subtotal in cents from dollars typed either way', () => {
    expect(dollarsToCents('500')).toBe(50_000);
    expect(dollarsToCents(' 12,50 ')).toBe(1_250);
    expect(dollarsToCents('$19.99')).toBe(1_999);
    expect(dollarsToCents('')).toBeNull();
    expect(dollarsToCents('lots')).toBe('lots');
  });

  it('takes whole days: from the first millisecond of the start day to the last of the end day', () => {
    const from = dayToIso('2026-12-01') as string;
    const until = dayToIso('2026-12-31', true) as string;
    expect(new Date(from)).toEqual(new Date(2026, 11, 1));
    expect(new Date(until)).toEqual(new Date(2026, 11, 31, 23, 59, 59, 999));
    expect(isoToDay(from)).toBe('2026-12-01');
    expect(isoToDay(until)).toBe('2026-12-31');
    expect(dayToIso('')).toBeNull();
  });

  it('parses the boxes into what the API takes', () => {
    const parsed = CouponForm.parse({
      ...blank,
      name: 'Winter sale',
      code: 'WINTER25',
      discount_percent: '25',
      starts_at: '2026-12-01',
      ends_at: '2026-12-31',
      usage_limit: '100',
      min_subtotal_cents: '500.00',
    });
    expect(parsed).toMatchObject({ discount_percent: 25, usage_limit: 100, per_customer_limit: null, min_subtotal_cents: 50_000, category_id: null, description: '' });
    expect(parsed.starts_at).toBe(new Date(2026, 11, 1).toISOString());
  });

  it('refuses an end day before the start day, and a minimum that is no amount', () => {
    const result = CouponForm.safeParse({ ...blank, name: 'X', code: 'XMAS', discount_percent: '10', starts_at: '2026-12-31', ends_at: '2026-12-01' });
    expect(result.error?.issues.map((i) => i.path.join('.'))).toEqual(['ends_at']);
    const minimum = CouponForm.safeParse({ ...blank, name: 'X', code: 'XMAS', discount_percent: '10', min_subtotal_cents: 'lots' });
    expect(minimum.error?.issues.map((i) => i.path.join('.'))).toEqual(['min_subtotal_cents']);
    const blankPercent = CouponForm.safeParse({ ...blank, name: 'X', code: 'XMAS', discount_percent: ' ' });
    expect(blankPercent.error?.issues.map((i) => i.path.join('.'))).toEqual(['discount_percent']);
  });

  it('fills the boxes from a coupon, the minimum back in dollars', () => {
    const values = couponFormValues({
      id: '00000000-0000-4000-8000-000000000001',
      name: 'Winter sale',
      code: 'WINTER25',
      discount_percent: 25,
      description: '',
      starts_at: null,
      ends_at: new Date(2026, 11, 31, 23, 59, 59, 999).toISOString(),
      usage_limit: null,
      per_customer_limit: 1,
      min_subtotal_cents: 50_000,
      category_id: null,
      categoryName: null,
      used_count: 0,
      created_at: '2026-11-01T00:00:00.000Z',
      updated_at: '2026-11-01T00:00:00.000Z',
    });
    expect(values).toMatchObject({ discount_percent: '25', ends_at: '2026-12-31', starts_at: '', usage_limit: '', per_customer_limit: '1', min_subtotal_cents: '500.00' });
  });
});
