import { SignJWT, jwtVerify, errors as joseErrors } from 'jose';
import { ACCESS_TOKEN_TTL_SECONDS } from '@meltway/shared/accounts/auth.schema';
import type { Role } from '@meltway/shared/accounts/roles';

const ISSUER = 'meltway';
const AUDIENCE = 'meltway-api';
const TYPE = 'at+jwt';

/** `ver`: the user's token version (a password reset ends every token); `sid`: the sign-in (refresh token family) it belongs to. */
type AccessClaims = { sub: string; role: Role; ver: number; sid: string };

export type AccessTokens = {
  sign(claims: AccessClaims, now?: Date): Promise<string>;
  /** Returns the claims, or null for any token that is not a valid, unexpired access token of ours. */
  verify(token: string): Promise<AccessClaims | null>;
};

/** Tokens already verified, kept until they expire: each signed-in request would otherwise redo the HMAC. */
const VERIFIED_MAX = 10_000;

/** `clock` decides when a token has expired; the app passes its own so that tests can move time. */
export function accessTokens(secret: string, clock: () => Date = () => new Date()): AccessTokens {
  const key = new TextEncoder().encode(secret);
  // A token's signature and claims never change, so a verified one stays valid until its expiry.
  const verified = new Map<string, { claims: AccessClaims; expiresAt: number }>();
  return {
    async sign({ sub, role, ver, sid }, now = new Date()) {
      const iat = Math.floor(now.getTime() / 1000);
      return new SignJWT({ role, ver, sid })
        .setProtectedHeader({ alg: 'HS256', typ: TYPE })
        .setSubject(sub)
        .setIssuer(ISSUER)
        .setAudience(AUDIENCE)
        .setIssuedAt(iat)
        .setExpirationTime(iat + ACCESS_TOKEN_TTL_SECONDS)
        .sign(key);
    },
    async verify(token) {
      const known = verified.get(token);
      if (known) {
        if (known.expiresAt > clock().getTime()) return known.claims;
        verified.delete(token);
      }
      try {
        const { payload } = await jwtVerify(token, key, {
          algorithms: ['HS256'],
          currentDate: clock(),
          issuer: ISSUER,
          audience: AUDIENCE,
          typ: TYPE,
          requiredClaims: ['sub', 'exp', 'iat'],
        });
        const { sub, role, ver, sid } = payload;
        if (typeof sub !== 'string' || typeof role !== 'string' || typeof ver !== 'number' || typeof sid !== 'string') return null;
        const claims: AccessClaims = { sub, role: role as Role, ver, sid };
        if (verified.size >= VERIFIED_MAX) verified.delete(verified.keys().next().value!);
        verified.set(token, { claims, expiresAt: payload.exp! * 1000 });
        return claims;
      } catch (err) {
        if (err instanceof joseErrors.JOSEError) return null;
        throw err;
      }
    },
  };
}
