import type { Kysely } from 'kysely';
import type { CaseDecision, DB } from '../db/schema.ts';
import type { DomainEventBus, DomainEvents, Reaction } from '../events/domain-events.ts';
import { createAnnouncer } from './announce.ts';
import * as repo from './comments.repository.ts';

type Added = DomainEvents['comment.added'];

/** The decisions that leave a held writing standing (let through): the others keep it out of sight. */
const LETS_THROUGH: ReadonlySet<CaseDecision> = new Set(['none', 'note', 'warn']);

/**
 * What moderation's decisions do to comments and replies (ADR 0099, 0100), declared by createSocial
 * (and by offlineEvents for the command line): a held writing left standing comes into sight, one
 * hidden by the moderators leaves it, and comes back when the hide is lifted.
 */
export function createCommentReactions(events: DomainEventBus) {
  const { release } = createAnnouncer(events);
  /** What each decision or lift let through, for its 'comment.added' to be started once it committed. */
  const released = new WeakMap<object, Added>();
  return {
    /** Moderation decided a case (declared by createSocial): a held writing it leaves standing comes into sight. */
    decided: {
      owe: async (trx: Kysely<DB>, decided: DomainEvents['case.decided']) => {
        if (decided.targetKind !== 'comment' && decided.targetKind !== 'reply') return;
        if (decided.decision === 'hide') {
          // Out of others' sight (ADR 0100): no longer counted; what it caused when written stays.
          const hid = await repo.hideWriting(trx, decided.targetKind, decided.targetId);
          if (hid?.wasInSight) await repo.addToCommentsCount(trx, hid.postId, -1);
          return;
        }
        if (!LETS_THROUGH.has(decided.decision)) return;
        const added = await release(trx, decided.targetKind, decided.targetId);
        if (added) released.set(decided, added);
      },
      start: (decided: DomainEvents['case.decided']) => {
        const added = released.get(decided);
        if (added) events.committed('comment.added', added);
      },
    } satisfies Reaction<DomainEvents['case.decided']>,

    /**
     * A moderators' hide lifted (declared by createSocial): back in sight and counted, told of only when
     * it had never been (it was held); or, when the story's writer had hidden it before, theirs again.
     */
    unhidden: {
      owe: async (trx: Kysely<DB>, unhidden: DomainEvents['writing.unhidden']) => {
        // Hidden by the story's writer before (ADR 0113): theirs again, still out of sight and uncounted.
        if (unhidden.backTo === 'author') {
          await repo.handBackToAuthor(trx, unhidden.kind, unhidden.id);
          return;
        }
        if (unhidden.announce) {
          const added = await release(trx, unhidden.kind, unhidden.id, 'moderators');
          if (added) released.set(unhidden, added);
          return;
        }
        const back = await repo.bringIntoSight(trx, unhidden.kind, unhidden.id, 'moderators');
        if (back) await repo.addToCommentsCount(trx, back.postId, 1);
      },
      start: (unhidden: DomainEvents['writing.unhidden']) => {
        const added = released.get(unhidden);
        if (added) events.committed('comment.added', added);
      },
    } satisfies Reaction<DomainEvents['writing.unhidden']>,
  };
}
