import type { DomainEvents, Reaction } from '../events/domain-events.ts';
import { nowIso } from '../db/database.ts';
import { markHeld, openCase } from './reports.repository.ts';

/**
 * A writing held for review opens a case about it (ADR 0099), in the transaction that wrote it: the
 * case of its writer, saying why it was held, with no report in it. Deciding it lets the writing
 * through or keeps it out of sight (social's reaction to 'case.decided').
 */
export const openHeldCase: Reaction<DomainEvents['comment.held']> = {
  owe: async (trx, held) => {
    const [kind, id] = held.replyId === null ? (['comment', held.commentId] as const) : (['reply', held.replyId] as const);
    await markHeld(trx, await openCase(trx, kind, id, held.writerId, nowIso()), held.reason);
  },
};
