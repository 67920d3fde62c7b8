import i18n, { type BackendModule, type ReadCallback } from 'i18next';
import { initReactI18next } from 'react-i18next';

import { isLanguage, LANGUAGES, type Language } from '@meltway/shared/common/language';

export { LANGUAGES, type Language };

/** BCP 47 tags used for <html lang> and for Intl formatting. */
const LOCALE_TAGS: Record<Language, string> = { en: 'en-CA', fr: 'fr-CA' };


// The language is part of the address: English pages at `/…`, French ones at the same path under `/fr`,
// so a French page can be linked, shared and indexed, and the server renders it in French.
const FRENCH_PREFIX = /^\/fr(?=\/|$)/i;

/** The language an address is in. */
export function languageOfPath(pathname: string): Language {
  return FRENCH_PREFIX.test(pathname) ? 'fr' : 'en';
}

/** The address without its language: `/fr/product/x` → `/product/x`, `/fr` → `/`. */
export function pathWithoutLanguage(pathname: string): string {
  return pathname.replace(FRENCH_PREFIX, '') || '/';
}

/** The same page in `language`: `/product/x` → `/fr/product/x`, `/` → `/fr`. */
export function localizedPath(path: string, language: Language): string {
  const bare = pathWithoutLanguage(path);
  if (language === 'en') return bare;
  return bare === '/' ? '/fr' : `/fr${bare}`;
}

/** The router's basename for a language: its routes are the same under both. */
export const basenameFor = (language: Language) => (language === 'fr' ? '/fr' : '/');

function detectLanguage(): Language {
  return typeof window === 'undefined' ? 'en' : languageOfPath(window.location.pathname);
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

let languageSource: (() => Language | undefined) | undefined;

/** The server renders several pages at once, each in its own language: it says where the current one is kept. */
export function setLanguageSource(source: () => Language | undefined) {
  languageSource = source;
}

export function currentLanguage(): Language {
  const language = languageSource?.() ?? i18n.resolvedLanguage;
  return isLanguage(language) ? language : 'en';
}

export function localeTag(language: string = currentLanguage()): string {
  return LOCALE_TAGS[isLanguage(language) ? language : 'en'];
}

function reflectLanguage(language: string) {
  if (typeof document !== 'undefined') document.documentElement.lang = localeTag(language);
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
