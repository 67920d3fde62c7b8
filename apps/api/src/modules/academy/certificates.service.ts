import type { CertificateOut, CertificateStatus, CertificateVerifyOut, CertificatesQuery, CredentialVerifyOut } from '@meltway/shared/academy/learning.schema';
import { academyMessages as m } from '@meltway/shared/academy/messages';
import type { z } from 'zod';
import type { Ctx } from '../../lib/ctx.js';
import { actor } from '../../lib/ctx.js';
import { uniqueViolation } from '../../lib/db-errors.js';
import { ConflictError, NotFoundError } from '../../lib/errors.js';
import { enforceLimit } from '../../lib/limiter.js';
import { iso } from './academy-rules.js';
import { certificatePdf } from './certificate-pdf.js';
import * as repo from './certificates.repo.js';
import { addMonths, newCertificateCode } from './completion.js';
import { checkCredential, CREDENTIAL_CONTEXTS, CREDENTIAL_REASONS, CREDENTIAL_TYPES, type Credential, ISSUER_NAME, issuerDid, publicKeys, signCredential } from './credentials.js';
import type { Language } from '@meltway/shared/common/language';
import type { ProductFamily } from '@meltway/shared/catalogue/limits';

type Query = z.output<typeof CertificatesQuery>;
type Row = repo.CertificateRow;

/** valid, expired or revoked, as of `now`. */
function statusOf(cert: Row['cert'], now: Date): CertificateStatus {
  if (cert.revokedAt) return 'revoked';
  if (cert.expiresAt && cert.expiresAt.getTime() <= now.getTime()) return 'expired';
  return 'valid';
}

/**
 * "Certified installer": whether a user holds a current certificate (not revoked, not expired), as a column a list
 * of people reads in its own statement (its `now` placeholder is the list's to give), never one query per row.
 */
export const { holdsCurrentCertificate } = repo;

/** Which of these dealers have an approved contractor holding a current certificate, in one query. */
export const dealersWithCertifiedInstallers = (ctx: Ctx, dealerIds: string[]) => repo.dealersWithCertifiedInstallers(ctx.db, dealerIds, ctx.now);

/** A current certification of a holder: its name, when it lapses (null: never) and the families it qualifies for (none: all). */
export type CurrentCertification = { name: string; validUntil: Date | null; productFamilies: ProductFamily[] };

/**
 * The current certifications (not revoked, not expired) of each of these users, in one query, by name. A holder whose
 * certificate of one certification was renewed holds it once, until the later of the two dates.
 */
export async function currentCertificationsOf(ctx: Ctx, userIds: string[]): Promise<Map<string, CurrentCertification[]>> {
  const byUser = new Map<string, Map<string, CurrentCertification>>();
  for (const r of await repo.currentCertificates(ctx.db, userIds, ctx.now)) {
    const held = byUser.get(r.userId) ?? new Map<string, CurrentCertification>();
    byUser.set(r.userId, held);
    const before = held.get(r.name);
    const later = !before || (before.validUntil !== null && (r.expiresAt === null || r.expiresAt > before.validUntil));
    if (later) held.set(r.name, { name: r.name, validUntil: r.expiresAt, productFamilies: r.productFamilies });
  }
  const byName = (a: CurrentCertification, b: CurrentCertification) => a.name.localeCompare(b.name, 'en');
  return new Map([...byUser].map(([userId, held]) => [userId, [...held.values()].sort(byName)]));
}

const verificationUrl = (publicUrl: string, code: string) => `${publicUrl}/verify/${code}`;

const toOut = (ctx: Ctx, r: Row): CertificateOut => ({
  id: r.cert.code,
  courseId: r.cert.courseId,
  courseTitle: r.courseTitle,
  certificationName: r.certificationName,
  description: r.description,
  courseTitleFr: r.courseTitleFr,
  certificationNameFr: r.certificationNameFr,
  descriptionFr: r.descriptionFr,
  skills: r.skills,
  skillsFr: r.skillsFr,
  instructor: r.instructor,
  holderName: r.holderName,
  score: r.cert.score,
  issuedAt: iso(r.cert.issuedAt),
  expiresAt: r.cert.expiresAt ? iso(r.cert.expiresAt) : null,
  status: statusOf(r.cert, ctx.now),
  revokedReason: r.cert.revokedReason,
  verificationUrl: verificationUrl(ctx.config.publicUrl, r.cert.code),
});

/** Whose certificates the signed-in user reads: admins everyone's, a dealer its contractors' and its own, anyone else their own. */
function scope(ctx: Ctx): Pick<repo.CertificateFilters, 'userId' | 'dealerId'> {
  const user = actor(ctx);
  if (user.role === 'admin') return {};
  if (user.role === 'dealer') return { dealerId: user.id };
  return { userId: user.id };
}

export async function listCertificates(ctx: Ctx, q: Query) {
  const { rows, total } = await repo.listCertificates(ctx.db, { ...scope(ctx), status: q.status, courseId: q.courseId, q: q.q }, ctx.now, (q.page - 1) * q.pageSize, q.pageSize);
  return { items: rows.map((r) => toOut(ctx, r)), total };
}

/** The certificate when the reader may see it: its holder, admins, the holder's dealer; 404 for anyone else. */
async function readable(ctx: Ctx, code: string): Promise<Row> {
  const row = await repo.findByCode(ctx.db, code);
  const user = actor(ctx);
  if (row && (user.role === 'admin' || row.cert.userId === user.id || (user.role === 'dealer' && row.holderDealerId === user.id))) return row;
  throw new NotFoundError(m.certificateNotFound);
}

export const getCertificate = async (ctx: Ctx, code: string) => toOut(ctx, await readable(ctx, code));

/** The certificate as PDF in `lang`, for those who may read it. */
export async function certificateFile(ctx: Ctx, code: string, lang: Language) {
  const r = await readable(ctx, code);
  const pdf = await certificatePdf(
    {
      code: r.cert.code,
      holderName: r.holderName,
      // A French certificate names the course and certification in French where they have it.
      courseTitle: (lang === 'fr' && r.courseTitleFr) || r.courseTitle,
      certificationName: (lang === 'fr' && r.certificationNameFr) || r.certificationName,
      score: r.cert.score,
      issuedAt: r.cert.issuedAt,
      expiresAt: r.cert.expiresAt,
      revoked: r.cert.revokedAt !== null,
      verificationUrl: verificationUrl(ctx.config.publicUrl, r.cert.code),
    },
    lang,
  );
  return { pdf, fileName: `certificate-${r.cert.code}.pdf` };
}

/**
 * The certificate as an Open Badges 3.0 credential: who earned which certification of which course, from when
 * until when, what it took. No product family is stored anywhere, so the achievement names the course and the
 * certification and tags the certification's skills.
 */
export function credentialOf(ctx: Ctx, r: Row): Credential {
  const publicUrl = ctx.config.publicUrl;
  const course = r.courseTitle;
  return {
    '@context': CREDENTIAL_CONTEXTS,
    id: verificationUrl(publicUrl, r.cert.code),
    type: CREDENTIAL_TYPES,
    issuer: { id: issuerDid(publicUrl), type: ['Profile'], name: ISSUER_NAME, url: publicUrl },
    validFrom: iso(r.cert.issuedAt),
    ...(r.cert.expiresAt ? { validUntil: iso(r.cert.expiresAt) } : {}),
    name: r.certificationName,
    description: `${r.holderName} holds ${r.certificationName}, earned through the course ${course}.`,
    credentialSubject: {
      type: ['AchievementSubject'],
      name: r.holderName,
      identifier: [{ type: 'IdentityObject', identityType: 'name', hashed: false, identityHash: r.holderName }],
      achievement: {
        id: `${publicUrl}/lms/courses/${r.cert.courseId}`,
        type: ['Achievement'],
        achievementType: 'Certification',
        name: r.certificationName,
        description: r.description || `${r.certificationName}, awarded by the course ${course}.`,
        criteria: { narrative: `Complete every lesson of the course ${course} and pass its quiz with at least ${r.passingScore}%.` },
        ...(r.skills.length ? { tag: r.skills } : {}),
      },
    },
  };
}

/** The certificate's Open Badges 3.0 credential as a signed VC-JWT, for those who may read the certificate. */
export async function certificateCredential(ctx: Ctx, code: string) {
  const r = await readable(ctx, code);
  return { jwt: await signCredential(ctx.db, credentialOf(ctx, r)), fileName: `certificate-${r.cert.code}.jwt` };
}

/**
 * The public check of a credential (its VC-JWT): 'invalid' with a reason when it is not one the platform signed
 * as it stands (malformed, another key, changed, no such certificate); otherwise the certificate's state now:
 * revoked, expired (its validUntil passed, or the certificate expired), or valid. Limited per address.
 */
export async function verifyCredential(ctx: Ctx, jwt: string): Promise<CredentialVerifyOut> {
  await enforceLimit(ctx.limiter, `credential-verify:ip:${ctx.ip}`, ctx.limits.certificateVerifyPerIp, m.tooManyVerifications);
  const checked = await checkCredential(ctx.db, jwt);
  if (!checked.ok) return { status: 'invalid', reason: checked.reason };
  const r = await repo.findByCode(ctx.db, checked.certificateCode);
  if (!r) return { status: 'invalid', reason: CREDENTIAL_REASONS.unknownCertificate };
  const lapsed = checked.validUntil !== null && new Date(checked.validUntil).getTime() <= ctx.now.getTime();
  const current = statusOf(r.cert, ctx.now);
  return {
    status: current === 'valid' && lapsed ? 'expired' : current,
    certificateId: r.cert.code,
    holderName: r.holderName,
    achievement: checked.achievement ?? r.certificationName,
    validFrom: checked.validFrom,
    validUntil: checked.validUntil,
  };
}

/** The platform's public signing keys as a JWK Set (/.well-known/jwks.json). */
export const jwks = async (ctx: Ctx) => ({ keys: (await publicKeys(ctx.db)).map((k) => k.jwk) });

/** The platform's did:web document (/.well-known/did.json): each public key as a verification method. */
export async function didDocument(ctx: Ctx) {
  const did = issuerDid(ctx.config.publicUrl);
  const methods = (await publicKeys(ctx.db)).map((k) => ({ id: `${did}#${k.kid}`, type: 'JsonWebKey2020', controller: did, publicKeyJwk: k.jwk }));
  const ids = methods.map((v) => v.id);
  return {
    '@context': ['https://www.w3.org/ns/did/v1', 'https://w3id.org/security/suites/jws-2020/v1'],
    id: did,
    verificationMethod: methods,
    assertionMethod: ids,
    authentication: ids,
  };
}

/**
 * The public check: what a third party may know of a certificate. Unknown, malformed and revoked-and-gone ids
 * all answer the same 404 after the same single look-up; the caller's address is limited per minute.
 */
export async function verifyCertificate(ctx: Ctx, code: string): Promise<CertificateVerifyOut> {
  await enforceLimit(ctx.limiter, `certificate-verify:ip:${ctx.ip}`, ctx.limits.certificateVerifyPerIp, m.tooManyVerifications);
  const r = await repo.findByCode(ctx.db, code.slice(0, 40));
  if (!r) throw new NotFoundError(m.certificateNotFound);
  return {
    id: r.cert.code,
    holderName: r.holderName,
    courseTitle: r.courseTitle,
    certificationName: r.certificationName,
    courseTitleFr: r.courseTitleFr,
    certificationNameFr: r.certificationNameFr,
    score: r.cert.score,
    issuedAt: iso(r.cert.issuedAt),
    expiresAt: r.cert.expiresAt ? iso(r.cert.expiresAt) : null,
    status: statusOf(r.cert, ctx.now),
  };
}

/** Staff revoke a certificate with a reason; it stays on record and its verification says revoked. */
export async function revokeCertificate(ctx: Ctx, code: string, reason: string) {
  return ctx.db.transaction(async (tx) => {
    const r = await repo.findByCode(tx, code, true);
    if (!r) throw new NotFoundError(m.certificateNotFound);
    if (r.cert.revokedAt) throw new ConflictError(m.certificateAlreadyRevoked);
    await repo.revoke(tx, r.cert.id, { at: ctx.now, reason, by: actor(ctx).id });
    return toOut({ ...ctx, db: tx }, (await repo.findByCode(tx, code))!);
  });
}

/**
 * Staff reissue a revoked or expired certificate: a new certificate ID for the same holder, course and score,
 * issued now (expiring after the certification's current validity), whose `replaces_id` names the old one.
 * The old one is kept; an expired one is marked revoked ("Replaced by …"), since a learner holds at most one
 * live certificate per course. A valid one is refused (revoke it first), and so is one already replaced.
 */
export async function reissueCertificate(ctx: Ctx, code: string) {
  try {
    return await ctx.db.transaction(async (tx) => {
      const r = await repo.findByCode(tx, code, true);
      if (!r) throw new NotFoundError(m.certificateNotFound);
      const status = statusOf(r.cert, ctx.now);
      if (status === 'valid') throw new ConflictError(m.certificateNotReissuable);
      if (await repo.replacementOf(tx, r.cert.id)) throw new ConflictError(m.certificateReplaced);
      const newCode = newCertificateCode();
      if (status === 'expired') await repo.revoke(tx, r.cert.id, { at: ctx.now, reason: `Replaced by ${newCode}`, by: actor(ctx).id });
      await repo.insertCertificate(tx, {
        code: newCode,
        userId: r.cert.userId,
        courseId: r.cert.courseId,
        certificationId: r.cert.certificationId,
        score: r.cert.score,
        issuedAt: ctx.now,
        expiresAt: r.validityMonths ? addMonths(ctx.now, r.validityMonths) : null,
        replacesId: r.cert.id,
        // A reissue stands for the same cycle's certificate.
        cycle: r.cert.cycle,
      });
      return toOut({ ...ctx, db: tx }, (await repo.findByCode(tx, newCode))!);
    });
  } catch (err) {
    // Another live certificate of this learner and course (a second reissue, or a new completion meanwhile).
    if (uniqueViolation(err) !== undefined) throw new ConflictError(m.certificateReplaced);
    throw err;
  }
}
