import { afterEach, describe, expect, it, vi } from 'vitest';
import { act, renderHook } from '@testing-library/react';
import { useForm } from 'react-hook-form';
import i18n from 'i18next';
import frAcademy from '@/locales/fr/academy.json';
import frCatalogue from '@/locales/fr/catalogue.json';
import frCommerce from '@/locales/fr/commerce.json';
import frCommon from '@/locales/fr/common.json';
import frContent from '@/locales/fr/content.json';
import { ApiError } from './api-client';
import { errorText, messageKey, showServerIssues, useErrorText } from './error-text';
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
