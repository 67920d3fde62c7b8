import { ACADEMY_IMAGE_MAX_BYTES, ACADEMY_IMAGE_TYPES } from '@meltway/shared/academy/limits';
import { AcademyIdParams, AcademyListQuery } from '@meltway/shared/academy/common';
import { academyMessages as m } from '@meltway/shared/academy/messages';
import { ErrorBody } from '@meltway/shared/common/errors';
import type { FormSpec } from '../../plugins/uploads.js';

/** Error answers the academy's routes declare. */
export const errors = { 400: ErrorBody, 401: ErrorBody, 403: ErrorBody, 404: ErrorBody, 409: ErrorBody };
export const uploadErrors = { ...errors, 413: ErrorBody, 415: ErrorBody };
/** The one picture an author or a certification may carry. */
export const imageForm: FormSpec = {
  fileFields: ['image'],
  maxFiles: 1,
  allowed: ACADEMY_IMAGE_TYPES,
  maxBytes: ACADEMY_IMAGE_MAX_BYTES,
  typeMessage: m.imageOnly,
  sizeMessage: m.imageTooLarge,
};
export const params = AcademyIdParams;
export const querystring = AcademyListQuery;
