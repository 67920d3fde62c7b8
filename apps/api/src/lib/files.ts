import { fileTypeFromBuffer } from 'file-type';
import { DATA_URL_MEDIA_TYPE_MAX_LENGTH } from '@meltway/shared/common/data-url';
import { FieldError, PayloadTooLargeError } from './errors.js';

export type CheckedFile = { bytes: Uint8Array; mime: string; ext: string };
/** A checked file as a form sent it: which field, under which name. */
export type UploadedFile = CheckedFile & { field: string; filename: string };

const EXT: Record<string, string> = {
  'application/pdf': 'pdf',
  'image/jpeg': 'jpg',
  'image/png': 'png',
  'image/webp': 'webp',
  'image/gif': 'gif',
};

/**
 * Checks a file by its bytes, never by its name or declared type:
 * the type must be one of `allowed` and the size at most `maxBytes`.
 */
export async function checkFile(
  bytes: Uint8Array,
  opts: { allowed: readonly string[]; maxBytes: number; field: string; typeMessage: string; sizeMessage: string },
): Promise<CheckedFile> {
  if (bytes.byteLength > opts.maxBytes) throw new PayloadTooLargeError(opts.sizeMessage);
  const detected = await fileTypeFromBuffer(bytes);
  if (!detected || !opts.allowed.includes(detected.mime) || !EXT[detected.mime]) throw new FieldError(opts.field, opts.typeMessage);
  return { bytes, mime: detected.mime, ext: EXT[detected.mime]! };
}

const DATA_URL_HEADER = new RegExp(`^data:[\\w.+/-]{1,${DATA_URL_MEDIA_TYPE_MAX_LENGTH}};base64,`);
/**
 * A character base64 does not write. The data is searched for one rather than matched whole: a pattern
 * matched over megabytes backtracks through all of them, and V8 refused a 5 MB file's with a RangeError
 * (a 500) once the process had served a while.
 */
const NOT_BASE64 = /[^A-Za-z0-9+/=\s]/;

/** Decodes a `data:<mime>;base64,...` URL; the declared mime is ignored in favour of the bytes. */
export function decodeDataUrl(dataUrl: string, field: string, message: string): Uint8Array {
  const header = DATA_URL_HEADER.exec(dataUrl);
  const data = header ? dataUrl.slice(header[0].length) : '';
  if (!data || NOT_BASE64.test(data)) throw new FieldError(field, message);
  return new Uint8Array(Buffer.from(data, 'base64'));
}
