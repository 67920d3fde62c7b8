import { afterEach, describe, expect, it } from 'vitest';
import { renderHook } from '@testing-library/react';
import i18n from 'i18next';
import { catalogueMessages } from '@meltway/shared/catalogue/messages';
import { contentMessages } from '@meltway/shared/content/messages';
import en from '@/locales/en/catalogue.json';
import fr from '@/locales/fr/catalogue.json';
import frContent from '@/locales/fr/content.json';
import { ApiError } from '@/lib/api-client';
import { useCatalogueError, useCatalogueMessage } from './use-catalogue-message';

describe('catalogue messages', () => {
  afterEach(() => i18n.changeLanguage('en'));

  it('uses the shared English messages word for word, and has each one in French', () => {
    expect(en.messages).toEqual(catalogueMessages);
    expect(Object.keys(fr.messages).sort()).toEqual(Object.keys(catalogueMessages).sort());
  });

  it('finds catalogue and content messages by their text and passes others through', () => {
    const { result } = renderHook(() => useCatalogueMessage());
    expect(result.current(catalogueMessages.categoryHasProducts)).toBe(catalogueMessages.categoryHasProducts);
    expect(result.current(contentMessages.helpRequired)).toBe('Help article title and description required');
    expect(result.current('Some text nobody translated')).toBe('Some text nobody translated');
    expect(result.current(undefined)).toBeUndefined();
  });

  it('prefers the server message of a 409 to the fallback', () => {
    const { result } = renderHook(() => useCatalogueError());
    expect(result.current(new ApiError(409, { message: catalogueMessages.brandHasProducts }), 'fallback')).toBe(catalogueMessages.brandHasProducts);
    expect(result.current(new ApiError(0, null), 'fallback')).toBe('fallback');
  });

  it('shows catalogue and content messages in French by their English text, not the English itself', async () => {
    i18n.addResourceBundle('fr', 'catalogue', fr, true, true);
    i18n.addResourceBundle('fr', 'content', frContent, true, true);
    await i18n.changeLanguage('fr');
    const { result: message } = renderHook(() => useCatalogueMessage());
    expect(message.current(catalogueMessages.categoryHasProducts)).toBe(fr.messages.categoryHasProducts);
    expect(message.current(catalogueMessages.categoryHasProducts)).not.toBe(catalogueMessages.categoryHasProducts);
    expect(message.current(contentMessages.helpRequired)).toBe(frContent.messages.helpRequired);
    const { result: errorText } = renderHook(() => useCatalogueError());
    expect(errorText.current(new ApiError(409, { message: catalogueMessages.brandHasProducts }), 'fallback')).toBe(fr.messages.brandHasProducts);
  });
});
