import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen, within } from '@testing-library/react';
import type { CouponOut } from '@meltway/shared/cart-checkout/coupon.schema';
import { sessionStore, type SessionUser } from '@/lib/session';
import { renderWithApp } from '@/test/render';
import { stubApi } from '@/test/storefront-api';
import CouponsPage from './coupons-page';

const admin = { id: '00000000-0000-4000-8000-000000000001', fullname: 'Ada Admin', role: 'admin' } as SessionUser;

const coupon = (over: Partial<CouponOut>): CouponOut => ({
  id: '00000000-0000-4000-8000-0000000000c1',
  name: 'Winter',
  code: 'WINTER25',
  discount_percent: 25,
  description: '',
  starts_at: null,
  ends_at: null,
  usage_limit: null,
  per_customer_limit: null,
  min_subtotal_cents: 50_000,
  category_id: null,
  categoryName: null,
  used_count: 0,
  created_at: '2026-01-01T00:00:00.000Z',
  updated_at: '2026-01-01T00:00:00.000Z',
  ...over,
});

describe('Coupon list', () => {
  afterEach(() => {
    vi.unstubAllGlobals();
    sessionStore.clear();
  });

  it('shows each coupon’s minimum subtotal, or none', async () => {
    sessionStore.set({ user: admin, access_token: 'a', refresh_token: 'r' });
    stubApi({
      'GET /api/v1/coupons': () => [coupon({}), coupon({ id: '00000000-0000-4000-8000-0000000000c2', code: 'ANYTIME', name: 'Anytime', min_subtotal_cents: null })],
      'GET /api/v1/categories': () => ({ items: [], total: 0 }),
    });
    renderWithApp(<CouponsPage />, { path: '/dashboard/coupons' });
    const table = await screen.findByRole('table');
    expect(within(table).getByRole('columnheader', { name: /Minimum subtotal/ })).toBeInTheDocument();
    const winter = (await within(table).findAllByText('WINTER25'))[0]!.closest('tr')!;
    expect(within(winter).getByText('$500.00')).toBeInTheDocument();
    const anytime = within(table).getAllByText('ANYTIME')[0]!.closest('tr')!;
    expect(within(anytime).getByText('None')).toBeInTheDocument();
  });
});
