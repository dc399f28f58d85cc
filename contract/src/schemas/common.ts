import { z } from 'zod';
import { MAX_ID } from '../ids.ts';
import { COMMENTS_FROM, COMMENTS_FROM_INVALID } from '../comments-from.ts';

/** Error body of every failed call (DESIGN: errors). 422 carries errors.<field>[0]. */
export const errorResponse = z.object({
  message: z.string(),
  errors: z.record(z.string(), z.array(z.string())).optional(),
});
export type ErrorResponse = z.infer<typeof errorResponse>;

export const messageResponse = z.object({ message: z.string() });
export type MessageResponse = z.infer<typeof messageResponse>;

/** `?cursor=…` of a paged list (the feeds, the follow lists): the server's next_page_url hands it out. */
export const cursorQuery = z.object({ cursor: z.string().max(100).optional() });
/** `?token=…` of a mailed link opened with a GET (verify-email, confirm-email). */
export const mailedTokenQuery = z.object({ token: z.string().max(500).optional() });

/** A message for a field that is missing altogether, or present but of the wrong kind. */
export function requiredMessage(field: string) {
  return (issue: { input: unknown }) =>
    issue.input === undefined || issue.input === null || issue.input === '' ? `The ${field} field is required.` : `The ${field} field is invalid.`;
}

/**
 * A numeric id as it arrives in JSON (number) or in a form (string): a positive integer no larger than
 * the id columns hold (MAX_ID), so 2^31 is refused as invalid on SQLite and PostgreSQL alike.
 * Bodies may come as JSON, urlencoded or multipart alike (DESIGN: payloads).
 */
export function idField(field: string) {
  return z.preprocess(
    (value) => (typeof value === 'string' && /^\d+$/.test(value.trim()) ? Number(value.trim()) : value),
    z
      .number({ error: requiredMessage(field) })
      .int(`The ${field} field is invalid.`)
      .positive(`The ${field} field is invalid.`)
      .max(MAX_ID, `The ${field} field is invalid.`),
  );
}

/** A yes/no field as forms and clients send it: 1 or 0 (also '1', '0', true, false, 'true', 'false'). */
export const flag = (field: string) =>
  z.preprocess(
    (v) => (v === '1' || v === 1 || v === true || v === 'true' ? 1 : v === '0' || v === 0 || v === false || v === 'false' ? 0 : v),
    z.union([z.literal(0), z.literal(1)], { error: `The ${field} field must be 1 or 0.` }),
  );

/**
 * Set on a story, comment or reply that an account of another server wrote (issue 46: one model, its
 * author the account's row of users): its handle (`@name@host`), its picture there, its profile page
 * there and the original's page. Absent or null for a member's.
 */
export const writtenElsewhere = z.object({
  handle: z.string(),
  icon_url: z.string().nullable(),
  profile_url: z.string().nullable(),
  url: z.string().nullable(),
  /** Names the account (its row of users) for /block: the post's writer may block it from the thread. */
  account_id: z.number().nullable().optional(),
});
export type WrittenElsewhere = z.infer<typeof writtenElsewhere>;

/**
 * The form guard's fields (contract/src/form-guard.ts), optional on a sign-up and a subscribe: the
 * honeypot (nobody fills it) and how long the form was open before it was sent.
 */
export const formGuardFields = {
  website: z.string().max(2000).optional(),
  filled_ms: z.number().int().min(0).max(Number.MAX_SAFE_INTEGER).optional(),
};

/** Who may comment on a story: one of its writer's four choices (issue 47, ADR 0115). */
export const commentsFromField = z.enum(COMMENTS_FROM, { error: COMMENTS_FROM_INVALID });
