import { ACADEMY_IMAGE_MAX_BYTES } from '@meltway/shared/academy/limits';
import { academyMessages } from '@meltway/shared/academy/messages';

/** The cover and author pictures' size limit, checked before anything is sent (SPEC: 2MB). */
export const COVER_MAX_BYTES = ACADEMY_IMAGE_MAX_BYTES;

/** The shared texts the dashboard shows from its own checks. */
export const academyText = {
  onlyImages: academyMessages.imageOnly,
  imageTooLarge: academyMessages.imageTooLarge,
  onlyPdf: academyMessages.docType,
} as const;
