import type { FastifyPluginAsyncZod, ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { CertificateList, CertificateOut, CertificateRevokeInput, CertificatesQuery, CertificateVerifyOut, CredentialVerifyOut } from '@meltway/shared/academy/learning.schema';
import { academyMessages as m } from '@meltway/shared/academy/messages';
import { accessOf } from '@meltway/shared/accounts/permissions';
import { ErrorBody } from '@meltway/shared/common/errors';
import { text } from '@meltway/shared/common/fields';
import { makeCtx, type Deps } from '../../lib/ctx.js';
import { errors } from './academy-forms.js';
import * as certificates from './certificates.service.js';
import { VC_JWT } from './credentials.js';
import { LANGUAGES } from '@meltway/shared/common/language';

const tags = ['academy: certificates'];
/**
 * The public certificate ID; any other text is looked up all the same and is simply not found. Control
 * characters (a NUL byte the database cannot even compare) are a 400, as on every route.
 */
const params = z.object({ id: text().max(100) });
/** The public check takes any text at all: whatever it is, an unknown one answers the same 404. */
const verifyParams = z.object({ id: text() });
const PdfQuery = z.object({ lang: z.enum(LANGUAGES).default('en') });

/** A VC-JWT is a few kilobytes; the route's body limit (16 KB) bounds it. */
const jwtText = () => text({ error: m.credentialInvalid }).min(1, m.credentialInvalid).max(16_000, m.credentialInvalid);
const ENVELOPE_PREFIX = `data:${VC_JWT},`;
/**
 * POST /certificates/verify: `{ credential: "<jwt>" }`, or a VC 2.0 EnvelopedVerifiableCredential whose id is the
 * JWT as a data: URL. The JWT sent as text (text/plain or application/vc+jwt) arrives here as `{ credential }`.
 */
const CredentialVerifyInput = z
  .object(
    {
      credential: jwtText().optional(),
      '@context': z.unknown().optional(),
      type: z.literal('EnvelopedVerifiableCredential', { error: m.credentialInvalid }).optional(),
      id: jwtText().optional(),
    },
    { error: m.credentialInvalid },
  )
  .refine((b) => b.credential !== undefined || (b.type === 'EnvelopedVerifiableCredential' && b.id?.startsWith(ENVELOPE_PREFIX)), { error: m.credentialInvalid })
  .describe('The credential: { credential: "<VC-JWT>" }, or { type: "EnvelopedVerifiableCredential", id: "data:application/vc+jwt,<VC-JWT>" }; or the VC-JWT itself as text/plain or application/vc+jwt');

/** The JWT the body carries. */
function credentialJwt(body: z.output<typeof CredentialVerifyInput>) {
  if (body.credential !== undefined) return body.credential;
  const data = body.id!.slice(ENVELOPE_PREFIX.length);
  try {
    return decodeURIComponent(data);
  } catch {
    return data;
  }
}

/** Certificates as their holders, the holders' dealers and admins read them: the list, one, its PDF and its credential. */
export const certificatesRoutes =
  (deps: Deps): FastifyPluginAsyncZod =>
  async (app) => {
    const ctx = (request: Parameters<typeof makeCtx>[1]) => makeCtx(deps, request);

    app.get('/certificates', {
      config: { access: accessOf('certificates.own') },
      schema: {
        tags,
        summary: 'Certificates newest first: a learner’s own, a dealer’s contractors’, admins all; q (holder, course, ID), status (valid, expired, revoked, expiring within 90 days), courseId',
        querystring: CertificatesQuery,
        response: { 200: CertificateList, ...errors },
      },
      handler: (request) => certificates.listCertificates(ctx(request), request.query),
    });
    app.get('/certificates/:id', {
      config: { access: accessOf('certificates.own') },
      schema: { tags, summary: 'One certificate by its ID (its holder, the holder’s dealer, admins)', params, response: { 200: CertificateOut, ...errors } },
      handler: (request) => certificates.getCertificate(ctx(request), request.params.id),
    });
    app.get('/certificates/:id/pdf', {
      config: { access: accessOf('certificates.own') },
      schema: { tags, summary: 'The certificate as PDF with a QR code of its verification address, in English or French', produces: ['application/pdf'], params, querystring: PdfQuery, response: { 200: z.unknown().describe('The PDF'), ...errors } },
      handler: async (request, reply) => {
        const file = await certificates.certificateFile(ctx(request), request.params.id, request.query.lang);
        return reply
          .type('application/pdf')
          .header('cache-control', 'private, no-store')
          .header('content-disposition', `attachment; filename="${file.fileName}"`)
          .send(Buffer.from(file.pdf));
      },
    });
    app.get('/certificates/:id/credential', {
      config: { access: accessOf('certificates.own') },
      schema: {
        tags,
        summary: 'The certificate as an Open Badges 3.0 credential: a W3C Verifiable Credential 2.0 signed as a VC-JWT (EdDSA), application/vc+jwt, as a file',
        produces: [VC_JWT],
        params,
        response: { 200: z.string().describe('The VC-JWT'), ...errors },
      },
      handler: async (request, reply) => {
        const file = await certificates.certificateCredential(ctx(request), request.params.id);
        return reply
          .type(VC_JWT)
          .header('cache-control', 'private, no-store')
          .header('content-disposition', `attachment; filename="${file.fileName}"`)
          .serializer((payload) => payload as string)
          .send(file.jwt);
      },
    });
  };

/** The public checks: of a certificate ID, and of a credential. */
export const certificateChecksRoutes =
  (deps: Deps): FastifyPluginAsyncZod =>
  async (app) => {
    const ctx = (request: Parameters<typeof makeCtx>[1]) => makeCtx(deps, request);

    app.get('/certificates/verify/:id', {
      config: { access: accessOf('certificates.verify') },
      schema: { tags, summary: 'Public check of a certificate ID: holder, course, dates, score and status; 404 for anything else', params: verifyParams, response: { 200: CertificateVerifyOut, 400: ErrorBody, 404: ErrorBody, 429: ErrorBody } },
      handler: async (request, reply) => {
        reply.header('cache-control', 'no-store');
        return certificates.verifyCertificate(ctx(request), request.params.id);
      },
    });
    // The JWT as text, and the public check of a credential: text bodies are read as `{ credential }` here only.
    await app.register(async (plain) => {
      const scoped = plain.withTypeProvider<ZodTypeProvider>();
      scoped.removeContentTypeParser('text/plain');
      scoped.addContentTypeParser(['text/plain', VC_JWT], { parseAs: 'string' }, (_request, body, done) => done(null, { credential: (body as string).trim() }));
      scoped.post('/certificates/verify', {
        config: { access: accessOf('certificates.verify') },
        schema: {
          tags,
          summary: 'Public check of an Open Badges 3.0 credential (its VC-JWT, as text or JSON): invalid (with a reason) when not signed by the platform as it stands, else the certificate’s state: valid, expired or revoked',
          consumes: ['application/json', 'text/plain', VC_JWT],
          body: CredentialVerifyInput,
          response: { 200: CredentialVerifyOut, 400: ErrorBody, 429: ErrorBody },
        },
        handler: async (request, reply) => {
          reply.header('cache-control', 'no-store');
          return certificates.verifyCredential(ctx(request), credentialJwt(request.body));
        },
      });
    });
  };

/** Revoking and reissuing a certificate (admins). */
export const certificateManagementRoutes =
  (deps: Deps): FastifyPluginAsyncZod =>
  async (app) => {
    const ctx = (request: Parameters<typeof makeCtx>[1]) => makeCtx(deps, request);

    app.post('/certificates/:id/revoke', {
      config: { access: accessOf('certificates.manage') },
      schema: { tags, summary: 'Revoke a certificate with a reason (409 when already revoked)', params, body: CertificateRevokeInput, response: { 200: CertificateOut, ...errors } },
      handler: (request) => certificates.revokeCertificate(ctx(request), request.params.id, request.body.reason),
    });
    app.post('/certificates/:id/reissue', {
      config: { access: accessOf('certificates.manage') },
      schema: { tags, summary: 'Reissue a revoked or expired certificate under a new ID that names the old one (409 for a valid or already reissued one)', params, response: { 201: CertificateOut, ...errors } },
      handler: async (request, reply) => reply.status(201).send(await certificates.reissueCertificate(ctx(request), request.params.id)),
    });
  };
