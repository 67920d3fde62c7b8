import { afterEach, describe, expect, it } from 'vitest';
import { render, screen, within } from '@testing-library/react';
import i18n from 'i18next';
import type { OrderEventOut } from '@meltway/shared/orders/order.schema';
import { commerceMessages } from '@meltway/shared/cart-checkout/messages';
import frCommerce from '@/locales/fr/commerce.json';
import frOrders from '@/locales/fr/orders.json';
import { OrderTimeline } from './order-timeline';

const expired: OrderEventOut = {
  id: '00000000-0000-4000-8000-000000000001',
  action: 'cancel',
  fromStatus: 'pending_payment',
  toStatus: 'cancelled',
  actorRole: 'system',
  actorName: null,
  note: commerceMessages.holdExpired,
  noteCode: 'commerce.holdExpired',
  amountCents: null,
  at: '2026-11-20T15:00:00.000Z',
};
const typed: OrderEventOut = { ...expired, id: '00000000-0000-4000-8000-000000000002', actorRole: 'admin', actorName: 'Ada Admin', note: 'Customer asked by phone', noteCode: undefined };
const processed: OrderEventOut = { ...expired, id: '00000000-0000-4000-8000-000000000003', action: 'process', fromStatus: 'paid', toStatus: 'processing', note: null, noteCode: undefined };
const refunded: OrderEventOut = { ...typed, id: '00000000-0000-4000-8000-000000000004', action: 'refund', fromStatus: 'delivered', toStatus: 'delivered', note: null, amountCents: 1_250 };

describe('the order timeline', () => {
  afterEach(() => i18n.changeLanguage('en'));

  it.each(['buyer', 'staff'] as const)("shows the system's notes in the reader's language, and people's notes as written (%s)", async (wording) => {
    i18n.addResourceBundle('fr', 'commerce', frCommerce, true, true);
    i18n.addResourceBundle('fr', 'orders', frOrders, true, true);
    await i18n.changeLanguage('fr');
    render(<OrderTimeline events={[expired, typed]} wording={wording} />);
    expect(screen.getByText(frCommerce.messages.holdExpired)).toBeInTheDocument();
    expect(screen.queryByText(commerceMessages.holdExpired)).toBeNull();
    expect(screen.getByText('Customer asked by phone')).toBeInTheDocument();
  });

  it("speaks to the buyer in plain words: the step, who took it by name, or 'automatically'", () => {
    render(<OrderTimeline events={[processed, refunded]} wording="buyer" />);
    const [first, second] = within(screen.getByRole('list', { name: 'Timeline' })).getAllByRole('listitem');
    expect(first).toHaveTextContent('Being prepared');
    expect(first).toHaveTextContent('automatically');
    expect(first).not.toHaveTextContent('→');
    expect(second).toHaveTextContent('Refunded');
    expect(second).toHaveTextContent('by Ada Admin');
    expect(second).not.toHaveTextContent('(admin)');
    expect(second).toHaveTextContent('$12.50');
  });

  it('tells the staff the statuses each step moved between, and who took it in which role', () => {
    render(<OrderTimeline events={[processed, refunded]} wording="staff" />);
    const [first, second] = within(screen.getByRole('list', { name: 'Timeline' })).getAllByRole('listitem');
    expect(first).toHaveTextContent('Processing started · Paid → Processing');
    expect(first).toHaveTextContent('by the system');
    expect(second).toHaveTextContent('Refund');
    expect(second).not.toHaveTextContent('→');
    expect(second).toHaveTextContent('by Ada Admin (admin)');
    expect(second).toHaveTextContent('$12.50');
  });

  it('says so when nothing has happened yet', () => {
    render(<OrderTimeline events={[]} wording="staff" />);
    expect(screen.getByText('Nothing has happened to this order yet.')).toBeInTheDocument();
  });
});
