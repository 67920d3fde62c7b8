/**
 * How much of a request body a route reads. Every route gets DEFAULT_BODY_LIMIT unless it declares its own
 * `bodyLimit`, derived from what its schema accepts, so an honest body always fits and nothing larger is
 * read: Fastify refuses a larger one with 413 from its Content-Length, before reading, or as soon as a
 * chunked one passes the limit. Multipart uploads are not read this way (plugins/uploads.ts has their limits).
 */
export const KB = 1024;

/** Sign-ins, tokens, approvals, cart lines, addresses: any form of short fields. */
export const DEFAULT_BODY_LIMIT = 16 * KB;

/**
 * Bodies above this (or of unknown length, on a route that allows more) are large: they are read a few at
 * a time (plugins/body-limits.ts).
 */
export const LARGE_BODY = 64 * KB;

/**
 * The most bytes a client's JSON.stringify writes for strings of at most these lengths (in UTF-16 units,
 * as zod counts them): 3 bytes a unit in UTF-8 (a surrogate pair takes 4 for 2), 2 for an escaped line
 * break or tab, and the quotes.
 */
export const jsonTextBytes = (...maxLengths: number[]) => maxLengths.reduce((sum, n) => sum + 3 * n + 2, 0);

/** A JSON form of these texts and what surrounds them (keys, numbers, punctuation: 1 KB); never below the default. */
export const textBodyLimit = (...maxLengths: number[]) => Math.max(DEFAULT_BODY_LIMIT, jsonTextBytes(...maxLengths) + KB);
