/** Longest media type a data URL may name (`image/png`, `application/pdf`, ...). */
export const DATA_URL_MEDIA_TYPE_MAX_LENGTH = 100;

/** Characters of base64 that `bytes` take: 4 for every 3 bytes, the last group padded. */
export const base64Length = (bytes: number) => 4 * Math.ceil(bytes / 3);

/** Characters after the comma of a data URL (its data). */
export const dataUrlPayloadLength = (dataUrl: string) => dataUrl.length - dataUrl.indexOf(',') - 1;

/**
 * Longest `data:<type>;base64,<data>` URL of a file of at most `bytes`: base64 writes 4 characters for
 * every 3 bytes (the last group padded), after a header of at most `data:` + the type + `;base64,`.
 */
export const dataUrlMaxLength = (bytes: number) => 'data:'.length + DATA_URL_MEDIA_TYPE_MAX_LENGTH + ';base64,'.length + base64Length(bytes);
