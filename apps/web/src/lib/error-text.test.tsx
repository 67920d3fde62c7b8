import { afterEach, describe, expect, it, vi } from 'vitest';
import type { ReactNode } from 'react';
import { act, renderHook, waitFor } from '@testing-library/react';
import { useForm } from 'react-hook-form';
import i18n, { type BackendModule, type CustomInstanceExtensions } from 'i18next';
import { I18nextProvider } from 'react-i18next';
import frAcademy from '@/locales/fr/academy.json';
import frCatalogue from '@/locales/fr/catalogue.json';
import frCommerce from '@/locales/fr/commerce.json';
import frCommon from '@/locales/fr/common.json';
import frContent from '@/locales/fr/content.json';
import { ApiError } from './api-client';
import { errorText, MESSAGE_NAMESPACES, messageKey, showServerIssues, useErrorText } from './error-text';
import { fieldText } from './field-text';

async function inFrench() {
  i18n.addResourceBundle('fr', 'academy', frAcademy, true, true);
  i18n.addResourceBundle('fr', 'catalogue', frCatalogue, true, true);
  i18n.addResourceBundle('fr', 'commerce', frCommerce, true, true);
  i18n.addResourceBundle('fr', 'common', frCommon, true, true);
  i18n.addResourceBundle('fr', 'content', frContent, true, true);
  await i18n.changeLanguage('fr');
}

describe('error text', () => {
  afterEach(() => i18n.changeLanguage('en'));

  it('knows a code of ours by its domain', () => {
    expect(messageKey('commerce.notEnoughStock')).toBe('commerce:messages.notEnoughStock');
    expect(messageKey('common.generic')).toBe('common:messages.generic');
    expect(messageKey('NETWORK')).toBeUndefined();
    expect(messageKey('billing.late')).toBeUndefined();
  });

  it('translates an API error by its code, not by its English text', async () => {
    await inFrench();
    const error = new ApiError(409, { message: 'already linked to course', code: 'academy.alreadyLinked' });
    expect(errorText(i18n.t, error, 'repli')).toBe(frAcademy.messages.alreadyLinked);
    // The same text under another code is that code's message.
    const other = new ApiError(409, { message: 'already linked to course', code: 'catalogue.skuTaken' });
    expect(errorText(i18n.t, other, 'repli')).toBe(frCatalogue.messages.skuTaken);
  });

  it("fills in the message's values", async () => {
    const error = new ApiError(409, { message: 'Not enough stock: only 3 left', code: 'commerce.notEnoughStock', params: { stock: 3 } });
    expect(errorText(i18n.t, error)).toBe('Not enough stock: only 3 left');
    // A refused body: the code is its first issue's, and so are the values.
    const refused = new ApiError(400, {
      message: 'Not enough stock: only 4 left',
      code: 'commerce.notEnoughStock',
      issues: [{ path: 'quantity', code: 'commerce.notEnoughStock', message: 'Not enough stock: only 4 left', params: { stock: 4 } }],
    });
    await inFrench();
    expect(errorText(i18n.t, error)).toBe(frCommerce.messages.notEnoughStock.replace('{{stock}}', '3'));
    expect(errorText(i18n.t, refused)).toBe(frCommerce.messages.notEnoughStock.replace('{{stock}}', '4'));
  });

  it("gives the caller's fallback for a network failure, an unknown code or another error", () => {
    expect(errorText(i18n.t, new ApiError(0, null), 'Could not save')).toBe('Could not save');
    expect(errorText(i18n.t, new ApiError(500, { message: 'Boom', code: 'UNKNOWN' }), 'Could not save')).toBe('Could not save');
    expect(errorText(i18n.t, new Error('boom'), 'Could not save')).toBe('Could not save');
    expect(errorText(i18n.t, new ApiError(0, null))).toBe('Something went wrong');
  });

  it("falls back to the server's message when this version has no translation for a code", () => {
    const error = new ApiError(409, { message: 'Something newer', code: 'academy.somethingNewer' });
    expect(errorText(i18n.t, error, 'fallback')).toBe('Something newer');
    expect(errorText(i18n.t, new ApiError(409, { code: 'academy.somethingNewer' }), 'fallback')).toBe('fallback');
  });

  it('is bound to the reader language as a hook', async () => {
    await inFrench();
    const { result } = renderHook(() => useErrorText());
    expect(result.current(new ApiError(500, { message: 'Something went wrong', code: 'common.generic' }))).toBe(frCommon.messages.generic);
  });
});

/** An i18next of its own, in French, whose namespaces come from `read` as a page's come from their chunks. */
async function frenchPage(loaded: readonly string[], read: (namespace: string) => Promise<Record<string, unknown>>) {
  const backend: BackendModule = {
    type: 'backend',
    init: () => undefined,
    read: (_language, namespace, callback) => void read(namespace).then((words) => callback(null, words as never)),
  };
  // react-i18next keeps on the instance the namespaces a render used; the server lists them for the browser.
  const page: typeof i18n & CustomInstanceExtensions = i18n.createInstance();
  await page.use(backend).init({ lng: 'fr', ns: [...loaded], defaultNS: 'common', fallbackLng: false, interpolation: { escapeValue: false } });
  const wrapper = ({ children }: { children: ReactNode }) => <I18nextProvider i18n={page}>{children}</I18nextProvider>;
  return { page, wrapper };
}

const FRENCH: Record<string, Record<string, unknown>> = { common: frCommon, academy: frAcademy, catalogue: frCatalogue, commerce: frCommerce, content: frContent };

describe('the message namespaces', () => {
  it('are not among the words a page is shown with: they load once it has loaded and the browser is idle', async () => {
    const asked: string[] = [];
    const { page, wrapper } = await frenchPage(['common'], async (namespace) => {
      asked.push(namespace);
      return FRENCH[namespace] ?? { messages: {} };
    });
    asked.length = 0;
    renderHook(() => useErrorText(), { wrapper });
    // What the server would list for the browser to fetch before it hydrates: the page's own words only.
    expect(page.reportNamespaces?.getUsedNamespaces()).toEqual(['common']);
    expect(asked).toEqual([]);
    await waitFor(() => expect(MESSAGE_NAMESPACES.every((namespace) => page.hasLoadedNamespace(namespace))).toBe(true));
    expect(asked.sort()).toEqual(MESSAGE_NAMESPACES.filter((namespace) => namespace !== 'common').sort());
  });

  it('come at once when a message is shown before them, and the message is written again in French', async () => {
    let arrive: () => void = () => undefined;
    const held = new Promise<void>((resolve) => (arrive = resolve));
    const { wrapper } = await frenchPage(['common'], async (namespace) => {
      if (namespace !== 'common') await held;
      return FRENCH[namespace] ?? { messages: {} };
    });
    const error = new ApiError(409, { message: 'Not enough stock: only 3 left', code: 'commerce.notEnoughStock', params: { stock: 3 } });
    const { result } = renderHook(() => useErrorText()(error), { wrapper });
    // Not there yet: the server's English, not a key and not nothing.
    expect(result.current).toBe('Not enough stock: only 3 left');
    act(() => arrive());
    await waitFor(() => expect(result.current).toBe(frCommerce.messages.notEnoughStock.replace('{{stock}}', '3')));
  });

  it('on the server, where every namespace is in memory, names the namespace of a message written into the page', async () => {
    const { page, wrapper } = await frenchPage(['common', 'academy', 'catalogue', 'commerce', 'content', 'accounts'], async (namespace) => FRENCH[namespace] ?? { messages: {} });
    const { result } = renderHook(() => useErrorText()(new ApiError(409, { message: 'already linked to course', code: 'academy.alreadyLinked' })), { wrapper });
    expect(result.current).toBe(frAcademy.messages.alreadyLinked);
    expect(page.reportNamespaces?.getUsedNamespaces()).toEqual(['common', 'academy']);
  });
});

describe('server issues on fields', () => {
  afterEach(() => i18n.changeLanguage('en'));

  it("puts a 409's field issue on its field in the reader's language", async () => {
    await inFrench();
    const { result } = renderHook(() => useForm<{ sku: string; name: string }>({ defaultValues: { sku: '', name: '' } }));
    const error = new ApiError(409, {
      message: 'A product with this SKU already exists',
      code: 'catalogue.skuTaken',
      issues: [{ path: 'sku', code: 'catalogue.skuTaken', message: 'A product with this SKU already exists' }],
    });
    let shown = false;
    act(() => {
      shown = showServerIssues(i18n.t, error, result.current.setError, { fields: ['sku', 'name'] });
    });
    expect(shown).toBe(true);
    expect(result.current.getFieldState('sku').error?.message).toBe(frCatalogue.messages.skuTaken);
    expect(result.current.getFieldState('name').error).toBeUndefined();
  });

  it('renames server paths, and says when no issue concerns a field', () => {
    const { result } = renderHook(() => useForm<{ name: string }>({ defaultValues: { name: '' } }));
    const taken = new ApiError(409, {
      message: 'A help article with this title already exists',
      code: 'content.helpTitleTaken',
      issues: [{ path: 'title', code: 'content.helpTitleTaken', message: 'A help article with this title already exists' }],
    });
    act(() => {
      expect(showServerIssues(i18n.t, taken, result.current.setError, { fields: ['name'], rename: { title: 'name' } })).toBe(true);
    });
    expect(result.current.getFieldState('name').error?.message).toBe('A help article with this title already exists');
    const linked = new ApiError(409, { message: 'already linked to course', code: 'academy.alreadyLinked' });
    expect(showServerIssues(i18n.t, linked, result.current.setError, { fields: ['name'] })).toBe(false);
    expect(showServerIssues(i18n.t, new ApiError(0, null), result.current.setError, { fields: ['name'] })).toBe(false);
  });

  it('sends file issues and a 413 to the file field', () => {
    const onFileError = vi.fn();
    const setError = vi.fn();
    const tooLarge = new ApiError(413, { message: 'The request is too large', code: 'common.payloadTooLarge' });
    expect(showServerIssues(i18n.t, tooLarge, setError, { fields: [], fileFields: ['image'], onFileError })).toBe(true);
    expect(onFileError).toHaveBeenCalledWith('The request is too large');
    expect(setError).not.toHaveBeenCalled();
  });
});

describe('field text', () => {
  afterEach(() => i18n.changeLanguage('en'));

  it("shows a shared schema's English message in the reader's language by its code", async () => {
    await inFrench();
    expect(fieldText(i18n.t, 'Help article title and description required')).toBe(frContent.messages.helpRequired);
    expect(fieldText(i18n.t, 'Déjà traduit')).toBe('Déjà traduit');
    expect(fieldText(i18n.t, undefined)).toBeUndefined();
  });
});
