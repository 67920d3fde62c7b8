import { SUBMISSION_EXTENSIONS, XLSX_MAX_ENTRIES, XLSX_MAX_UNPACKED_BYTES } from '@meltway/shared/academy/limits';
import { academyMessages as m } from '@meltway/shared/academy/messages';
import { FieldError } from '../../lib/errors.js';
import type { CheckedFile } from '../../lib/files.js';

/**
 * What a file handed in for /lms/assignment is, read from its bytes (its name only has to end in one
 * of the three extensions): an .xlsx is a zip whose central directory lists `[Content_Types].xml` and
 * `xl/` entries, within limits on the number of entries and on their unpacked size (nothing is unpacked:
 * the sizes the directory declares are added up, and a directory that cannot be read is refused); an
 * .xls is an OLE2 compound file; a .csv is UTF-8 text without NUL bytes.
 */

const OLE2 = [0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1];
const ZIP_LOCAL = 0x04034b50;
const ZIP_CENTRAL = 0x02014b50;
const ZIP_END = 0x06054b50;
/** An entry declaring more than this many times its packed size is a bomb, whatever the total. */
const MAX_RATIO = 1000;

export type SpreadsheetType = 'xlsx' | 'xls' | 'csv';

export class UnsafeZip extends Error {}

type ZipEntry = { name: string; packed: number; unpacked: number };

/** The entries a zip's central directory lists; throws UnsafeZip for anything it cannot read within the limits. */
export function zipEntries(bytes: Uint8Array, maxEntries = XLSX_MAX_ENTRIES): ZipEntry[] {
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  // The end record sits in the last 22 bytes plus a comment of at most 65,535.
  let end = -1;
  for (let i = bytes.byteLength - 22; i >= Math.max(0, bytes.byteLength - 22 - 0xffff); i--) {
    if (view.getUint32(i, true) === ZIP_END) {
      end = i;
      break;
    }
  }
  if (end < 0) throw new UnsafeZip('no end of central directory');
  const total = view.getUint16(end + 10, true);
  const size = view.getUint32(end + 12, true);
  const offset = view.getUint32(end + 16, true);
  // 0xFFFF / 0xFFFFFFFF: a zip64 archive, which no spreadsheet of 10 MB needs.
  if (total === 0xffff || size === 0xffffffff || offset === 0xffffffff) throw new UnsafeZip('zip64');
  if (total > maxEntries) throw new UnsafeZip('too many entries');
  if (offset + size > end) throw new UnsafeZip('central directory out of bounds');
  const entries: ZipEntry[] = [];
  let at = offset;
  for (let n = 0; n < total; n++) {
    if (at + 46 > end || view.getUint32(at, true) !== ZIP_CENTRAL) throw new UnsafeZip('bad central directory entry');
    const packed = view.getUint32(at + 20, true);
    const unpacked = view.getUint32(at + 24, true);
    const nameLength = view.getUint16(at + 28, true);
    const extraLength = view.getUint16(at + 30, true);
    const commentLength = view.getUint16(at + 32, true);
    if (packed === 0xffffffff || unpacked === 0xffffffff) throw new UnsafeZip('zip64 entry');
    if (at + 46 + nameLength > end) throw new UnsafeZip('name out of bounds');
    const name = new TextDecoder().decode(bytes.subarray(at + 46, at + 46 + nameLength));
    entries.push({ name, packed, unpacked });
    at += 46 + nameLength + extraLength + commentLength;
  }
  return entries;
}

/** Whether the zip's entries are a workbook within the limits (throws UnsafeZip when they are a bomb). */
export function checkXlsxEntries(entries: readonly ZipEntry[], maxUnpacked = XLSX_MAX_UNPACKED_BYTES): boolean {
  let unpacked = 0;
  for (const e of entries) {
    unpacked += e.unpacked;
    if (unpacked > maxUnpacked) throw new UnsafeZip('unpacks too large');
    if (e.unpacked > MAX_RATIO * Math.max(e.packed, 1) && e.unpacked > 1024 * 1024) throw new UnsafeZip('compression ratio');
  }
  return entries.some((e) => e.name === '[Content_Types].xml') && entries.some((e) => e.name.startsWith('xl/'));
}

const startsWith = (bytes: Uint8Array, sig: readonly number[]) => bytes.byteLength >= sig.length && sig.every((b, i) => bytes[i] === b);

function isCsv(bytes: Uint8Array): boolean {
  if (bytes.includes(0)) return false;
  try {
    new TextDecoder('utf-8', { fatal: true }).decode(bytes);
    return true;
  } catch {
    return false;
  }
}

/** The spreadsheet type of the bytes, or null; throws UnsafeZip for a zip too large to unpack safely. */
export function spreadsheetType(bytes: Uint8Array): SpreadsheetType | null {
  if (startsWith(bytes, OLE2)) return 'xls';
  if (bytes.byteLength >= 4 && new DataView(bytes.buffer, bytes.byteOffset, 4).getUint32(0, true) === ZIP_LOCAL) {
    return checkXlsxEntries(zipEntries(bytes)) ? 'xlsx' : null;
  }
  return isCsv(bytes) ? 'csv' : null;
}

const MIME: Record<SpreadsheetType, string> = {
  xlsx: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
  xls: 'application/vnd.ms-excel',
  csv: 'text/csv',
};
export const mimeOf = (type: string) => MIME[type as SpreadsheetType] ?? 'application/octet-stream';

/** The multipart form's check of the `file` field: a spreadsheet of an allowed name, by its bytes. */
export function checkSpreadsheet(bytes: Uint8Array, filename: string, field = 'file'): CheckedFile {
  const lower = filename.toLowerCase();
  if (!SUBMISSION_EXTENSIONS.some((ext) => lower.endsWith(ext))) throw new FieldError(field, m.submissionType);
  if (!bytes.byteLength) throw new FieldError(field, m.submissionFileRequired);
  let type: SpreadsheetType | null;
  try {
    type = spreadsheetType(bytes);
  } catch (err) {
    if (err instanceof UnsafeZip) throw new FieldError(field, m.submissionUnsafe);
    throw err;
  }
  if (!type) throw new FieldError(field, m.submissionType);
  return { bytes, mime: MIME[type], ext: type };
}
