import multipart from '@fastify/multipart';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { z } from 'zod';
import { IMAGE_MAX_BYTES, IMAGE_TYPES, UPLOAD_MAX_FILES } from '@meltway/shared/catalogue/limits';
import { catalogueMessages as cm } from '@meltway/shared/catalogue/messages';
import { commonMessages } from '@meltway/shared/common/messages';
import { AppError, BadRequestError, FieldError, PayloadTooLargeError, UnsupportedMediaTypeError, ValidationError } from '../lib/errors.js';
import { checkFile, type CheckedFile, type UploadedFile } from '../lib/files.js';

/**
 * Multipart requests bypass Fastify's bodyLimit, so every dimension is bounded here:
 * one file, the number of files, the number and size of plain fields, and the parts in all.
 */
const UPLOAD_LIMITS = {
  fileSize: IMAGE_MAX_BYTES,
  files: UPLOAD_MAX_FILES,
  fields: 40,
  fieldSize: 64 * 1024,
  parts: UPLOAD_MAX_FILES + 40,
  headerPairs: 200,
} as const;

/** Registers multipart parsing for the whole app, with the limits above. */
export async function registerUploads(app: FastifyInstance) {
  await app.register(multipart, { limits: UPLOAD_LIMITS, throwFileSizeLimit: true });
}

export type Form = {
  /** Plain fields as sent (strings from multipart, any JSON value from a JSON body). */
  fields: Record<string, unknown>;
  /** Files whose bytes passed the type check, in the order sent. */
  files: UploadedFile[];
};

export type FormSpec = {
  /** Names of the file fields the route accepts; a file under any other name is refused. */
  fileFields: readonly string[];
  maxFiles?: number;
  allowed?: readonly string[];
  typeMessage?: string;
  sizeMessage?: string;
  /** A larger limit than the images' for this route's files (PDF documents); multipart reads at most this much. */
  maxBytes?: number;
  /** A check of the bytes of its own, for types the shared detection does not know (spreadsheets, text); replaces `allowed`. */
  checkBytes?: (bytes: Uint8Array, filename: string, field: string) => CheckedFile | Promise<CheckedFile>;
  /** Answer a file of the wrong type with 415 instead of a 400 field error. */
  wrongTypeIs415?: boolean;
};

/**
 * What reading a multipart body can fail with. Past our own refusals and the limits, every failure is
 * the body's: busboy's plain errors ("Boundary not found" for a Content-Type without one, "Unexpected
 * end of multipart data" for a cut body) carry no status and would otherwise be answered 500.
 */
const multipartError = (err: unknown, spec: FormSpec) => {
  if (err instanceof AppError) return err;
  const code = (err as { code?: string }).code;
  if (code === 'FST_REQ_FILE_TOO_LARGE') return new PayloadTooLargeError(spec.sizeMessage ?? cm.imageTooLarge);
  if (code === 'FST_FILES_LIMIT' || code === 'FST_PARTS_LIMIT' || code === 'FST_FIELDS_LIMIT') return new PayloadTooLargeError(cm.tooManyFiles);
  if (code === 'FST_PROTO_VIOLATION') return new BadRequestError(commonMessages.invalidFormField);
  return new BadRequestError(commonMessages.formUnreadable);
};

/**
 * Reads a multipart form (or a JSON body, for clients without files) into fields and files.
 * Every file is checked by its bytes, never by its name or declared type; nothing is stored yet,
 * so a form that fails validation leaves no file behind.
 */
export async function readForm(request: FastifyRequest, spec: FormSpec): Promise<Form> {
  if (!request.isMultipart()) {
    const body = request.body;
    return { fields: body && typeof body === 'object' && !Array.isArray(body) ? { ...(body as Record<string, unknown>) } : {}, files: [] };
  }
  const fields: Record<string, unknown> = {};
  const raw: { field: string; filename: string; bytes: Uint8Array }[] = [];
  try {
    for await (const part of request.parts(spec.maxBytes ? { limits: { fileSize: spec.maxBytes } } : undefined)) {
      if (part.type === 'file') {
        const bytes = await part.toBuffer();
        // A browser sends an empty part for a file input left empty.
        if (!bytes.byteLength && !part.filename) continue;
        if (!spec.fileFields.includes(part.fieldname)) throw new BadRequestError(commonMessages.unexpectedFileField, { params: { field: part.fieldname }, path: part.fieldname });
        raw.push({ field: part.fieldname, filename: part.filename, bytes: new Uint8Array(bytes) });
      } else {
        fields[part.fieldname] = part.value;
      }
    }
  } catch (err) {
    throw multipartError(err, spec);
  }
  if (raw.length > (spec.maxFiles ?? UPLOAD_MAX_FILES)) throw new PayloadTooLargeError(cm.tooManyFiles);
  const files: UploadedFile[] = [];
  for (const f of raw) {
    if (spec.checkBytes) {
      if (f.bytes.byteLength > (spec.maxBytes ?? UPLOAD_LIMITS.fileSize)) throw new PayloadTooLargeError(spec.sizeMessage ?? cm.imageTooLarge);
      files.push({ ...(await spec.checkBytes(f.bytes, f.filename, f.field)), field: f.field, filename: f.filename });
      continue;
    }
    const checked = await checkFile(f.bytes, {
      allowed: spec.allowed ?? IMAGE_TYPES,
      maxBytes: spec.maxBytes ?? UPLOAD_LIMITS.fileSize,
      field: f.field,
      typeMessage: spec.typeMessage ?? cm.imageType,
      sizeMessage: spec.sizeMessage ?? cm.imageTooLarge,
    }).catch((err: unknown) => {
      throw spec.wrongTypeIs415 && err instanceof FieldError ? new UnsupportedMediaTypeError(spec.typeMessage ?? cm.imageType, f.field) : err;
    });
    files.push({ ...checked, field: f.field, filename: f.filename });
  }
  return { fields, files };
}

/** Validates form fields with a shared schema; failures answer 400 like a JSON body would. */
export function parseFields<T extends z.ZodType>(schema: T, fields: Record<string, unknown>): z.output<T> {
  const parsed = schema.safeParse(fields);
  if (parsed.success) return parsed.data;
  const issues = parsed.error.issues.map((i) => ({ path: i.path.map(String).join('.'), message: i.message }));
  throw new ValidationError(issues);
}

/** The OpenAPI note of a route that takes multipart fields (validated in the handler, so no body schema here). */
export const multipartConsumes = ['multipart/form-data', 'application/json'];
