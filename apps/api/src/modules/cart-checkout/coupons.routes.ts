import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { accessOf } from '@meltway/shared/accounts/permissions';
import { CouponInput, CouponListQuery, CouponOut, CouponParams, CouponUpdate } from '@meltway/shared/cart-checkout/coupon.schema';
import { ErrorBody } from '@meltway/shared/common/errors';
import { makeCtx, type Deps } from '../../lib/ctx.js';
import * as coupons from './coupons.service.js';

const errors = { 400: ErrorBody, 401: ErrorBody, 403: ErrorBody, 404: ErrorBody, 409: ErrorBody };
const tags = ['coupons'];

/** Coupon management (SPEC.md §7 `/api/v1/coupons`, plus edit and delete): admins only. Redemption belongs to checkout. */
export const couponsRoutes =
  (deps: Deps): FastifyPluginAsyncZod =>
  async (app) => {
    const ctx = (request: Parameters<typeof makeCtx>[1]) => makeCtx(deps, request);
    const access = accessOf('coupons.manage');

    app.get('/coupons', {
      config: { access },
      schema: { tags, summary: 'Coupons, newest first (an array; optional page, pageSize, q)', querystring: CouponListQuery, response: { 200: z.array(CouponOut), ...errors } },
      handler: (request) => coupons.listCoupons(ctx(request), request.query),
    });

    app.post('/coupons', {
      config: { access },
      schema: { tags, summary: 'Create a coupon (code unique whatever its case)', body: CouponInput, response: { 201: CouponOut, ...errors } },
      handler: async (request, reply) => reply.status(201).send(await coupons.createCoupon(ctx(request), request.body)),
    });

    app.put('/coupons/:id', {
      config: { access },
      schema: { tags, summary: 'Edit a coupon (the fields sent; its uses are counted by orders, not set here)', params: CouponParams, body: CouponUpdate, response: { 200: CouponOut, ...errors } },
      handler: (request) => coupons.updateCoupon(ctx(request), request.params.id, request.body),
    });

    app.delete('/coupons/:id', {
      config: { access },
      schema: { tags, summary: 'Delete a coupon (orders keep its code and their discount)', params: CouponParams, response: { 204: z.null(), ...errors } },
      handler: async (request, reply) => {
        await coupons.deleteCoupon(ctx(request), request.params.id);
        return reply.status(204).send(null);
      },
    });
  };
