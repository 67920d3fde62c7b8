import { describe, expect, it } from 'vitest';
import { ShippingAddress } from './checkout.schema.js';
import { commerceMessages as m } from './messages.js';
import { PROVINCES, postalCodeInProvince } from './regions.js';
import { INITIAL_TAX_RATES, levies, TAXES_OF } from './tax.js';
import { TaxRateInput } from './tax-rate.schema.js';

// Canada Post's first letters (shared/data/ca-fsa-centroids.md): every letter it uses, and the province it names.
const FIRST_LETTERS: Record<string, string[]> = {
  A: ['NL'], B: ['NS'], C: ['PE'], E: ['NB'], G: ['QC'], H: ['QC'], J: ['QC'], K: ['ON'], L: ['ON'], M: ['ON'], N: ['ON'],
  P: ['ON'], R: ['MB'], S: ['SK'], T: ['AB'], V: ['BC'], X: ['NT', 'NU'], Y: ['YT'],
};

describe('a postal code and its province', () => {
  it('matches every first letter to its province and to no other', () => {
    for (const [letter, provinces] of Object.entries(FIRST_LETTERS)) {
      for (const p of PROVINCES) expect(postalCodeInProvince(`${letter}1A 1A1`, p), `${letter} in ${p}`).toBe(provinces.includes(p));
    }
    // Lower case and without its space, as typed.
    expect(postalCodeInProvince('m5v2t6', 'ON')).toBe(true);
  });

  it('is judged in the shipping address: a mismatch names the postal code', () => {
    const address = { fullname: 'A', line1: '1 Rue', city: 'Calgary', country: 'CA' as const };
    const bad = ShippingAddress.safeParse({ ...address, province: 'AB', postalCode: 'M5V 2T6' });
    expect(bad.success).toBe(false);
    expect(bad.error?.issues.map((i) => [i.path.join('.'), i.message])).toEqual([['postalCode', m.postalCodeOtherProvince]]);
    expect(ShippingAddress.parse({ ...address, province: 'AB', postalCode: 't2p1j9' }).postalCode).toBe('T2P 1J9');
    // A US address is not judged by Canadian letters.
    expect(ShippingAddress.safeParse({ ...address, country: 'US', province: 'NY', postalCode: '10001' }).success).toBe(true);
  });
});

describe('the taxes a province levies', () => {
  it('agrees with the rates the product started with', () => {
    for (const p of PROVINCES) {
      const started = [...new Set(INITIAL_TAX_RATES.filter((r) => r.province === p).map((r) => r.code))].sort();
      expect([...TAXES_OF[p]].sort(), p).toEqual(started);
    }
    expect(levies('ON', 'HST')).toBe(true);
    expect(levies('ON', 'GST')).toBe(false);
    expect(levies('NY', 'GST')).toBe(false);
  });

  it('takes a rate only for a tax of its province', () => {
    const rate = { rate: 5, effectiveFrom: '2030-01-01' };
    expect(TaxRateInput.safeParse({ ...rate, province: 'QC', code: 'QST' }).success).toBe(true);
    const qstInOntario = TaxRateInput.safeParse({ ...rate, province: 'ON', code: 'QST' });
    expect(qstInOntario.error?.issues.map((i) => [i.path.join('.'), i.message])).toEqual([['code', m.taxNotLevied]]);
  });
});
