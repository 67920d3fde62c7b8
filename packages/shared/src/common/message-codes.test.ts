import { describe, expect, it } from 'vitest';
import { accountsMessages } from '../accounts/messages.js';
import { catalogueMessages } from '../catalogue/messages.js';
import { commerceMessages } from '../cart-checkout/messages.js';
import { codeOf, formatMessage, MESSAGES, textOf } from './message-codes.js';

describe('message codes', () => {
  it('gives each text the code of its domain and key', () => {
    expect(codeOf(accountsMessages.passwordsDoNotMatch)).toBe('accounts.passwordsDoNotMatch');
    expect(codeOf(catalogueMessages.skuTaken)).toBe('catalogue.skuTaken');
    expect(codeOf(commerceMessages.notEnoughStock)).toBe('commerce.notEnoughStock');
    expect(codeOf('already linked to course')).toBe('academy.alreadyLinked');
    expect(codeOf('Something went wrong')).toBe('common.generic');
    expect(codeOf('Not one of ours')).toBeUndefined();
  });

  it('gives a text several domains share the code of the first domain that has it', () => {
    expect(catalogueMessages.nameRequired).toBe(accountsMessages.nameRequired);
    expect(codeOf(catalogueMessages.nameRequired)).toBe('accounts.nameRequired');
    expect(codeOf(commerceMessages.productNotFound)).toBe('catalogue.productNotFound');
  });

  it('finds every text back from its code, and every code from its text', () => {
    let count = 0;
    for (const [domain, messages] of Object.entries(MESSAGES)) {
      for (const [key, text] of Object.entries(messages)) {
        const code = `${domain}.${key}`;
        expect(textOf(code)).toBe(text);
        // The owner of a shared text has the same text, so translating either code reads the same.
        expect(textOf(codeOf(text)!)).toBe(text);
        count += 1;
      }
    }
    expect(count).toBeGreaterThan(190);
    expect(textOf('nowhere.nothing')).toBeUndefined();
    expect(textOf('accounts.nothing')).toBeUndefined();
  });

  it('fills placeholders and leaves unknown ones as they are', () => {
    expect(formatMessage(commerceMessages.notEnoughStock, { stock: 3 })).toBe('Not enough stock: only 3 left');
    expect(formatMessage('{a} and {b}', { a: 1 })).toBe('1 and {b}');
    expect(formatMessage('no placeholder')).toBe('no placeholder');
  });
});
