import { afterEach, describe, expect, it } from 'vitest';
import { render, screen } from '@testing-library/react';
import i18n from 'i18next';
import frCommerce from '@/locales/fr/commerce.json';
import { OrderLines, type OrderLineView } from './order-lines';

const lines: OrderLineView[] = [
  { productId: '00000000-0000-4000-8000-0000000000a1', name: 'Snowmelt Mat 0.6 × 1.5 m', nameFr: 'Tapis de déneigement 0,6 × 1,5 m', quantity: 1, unitPriceCents: 10_900, lineTotalCents: 10_900 },
  { productId: '00000000-0000-4000-8000-0000000000a2', name: 'Cable 41 W/m, 20 m', nameFr: null, quantity: 2, unitPriceCents: 20_900, lineTotalCents: 41_800 },
];

describe('the lines of a quote or an order', () => {
  afterEach(() => i18n.changeLanguage('en'));

  it('names each product in English on an English page', () => {
    render(<OrderLines lines={lines} label="Items" />);
    expect(screen.getByRole('list', { name: 'Items' })).toHaveTextContent('Snowmelt Mat 0.6 × 1.5 m');
    expect(screen.queryByText(/Tapis de déneigement/)).not.toBeInTheDocument();
  });

  it('names each product in French on a French page, in English where it has no French name', async () => {
    i18n.addResourceBundle('fr', 'commerce', frCommerce, true, true);
    await i18n.changeLanguage('fr');
    render(<OrderLines lines={lines} label="Articles" />);
    expect(screen.getByText('Tapis de déneigement 0,6 × 1,5 m')).toBeInTheDocument();
    expect(screen.getByText('Cable 41 W/m, 20 m')).toBeInTheDocument();
    expect(screen.queryByText(/Snowmelt Mat/)).not.toBeInTheDocument();
  });
});
