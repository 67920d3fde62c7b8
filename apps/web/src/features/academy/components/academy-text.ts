import { ACADEMY_IMAGE_MAX_BYTES, ACADEMY_IMAGE_TYPES } from '@meltway/shared/academy/limits';
import { academyMessages } from '@meltway/shared/academy/messages';
import type { FileRules } from '@/lib/file-check';

/** The course cover's and the authors' and certifications' pictures, checked before anything is sent (SPEC: 2MB). */
export const ACADEMY_IMAGE_RULES: FileRules = {
  types: ACADEMY_IMAGE_TYPES,
  maxBytes: ACADEMY_IMAGE_MAX_BYTES,
  typeMessage: academyMessages.imageOnly,
  sizeMessage: academyMessages.imageTooLarge,
};
