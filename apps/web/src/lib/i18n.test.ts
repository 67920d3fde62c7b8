import { afterEach, describe, expect, it, vi } from 'vitest';
import { detectLanguage, LANGUAGE_KEY, localeTag, setLanguage } from './i18n';

describe('language choice', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('remembers the chosen language across visits', async () => {
    await setLanguage('fr');
    expect(localStorage.getItem(LANGUAGE_KEY)).toBe('fr');
    expect(detectLanguage()).toBe('fr');
    await setLanguage('en');
    expect(detectLanguage()).toBe('en');
  });

  it('follows the browser when nothing was chosen, French for any French locale', () => {
    vi.stubGlobal('navigator', { languages: ['fr-CA', 'en'], language: 'fr-CA' });
    expect(detectLanguage()).toBe('fr');
    vi.stubGlobal('navigator', { languages: ['de-DE'], language: 'de-DE' });
    expect(detectLanguage()).toBe('en');
  });

  it('formats for Canada in both languages', () => {
    expect(localeTag('fr')).toBe('fr-CA');
    expect(localeTag('en')).toBe('en-CA');
    expect(localeTag('xx')).toBe('en-CA');
  });
});
