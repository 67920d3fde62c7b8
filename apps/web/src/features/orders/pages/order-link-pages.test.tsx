import { afterEach, describe, expect, it } from 'vitest';
import { screen } from '@testing-library/react';
import { vi } from 'vitest';
import { renderRoutes } from '@/test/render';
import { orderOf, stubApi } from '@/test/storefront-api';
import OrderLinkPage from './order-link-page';
import OrderLookupPage from './order-lookup-page';

const TOKEN = 'tf1e2d.c2lnbmF0dXJl.00000000-0000-4000-8000-00000000c0de';
const SENT = 'If an order with this number was placed with this email, we have sent its link to that address';

const linkRoutes = [{ path: '/orders/view/:token', element: <OrderLinkPage /> }];
const lookupRoutes = [{ path: '/orders/lookup', element: <OrderLookupPage /> }];

afterEach(() => vi.unstubAllGlobals());

describe('order link page', () => {
  it('shows the order the link opens, with its lines, what its coupon covered, address and invoice link, and no actions', async () => {
    const coupon = { code: 'WINTER25', discountPercent: 25, categoryName: 'Mats', categoryNameFr: 'Tapis' };
    const api = stubApi({ [`GET /api/v1/orders/view/${TOKEN}`]: orderOf({ number: 'MW-2026-000042', discountCents: 2_500, coupon }) });
    renderRoutes(`/orders/view/${TOKEN}`, linkRoutes);
    expect(await screen.findByRole('heading', { level: 1, name: 'Order MW-2026-000042' })).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Products' })).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Shipping' })).toBeInTheDocument();
    expect(screen.getByText('WINTER25: 25% off Mats')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Download invoice' })).toHaveAttribute('href', `/api/v1/orders/view/${TOKEN}/invoice.pdf`);
    expect(screen.queryByRole('button', { name: /cancel/i })).not.toBeInTheDocument();
    expect(api.to('GET', `/api/v1/orders/view/${TOKEN}`)).toHaveLength(1);
    expect(document.title).toContain('MW-2026-000042');
    expect(document.head.querySelector('meta[name="robots"]')).toHaveAttribute('content', 'noindex');
  });

  it('says a bad link is not valid and leads to the look-up', async () => {
    stubApi({});
    renderRoutes(`/orders/view/${TOKEN}`, linkRoutes);
    expect(await screen.findByRole('alert')).toHaveTextContent('This order link is not valid');
    expect(screen.getByRole('link', { name: 'Get a new link' })).toHaveAttribute('href', '/orders/lookup');
  });

  it('says an expired link has expired', async () => {
    stubApi({ [`GET /api/v1/orders/view/${TOKEN}`]: Response.json({ message: 'expired', code: 'commerce.orderLinkExpired' }, { status: 410 }) });
    renderRoutes(`/orders/view/${TOKEN}`, linkRoutes);
    expect(await screen.findByRole('heading', { level: 1, name: 'This link has expired' })).toBeInTheDocument();
    expect(screen.getByRole('alert')).toHaveTextContent('This order link has expired');
  });
});

describe('order look-up page', () => {
  it('checks the fields before asking', async () => {
    const api = stubApi({});
    const { user } = renderRoutes('/orders/lookup', lookupRoutes);
    expect(document.head.querySelector('meta[name="robots"]')).toHaveAttribute('content', 'noindex');
    await user.type(screen.getByLabelText('Order number'), '42');
    await user.type(screen.getByLabelText('Email'), 'nope');
    await user.click(screen.getByRole('button', { name: 'Email me the link' }));
    expect(await screen.findByText('Enter an order number like MW-2026-000123')).toBeInTheDocument();
    expect(screen.getByText('Enter a valid email address')).toBeInTheDocument();
    expect(api.sent).toHaveLength(0);
  });

  it('sends the number and email and confirms in the words the server gives either way', async () => {
    const api = stubApi({ 'POST /api/v1/orders/lookup': { message: SENT } });
    const { user } = renderRoutes('/orders/lookup', lookupRoutes);
    await user.type(screen.getByLabelText('Order number'), 'mw-2026-000042');
    await user.type(screen.getByLabelText('Email'), 'Guest@Example.com');
    await user.click(screen.getByRole('button', { name: 'Email me the link' }));
    expect(await screen.findByRole('status')).toHaveTextContent(SENT);
    expect(api.to('POST', '/api/v1/orders/lookup')[0]!.body).toEqual({ number: 'MW-2026-000042', email: 'guest@example.com' });
    await user.click(screen.getByRole('button', { name: 'Look up another order' }));
    expect(screen.getByLabelText('Order number')).toBeInTheDocument();
  });

  it('shows a refusal (too many look-ups) from the server', async () => {
    stubApi({ 'POST /api/v1/orders/lookup': Response.json({ message: 'Too many look-ups. Please try again later', code: 'commerce.tooManyOrderLookups' }, { status: 429 }) });
    const { user } = renderRoutes('/orders/lookup', lookupRoutes);
    await user.type(screen.getByLabelText('Order number'), 'MW-2026-000042');
    await user.type(screen.getByLabelText('Email'), 'guest@example.com');
    await user.click(screen.getByRole('button', { name: 'Email me the link' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Too many look-ups. Please try again later');
  });
});
