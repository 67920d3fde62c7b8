import { useCallback, useMemo } from 'react';
import type { TFunction } from 'i18next';
import { codeOf } from '@meltway/shared/common/message-codes';
import { ApiError } from '@/lib/api-client';
import { errorText, useMessageT } from '@/lib/error-text';
import { fieldText } from '@/lib/field-text';
import { designMessageText } from './engine-text';

type Params = Record<string, string | number>;

/**
 * A message in the reader's language: a design code (`design.voltageUnsupported`) from the design
 * namespace, with its params written the reader's way; any other code through the app's shared messages.
 * Without a code, the code of the English text is looked up. The English is the fallback.
 */
function designMessage(t: TFunction, language: string, text: string, givenCode?: string, params: Params = {}): string {
  const code: string | undefined = givenCode ?? codeOf(text);
  if (code?.startsWith('design.')) return designMessageText(t, code.slice('design.'.length), params, text, language);
  return fieldText(t, text) ?? text;
}

/** What went wrong with a request, in the reader's language, design codes included. */
function designErrorText(t: TFunction, language: string, error: unknown, fallback: string): string {
  if (error instanceof ApiError && error.code.startsWith('design.') && error.status !== 0) {
    const params = error.params ?? error.issues.find((i) => i.code === error.code)?.params;
    return designMessage(t, language, error.serverMessage ?? fallback, error.code, params);
  }
  return errorText(t, error, fallback);
}

/** `designMessage` and `designErrorText` bound to the reader's language. */
export function useDesignMessages() {
  const { t, i18n } = useMessageT('design');
  const language = i18n.language;
  const message = useCallback((text: string, code?: string, params?: Params) => designMessage(t, language, text, code, params), [t, language]);
  const error = useCallback((failure: unknown, fallback: string) => designErrorText(t, language, failure, fallback), [t, language]);
  return useMemo(() => ({ message, error }), [message, error]);
}
