import Fastify from 'fastify';
import { serializerCompiler, validatorCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { accountsMessages } from '@meltway/shared/accounts/messages';
import { catalogueMessages } from '@meltway/shared/catalogue/messages';
import { commerceMessages } from '@meltway/shared/cart-checkout/messages';
import { ConflictError, FieldError, ForbiddenError, TooManyRequestsError } from '../lib/errors.js';
import { registerErrorHandlers } from './errors.js';

/** Every failure answers `{ message, code, params?, issues? }` with the message's stable code. */
describe('error answers', () => {
  const app = Fastify({ logger: false, bodyLimit: 100 }).withTypeProvider<ZodTypeProvider>();
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  registerErrorHandlers(app);
  app.post('/schema', { schema: { body: z.object({ name: z.string().min(1, catalogueMessages.skuRequired), count: z.number() }) } }, async () => ({}));
  app.get('/conflict', async () => {
    throw new ConflictError(catalogueMessages.skuTaken, 'sku');
  });
  app.get('/conflict-no-field', async () => {
    throw new ConflictError(accountsMessages.notPending);
  });
  app.get('/stock', async () => {
    throw new FieldError('quantity', commerceMessages.notEnoughStock, { stock: 4 });
  });
  app.get('/forbidden', async () => {
    throw new ForbiddenError(accountsMessages.forbidden);
  });
  app.get('/limited', async () => {
    throw new TooManyRequestsError(accountsMessages.tooManyAttempts, 12.2);
  });
  app.get('/connection-lost', async () => {
    // As drizzle wraps the driver's error when PostgreSQL ends the connection under a query.
    throw new Error('Failed query: select "id" from "orders"', { cause: Object.assign(new Error('terminating connection due to administrator command'), { code: '57P01' }) });
  });
  app.get('/crash', async () => {
    throw new Error('connection string postgres://secret@db leaked');
  });

  beforeAll(() => app.ready());
  afterAll(() => app.close());

  it('gives schema issues their codes, and the body the first issue’s', async () => {
    const res = await app.inject({ method: 'POST', url: '/schema', payload: { name: '', count: 'three' } });
    expect(res.statusCode).toBe(400);
    const body = res.json();
    expect(body.code).toBe('catalogue.skuRequired');
    expect(body.message).toBe(catalogueMessages.skuRequired);
    expect(body.issues).toEqual([
      { path: 'name', code: 'catalogue.skuRequired', message: catalogueMessages.skuRequired },
      // zod's own wording is none of our texts: the generic code, its text kept.
      { path: 'count', code: 'common.invalidValue', message: expect.any(String) },
    ]);
  });

  it('names the field of a 409 when one is concerned, and none otherwise', async () => {
    expect((await app.inject({ method: 'GET', url: '/conflict' })).json()).toEqual({
      message: catalogueMessages.skuTaken,
      code: 'catalogue.skuTaken',
      issues: [{ path: 'sku', code: 'catalogue.skuTaken', message: catalogueMessages.skuTaken }],
    });
    expect((await app.inject({ method: 'GET', url: '/conflict-no-field' })).json()).toEqual({
      message: accountsMessages.notPending,
      code: 'accounts.notPending',
    });
  });

  it('sends a message’s values beside its filled-in text', async () => {
    const res = await app.inject({ method: 'GET', url: '/stock' });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({
      message: 'Not enough stock: only 4 left',
      code: 'commerce.notEnoughStock',
      params: { stock: 4 },
      issues: [{ path: 'quantity', code: 'commerce.notEnoughStock', message: 'Not enough stock: only 4 left', params: { stock: 4 } }],
    });
  });

  it('codes refusals and limits, with Retry-After', async () => {
    expect((await app.inject({ method: 'GET', url: '/forbidden' })).json()).toEqual({ message: accountsMessages.forbidden, code: 'accounts.forbidden' });
    const limited = await app.inject({ method: 'GET', url: '/limited' });
    expect(limited.statusCode).toBe(429);
    expect(limited.headers['retry-after']).toBe('13');
    expect(limited.json()).toEqual({ message: accountsMessages.tooManyAttempts, code: 'accounts.tooManyAttempts' });
  });

  it('gives Fastify’s own refusals a common code', async () => {
    const badJson = await app.inject({ method: 'POST', url: '/schema', headers: { 'content-type': 'application/json' }, payload: '{"name":' });
    expect(badJson.statusCode).toBe(400);
    expect(badJson.json().code).toBe('common.invalidRequest');
    const big = await app.inject({ method: 'POST', url: '/schema', payload: { name: 'x'.repeat(200), count: 1 } });
    expect(big.statusCode).toBe(413);
    expect(big.json().code).toBe('common.payloadTooLarge');
  });

  it('answers a lost database connection 503 common.unavailable with Retry-After, saying nothing internal', async () => {
    const res = await app.inject({ method: 'GET', url: '/connection-lost' });
    expect(res.statusCode).toBe(503);
    expect(res.headers['retry-after']).toBe('1');
    expect(res.json()).toEqual({ message: 'Database unavailable', code: 'common.unavailable' });
  });

  it('says nothing internal about a crash', async () => {
    const res = await app.inject({ method: 'GET', url: '/crash' });
    expect(res.statusCode).toBe(500);
    expect(res.json()).toEqual({ message: 'Something went wrong', code: 'common.generic' });
  });
});
