import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { calculateJwkThumbprint, CompactSign, createLocalJWKSet, decodeProtectedHeader, exportJWK, generateKeyPair, importJWK, jwtVerify, type JWK } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { academyMessages as m } from '@meltway/shared/academy/messages';
import { signingKeys } from '../../db/schema/academy.js';
import { issueCertificate, makeCertifiedCourse } from '../../test/certificate-fixtures.js';
import { buildApp } from '../../app.js';
import { actorOf, createTestApp, requester, type Session, type TestApp } from '../../test/harness.js';
import { findByCode } from './certificates.repo.js';
import { credentialOf } from './certificates.service.js';
import { CREDENTIAL_REASONS, signCredential } from './credentials.js';

const YEAR_MS = 365 * 24 * 60 * 60 * 1000;
const b64 = (s: string) => Buffer.from(s, 'base64url').toString('utf8');
const payloadOf = (jwt: string) => JSON.parse(b64(jwt.split('.')[1]!)) as Record<string, unknown> & { credentialSubject: Record<string, unknown> & { achievement: Record<string, unknown> } };

/** `jwt` with the base64url character at `index` of part `part` (0 header, 1 payload, 2 signature) swapped for another. */
function withCharChanged(jwt: string, part: 1 | 2, index: number) {
  const parts = jwt.split('.');
  const s = parts[part]!;
  const c = s[index]!;
  parts[part] = s.slice(0, index) + (c === 'A' ? 'B' : 'A') + s.slice(index + 1);
  return parts.join('.');
}

describe('certificates as Open Badges 3.0 credentials', () => {
  let t: TestApp;
  let admin: Session, dealer: Session, otherDealer: Session, contractor: Session, customer: Session;
  let course: Awaited<ReturnType<typeof makeCertifiedCourse>>;
  let code: string;
  let jwt: string;

  beforeAll(async () => {
    t = await createTestApp({ limits: { certificateVerifyPerIp: { max: 10_000, windowSeconds: 60 } } });
    admin = await actorOf(t, 'admin');
    dealer = await actorOf(t, 'dealer');
    otherDealer = await actorOf(t, 'dealer');
    contractor = await actorOf(t, 'contractor', { dealerId: dealer.user.id, fullname: 'Robin Installer' });
    customer = await actorOf(t, 'customer');
    course = await makeCertifiedCourse(t, admin.auth, { validityMonths: 24, skills: ['Slab preparation', 'Ground-fault testing'], passingScore: 80 });
    code = await issueCertificate(t, contractor.user.id, course.course.id, { score: 90 });
    const res = await req('GET', `/api/v1/certificates/${code}/credential`, contractor);
    expect(res.statusCode).toBe(200);
    jwt = res.body;
  });
  afterAll(() => t.close());

  const req = requester(() => t);
  const verify = (payload: unknown, contentType?: string) =>
    t.app.inject({ method: 'POST', url: '/api/v1/certificates/verify', ...(contentType ? { headers: { 'content-type': contentType } } : {}), payload: payload as never });

  describe('downloading', () => {
    it('answers the holder the credential as a VC-JWT file', async () => {
      const res = await req('GET', `/api/v1/certificates/${code}/credential`, contractor);
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-type']).toBe('application/vc+jwt');
      expect(res.headers['content-disposition']).toBe(`attachment; filename="certificate-${code}.jwt"`);
      expect(res.headers['cache-control']).toBe('private, no-store');
      expect(res.body).toMatch(/^[\w-]+\.[\w-]+\.[\w-]+$/);
      const header = decodeProtectedHeader(res.body);
      expect(header).toEqual({ alg: 'EdDSA', typ: 'vc+jwt', kid: expect.any(String) });
    });

    it('holds the Open Badges 3.0 credential: contexts, types, issuer, validity, holder and achievement', async () => {
      const [row] = await t.db.select().from(signingKeys);
      const cert = (await findByCode(t.db, code))!;
      const p = payloadOf(jwt);
      expect(p).toMatchObject({
        '@context': ['https://www.w3.org/ns/credentials/v2', 'https://purl.imsglobal.org/spec/ob/v3p0/context-3.0.3.json'],
        id: `http://shop.test/verify/${code}`,
        type: ['VerifiableCredential', 'OpenBadgeCredential'],
        issuer: { id: 'did:web:shop.test', type: ['Profile'], name: 'Meltway Academy', url: 'http://shop.test' },
        validFrom: cert.cert.issuedAt.toISOString(),
        validUntil: cert.cert.expiresAt!.toISOString(),
        name: course.certification.name,
        credentialSubject: {
          type: ['AchievementSubject'],
          name: 'Robin Installer',
          identifier: [{ type: 'IdentityObject', identityType: 'name', hashed: false, identityHash: 'Robin Installer' }],
          achievement: {
            id: `http://shop.test/lms/courses/${course.course.id}`,
            type: ['Achievement'],
            achievementType: 'Certification',
            name: course.certification.name,
            description: 'Lays heated mats to code.',
            tag: ['Slab preparation', 'Ground-fault testing'],
          },
        },
        // The registered claims Open Badges 3.0 maps onto the credential.
        iss: 'did:web:shop.test',
        jti: `http://shop.test/verify/${code}`,
        nbf: Math.floor(cert.cert.issuedAt.getTime() / 1000),
        exp: Math.floor(cert.cert.expiresAt!.getTime() / 1000),
      });
      const narrative = (p.credentialSubject.achievement.criteria as { narrative: string }).narrative;
      expect(narrative).toContain(course.course.courseTitle);
      expect(narrative).toContain('80%');
      expect(new Date(p.validUntil as string).getTime() - new Date(p.validFrom as string).getTime()).toBeGreaterThan(1.9 * YEAR_MS);
      // Signed by the stored key, named by its RFC 7638 thumbprint.
      expect(decodeProtectedHeader(jwt).kid).toBe(row!.id);
      expect(await calculateJwkThumbprint(row!.publicJwk as JWK, 'sha256')).toBe(row!.id);
    });

    it('makes one signing key and signs every credential with it', async () => {
      const other = await issueCertificate(t, customer.user.id, course.course.id);
      const res = await req('GET', `/api/v1/certificates/${other}/credential`, customer);
      expect(res.statusCode).toBe(200);
      expect(decodeProtectedHeader(res.body).kid).toBe(decodeProtectedHeader(jwt).kid);
      expect(await t.db.select().from(signingKeys)).toHaveLength(1);
    });

    it('signs in every process with the one stored key, which verifies in any of them', async () => {
      const second = await createTestApp({ sameDatabaseAs: t });
      try {
        const res = await second.app.inject({ method: 'GET', url: `/api/v1/certificates/${code}/credential`, headers: contractor.auth });
        expect(res.statusCode).toBe(200);
        expect(decodeProtectedHeader(res.body).kid).toBe(decodeProtectedHeader(jwt).kid);
        const checked = await second.app.inject({ method: 'POST', url: '/api/v1/certificates/verify', payload: { credential: jwt } });
        expect(checked.json().status).toBe('valid');
        expect((await verify(res.body, 'text/plain')).json().status).toBe('valid');
      } finally {
        await second.close();
      }
      expect(await t.db.select().from(signingKeys)).toHaveLength(1);
    });

    it('lets the holder, the holder’s dealer and admins download it; anyone else is told it does not exist', async () => {
      const url = `/api/v1/certificates/${code}/credential`;
      expect((await req('GET', url)).statusCode).toBe(401);
      for (const s of [contractor, dealer, admin]) expect((await req('GET', url, s)).statusCode).toBe(200);
      for (const s of [otherDealer, customer]) {
        const res = await req('GET', url, s);
        expect(res.statusCode).toBe(404);
        expect(res.json().message).toBe(m.certificateNotFound);
      }
      expect((await req('GET', '/api/v1/certificates/NOPE-NOPE/credential', admin)).statusCode).toBe(404);
    });
  });

  describe('the published keys', () => {
    it('publishes the keys as a JWKS that verifies the credential with jose on its own', async () => {
      const res = await t.app.inject({ method: 'GET', url: '/.well-known/jwks.json' });
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-type']).toContain('application/jwk-set+json');
      expect(res.headers['cache-control']).toBe('public, max-age=300');
      expect(res.headers['access-control-allow-origin']).toBe('*');
      const set = res.json() as { keys: JWK[] };
      expect(set.keys).toHaveLength(1);
      expect(set.keys[0]).toEqual({ kty: 'OKP', crv: 'Ed25519', x: expect.any(String), kid: decodeProtectedHeader(jwt).kid, alg: 'EdDSA', use: 'sig' });
      // No private part is published.
      expect(res.body).not.toContain('"d"');
      const { payload, protectedHeader } = await jwtVerify(jwt, createLocalJWKSet(set), { typ: 'vc+jwt', issuer: 'did:web:shop.test', algorithms: ['EdDSA'] });
      expect(protectedHeader.alg).toBe('EdDSA');
      expect(payload.jti).toBe(`http://shop.test/verify/${code}`);
      // A changed credential does not verify against it either.
      await expect(jwtVerify(withCharChanged(jwt, 1, 40), createLocalJWKSet(set))).rejects.toThrow();
    });

    it('publishes the issuer’s did:web document with the same key as a verification method', async () => {
      const res = await t.app.inject({ method: 'GET', url: '/.well-known/did.json' });
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-type']).toContain('application/did+json');
      expect(res.headers['cache-control']).toBe('public, max-age=300');
      const kid = decodeProtectedHeader(jwt).kid!;
      const doc = res.json();
      const jwks = (await t.app.inject({ method: 'GET', url: '/.well-known/jwks.json' })).json() as { keys: JWK[] };
      expect(doc).toEqual({
        '@context': ['https://www.w3.org/ns/did/v1', 'https://w3id.org/security/suites/jws-2020/v1'],
        id: 'did:web:shop.test',
        verificationMethod: [{ id: `did:web:shop.test#${kid}`, type: 'JsonWebKey2020', controller: 'did:web:shop.test', publicKeyJwk: jwks.keys[0] }],
        assertionMethod: [`did:web:shop.test#${kid}`],
        authentication: [`did:web:shop.test#${kid}`],
      });
      // The document's key verifies the credential.
      await expect(jwtVerify(jwt, await importJWK(doc.verificationMethod[0].publicKeyJwk, 'EdDSA'))).resolves.toBeTruthy();
    });

    it('serves both to anyone, signed in or not, and not as web pages', async () => {
      for (const url of ['/.well-known/jwks.json', '/.well-known/did.json']) {
        for (const s of [undefined, customer, contractor, dealer, otherDealer, admin]) {
          const res = await req('GET', url, s);
          expect(res.statusCode, `${url} as ${s?.user.role ?? 'anonymous'}`).toBe(200);
          expect(res.json()).toHaveProperty(url.endsWith('jwks.json') ? 'keys' : 'verificationMethod');
        }
      }
      expect((await req('GET', '/.well-known/other.json')).statusCode).toBe(404);
    });

    it('answers them before the web app’s pages, which answer every other address', async () => {
      const web = path.join(t.dataDir, 'web');
      mkdirSync(web, { recursive: true });
      writeFileSync(path.join(web, 'index.html'), '<!doctype html><title>Meltway</title><div id="root"></div>');
      const site = await buildApp(t.deps, { logger: false, webDist: web, webServerEntry: path.join(web, 'no-renderer.js') });
      try {
        for (const url of ['/.well-known/jwks.json', '/.well-known/did.json']) {
          const res = await site.inject({ method: 'GET', url, headers: { accept: 'text/html,application/json' } });
          expect(res.statusCode, url).toBe(200);
          expect(res.headers['content-type'], url).not.toContain('text/html');
          expect(JSON.parse(res.body), url).toHaveProperty(url.endsWith('jwks.json') ? 'keys' : 'id', url.endsWith('jwks.json') ? expect.any(Array) : 'did:web:shop.test');
        }
        expect((await site.inject({ method: 'GET', url: '/verify/ABC', headers: { accept: 'text/html' } })).headers['content-type']).toContain('text/html');
      } finally {
        await site.close();
      }
    });
  });

  describe('verifying', () => {
    const valid = () => ({ status: 'valid', certificateId: code, holderName: 'Robin Installer', achievement: course.certification.name, validFrom: payloadOf(jwt).validFrom, validUntil: payloadOf(jwt).validUntil });

    it('answers valid for the downloaded credential sent as text', async () => {
      for (const type of ['text/plain', 'application/vc+jwt']) {
        const res = await verify(jwt, type);
        expect(res.statusCode, type).toBe(200);
        expect(res.json()).toEqual(valid());
        expect(res.headers['cache-control']).toBe('no-store');
      }
      // Surrounding white space (a file's last line break) is not part of the token.
      expect((await verify(`${jwt}\n`, 'text/plain')).json().status).toBe('valid');
    });

    it('answers valid for the JSON forms: { credential } and a VC 2.0 EnvelopedVerifiableCredential', async () => {
      expect((await verify({ credential: jwt })).json()).toEqual(valid());
      const envelope = { '@context': 'https://www.w3.org/ns/credentials/v2', type: 'EnvelopedVerifiableCredential', id: `data:application/vc+jwt,${jwt}` };
      const res = await verify(envelope);
      expect(res.statusCode).toBe(200);
      expect(res.json()).toEqual(valid());
    });

    it('answers invalid for one changed byte of the payload or of the signature', async () => {
      for (const index of [10, 200, 600]) {
        const res = await verify(withCharChanged(jwt, 1, index), 'text/plain');
        expect(res.statusCode).toBe(200);
        expect(res.json()).toEqual({ status: 'invalid', reason: CREDENTIAL_REASONS.badSignature });
      }
      for (const index of [0, 40, 80]) expect((await verify(withCharChanged(jwt, 2, index), 'text/plain')).json()).toEqual({ status: 'invalid', reason: CREDENTIAL_REASONS.badSignature });
    });

    it('answers invalid for a changed field under the original signature', async () => {
      const [header, , signature] = jwt.split('.');
      const changed = { ...payloadOf(jwt), validUntil: '2099-01-01T00:00:00.000Z' };
      const forged = `${header}.${Buffer.from(JSON.stringify(changed)).toString('base64url')}.${signature}`;
      expect((await verify({ credential: forged })).json()).toEqual({ status: 'invalid', reason: CREDENTIAL_REASONS.badSignature });
    });

    it('answers invalid for a key it does not have and for a malformed token', async () => {
      const pair = await generateKeyPair('EdDSA', { crv: 'Ed25519', extractable: true });
      const body = new TextEncoder().encode(JSON.stringify(payloadOf(jwt)));
      const kid = await calculateJwkThumbprint(await exportJWK(pair.publicKey));
      const foreign = await new CompactSign(body).setProtectedHeader({ alg: 'EdDSA', typ: 'vc+jwt', kid }).sign(pair.privateKey);
      expect((await verify(foreign, 'text/plain')).json()).toEqual({ status: 'invalid', reason: CREDENTIAL_REASONS.unknownKey });
      // Another key under the platform's key id: its signature does not match.
      const impostor = await new CompactSign(body).setProtectedHeader({ alg: 'EdDSA', typ: 'vc+jwt', kid: decodeProtectedHeader(jwt).kid! }).sign(pair.privateKey);
      expect((await verify(impostor, 'text/plain')).json()).toEqual({ status: 'invalid', reason: CREDENTIAL_REASONS.badSignature });
      const hs = await new CompactSign(body).setProtectedHeader({ alg: 'HS256', kid: decodeProtectedHeader(jwt).kid! }).sign(new TextEncoder().encode('a shared secret that anybody could know'));
      expect((await verify(hs, 'text/plain')).json()).toEqual({ status: 'invalid', reason: CREDENTIAL_REASONS.unsupported });
      for (const token of ['hello', 'a.b', `${jwt}.x`, 'e30.e30.e30', jwt.split('.').slice(0, 2).join('.') + '.']) {
        const res = await verify({ credential: token });
        expect(res.statusCode, token).toBe(200);
        expect(res.json().status, token).toBe('invalid');
      }
    });

    it('answers invalid for a credential of ours naming no certificate we know', async () => {
      const r = (await findByCode(t.db, code))!;
      const credential = credentialOf({ config: t.deps.config } as never, { ...r, cert: { ...r.cert, code: 'NOPE0-NOPE0-NOPE0-NOPE0' } });
      const unknown = await signCredential(t.db, credential);
      expect((await verify(unknown, 'text/plain')).json()).toEqual({ status: 'invalid', reason: CREDENTIAL_REASONS.unknownCertificate });
    });

    it('answers revoked once the certificate is revoked', async () => {
      const learner = await actorOf(t, 'customer', { fullname: 'Casey Revoked' });
      const revoked = await issueCertificate(t, learner.user.id, course.course.id);
      const token = (await req('GET', `/api/v1/certificates/${revoked}/credential`, learner)).body;
      expect((await verify(token, 'text/plain')).json().status).toBe('valid');
      expect((await req('POST', `/api/v1/certificates/${revoked}/revoke`, admin, { reason: 'Answers shared' })).statusCode).toBe(200);
      expect((await verify(token, 'text/plain')).json()).toMatchObject({ status: 'revoked', certificateId: revoked, holderName: 'Casey Revoked' });
    });

    it('answers expired for a certificate that expired, and for a credential whose validUntil passed', async () => {
      const learner = await actorOf(t, 'customer');
      const old = await issueCertificate(t, learner.user.id, course.course.id, { now: new Date(Date.now() - 3 * YEAR_MS) });
      const token = (await req('GET', `/api/v1/certificates/${old}/credential`, learner)).body;
      const res = await verify(token, 'text/plain');
      expect(res.json()).toMatchObject({ status: 'expired', certificateId: old, validUntil: payloadOf(token).validUntil });
      expect(new Date(payloadOf(token).validUntil as string).getTime()).toBeLessThan(Date.now());
      // Three years on, the valid credential's validUntil has passed as well.
      const later = await createTestApp({ sameDatabaseAs: t, clock: () => new Date(Date.now() + 3 * YEAR_MS) });
      try {
        const answer = await later.app.inject({ method: 'POST', url: '/api/v1/certificates/verify', payload: { credential: jwt } });
        expect(answer.json()).toMatchObject({ status: 'expired', certificateId: code });
      } finally {
        await later.close();
      }
    });

    it('refuses with a 400 a body that is none of the accepted shapes', async () => {
      const bodies: [unknown, string?][] = [
        [{}],
        [{ jwt }],
        [[jwt]],
        [{ credential: '' }],
        [{ credential: 42 }],
        [{ type: 'VerifiableCredential', id: `data:application/vc+jwt,${jwt}` }],
        [{ type: 'EnvelopedVerifiableCredential', id: `data:application/json,${jwt}` }],
        [{ type: 'EnvelopedVerifiableCredential' }],
        ['', 'text/plain'],
        ['   ', 'application/vc+jwt'],
      ];
      for (const [body, type] of bodies) {
        const res = await verify(body, type);
        expect(res.statusCode, JSON.stringify(body)).toBe(400);
        expect(res.json().code, JSON.stringify(body)).toBe('academy.credentialInvalid');
      }
      const notJson = await verify('{"credential":', 'application/json');
      expect(notJson.statusCode).toBe(400);
    });

    it('limits the checks of one address', async () => {
      const limited = await createTestApp({ sameDatabaseAs: t, limits: { certificateVerifyPerIp: { max: 2, windowSeconds: 60 } } });
      try {
        const post = () => limited.app.inject({ method: 'POST', url: '/api/v1/certificates/verify', headers: { 'content-type': 'text/plain' }, payload: jwt });
        expect((await post()).statusCode).toBe(200);
        expect((await post()).statusCode).toBe(200);
        const third = await post();
        expect(third.statusCode).toBe(429);
        expect(third.json().message).toBe(m.tooManyVerifications);
      } finally {
        await limited.close();
      }
    });
  });
});
