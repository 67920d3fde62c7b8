import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { CertificateList, CertificateOut, CertificateRevokeInput, CertificatesQuery, CertificateVerifyOut } from '@meltway/shared/academy/learning.schema';
import { accessOf } from '@meltway/shared/accounts/permissions';
import { ErrorBody } from '@meltway/shared/common/errors';
import { text } from '@meltway/shared/common/fields';
import { makeCtx, type Deps } from '../../lib/ctx.js';
import { errors } from './academy-forms.js';
import * as certificates from './certificates.service.js';

const tags = ['academy: certificates'];
/**
 * The public certificate ID; any other text is looked up all the same and is simply not found. Control
 * characters (a NUL byte the database cannot even compare) are a 400, as on every route.
 */
const params = z.object({ id: text().max(100) });
/** The public check takes any text at all: whatever it is, an unknown one answers the same 404. */
const verifyParams = z.object({ id: text() });
const PdfQuery = z.object({ lang: z.enum(['en', 'fr']).default('en') });

/** Certificates the academy issues: their holders' and staff's reading, the PDF, the public check, revoking and reissuing. */
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
    app.get('/certificates/verify/:id', {
      config: { access: accessOf('certificates.verify') },
      schema: { tags, summary: 'Public check of a certificate ID: holder, course, dates, score and status; 404 for anything else', params: verifyParams, response: { 200: CertificateVerifyOut, 400: ErrorBody, 404: ErrorBody, 429: ErrorBody } },
      handler: async (request, reply) => {
        reply.header('cache-control', 'no-store');
        return certificates.verifyCertificate(ctx(request), request.params.id);
      },
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
