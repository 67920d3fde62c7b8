import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { commonMessages } from '@meltway/shared/common/messages';
import { createTestApp, type TestApp } from '../harness.js';

/**
 * Found by the fuzz: Fastify refuses some URLs before any route or hook runs, and answered them in its own
 * shape, `{ error, code: 'FST_ERR_BAD_URL', message }`, quoting the path back. They answer in the API's
 * shape now (plugins/errors.ts, `frameworkErrors`).
 */
describe('URLs the router refuses', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  it('answers a path that is no valid URL component with a 400 in the error shape', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/v1/products/%E0%A4%A' });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ message: commonMessages.invalidRequest, code: 'common.invalidRequest' });
  });

  it('answers a path parameter longer than the router takes with a 414 in the error shape', async () => {
    const res = await t.app.inject({ method: 'GET', url: `/api/v1/products/${'x'.repeat(3000)}` });
    expect(res.statusCode).toBe(414);
    expect(res.json()).toEqual({ message: commonMessages.invalidRequest, code: 'common.invalidRequest' });
  });
});
