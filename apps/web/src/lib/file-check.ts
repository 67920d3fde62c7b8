import { IMAGE_MAX_BYTES, IMAGE_TYPES } from '@meltway/shared/catalogue/limits';
import { catalogueMessages } from '@meltway/shared/catalogue/messages';

/** What a chosen file may be, checked before it is sent; the server still decides from the bytes. */
export type FileRules = {
  /** The types allowed; absent, any image. */
  types?: readonly string[];
  maxBytes: number;
  /** The shared messages of a file of the wrong type and of one too large. */
  typeMessage: string;
  sizeMessage: string;
};

const TYPE_BY_EXTENSION: Record<string, string> = {
  pdf: 'application/pdf',
  png: 'image/png',
  jpg: 'image/jpeg',
  jpeg: 'image/jpeg',
  webp: 'image/webp',
  gif: 'image/gif',
};

/** Some systems report no type for a file; its extension then decides. */
function fileType(file: File): string {
  if (file.type) return file.type;
  return TYPE_BY_EXTENSION[file.name.split('.').pop()?.toLowerCase() ?? ''] ?? '';
}

/** The shared message of what is wrong with `file`, if anything. */
export function checkFile(file: File, rules: FileRules): string | undefined {
  const type = fileType(file);
  const allowed = rules.types ? rules.types.includes(type) : type.startsWith('image/');
  if (!allowed) return rules.typeMessage;
  if (file.size > rules.maxBytes) return rules.sizeMessage;
  return undefined;
}

/** The file input's `accept` for these rules. */
export const acceptOf = (rules: FileRules) => (rules.types ? rules.types.join(',') : 'image/*');

/** The shop's and help centre's pictures (categories, brands, products, help articles). */
export const STORE_IMAGE_RULES: FileRules = {
  types: IMAGE_TYPES,
  maxBytes: IMAGE_MAX_BYTES,
  typeMessage: catalogueMessages.imageType,
  sizeMessage: catalogueMessages.imageTooLarge,
};
