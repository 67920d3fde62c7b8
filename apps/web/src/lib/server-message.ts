import type { TFunction } from 'i18next';
import { accountsMessages } from '@meltway/shared/accounts/messages';
import { ApiError, GENERIC_ERROR } from './api-client';

// The API answers in English; the web shows the same text in the reader's language, found by key.
const keyByText = new Map<string, string>(
  Object.entries(accountsMessages).map(([key, text]) => [text, `accounts:messages.${key}`]),
);
keyByText.set(GENERIC_ERROR, 'common:errors.generic');

export function translateMessage(t: TFunction, text: string): string {
  const key = keyByText.get(text);
  return key ? t(key, { defaultValue: text }) : text;
}

/** The server's message when it sent one, else the caller's fallback, in the reader's language. */
export function errorMessage(t: TFunction, error: unknown, fallback: string): string {
  if (error instanceof ApiError && error.serverMessage) return translateMessage(t, error.serverMessage);
  return fallback;
}
