import Fastify from 'fastify';
import { validatorCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { serializerCompiler } from './response-serializer.js';

const Out = z.object({ name: z.string(), count: z.number().int(), note: z.string().nullable() });

async function appAnswering(answer: unknown) {
  const app = Fastify().withTypeProvider<ZodTypeProvider>();
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  app.get('/x', { schema: { response: { 200: Out } } }, async () => answer as z.infer<typeof Out>);
  await app.ready();
  return app;
}

describe('the response serialiser', () => {
  it('writes only the schema’s fields, null where the schema allows it', async () => {
    const app = await appAnswering({ name: 'Mat', count: 2, note: null, secret: 'not for the client' });
    const res = await app.inject({ url: '/x' });
    expect(res.statusCode).toBe(200);
    expect(res.body).toBe('{"name":"Mat","count":2,"note":null}');
    await app.close();
  });

  it('refuses an answer missing a required field, through zod’s check', async () => {
    const app = await appAnswering({ count: 2, note: 'x' });
    const res = await app.inject({ url: '/x' });
    expect(res.statusCode).toBe(500);
    expect(res.body).not.toContain('"count":2');
    await app.close();
  });
});
