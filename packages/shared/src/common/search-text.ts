/**
 * The text a search compares: lower case, accents removed (é → e, ç → c, œ → oe), anything but
 * letters and digits turned into single spaces. The server stores it per course and turns the query
 * through the same function, so "Déneigement" and "deneigement" meet; the help centre filters with it
 * in the browser. No zod here: pages that only search need none of the schemas.
 */
export function searchableText(...parts: (string | null | undefined)[]): string {
  return parts
    .filter((p): p is string => !!p)
    .join(' ')
    .normalize('NFKD')
    .replace(/\p{M}+/gu, '')
    .replace(/œ/gi, 'oe')
    .replace(/æ/gi, 'ae')
    .replace(/ß/g, 'ss')
    .toLowerCase()
    .replace(/[^\p{L}\p{N}]+/gu, ' ')
    .trim();
}
