import { afterEach, describe, expect, it } from 'vitest';
import { render, screen } from '@testing-library/react';
import i18n from 'i18next';
import frCommerce from '@/locales/fr/commerce.json';
import { OrderStatusBadge } from '@/components/orders/order-status-badge';
import { ApiError } from '@/lib/api-client';
import { errorText } from '@/lib/error-text';
import { OrderTotals } from './order-totals';

const quebec = {
  subtotalCents: 52_700,
  discountCents: 5270,
  shippingCents: 0,
  taxes: [
    { code: 'GST' as const, rate: 5, amountCents: 2372 },
    { code: 'QST' as const, rate: 9.975, amountCents: 4731 },
  ],
  totalCents: 54_533,
  coupon: { code: 'WINTER10', discountPercent: 10, categoryName: null, categoryNameFr: null },
};
const onMats = { ...quebec, coupon: { code: 'WINTER25', discountPercent: 25, categoryName: 'Mats', categoryNameFr: 'Tapis' } };
/** Text with its no-break spaces as plain ones (French puts them before % and colons). */
const plain = (s: string | null | undefined) => s?.replace(/\s/g, ' ');

describe('order totals', () => {
  afterEach(() => i18n.changeLanguage('en'));

  it('shows each tax on its own line with its rate, free shipping as "Free", the discount with its code and what it covers', () => {
    render(<OrderTotals money={quebec} />);
    expect(screen.getByText('GST (5%)').nextSibling).toHaveTextContent('$23.72');
    expect(screen.getByText('QST (9.975%)').nextSibling).toHaveTextContent('$47.31');
    expect(screen.getByText('Free')).toBeInTheDocument();
    expect(screen.getByText('WINTER10: 10% off').nextSibling).toHaveTextContent('−$52.70');
    expect(screen.getByText('Total').nextSibling).toHaveTextContent('$545.33');
  });

  it('speaks French: TPS and TVQ, French numbers', async () => {
    i18n.addResourceBundle('fr', 'commerce', frCommerce, true, true);
    await i18n.changeLanguage('fr');
    render(
      <>
        <OrderTotals money={quebec} />
        <OrderStatusBadge status="pending_payment" />
      </>,
    );
    expect(screen.getByText('TPS (5 %)')).toBeInTheDocument();
    expect(screen.getByText('TVQ (9,975 %)')).toBeInTheDocument();
    expect(screen.getByText('TVQ (9,975 %)').nextSibling?.textContent?.replace(/\s/g, ' ')).toBe('47,31 $');
    expect(screen.getByText('En attente de paiement')).toBeInTheDocument();
    expect(screen.getAllByRole('term').map((dt) => plain(dt.textContent))).toContain('WINTER10 : 10 % de rabais');
  });

  it('names the category a coupon covers: in English on an English page, in French where it has a French name', async () => {
    const { unmount } = render(<OrderTotals money={onMats} />);
    expect(screen.getByText('WINTER25: 25% off Mats')).toBeInTheDocument();
    unmount();
    i18n.addResourceBundle('fr', 'commerce', frCommerce, true, true);
    await i18n.changeLanguage('fr');
    const { unmount: again } = render(<OrderTotals money={onMats} />);
    expect(screen.getAllByRole('term').map((dt) => plain(dt.textContent))).toContain('WINTER25 : 25 % de rabais sur la catégorie Tapis');
    again();
    render(<OrderTotals money={{ ...onMats, coupon: { ...onMats.coupon, categoryNameFr: null } }} />);
    expect(screen.getAllByRole('term').map((dt) => plain(dt.textContent))).toContain('WINTER25 : 25 % de rabais sur la catégorie Mats');
  });
});

describe('a refused order step', () => {
  afterEach(() => i18n.changeLanguage('en'));

  it('names the step in the reader’s language, though the server sends its English participle', async () => {
    const refused = new ApiError(409, { message: 'This order cannot be cancelled now', code: 'commerce.orderActionNotAllowed', params: { action: 'cancelled' } });
    expect(errorText(i18n.t, refused)).toBe('This order cannot be cancelled now');
    i18n.addResourceBundle('fr', 'commerce', frCommerce, true, true);
    await i18n.changeLanguage('fr');
    expect(errorText(i18n.t, refused)).toBe('Cette commande ne peut pas être annulée maintenant');
  });
});
