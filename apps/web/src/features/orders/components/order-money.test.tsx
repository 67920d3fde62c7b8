import { afterEach, describe, expect, it } from 'vitest';
import { render, screen } from '@testing-library/react';
import i18n from 'i18next';
import frOrders from '@/locales/fr/orders.json';
import { quebecOrder } from '../test/fixtures';
import { OrderLines } from './order-money';

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
