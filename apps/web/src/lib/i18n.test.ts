import { describe, expect, it } from 'vitest';
import { basenameFor, languageOfPath, localeTag, localizedPath, pathWithoutLanguage } from './i18n';

describe('language in the address', () => {
  it('reads French from the /fr prefix only', () => {
    expect(languageOfPath('/fr')).toBe('fr');
    expect(languageOfPath('/fr/product/x')).toBe('fr');
    expect(languageOfPath('/FR/lms')).toBe('fr');
    expect(languageOfPath('/')).toBe('en');
    expect(languageOfPath('/product/fr')).toBe('en');
    expect(languageOfPath('/french-drains')).toBe('en');
  });

  it('moves a page between languages and keeps the page', () => {
    expect(localizedPath('/product/x', 'fr')).toBe('/fr/product/x');
    expect(localizedPath('/', 'fr')).toBe('/fr');
    expect(localizedPath('/fr/product/x', 'en')).toBe('/product/x');
    expect(localizedPath('/fr', 'en')).toBe('/');
    expect(localizedPath('/fr/lms', 'fr')).toBe('/fr/lms');
    // A page whose own name starts with "fr" is not French.
    expect(localizedPath('/frost-guide', 'fr')).toBe('/fr/frost-guide');
    expect(pathWithoutLanguage('/fr/help/a')).toBe('/help/a');
    expect(basenameFor('fr')).toBe('/fr');
    expect(basenameFor('en')).toBe('/');
  });

  it('formats for Canada in both languages', () => {
    expect(localeTag('fr')).toBe('fr-CA');
    expect(localeTag('en')).toBe('en-CA');
    expect(localeTag('xx')).toBe('en-CA');
  });
});
