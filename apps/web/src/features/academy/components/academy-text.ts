import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';
import { ACADEMY_IMAGE_MAX_BYTES, ACADEMY_IMAGE_TYPES } from '@meltway/shared/academy/limits';
import { academyMessages } from '@meltway/shared/academy/messages';
import type { FileRules } from '@/lib/file-check';
import { translateMessage } from '@/lib/server-message';

/** The course cover's and the authors' and certifications' pictures, checked before anything is sent (SPEC: 2MB). */
export const ACADEMY_IMAGE_RULES: FileRules = {
  types: ACADEMY_IMAGE_TYPES,
  maxBytes: ACADEMY_IMAGE_MAX_BYTES,
  typeMessage: academyMessages.imageOnly,
  sizeMessage: academyMessages.imageTooLarge,
};

/** The shared texts the dashboard shows from its own checks. */
export const academyText = {
  onlyPdf: academyMessages.docType,
} as const;

const keyByText = new Map<string, string>(Object.entries(academyMessages).map(([key, text]) => [text, `academy:messages.${key}`]));

/** A message from the shared schemas or the server, in the reader's language. */
export function useAcademyMessage() {
  const { t } = useTranslation(['academy', 'accounts', 'common']);
  return useCallback(
    (text: string | undefined) => {
      if (!text) return undefined;
      const key = keyByText.get(text);
      return key ? t(key) : translateMessage(t, text);
    },
    [t],
  );
}
