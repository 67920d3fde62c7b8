import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { accessOf } from '@meltway/shared/accounts/permissions';
import {
  ImageOrderInput,
  ProductIdParams,
  ProductImageParams,
  ProductInput,
  ProductList,
  ProductListQuery,
  ProductOut,
  ProductRefParams,
  ProductUpdate,
} from '@meltway/shared/catalogue/product.schema';
import { ErrorBody, MessageOut } from '@meltway/shared/common/errors';
import { textBodyLimit } from '../../lib/body-limits.js';
import { makeCtx, type Deps } from '../../lib/ctx.js';
import { readForm } from '../../plugins/uploads.js';
import * as products from './products.service.js';

const errors = { 400: ErrorBody, 401: ErrorBody, 403: ErrorBody, 404: ErrorBody, 409: ErrorBody };
const tags = ['products'];
/** Name, slug, SKU and description (and the French name and description) at their longest; ids and figures fit in the rest. */
const PRODUCT_BODY_LIMIT = textBodyLimit(200, 200, 120, 64, 20_000, 20_000);

/** Products: public reads of active products (staff see all), admin-only writes and images. */
export const productsRoutes =
  (deps: Deps): FastifyPluginAsyncZod =>
  async (app) => {
    const ctx = (request: Parameters<typeof makeCtx>[1]) => makeCtx(deps, request);
    // The shop's hottest reads: a repeated public URL is answered before validation and routing work.
    const shop = { domains: ['catalogue' as const] };

    app.get('/products', {
      config: { access: accessOf('catalogue.browse'), cache: shop },
      schema: {
        tags,
        summary: 'Products, paged, filtered and sorted (prices in cents); ETag and If-None-Match supported',
        description:
          'The public sees active products only; staff may pass status=inactive or status=all. q matches names and SKUs in the language lang (en by default; fr: French names, English ones where there is no French), accents and case aside.',
        querystring: ProductListQuery,
        response: { 200: ProductList, ...errors },
      },
      handler: (request) => products.listProducts(ctx(request), request.query),
    });

    app.get('/products/:idOrSlug', {
      config: { access: accessOf('catalogue.browse'), cache: shop },
      schema: {
        tags,
        summary: 'One product by id or slug, with its images and technical data',
        params: ProductRefParams,
        response: { 200: ProductOut, ...errors },
      },
      handler: (request) => products.getProduct(ctx(request), request.params.idOrSlug),
    });

    app.post('/products', {
      config: { access: accessOf('catalogue.manage') },
      bodyLimit: PRODUCT_BODY_LIMIT,
      schema: { tags, summary: 'Create a product', body: ProductInput, response: { 201: ProductOut, ...errors } },
      handler: async (request, reply) => reply.status(201).send(await products.createProduct(ctx(request), request.body)),
    });

    app.put('/products/:id', {
      config: { access: accessOf('catalogue.manage') },
      bodyLimit: PRODUCT_BODY_LIMIT,
      schema: { tags, summary: 'Edit a product (only the fields sent change)', params: ProductIdParams, body: ProductUpdate, response: { 200: ProductOut, ...errors } },
      handler: (request) => products.updateProduct(ctx(request), request.params.id, request.body),
    });

    app.delete('/products/:id', {
      config: { access: accessOf('catalogue.manage') },
      schema: { tags, summary: 'Delete a product and its images', params: ProductIdParams, response: { 200: MessageOut, ...errors } },
      handler: (request) => products.deleteProduct(ctx(request), request.params.id),
    });

    app.post('/products/:id/images', {
      config: { access: accessOf('catalogue.manage') },
      schema: {
        tags,
        summary: 'Add images (multipart, field "images", several files; JPEG, PNG or WebP checked by their bytes)',
        consumes: ['multipart/form-data'],
        params: ProductIdParams,
        response: { 201: ProductOut, ...errors, 413: ErrorBody, 415: ErrorBody },
      },
      handler: async (request, reply) => {
        const form = await readForm(request, { fileFields: ['images', 'image'] });
        return reply.status(201).send(await products.addImages(ctx(request), request.params.id, form.files));
      },
    });

    app.delete('/products/:id/images/:imageId', {
      config: { access: accessOf('catalogue.manage') },
      schema: { tags, summary: 'Remove one image', params: ProductImageParams, response: { 200: ProductOut, ...errors } },
      handler: (request) => products.removeImage(ctx(request), request.params.id, request.params.imageId),
    });

    app.put('/products/:id/images/order', {
      config: { access: accessOf('catalogue.manage') },
      schema: { tags, summary: 'Reorder the images (every image id, in the new order)', params: ProductIdParams, body: ImageOrderInput, response: { 200: ProductOut, ...errors } },
      handler: (request) => products.reorderImages(ctx(request), request.params.id, request.body.ids),
    });
  };
