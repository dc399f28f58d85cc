import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { validatorCompiler } from './validator.ts';

const compile = (schema: z.ZodType) => validatorCompiler({ schema, method: 'POST', url: '/x', httpPart: 'body' }) as (data: unknown) => { value?: unknown; error?: unknown };

/** The schema wrapped so that each parse by zod is counted. */
function counted<T extends z.ZodType>(schema: T) {
  const seen = { parses: 0 };
  const wrapped = z.preprocess((v) => {
    seen.parses += 1;
    return v;
  }, schema);
  return { seen, wrapped };
}

describe('the validator compiler', () => {
  const withDefaults = z.object({ scope: z.enum(['all', 'saved']).default('all'), user_id: z.coerce.number().optional() });

  it('parses a small input once and answers it again from memory, each request with its own copy', () => {
    const { seen, wrapped } = counted(withDefaults);
    const validate = compile(wrapped);
    const first = validate({}).value as Record<string, unknown>;
    expect(first).toEqual({ scope: 'all' });
    first.scope = 'saved';
    first.added = 1;
    expect(validate({}).value).toEqual({ scope: 'all' });
    expect(validate(Object.create(null)).value).toEqual({ scope: 'all' });
    expect(validate({ user_id: '7' }).value).toEqual({ scope: 'all', user_id: 7 });
    expect(validate({ user_id: '7' }).value).toEqual({ scope: 'all', user_id: 7 });
    expect(seen.parses).toBe(2);
    // The same fields with other values, or in another order, are other inputs.
    expect(validate({ user_id: '8' }).value).toEqual({ scope: 'all', user_id: 8 });
    expect(validate({ scope: 'saved', user_id: '7' }).value).toEqual({ scope: 'saved', user_id: 7 });
    expect(seen.parses).toBe(4);
  });

  it('validates each time what it does not keep: refusals, long texts, lists, nested objects, other prototypes', () => {
    const { seen, wrapped } = counted(z.object({ text: z.string().max(500).optional(), tags: z.array(z.string()).optional() }));
    const validate = compile(wrapped);
    const inputs = [{ text: 'x'.repeat(300) }, { tags: ['a'] }, { text: 'x'.repeat(600) }, Object.create({ text: 'inherited' })];
    for (const input of inputs) {
      validate(input);
      validate(input);
    }
    expect(seen.parses).toBe(2 * inputs.length);
    const refusal = compile(z.object({ post_id: z.number() }));
    const a = refusal({}).error;
    const b = refusal({}).error;
    expect(a).toBeDefined();
    expect(a).not.toBe(b);
    // An input zod reads through its prototype is zod's to answer, as it would without the memory.
    expect(compile(withDefaults)(Object.create({ scope: 'saved' })).value).toEqual({ scope: 'saved' });
  });

  it('does not keep an answer holding objects, which a copy would share', () => {
    const validate = compile(z.object({ tags: z.array(z.string()).default([]) }));
    const first = validate({}).value as { tags: string[] };
    first.tags.push('mutated');
    expect(validate({}).value).toEqual({ tags: [] });
  });

  it('holds a bounded number of answers per route, whatever a client sends', () => {
    const { seen, wrapped } = counted(withDefaults);
    const validate = compile(wrapped);
    for (let i = 0; i < 1_000; i += 1) validate({ user_id: String(i) });
    const before = seen.parses;
    validate({ user_id: '999' });
    expect(seen.parses).toBe(before);
    validate({ user_id: '0' });
    expect(seen.parses).toBe(before + 1);
  });
});
