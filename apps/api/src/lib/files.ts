import { fileTypeFromBuffer } from 'file-type';
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

/** Decodes a `data:<mime>;base64,...` URL; the declared mime is ignored in favour of the bytes. */
export function decodeDataUrl(dataUrl: string, field: string, message: string): Uint8Array {
  const m = /^data:[\w.+/-]+;base64,([A-Za-z0-9+/=\s]+)$/.exec(dataUrl);
  if (!m?.[1]) throw new FieldError(field, message);
  return new Uint8Array(Buffer.from(m[1], 'base64'));
}
