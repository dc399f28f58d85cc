import { COMMENTS_CLOSED, type CommentsFrom } from '@inkwell/contract';
import type { Kysely } from 'kysely';
import type { DB } from '../db/schema.ts';
import { welcomedOn } from '../db/shared.repository.ts';
import { forbidden } from '../lib/errors.ts';

/** A comment or reply where the story's writer does not let its author comment (ADR 0115): 403, saying who may. */
export async function refuseUnwelcome(trx: Kysely<DB>, story: { user_id: number; comments_from: CommentsFrom }, actorId: number): Promise<void> {
  if (story.comments_from !== 'anyone' && !(await welcomedOn(trx, story, actorId))) throw forbidden(COMMENTS_CLOSED[story.comments_from]);
}
