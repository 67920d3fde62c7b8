import i18n, { type BackendModule, type ReadCallback } from 'i18next';
import { initReactI18next } from 'react-i18next';

export const LANGUAGES = ['en', 'fr'] as const;
export type Language = (typeof LANGUAGES)[number];
export const NAMESPACES = ['common', 'accounts', 'storefront', 'lms', 'dashboard'] as const;
export type Namespace = (typeof NAMESPACES)[number];

export const LANGUAGE_KEY = 'meltway.lang';

/** BCP 47 tags used for <html lang> and for Intl formatting. */
export const LOCALE_TAGS: Record<Language, string> = { en: 'en-CA', fr: 'fr-CA' };

const isLanguage = (value: unknown): value is Language => LANGUAGES.includes(value as Language);

export function detectLanguage(): Language {
  try {
    const stored = localStorage.getItem(LANGUAGE_KEY);
    if (isLanguage(stored)) return stored;
  } catch {
    // Storage can be disabled; fall through to the browser's preference.
  }
  const preferred = typeof navigator !== 'undefined' ? navigator.languages ?? [navigator.language] : [];
  return preferred.some((tag) => tag?.toLowerCase().startsWith('fr')) ? 'fr' : 'en';
}

// Each language and namespace is its own small chunk, so a visitor downloads only what a page shows.
const loaders = import.meta.glob<{ default: Record<string, unknown> }>('../locales/*/*.json');

const lazyBackend: BackendModule = {
  type: 'backend',
  init: () => undefined,
  read(language: string, namespace: string, callback: ReadCallback) {
    const load = loaders[`../locales/${language}/${namespace}.json`];
    if (!load) {
      callback(new Error(`No translations for ${language}/${namespace}`), null);
      return;
    }
    load().then(
      (module) => callback(null, module.default as never),
      (error: unknown) => callback(error as Error, null),
    );
  },
};

export function currentLanguage(): Language {
  return isLanguage(i18n.resolvedLanguage) ? i18n.resolvedLanguage : 'en';
}

export function localeTag(language: string = currentLanguage()): string {
  return LOCALE_TAGS[isLanguage(language) ? language : 'en'];
}

function reflectLanguage(language: string) {
  if (typeof document !== 'undefined') document.documentElement.lang = localeTag(language);
}

export async function setLanguage(language: Language) {
  try {
    localStorage.setItem(LANGUAGE_KEY, language);
  } catch {
    // Not remembered across visits then, but the switch still applies now.
  }
  await i18n.changeLanguage(language);
}

export function initI18n() {
  i18n.on('languageChanged', reflectLanguage);
  const language = detectLanguage();
  reflectLanguage(language);
  return i18n
    .use(lazyBackend)
    .use(initReactI18next)
    .init({
      lng: language,
      supportedLngs: [...LANGUAGES],
      // Every key exists in both languages (a unit test checks it), so no fallback download is needed.
      fallbackLng: false,
      ns: ['common'],
      defaultNS: 'common',
      interpolation: { escapeValue: false },
      react: { useSuspense: true },
      returnNull: false,
    });
}

export { i18n };
