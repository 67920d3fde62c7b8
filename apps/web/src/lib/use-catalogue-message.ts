import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';
import { catalogueMessages } from '@meltway/shared/catalogue/messages';
import { contentMessages } from '@meltway/shared/content/messages';
import { ApiError } from '@/lib/api-client';
import { translateMessage } from '@/lib/server-message';

// Catalogue texts first: uploads anywhere (help articles too) answer with the catalogue's image messages.
const keyByText = new Map<string, string>([
  ...Object.entries(contentMessages).map(([key, text]) => [text, `content:messages.${key}`] as const),
  ...Object.entries(catalogueMessages).map(([key, text]) => [text, `catalogue:messages.${key}`] as const),
]);

/** Catalogue and content messages arrive in English (shared schemas, API); this shows them in the reader's language. */
export function useCatalogueMessage() {
  const { t } = useTranslation(['catalogue', 'content', 'accounts', 'common']);
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
export function useCatalogueError() {
  const message = useCatalogueMessage();
  return useCallback(
    (error: unknown, fallback: string) =>
      error instanceof ApiError && error.serverMessage ? (message(error.serverMessage) ?? fallback) : fallback,
    [message],
  );
}
