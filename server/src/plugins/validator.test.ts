import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { validatorCompiler } from './validator.ts';

const compile = (schema: z.ZodType) => validatorCompiler({ schema, method: 'POST', url: '/x', httpPart: 'body' }) as (data: unknown) => { value?: unknown; error?: unknown };

describe('the validator compiler', () => {
  const withDefaults = z.object({ scope: z.enum(['all', 'saved']).default('all'), user_id: z.number().optional() });

  it('answers an empty object as the schema does, each request with its own copy', () => {
    const validate = compile(withDefaults);
    const first = validate({}).value as Record<string, unknown>;
    expect(first).toEqual({ scope: 'all' });
    first.scope = 'saved';
    first.added = 1;
    expect(validate({}).value).toEqual({ scope: 'all' });
    expect(validate(Object.create(null)).value).toEqual({ scope: 'all' });
  });

  it('parses an empty object once, as the route is made, and not again per request', () => {
    let parsed = 0;
    const counted = z.preprocess((v) => {
      parsed += 1;
      return v;
    }, withDefaults);
    const validate = compile(counted);
    for (let i = 0; i < 3; i += 1) validate({});
    expect(parsed).toBe(1);
    validate({ user_id: 1 });
    expect(parsed).toBe(2);
  });

  it('validates anything else each time, as zod does', () => {
    const validate = compile(withDefaults);
    expect(validate({ user_id: 3 }).value).toEqual({ scope: 'all', user_id: 3 });
    expect(validate({ scope: 'none' }).error).toBeDefined();
    expect(validate([]).error).toBeDefined();
    expect(validate(null).error).toBeDefined();
    // An inherited key is not the body's own: the object is empty, as JSON.parse would never make it.
    expect(validate(Object.create({ scope: 'saved' })).value).toEqual({ scope: 'all' });
  });

  it('refuses an empty object afresh each time when the schema wants a field', () => {
    const validate = compile(z.object({ post_id: z.number() }));
    const a = validate({}).error;
    const b = validate({}).error;
    expect(a).toBeDefined();
    expect(a).not.toBe(b);
  });

  it('does not keep an answer holding objects, which a copy would share', () => {
    const validate = compile(z.object({ tags: z.array(z.string()).default([]) }));
    const first = validate({}).value as { tags: string[] };
    first.tags.push('mutated');
    expect(validate({}).value).toEqual({ tags: [] });
  });
});
