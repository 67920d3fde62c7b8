import { z } from 'zod';
import { AuthorInput, AuthorUpdate } from '@meltway/shared/academy/author.schema';
import { CertificationInput, CertificationUpdate } from '@meltway/shared/academy/certification.schema';
import { DocInput } from '@meltway/shared/academy/doc.schema';
import { AddStudentInput, SubmissionInput } from '@meltway/shared/academy/learning.schema';
import { BrandInput, BrandUpdate } from '@meltway/shared/catalogue/brand.schema';
import { CategoryInput, CategoryUpdate } from '@meltway/shared/catalogue/category.schema';
import { FaqInput, FaqUpdate } from '@meltway/shared/content/faq.schema';
import { HelpArticleInput, HelpArticleUpdate } from '@meltway/shared/content/help.schema';
import type { Schema } from './openapi.js';

/**
 * The upload routes read their fields in the handler (multipart, or JSON for clients without files), so the
 * OpenAPI document has no body for them: their form's shared schema, written as JSON Schema here, stands in.
 * Routes whose form has files only have null (an empty form). The bad-input test uses the same map.
 */
export const UPLOAD_FORMS: Record<string, z.ZodType | null> = {
  'POST /api/v1/categories': CategoryInput,
  'PUT /api/v1/categories/:id': CategoryUpdate,
  'POST /api/v1/brands': BrandInput,
  'PUT /api/v1/brands/:id': BrandUpdate,
  'POST /api/v1/products/:id/images': null,
  'POST /api/v1/helpcenter': HelpArticleInput,
  'PUT /api/v1/helpcenter/:id': HelpArticleUpdate,
  'POST /api/v1/faq': FaqInput,
  'PUT /api/v1/faq/:id': FaqUpdate,
  'POST /api/v1/authors': AuthorInput,
  'PUT /api/v1/authors/:id': AuthorUpdate,
  'POST /api/v1/docs': DocInput,
  'POST /api/v1/certifications': CertificationInput,
  'PUT /api/v1/certifications/:id': CertificationUpdate,
  'POST /api/v1/assignment-submissions': SubmissionInput,
  'POST /api/v1/students': AddStudentInput,
  'POST /api/v1/designs/:id/photos': null,
};

/** The routes that take multipart, by `METHOD /path/:param`. */
export const UPLOAD_ROUTES = Object.keys(UPLOAD_FORMS);

/** The JSON Schema of an upload route's form fields. */
export const formSchemaOf = (route: string): Schema | undefined => {
  const form = UPLOAD_FORMS[route];
  if (form === undefined) return undefined;
  return z.toJSONSchema(form ?? z.object({}), { io: 'input', unrepresentable: 'any' }) as Schema;
};
