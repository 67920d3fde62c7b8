import { afterEach, describe, expect, it } from 'vitest';
import { render, screen } from '@testing-library/react';
import i18n from 'i18next';
import frCommerce from '@/locales/fr/commerce.json';
import frOrders from '@/locales/fr/orders.json';
import { quebecOrder } from '@/test/dashboard-orders';
import { OrderLines, OrderTotals } from './order-money';

const order = quebecOrder();

describe("the dashboard's order lines", () => {
  afterEach(() => i18n.changeLanguage('en'));

  it('name each product as the order kept it, in English on an English page', () => {
    render(<OrderLines order={order} />);
    expect(screen.getByText('Driveway mat 0.6 × 10 m')).toBeInTheDocument();
    expect(screen.queryByText('Tapis d’entrée 0,6 × 10 m')).toBeNull();
  });

  it('and in French on a French page', async () => {
    i18n.addResourceBundle('fr', 'orders', frOrders, true, true);
    await i18n.changeLanguage('fr');
    render(<OrderLines order={order} />);
    expect(screen.getByText('Tapis d’entrée 0,6 × 10 m')).toBeInTheDocument();
    expect(screen.queryByText('Driveway mat 0.6 × 10 m')).toBeNull();
  });
});

describe("the dashboard's order totals", () => {
  afterEach(() => i18n.changeLanguage('en'));
  const discounted = quebecOrder({ discountCents: 2_500, coupon: { code: 'WINTER25', discountPercent: 25, categoryName: 'Mats', categoryNameFr: 'Tapis' } });
  const labels = () => screen.getAllByRole('term').map((dt) => dt.textContent?.replace(/\s/g, ' '));

  it('say what the coupon covered, as the order kept it', () => {
    render(<OrderTotals order={discounted} />);
    expect(screen.getByText('WINTER25: 25% off Mats').nextSibling).toHaveTextContent('−$25.00');
  });

  it('in French on a French page, and say a coupon on the whole order is so', async () => {
    i18n.addResourceBundle('fr', 'orders', frOrders, true, true);
    i18n.addResourceBundle('fr', 'commerce', frCommerce, true, true);
    await i18n.changeLanguage('fr');
    const { unmount } = render(<OrderTotals order={discounted} />);
    expect(labels()).toContain('WINTER25 : 25 % de rabais sur la catégorie Tapis');
    unmount();
    render(<OrderTotals order={{ ...discounted, coupon: { ...discounted.coupon!, categoryName: null, categoryNameFr: null } }} />);
    expect(labels()).toContain('WINTER25 : 25 % de rabais');
  });
});
