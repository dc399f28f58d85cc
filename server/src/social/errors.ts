import { HttpError, notFound } from '../lib/errors.ts';

export const NOT_FOUND = {
  post: 'Post not found.',
  user: 'User not found.',
  comment: 'Comment not found.',
  reply: 'Reply not found.',
} as const;

/** true when err is a broken foreign key (the row it points at was deleted meanwhile), on either database. */
function isForeignKeyViolation(err: unknown): boolean {
  const e = err as { code?: string } | null;
  return e?.code === '23503' || e?.code === 'SQLITE_CONSTRAINT_FOREIGNKEY';
}

/** Runs work; a post or user deleted between the check and the write answers 404, not 500. */
export async function orNotFound<T>(message: string, work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (err) {
    if (!(err instanceof HttpError) && isForeignKeyViolation(err)) throw notFound(message);
    throw err;
  }
}
