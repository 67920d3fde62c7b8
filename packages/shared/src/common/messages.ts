/**
 * Messages that belong to no domain: what the API says when a request fails before any rule of a
 * domain is reached (a malformed body, an unknown route, a server fault). English here; the web
 * translates them by code (`common.<key>`).
 */
export const commonMessages = {
  generic: 'Something went wrong',
  invalidRequest: 'Invalid request',
  invalidValue: 'Invalid value',
  notFound: 'Not found',
  payloadTooLarge: 'The request is too large',
  unsupportedMediaType: 'This type of content is not accepted',
  rateLimited: 'Too many requests. Please try again later',
  busy: 'The server is busy. Please try again in a moment',
  unavailable: 'Database unavailable',
  invalidFormField: 'Invalid form field name',
  unexpectedFileField: 'Unexpected file field "{field}"',
  controlCharacters: 'Control characters are not allowed in this field',
  formUnreadable: 'The form data could not be read',
  langInvalid: 'Language must be en or fr',
  frenchTooLong120: 'The French text can have at most 120 characters',
  frenchTooLong200: 'The French text can have at most 200 characters',
  frenchTooLong500: 'The French text can have at most 500 characters',
  frenchTooLong5000: 'The French text can have at most 5,000 characters',
  frenchTooLong20000: 'The French text can have at most 20,000 characters',
  frenchTooLong50000: 'The French text can have at most 50,000 characters',
} as const;
