import { afterEach, describe, expect, it } from 'vitest';
import { render, screen } from '@testing-library/react';
import i18n from 'i18next';
import type { ProductOut } from '@meltway/shared/catalogue/product.schema';
import frCatalogue from '@/locales/fr/catalogue.json';
import { TechnicalData } from './technical-data';

const mat: ProductOut = {
  id: '00000000-0000-4000-8000-0000000000b1',
  name: 'Snowmelt Mat 0.6 × 3.0 m',
  nameFr: null,
  slug: 'mat',
  sku: 'MW-MAT-06030',
  description: '',
  descriptionFr: null,
  price: 22_900,
  currency: 'CAD',
  category: null,
  brand: null,
  supplier: null,
  stock: 3,
  active: true,
  kind: 'mat',
  voltage: 240,
  voltages: [240, 277],
  minInsulationMOhm: 200,
  watts: 740,
  wattDensity: null,
  lengthM: 3,
  widthM: 0.6,
  heatedAreaM2: 1.86,
  currentA: 3.08,
  images: [],
  created_at: '',
  updated_at: '',
};

const valueOf = (header: string) => screen.getByRole('rowheader', { name: header }).nextElementSibling?.textContent;

describe('the technical data of a product', () => {
  afterEach(() => i18n.changeLanguage('en'));

  it('names the voltages a heater is rated for and the least insulation its maker states', () => {
    render(<TechnicalData product={mat} />);
    expect(valueOf('Rated voltage(s)')).toBe('240 / 277 V');
    expect(valueOf('Voltage')).toBe('240 V');
    expect(valueOf('Least insulation resistance')).toBe('200 MΩ');
  });

  it('shows no rating row for a product rated for none, and writes it in French', async () => {
    const { unmount } = render(<TechnicalData product={{ ...mat, kind: 'sensor', voltages: [], minInsulationMOhm: null }} />);
    expect(screen.queryByRole('rowheader', { name: 'Rated voltage(s)' })).not.toBeInTheDocument();
    expect(screen.queryByRole('rowheader', { name: 'Least insulation resistance' })).not.toBeInTheDocument();
    unmount();
    i18n.addResourceBundle('fr', 'catalogue', frCatalogue, true, true);
    await i18n.changeLanguage('fr');
    render(<TechnicalData product={{ ...mat, voltages: [240] }} />);
    expect(valueOf('Tension(s) nominale(s)')).toBe('240 V');
  });
});
