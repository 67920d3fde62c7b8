import { useCallback } from 'react';
import type { TFunction } from 'i18next';
import { codeOf } from '@meltway/shared/common/message-codes';
import { codeText, useMessageT } from './error-text';

/**
 * A form field's error in the reader's language. The shared schemas' checks give the shared English text;
 * its code comes from the shared catalogue of messages. A message already translated (the server's issues
 * are put on fields in the reader's language) or not one of ours is shown as it is.
 */
export function fieldText(t: TFunction, message: string | undefined): string | undefined {
  if (!message) return undefined;
  return codeText(t, codeOf(message), undefined, message);
}

/** `fieldText` bound to the reader's language. */
export function useFieldText() {
  const { t } = useMessageT();
  return useCallback((message: string | undefined) => fieldText(t, message), [t]);
}
