import { afterEach, describe, expect, it } from 'vitest';
import { render, screen } from '@testing-library/react';
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

describe('order timelines', () => {
  afterEach(() => i18n.changeLanguage('en'));

  it("show the system's notes in the reader's language, and people's notes as written", async () => {
    i18n.addResourceBundle('fr', 'commerce', frCommerce, true, true);
    i18n.addResourceBundle('fr', 'orders', frOrders, true, true);
    await i18n.changeLanguage('fr');
    render(<OrderTimeline events={[expired, typed]} />);
    expect(screen.getByText(frCommerce.messages.holdExpired)).toBeInTheDocument();
    expect(screen.queryByText(commerceMessages.holdExpired)).toBeNull();
    expect(screen.getByText('Customer asked by phone')).toBeInTheDocument();
  });
});
