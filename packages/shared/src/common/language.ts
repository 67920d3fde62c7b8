/**
 * The product's two languages, English and French (Canada): of its pages (English at `/…`, French under `/fr`),
 * of its content (a French text beside each English one), and of what the server writes (mails, PDFs).
 */
export const LANGUAGES = ['en', 'fr'] as const;
export type Language = (typeof LANGUAGES)[number];

export const isLanguage = (value: unknown): value is Language => LANGUAGES.includes(value as Language);
