import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';
import { contentMessages } from '@meltway/shared/content/messages';
import { ApiError } from '@/lib/api-client';
import { translateMessage } from '@/lib/server-message';

const keyByText = new Map<string, string>(Object.entries(contentMessages).map(([key, text]) => [text, `content:messages.${key}`]));

/** Content messages arrive in English (shared schemas, API); this shows them in the reader's language. */
export function useContentMessage() {
  const { t } = useTranslation(['content', 'accounts', 'common']);
  return useCallback(
    (text: string | undefined) => {
      if (!text) return undefined;
      const key = keyByText.get(text);
      return key ? t(key) : translateMessage(t, text);
    },
    [t],
  );
}

/** The server's message in the reader's language when it sent one, else the fallback. */
export function useContentError() {
  const message = useContentMessage();
  return useCallback(
    (error: unknown, fallback: string) => (error instanceof ApiError && error.serverMessage ? (message(error.serverMessage) ?? fallback) : fallback),
    [message],
  );
}
