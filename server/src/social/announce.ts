import type { Kysely } from 'kysely';
import { nowIso } from '../db/database.ts';
import type { DB, WritingHidden } from '../db/schema.ts';
import type { DomainEventBus, DomainEvents } from '../events/domain-events.ts';
import { noticesBy, notify } from '../notify/notify.ts';
import * as repo from './comments.repository.ts';
import { type PostTarget, findTeller, lockPost } from './targets.repository.ts';

type Added = DomainEvents['comment.added'];

/** The comment a reply is in, and the reply it answers. */
export interface Answering {
  comment: { id: number; user_id: number };
  answered?: { id: number; user_id: number } | undefined;
}

/**
 * What a comment or reply coming into sight causes, in its transaction (ADR 0084, 0099): its count,
 * who is told, 'comment.added' — when it is written, and when a held one is let through.
 */
export function createAnnouncer(events: DomainEventBus) {
  /** What a comment in sight causes, in its transaction: its count, its post's owner told, 'comment.added'. */
  async function announceComment(trx: Kysely<DB>, post: PostTarget, writerId: number, id: number, from: { elsewhere?: true }, now: string): Promise<Added> {
    await repo.addToCommentsCount(trx, post.id, 1);
    const texts = noticesBy(await findTeller(trx, writerId));
    await notify.comment(trx, post.id, { commentId: id }, { recipient: post.user_id, actorId: writerId, message: texts.comment(post.title), now });
    const added: Added = { postId: post.id, writerId, commentId: id, replyId: null, ...from };
    await events.emit(trx, 'comment.added', added);
    return added;
  }

  /** What a reply in sight causes: its count, the answered reply's author, the comment's author and the post's owner told (each once, of what concerns them most), 'comment.added'. */
  async function announceReply(trx: Kysely<DB>, post: PostTarget, to: Answering, writerId: number, id: number, from: { elsewhere?: true }, now: string): Promise<Added> {
    const { comment, answered } = to;
    await repo.addToCommentsCount(trx, post.id, 1);
    const texts = noticesBy(await findTeller(trx, writerId));
    const told = new Set<number>();
    const tell = async (recipient: number, message: string) => {
      if (told.has(recipient)) return;
      told.add(recipient);
      await notify.comment(trx, post.id, { replyId: id }, { recipient, actorId: writerId, message, now });
    };
    if (answered) await tell(answered.user_id, texts.replyToReply(post.title));
    await tell(comment.user_id, texts.replyToAuthor(post.title));
    await tell(post.user_id, texts.replyToOwner(post.title));
    const added: Added = { postId: post.id, writerId, commentId: comment.id, replyId: id, ...from };
    await events.emit(trx, 'comment.added', added);
    return added;
  }

  /**
   * A writing out of others' sight for the reason `was` that has never been in sight (held: ADR 0099)
   * let through: counted and told of as when it is written (its time stays its own). Nothing when it
   * is not so.
   */
  async function release(trx: Kysely<DB>, kind: 'comment' | 'reply', id: number, was: WritingHidden = 'held'): Promise<Added | undefined> {
    const freed = await repo.bringIntoSight(trx, kind, id, was);
    if (!freed) return undefined;
    const post = await lockPost(trx, freed.postId);
    if (!post) return undefined;
    const now = nowIso();
    if (freed.replyId === null) return announceComment(trx, post, freed.writerId, freed.commentId, {}, now);
    const { comment, answered } = await repo.writersOf(trx, freed.commentId, freed.replyToId);
    if (!comment) return undefined;
    return announceReply(trx, post, { comment, answered }, freed.writerId, freed.replyId, {}, now);
  }

  return { announceComment, announceReply, release };
}

export type Announcer = ReturnType<typeof createAnnouncer>;
