import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';
import { translateMessage } from '@/lib/server-message';

/** Texts this web app adds to the shared ones (SPEC's wording for its own form checks). */
export const webMessages = {
  fillAllFields: 'Please fill in all fields',
  enterEmail: 'Please enter your email',
} as const;

const webKeyByText = new Map<string, string>(Object.entries(webMessages).map(([key, text]) => [text, `accounts:web.${key}`]));

/** Validation messages come from the shared schemas in English; this shows them in the reader's language. */
export function useMessage() {
  const { t } = useTranslation(['accounts', 'common']);
  return useCallback(
    (text: string | undefined) => {
      if (!text) return undefined;
      const key = webKeyByText.get(text);
      return key ? t(key) : translateMessage(t, text);
    },
    [t],
  );
}
