import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { accessOf } from '@meltway/shared/accounts/permissions';
import { CartItemsInput, CartOut, CartProductParams, CartQuantityInput } from '@meltway/shared/cart-checkout/cart.schema';
import { ErrorBody } from '@meltway/shared/common/errors';
import { makeCtx, type Deps } from '../../lib/ctx.js';
import * as cart from './cart.service.js';

const errors = { 400: ErrorBody, 401: ErrorBody, 403: ErrorBody, 404: ErrorBody };
const tags = ['cart'];

/** The signed-in user's server cart, and pricing of a visitor's local cart; every price from the catalogue. */
export const cartRoutes =
  (deps: Deps): FastifyPluginAsyncZod =>
  async (app) => {
    const ctx = (request: Parameters<typeof makeCtx>[1]) => makeCtx(deps, request);

    app.get('/cart', {
      config: { access: accessOf('cart.use') },
      schema: { tags, summary: "The signed-in user's cart, priced now (cents)", response: { 200: CartOut, ...errors } },
      handler: (request) => cart.getCart(ctx(request)),
    });

    app.put('/cart/items/:productId', {
      config: { access: accessOf('cart.use') },
      schema: { tags, summary: 'Set the quantity of a product (0 removes it)', params: CartProductParams, body: CartQuantityInput, response: { 200: CartOut, ...errors } },
      handler: (request) => cart.setQuantity(ctx(request), request.params.productId, request.body.quantity),
    });

    app.delete('/cart/items/:productId', {
      config: { access: accessOf('cart.use') },
      schema: { tags, summary: 'Remove a product from the cart', params: CartProductParams, response: { 200: CartOut, ...errors } },
      handler: (request) => cart.removeItem(ctx(request), request.params.productId),
    });

    app.post('/cart/merge', {
      config: { access: accessOf('cart.use') },
      schema: { tags, summary: "Merge a visitor's local cart at sign-in (quantities add up, capped at the stock)", body: CartItemsInput, response: { 200: CartOut, ...errors } },
      handler: (request) => cart.mergeCart(ctx(request), request.body),
    });

    app.post('/cart/price', {
      config: { access: accessOf('cart.price') },
      schema: { tags, summary: "Price a visitor's local cart from the catalogue", body: CartItemsInput, response: { 200: CartOut, ...errors } },
      handler: (request) => cart.priceItems(ctx(request), request.body),
    });
  };
