import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { accessOf } from '@meltway/shared/accounts/permissions';
import { ErrorBody } from '@meltway/shared/common/errors';
import { InstallerProfileAnswer, InstallerProfileInput, InstallerProfileOut, InstallerSearchOut, InstallerSearchQuery } from '@meltway/shared/installers/installer.schema';
import { makeCtx, type Deps } from '../../lib/ctx.js';
import * as installers from './installers.service.js';

const tags = ['installers'];
const errors = { 400: ErrorBody, 401: ErrorBody, 403: ErrorBody };

/** A contractor's installer profile (its own), and the public search of certified installers near a postal code. */
export const installersRoutes =
  (deps: Deps): FastifyPluginAsyncZod =>
  async (app) => {
    const ctx = (request: Parameters<typeof makeCtx>[1]) => makeCtx(deps, request);

    app.get('/installer-profile', {
      config: { access: accessOf('installers.profile') },
      schema: { tags, summary: "The signed-in contractor's installer profile; null before its first save", response: { 200: InstallerProfileAnswer, ...errors } },
      handler: (request) => installers.getProfile(ctx(request)),
    });
    app.put('/installer-profile', {
      config: { access: accessOf('installers.profile') },
      schema: {
        tags,
        summary: "Save the signed-in contractor's installer profile (a valid certification needed: 403 installers.notCertified otherwise)",
        body: InstallerProfileInput,
        response: { 200: InstallerProfileOut, ...errors },
      },
      handler: (request) => installers.saveProfile(ctx(request), request.body),
    });
    app.get('/installers', {
      config: { access: accessOf('installers.search') },
      schema: {
        tags,
        summary: 'Certified installers whose service area covers the postal code, nearest first (postal areas: GeoNames, CC BY 4.0)',
        querystring: InstallerSearchQuery,
        response: { 200: InstallerSearchOut, 400: ErrorBody, 429: ErrorBody },
      },
      handler: (request) => installers.searchInstallers(ctx(request), request.query),
    });
  };
