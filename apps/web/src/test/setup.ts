import '@testing-library/jest-dom/vitest';
import { cleanup } from '@testing-library/react';
import i18n from 'i18next';
import { initReactI18next } from 'react-i18next';
import { afterEach } from 'vitest';

const modules = import.meta.glob<{ default: Record<string, unknown> }>('../locales/en/*.json', { eager: true });
const resources = {
  en: Object.fromEntries(
    Object.entries(modules).map(([path, module]) => [path.split('/').pop()!.replace('.json', ''), module.default]),
  ),
};

// jsdom lacks a few browser APIs that Radix primitives touch.
class ResizeObserverStub {
  observe() {}
  unobserve() {}
  disconnect() {}
}
globalThis.ResizeObserver ??= ResizeObserverStub as unknown as typeof ResizeObserver;
Element.prototype.hasPointerCapture ??= () => false;
Element.prototype.releasePointerCapture ??= () => undefined;
Element.prototype.scrollIntoView ??= () => undefined;

void i18n.use(initReactI18next).init({
  lng: 'en',
  resources,
  fallbackLng: false,
  defaultNS: 'common',
  interpolation: { escapeValue: false },
  react: { useSuspense: false },
});

afterEach(() => {
  cleanup();
  localStorage.clear();
});
