import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { accessOf } from '@meltway/shared/accounts/permissions';
import { BrandInput, BrandList, BrandOut, BrandUpdate, TaxonomyListQuery } from '@meltway/shared/catalogue/brand.schema';
import { CategoryInput, CategoryList, CategoryListQuery, CategoryOut, CategoryUpdate } from '@meltway/shared/catalogue/category.schema';
import { SupplierInput, SupplierList, SupplierOut, SupplierUpdate, TaxonomyIdParams } from '@meltway/shared/catalogue/supplier.schema';
import { ErrorBody, MessageOut } from '@meltway/shared/common/errors';
import { textBodyLimit } from '../../lib/body-limits.js';
import { makeCtx, type Deps } from '../../lib/ctx.js';
import { multipartConsumes, parseFields, readForm } from '../../plugins/uploads.js';
import * as catalogue from './catalogue.service.js';

const errors = { 400: ErrorBody, 401: ErrorBody, 403: ErrorBody, 404: ErrorBody, 409: ErrorBody };
const uploadErrors = { ...errors, 413: ErrorBody, 415: ErrorBody };
/** A category or brand as JSON (the form without its file): name and description in English and French, and parent id, at their longest. */
const TAXONOMY_BODY_LIMIT = textBodyLimit(120, 120, 5000, 5000, 36);

const params = TaxonomyIdParams;

/** Categories: public reads, admin-only writes. */
export const categoriesRoutes =
  (deps: Deps): FastifyPluginAsyncZod =>
  async (app) => {
    const ctx = (request: Parameters<typeof makeCtx>[1]) => makeCtx(deps, request);
    const tags = ['categories'];
    app.get('/categories', {
      config: { access: accessOf('catalogue.browse') },
      schema: { tags, summary: 'Categories, paged, with their count of active products', querystring: CategoryListQuery, response: { 200: CategoryList, ...errors } },
      handler: (request) => catalogue.listCategories(ctx(request), request.query),
    });
    app.get('/categories/:id', {
      config: { access: accessOf('catalogue.browse') },
      schema: { tags, summary: 'One category', params, response: { 200: CategoryOut, ...errors } },
      handler: (request) => catalogue.getCategory(ctx(request), request.params.id),
    });
    app.post('/categories', {
      config: { access: accessOf('catalogue.manage') },
      bodyLimit: TAXONOMY_BODY_LIMIT,
      schema: { tags, summary: 'Create a category (multipart: name, nameFr, description, descriptionFr, parentId, image)', consumes: multipartConsumes, response: { 201: CategoryOut, ...uploadErrors } },
      handler: async (request, reply) => {
        const form = await readForm(request, { fileFields: ['image'], maxFiles: 1 });
        const out = await catalogue.createCategory(ctx(request), parseFields(CategoryInput, form.fields), form.files[0]);
        return reply.status(201).send(out);
      },
    });
    app.put('/categories/:id', {
      config: { access: accessOf('catalogue.manage') },
      bodyLimit: TAXONOMY_BODY_LIMIT,
      schema: { tags, summary: 'Edit a category (multipart; a new image replaces the old one)', consumes: multipartConsumes, params, response: { 200: CategoryOut, ...uploadErrors } },
      handler: async (request) => {
        const form = await readForm(request, { fileFields: ['image'], maxFiles: 1 });
        return catalogue.updateCategory(ctx(request), request.params.id, parseFields(CategoryUpdate, form.fields), form.files[0]);
      },
    });
    app.delete('/categories/:id', {
      config: { access: accessOf('catalogue.manage') },
      schema: { tags, summary: 'Delete a category that no product or subcategory uses', params, response: { 200: MessageOut, ...errors } },
      handler: (request) => catalogue.deleteCategory(ctx(request), request.params.id),
    });
  };

/** Brands: public reads, admin-only writes. */
export const brandsRoutes =
  (deps: Deps): FastifyPluginAsyncZod =>
  async (app) => {
    const ctx = (request: Parameters<typeof makeCtx>[1]) => makeCtx(deps, request);
    const tags = ['brands'];
    app.get('/brands', {
      config: { access: accessOf('catalogue.browse') },
      schema: { tags, summary: 'Brands, paged', querystring: TaxonomyListQuery, response: { 200: BrandList, ...errors } },
      handler: (request) => catalogue.listBrands(ctx(request), request.query),
    });
    app.get('/brands/:id', {
      config: { access: accessOf('catalogue.browse') },
      schema: { tags, summary: 'One brand', params, response: { 200: BrandOut, ...errors } },
      handler: (request) => catalogue.getBrand(ctx(request), request.params.id),
    });
    app.post('/brands', {
      config: { access: accessOf('catalogue.manage') },
      bodyLimit: TAXONOMY_BODY_LIMIT,
      schema: { tags, summary: 'Create a brand (multipart: name, description, descriptionFr, logo)', consumes: multipartConsumes, response: { 201: BrandOut, ...uploadErrors } },
      handler: async (request, reply) => {
        const form = await readForm(request, { fileFields: ['logo'], maxFiles: 1 });
        return reply.status(201).send(await catalogue.createBrand(ctx(request), parseFields(BrandInput, form.fields), form.files[0]));
      },
    });
    app.put('/brands/:id', {
      config: { access: accessOf('catalogue.manage') },
      bodyLimit: TAXONOMY_BODY_LIMIT,
      schema: { tags, summary: 'Edit a brand (multipart; a new logo replaces the old one)', consumes: multipartConsumes, params, response: { 200: BrandOut, ...uploadErrors } },
      handler: async (request) => {
        const form = await readForm(request, { fileFields: ['logo'], maxFiles: 1 });
        return catalogue.updateBrand(ctx(request), request.params.id, parseFields(BrandUpdate, form.fields), form.files[0]);
      },
    });
    app.delete('/brands/:id', {
      config: { access: accessOf('catalogue.manage') },
      schema: { tags, summary: 'Delete a brand that no product uses', params, response: { 200: MessageOut, ...errors } },
      handler: (request) => catalogue.deleteBrand(ctx(request), request.params.id),
    });
  };

/** Suppliers: read by staff, written by admins. */
export const suppliersRoutes =
  (deps: Deps): FastifyPluginAsyncZod =>
  async (app) => {
    const ctx = (request: Parameters<typeof makeCtx>[1]) => makeCtx(deps, request);
    const tags = ['suppliers'];
    app.get('/suppliers', {
      config: { access: accessOf('suppliers.list') },
      schema: { tags, summary: 'Suppliers, paged', querystring: TaxonomyListQuery, response: { 200: SupplierList, ...errors } },
      handler: (request) => catalogue.listSuppliers(ctx(request), request.query),
    });
    app.get('/suppliers/:id', {
      config: { access: accessOf('suppliers.list') },
      schema: { tags, summary: 'One supplier', params, response: { 200: SupplierOut, ...errors } },
      handler: (request) => catalogue.getSupplier(ctx(request), request.params.id),
    });
    app.post('/suppliers', {
      config: { access: accessOf('catalogue.manage') },
      schema: { tags, summary: 'Create a supplier', body: SupplierInput, response: { 201: SupplierOut, ...errors } },
      handler: async (request, reply) => reply.status(201).send(await catalogue.createSupplier(ctx(request), request.body)),
    });
    app.put('/suppliers/:id', {
      config: { access: accessOf('catalogue.manage') },
      schema: { tags, summary: 'Edit a supplier', params, body: SupplierUpdate, response: { 200: SupplierOut, ...errors } },
      handler: (request) => catalogue.updateSupplier(ctx(request), request.params.id, request.body),
    });
    app.delete('/suppliers/:id', {
      config: { access: accessOf('catalogue.manage') },
      schema: { tags, summary: 'Delete a supplier that no product uses', params, response: { 200: MessageOut, ...errors } },
      handler: (request) => catalogue.deleteSupplier(ctx(request), request.params.id),
    });
  };
