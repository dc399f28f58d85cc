import type { hideWritingResponse } from '@inkwell/contract';
import type { Kysely } from 'kysely';
import type { z } from 'zod';
import { audit } from '../audit/audit.ts';
import type { DB } from '../db/schema.ts';
import { conflict, notFound } from '../lib/errors.ts';
import type { Auth } from '../plugins/session.ts';
import * as repo from './comments.repository.ts';
import { NOT_FOUND } from './errors.ts';
import { findTeller } from './targets.repository.ts';

type HideAnswer = z.infer<typeof hideWritingResponse>;

export const AUTHOR_HIDE_MESSAGES = {
  hidden: (kind: 'comment' | 'reply') => `${kind === 'comment' ? 'Comment' : 'Reply'} hidden: only you and its writer see it now.`,
  shown: (kind: 'comment' | 'reply') => `${kind === 'comment' ? 'Comment' : 'Reply'} shown to everyone again.`,
  held: 'It is held for review: a moderator decides whether others see it.',
  moderators: 'The moderators have hidden it: only they can show it again.',
} as const;

/**
 * A story's writer keeps their own corner (issue 47, ADR 0113): they hide a comment or reply on their
 * story from its readers, or show it again. Out of sight it is no longer counted; its writer still
 * sees it, labelled, and so does the story's writer. Each change is written to the audit log as the
 * writer's own act (`writer.hide`, `writer.unhide`: apart from staff's), in its transaction. Who may
 * is the endpoint's rule (`owns: 'story'`, access/policy.ts canHideComment), asked before this runs.
 */
export function createAuthorHides(db: Kysely<DB>) {
  return {
    async set(auth: Auth, kind: 'comment' | 'reply', id: number, hide: boolean): Promise<HideAnswer> {
      return db.transaction().execute(async (trx) => {
        const changed = hide ? await repo.hideForAuthor(trx, kind, id) : await repo.bringIntoSight(trx, kind, id, 'author');
        // Nothing changed: gone, hidden or shown already, or the moderators' (read only then).
        const now = changed ? null : await repo.hiddenOf(trx, kind, id);
        if (now === undefined) throw notFound(kind === 'comment' ? NOT_FOUND.comment : NOT_FOUND.reply);
        if (now === 'held' || now === 'moderators') throw conflict(AUTHOR_HIDE_MESSAGES[now]);
        if (changed) {
          await repo.addToCommentsCount(trx, changed.postId, hide ? -1 : 1);
          await audit(trx, {
            actor: { id: auth.userId, name: (await findTeller(trx, auth.userId)).name?.trim() || `member ${auth.userId}` },
            action: hide ? 'writer.hide' : 'writer.unhide',
            target: { kind, id, label: `${kind} ${id} on story ${changed.postId}` },
          });
        }
        return { message: hide ? AUTHOR_HIDE_MESSAGES.hidden(kind) : AUTHOR_HIDE_MESSAGES.shown(kind), hidden: hide };
      });
    },
  };
}
