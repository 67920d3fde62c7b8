import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';
import { commerceMessages } from '@meltway/shared/commerce/messages';
import { ApiError } from '@/lib/api-client';

const keyByText = new Map<string, string>(Object.entries(commerceMessages).map(([key, text]) => [text, key]));
const stockPattern = new RegExp(`^${commerceMessages.notEnoughStock.replace('{stock}', '(\\d+)')}$`);

/** Cart errors arrive in English from the API (or its field issues); this shows them in the reader's language. */
export function useCartError() {
  const { t } = useTranslation('commerce');
  return useCallback(
    (error: unknown, fallback: string) => {
      if (!(error instanceof ApiError)) return fallback;
      const text = error.issues[0]?.message ?? error.serverMessage;
      if (!text) return fallback;
      const stock = stockPattern.exec(text)?.[1];
      if (stock) return t('messages.notEnoughStock', { stock });
      const key = keyByText.get(text);
      return key ? t(`messages.${key}`) : text;
    },
    [t],
  );
}
