import { afterEach, describe, expect, it } from 'vitest';
import { render, screen } from '@testing-library/react';
import i18n from 'i18next';
import type { BomLine } from '@meltway/shared/design/design.schema';
import frDesign from '@/locales/fr/design.json';
import { BomTable } from './bom-table';

const mat: BomLine = {
  productId: '00000000-0000-4000-8000-0000000000a1',
  sku: 'MW-MAT-06030',
  name: 'Snowmelt Mat 0.6 × 3.0 m (2 × 10 ft)',
  nameFr: 'Tapis de déneigement 0,6 × 3,0 m (2 × 10 pi)',
  role: 'mat',
  quantity: 2,
  unitPriceCents: 45_000,
  lineTotalCents: 90_000,
  stock: 30,
};
// A line of a project saved before the French name was kept, and a product without one.
const tape: BomLine = { ...mat, productId: '00000000-0000-4000-8000-0000000000a2', sku: 'NF-ACC-TAPE', name: 'Fixing tape, 30 m', nameFr: undefined, role: 'accessory', quantity: 1, unitPriceCents: 2_000, lineTotalCents: 2_000 };

describe('the bill of materials', () => {
  afterEach(() => i18n.changeLanguage('en'));

  it('names each product in English on an English page', () => {
    render(<BomTable bom={[mat, tape]} totalCents={92_000} />);
    expect(screen.getByRole('rowheader', { name: /Snowmelt Mat 0\.6 × 3\.0 m/ })).toBeInTheDocument();
    expect(screen.queryByText(/Tapis de déneigement/)).not.toBeInTheDocument();
  });

  it('names each product in French on a French page, in English (marked as such) where it has no French name', async () => {
    i18n.addResourceBundle('fr', 'design', frDesign, true, true);
    await i18n.changeLanguage('fr');
    render(<BomTable bom={[mat, tape]} totalCents={92_000} />);
    expect(screen.getByText('Tapis de déneigement 0,6 × 3,0 m (2 × 10 pi)')).not.toHaveAttribute('lang');
    expect(screen.getByText('Fixing tape, 30 m')).toHaveAttribute('lang', 'en');
    expect(screen.queryByText(/Snowmelt Mat/)).not.toBeInTheDocument();
  });
});
