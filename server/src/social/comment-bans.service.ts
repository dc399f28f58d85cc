import type { CommentBansResponse, commentBanResponse } from '@inkwell/contract';
import type { Kysely } from 'kysely';
import type { z } from 'zod';
import { audit } from '../audit/audit.ts';
import { nowIso } from '../db/database.ts';
import type { DB } from '../db/schema.ts';
import { notFound, validationError } from '../lib/errors.ts';
import type { Auth } from '../plugins/session.ts';
import { listedPerson } from './blocks.service.ts';
import * as repo from './comment-bans.repository.ts';
import { NOT_FOUND } from './errors.ts';
import { findActiveUser, findTeller } from './targets.repository.ts';

export const COMMENT_BAN_MESSAGES = {
  banned: (name: string) => `${name} can no longer comment on your stories.`,
  lifted: (name: string) => `${name} can comment on your stories again.`,
  self: 'You cannot ban yourself.',
} as const;

/**
 * A writer bans a reader from commenting on their stories, or lifts it (issue 47, ADR 0116): a member
 * or an account elsewhere alike (one graph). The reader still reads, likes and follows; what they
 * wrote stays until the writer hides or deletes it; a comment or reply of theirs is refused, and a
 * Note from elsewhere not kept (`commenterStanding`). Each change is the writer's own act in the audit
 * log (`writer.ban`, `writer.unban`), apart from staff's.
 */
export function createCommentBans(db: Kysely<DB>) {
  return {
    async set(auth: Auth, readerId: number, ban: boolean): Promise<z.infer<typeof commentBanResponse>> {
      if (readerId === auth.userId) throw validationError({ reader_id: [COMMENT_BAN_MESSAGES.self] });
      return db.transaction().execute(async (trx) => {
        const reader = await findActiveUser(trx, readerId);
        if (!reader) throw notFound(NOT_FOUND.user);
        const changed = ban ? await repo.addBan(trx, auth.userId, readerId, nowIso()) : await repo.removeBan(trx, auth.userId, readerId);
        const seen = await findTeller(trx, readerId);
        const name = seen.name?.trim() || seen.handle || `reader ${readerId}`;
        if (changed) {
          await audit(trx, {
            actor: { id: auth.userId, name: (await findTeller(trx, auth.userId)).name?.trim() || `member ${auth.userId}` },
            action: ban ? 'writer.ban' : 'writer.unban',
            target: { kind: 'user', id: readerId, label: name },
          });
        }
        return { message: ban ? COMMENT_BAN_MESSAGES.banned(name) : COMMENT_BAN_MESSAGES.lifted(name), banned: ban };
      });
    },

    async list(auth: Auth): Promise<CommentBansResponse> {
      return { data: (await repo.bannedReaders(db, auth.userId)).map(listedPerson) };
    },
  };
}
