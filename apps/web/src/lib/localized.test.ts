import { afterEach, describe, expect, it } from 'vitest';
import { i18n } from './i18n';
import { lacksFrench, localized } from './localized';

describe('localized content', () => {
  afterEach(async () => {
    await i18n.changeLanguage('en');
  });

  it('shows the French text on a French page, the English one on an English page', () => {
    expect(localized('Snowmelt Mat', 'Tapis de déneigement', 'fr')).toBe('Tapis de déneigement');
    expect(localized('Snowmelt Mat', 'Tapis de déneigement', 'en')).toBe('Snowmelt Mat');
  });

  it('falls back to the English text where there is no French', () => {
    expect(localized('Snowmelt Mat', null, 'fr')).toBe('Snowmelt Mat');
    expect(localized('Snowmelt Mat', undefined, 'fr')).toBe('Snowmelt Mat');
    expect(localized('Snowmelt Mat', '', 'fr')).toBe('Snowmelt Mat');
    expect(localized(null, null, 'fr')).toBeNull();
  });

  it('reads the page’s language when none is given', async () => {
    // The test set-up loads English words only; a French page needs some French to resolve to.
    i18n.addResourceBundle('fr', 'common', { yes: 'Oui' });
    await i18n.changeLanguage('fr');
    expect(localized('Cables', 'Câbles')).toBe('Câbles');
    await i18n.changeLanguage('en');
    expect(localized('Cables', 'Câbles')).toBe('Cables');
  });

  it('tells staff which content lacks French: a written English text without its French', () => {
    expect(lacksFrench(['Cables', 'Câbles'])).toBe(false);
    expect(lacksFrench(['Cables', null])).toBe(true);
    expect(lacksFrench(['Cables', '  '])).toBe(true);
    expect(lacksFrench(['Cables', 'Câbles'], ['Heating cable.', null])).toBe(true);
    // Nothing in English, nothing to translate.
    expect(lacksFrench(['Cables', 'Câbles'], ['', null], [null, null])).toBe(false);
  });
});
