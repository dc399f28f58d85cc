import { COMMENTS_BANNED, COMMENTS_CLOSED, type CommentsFrom, mayComment } from '@inkwell/contract';
import type { Kysely } from 'kysely';
import type { DB } from '../db/schema.ts';
import { commenterStanding } from '../db/shared.repository.ts';
import { forbidden } from '../lib/errors.ts';

/**
 * A comment or reply where the story's writer does not let its author comment: 403, saying why — the
 * writer banned them from their stories (ADR 0116), or lets only others comment on this one (ADR 0115).
 */
export async function refuseUnwelcome(trx: Kysely<DB>, story: { user_id: number; comments_from: CommentsFrom }, actorId: number): Promise<void> {
  const standing = await commenterStanding(trx, story, actorId);
  if (mayComment(story.comments_from, standing)) return;
  throw forbidden(standing.banned ? COMMENTS_BANNED : COMMENTS_CLOSED[story.comments_from === 'anyone' ? 'nobody' : story.comments_from]);
}
