import Fastify from 'fastify';
import { validatorCompiler } from 'fastify-type-provider-zod';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { serializerCompiler } from './serializer.ts';

async function appAnswering(payload: unknown) {
  const app = Fastify();
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  const user = z.object({ id: z.number(), name: z.string().nullable(), tags: z.array(z.enum(['a', 'b'])) });
  app.get('/', { schema: { response: { 200: z.object({ user }) } } }, async () => payload);
  await app.ready();
  return app;
}

describe('response serialisation', () => {
  it('writes the declared fields only, so nothing else a query returned can leak', async () => {
    const app = await appAnswering({ user: { id: 1, name: null, tags: ['a'], password_hash: 'secret', email: 'x@y.z' }, extra: 1 });
    const res = await app.inject({ method: 'GET', url: '/' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ user: { id: 1, name: null, tags: ['a'] } });
    expect(res.body).not.toContain('secret');
  });

  it('fails the response when a required field is missing', async () => {
    const app = await appAnswering({ user: { name: 'Ada', tags: [] } });
    const res = await app.inject({ method: 'GET', url: '/' });
    expect(res.statusCode).toBe(500);
    expect(res.body).not.toContain('Ada');
  });
});
