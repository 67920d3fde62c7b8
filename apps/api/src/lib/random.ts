import { createHash, randomBytes } from 'node:crypto';

/** An opaque secret for links and refresh tokens: 256 random bits, URL-safe. */
export const newSecretToken = () => randomBytes(32).toString('base64url');

/** Tokens are stored only as their SHA-256, so a database leak gives no usable token. */
export const hashToken = (token: string) => createHash('sha256').update(token).digest('base64url');

/** A readable random password for generated accounts (printed once). */
export const newRandomPassword = () => `${randomBytes(12).toString('base64url')}aA1`;
