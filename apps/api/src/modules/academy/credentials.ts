import { calculateJwkThumbprint, CompactSign, compactVerify, decodeProtectedHeader, errors as joseErrors, exportJWK, generateKeyPair, importJWK, type CryptoKey, type JWK } from 'jose';
import type { Db } from '../../db/client.js';
import { cachePerDatabase } from '../../lib/ttl-cache.js';
import * as repo from './certificates.repo.js';

/**
 * Open Badges 3.0 credentials: a W3C Verifiable Credential 2.0 of type OpenBadgeCredential, secured as a VC-JWT
 * (VC-JOSE-COSE: the JWT's payload is the credential itself, media type application/vc+jwt), signed with the
 * platform's Ed25519 key (EdDSA). The keys live in `signing_keys`; their public halves are published under
 * /.well-known/ (a JWKS and a did:web document). See docs/decisions/0017-credentials-as-vc-jwt.md.
 */

export const VC_JWT = 'application/vc+jwt';
export const CREDENTIAL_CONTEXTS = ['https://www.w3.org/ns/credentials/v2', 'https://purl.imsglobal.org/spec/ob/v3p0/context-3.0.3.json'] as const;
export const CREDENTIAL_TYPES = ['VerifiableCredential', 'OpenBadgeCredential'] as const;
const ALG = 'EdDSA';
const TYP = 'vc+jwt';
/** The issuer's name in every credential. */
export const ISSUER_NAME = 'Meltway Academy';

/** What a credential says, before it is signed. */
export type Credential = {
  '@context': readonly string[];
  id: string;
  type: readonly string[];
  issuer: { id: string; type: ['Profile']; name: string; url: string };
  validFrom: string;
  validUntil?: string;
  name: string;
  description: string;
  credentialSubject: {
    type: ['AchievementSubject'];
    name: string;
    identifier: { type: 'IdentityObject'; identityType: 'name'; hashed: false; identityHash: string }[];
    achievement: {
      id: string;
      type: ['Achievement'];
      achievementType: 'Certification';
      name: string;
      description: string;
      criteria: { narrative: string };
      tag?: string[];
    };
  };
};

/**
 * The platform's DID: did:web of PUBLIC_URL's host (a port's colon percent-encoded), whose document is
 * /.well-known/did.json there.
 */
export const issuerDid = (publicUrl: string) => `did:web:${encodeURIComponent(new URL(publicUrl).host)}`;

/** A public key as the JWKS and the DID document publish it. */
type PublicKey = { kid: string; jwk: JWK };
type SigningKey = { kid: string; key: CryptoKey };

/**
 * The signing key and the public keys, kept a minute per database: a key made or deleted by another process is
 * seen within that time (an unknown `kid` is read again at once).
 */
const KEPT_MS = 60_000;
const signingKeys = cachePerDatabase<SigningKey>('signing-key', KEPT_MS, 1);
const publicKeysRead = cachePerDatabase<PublicKey[]>('signing-public-keys', KEPT_MS, 1);

const publicJwk = (row: { id: string; publicJwk: Record<string, string> }): PublicKey => ({
  kid: row.id,
  jwk: { kty: row.publicJwk.kty, crv: row.publicJwk.crv, x: row.publicJwk.x, kid: row.id, alg: ALG, use: 'sig' },
});

/**
 * Makes an Ed25519 pair and stores it. Two processes making one at once store two keys: both are published and
 * verify what they signed, and both then sign with the newest one.
 */
async function makeKey(db: Db) {
  const pair = await generateKeyPair(ALG, { crv: 'Ed25519', extractable: true });
  const pub = await exportJWK(pair.publicKey);
  const priv = await exportJWK(pair.privateKey);
  const kid = await calculateJwkThumbprint(pub, 'sha256');
  await repo.insertSigningKey(db, { id: kid, publicJwk: { kty: pub.kty!, crv: pub.crv!, x: pub.x! }, privateJwk: { kty: priv.kty!, crv: priv.crv!, x: priv.x!, d: priv.d! } });
}

/** The key that signs: the newest row of `signing_keys`, made on first need. */
const signingKey = (db: Db) =>
  signingKeys(db).getOr('newest', async () => {
    let row = await repo.newestSigningKey(db);
    if (!row) {
      await makeKey(db);
      row = (await repo.newestSigningKey(db))!;
    }
    return { kid: row.id, key: (await importJWK(row.privateJwk, ALG)) as CryptoKey };
  });

/** Every stored public key, newest first (a key is made first when there is none, so the documents are never empty). */
export async function publicKeys(db: Db): Promise<PublicKey[]> {
  await signingKey(db);
  return publicKeysRead(db).getOr('all', async () => (await repo.publicSigningKeys(db)).map(publicJwk));
}

/** The public key of `kid`; the keys are read again when it is not among those kept. */
async function keyOf(db: Db, kid: string): Promise<JWK | undefined> {
  const kept = (await publicKeys(db)).find((k) => k.kid === kid);
  if (kept) return kept.jwk;
  const fresh = (await repo.publicSigningKeys(db)).map(publicJwk);
  publicKeysRead(db).set('all', fresh);
  return fresh.find((k) => k.kid === kid)?.jwk;
}

const seconds = (isoDate: string) => Math.floor(new Date(isoDate).getTime() / 1000);

/**
 * The credential as a VC-JWT, header { alg: EdDSA, typ: vc+jwt, kid }. The payload is the credential, with the
 * registered claims Open Badges 3.0 maps onto it (iss: the issuer, jti: the id, nbf: validFrom, exp: validUntil).
 */
export async function signCredential(db: Db, credential: Credential): Promise<string> {
  const { kid, key } = await signingKey(db);
  const claims = {
    ...credential,
    iss: credential.issuer.id,
    jti: credential.id,
    nbf: seconds(credential.validFrom),
    ...(credential.validUntil ? { exp: seconds(credential.validUntil) } : {}),
  };
  return new CompactSign(new TextEncoder().encode(JSON.stringify(claims))).setProtectedHeader({ alg: ALG, typ: TYP, kid }).sign(key);
}

/** Why a credential is not one of ours as we signed it. */
export const CREDENTIAL_REASONS = {
  malformed: 'The credential is not a well-formed VC-JWT',
  unsupported: 'The credential is not signed with EdDSA under a key id',
  unknownKey: 'The credential is signed by a key the platform does not have',
  badSignature: 'The signature does not match the credential: it was changed after it was signed',
  notOpenBadge: 'The credential is not an Open Badges 3.0 credential',
  unknownCertificate: 'No certificate of the platform matches this credential',
} as const;

type CheckedCredential =
  | { ok: true; certificateCode: string; validFrom: string; validUntil: string | null; achievement: string | null }
  | { ok: false; reason: string };

const failed = (reason: string): CheckedCredential => ({ ok: false, reason });
const isRecord = (v: unknown): v is Record<string, unknown> => !!v && typeof v === 'object' && !Array.isArray(v);
const listOf = (v: unknown) => (Array.isArray(v) ? v : [v]);

/**
 * Checks a VC-JWT: well formed, signed with EdDSA by one of the platform's keys, unchanged since, an Open Badges
 * 3.0 credential naming a certificate (its id, PUBLIC_URL/verify/<code>). Says nothing of the certificate's state.
 */
export async function checkCredential(db: Db, jwt: string): Promise<CheckedCredential> {
  if (!/^[\w-]+\.[\w-]+\.[\w-]+$/.test(jwt)) return failed(CREDENTIAL_REASONS.malformed);
  let header: ReturnType<typeof decodeProtectedHeader>;
  try {
    header = decodeProtectedHeader(jwt);
  } catch {
    return failed(CREDENTIAL_REASONS.malformed);
  }
  if (header.alg !== ALG || typeof header.kid !== 'string') return failed(CREDENTIAL_REASONS.unsupported);
  const jwk = await keyOf(db, header.kid);
  if (!jwk) return failed(CREDENTIAL_REASONS.unknownKey);
  let payload: unknown;
  try {
    const verified = await compactVerify(jwt, await importJWK(jwk, ALG), { algorithms: [ALG] });
    payload = JSON.parse(new TextDecoder().decode(verified.payload));
  } catch (err) {
    if (err instanceof joseErrors.JWSSignatureVerificationFailed) return failed(CREDENTIAL_REASONS.badSignature);
    if (err instanceof joseErrors.JOSEError || err instanceof SyntaxError) return failed(CREDENTIAL_REASONS.malformed);
    throw err;
  }
  if (!isRecord(payload)) return failed(CREDENTIAL_REASONS.notOpenBadge);
  const contexts = listOf(payload['@context']);
  const types = listOf(payload.type);
  if (!CREDENTIAL_CONTEXTS.every((c) => contexts.includes(c)) || !CREDENTIAL_TYPES.every((c) => types.includes(c))) return failed(CREDENTIAL_REASONS.notOpenBadge);
  const code = typeof payload.id === 'string' ? /\/verify\/([0-9A-Za-z-]{1,40})$/.exec(payload.id)?.[1] : undefined;
  if (!code || typeof payload.validFrom !== 'string') return failed(CREDENTIAL_REASONS.notOpenBadge);
  const subject = isRecord(payload.credentialSubject) ? payload.credentialSubject : {};
  const achievement = isRecord(subject.achievement) && typeof subject.achievement.name === 'string' ? subject.achievement.name : null;
  return {
    ok: true,
    certificateCode: code,
    validFrom: payload.validFrom,
    validUntil: typeof payload.validUntil === 'string' ? payload.validUntil : null,
    achievement,
  };
}
