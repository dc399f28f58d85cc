import type { FastifySchemaCompiler, FastifySchemaValidationError } from 'fastify';
import { validatorCompiler as zodCompiler } from 'fastify-type-provider-zod';
import type { $ZodType } from 'zod/v4/core';

type Outcome = { value?: unknown; error?: Error | FastifySchemaValidationError[] };

/** How many answers each route keeps, and the longest input (as JSON) it keeps one for. */
const KEPT_PER_ROUTE = 256;
const LONGEST_KEPT_INPUT = 200;
const MOST_FIELDS_KEPT = 8;

/**
 * The key of an input whose answer may be kept: a plain object (as JSON.parse, the query string and
 * form parsers make them) of at most a few fields, each a string, number, boolean or null, short as
 * JSON. Anything else (a file, a list, a nested object, a long text) has none.
 */
function keyOf(data: unknown): string | undefined {
  if (typeof data !== 'object' || data === null) return undefined;
  const proto = Object.getPrototypeOf(data);
  if (proto !== Object.prototype && proto !== null) return undefined;
  let fields = 0;
  for (const field in data) {
    const value = (data as Record<string, unknown>)[field];
    if ((value !== null && typeof value === 'object') || ++fields > MOST_FIELDS_KEPT) return undefined;
  }
  if (fields === 0) return '{}';
  const key = JSON.stringify(data);
  return key.length <= LONGEST_KEPT_INPUT ? key : undefined;
}

/** The answer when it may be kept: a success whose value is an object of plain values (a copy then shares nothing). */
function keepable(outcome: Outcome): Record<string, unknown> | undefined {
  const { value, error } = outcome;
  if (error !== undefined || typeof value !== 'object' || value === null || Array.isArray(value)) return undefined;
  return Object.values(value).every((v) => v === null || typeof v !== 'object') ? (value as Record<string, unknown>) : undefined;
}

/**
 * fastify-type-provider-zod's validator compiler, keeping each route's answers to the small inputs
 * readers send again and again: `{}` from every visitor's feed page, `{"user_id": 7}` from a member's,
 * `{"post_id": 42}`, an empty query or `?cursor=…`. Parsing those with zod each time cost about a
 * twelfth of a kept feed page's CPU. The contract's schemas are pure (their preprocessing and
 * defaults depend on the input alone), so an answer cannot change; each request gets its own copy.
 * Only successes are kept (a refusal is made afresh, its error objects the request's own), at most
 * KEPT_PER_ROUTE per route, all dropped when that many are held: a client sending ever new inputs
 * costs a JSON.stringify per call and never more memory.
 */
export const validatorCompiler: FastifySchemaCompiler<$ZodType> = (route) => {
  const validate = zodCompiler(route) as (data: unknown) => Outcome;
  const kept = new Map<string, Record<string, unknown>>();
  return (data: unknown): Outcome => {
    const key = keyOf(data);
    if (key === undefined) return validate(data);
    const known = kept.get(key);
    if (known) return { value: { ...known } };
    const outcome = validate(data);
    const value = keepable(outcome);
    if (value) {
      if (kept.size >= KEPT_PER_ROUTE) kept.clear();
      kept.set(key, { ...value });
    }
    return outcome;
  };
};
