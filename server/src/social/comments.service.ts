import type { commentCreatedResponse } from '@inkwell/contract';
import type { Kysely } from 'kysely';
import type { z } from 'zod';
import { nowIso } from '../db/database.ts';
import type { DB } from '../db/schema.ts';
import type { ActNote } from '../deps.ts';
import type { DomainEventBus, DomainEvents } from '../events/domain-events.ts';
import { canDeleteComment, requireAccess } from '../access/policy.ts';
import { notFound } from '../lib/errors.ts';
import type { Auth } from '../plugins/session.ts';
import * as repo from './comments.repository.ts';
import { refuseBlockedComment } from './blocks.service.ts';
import { hasBlocked } from './blocks.repository.ts';
import { NOT_FOUND, orNotFound } from './errors.ts';
import { noticesBy, notify } from '../notify/notify.ts';
import { type PostTarget, findTeller, lockPost } from './targets.repository.ts';
import { type SpamConfig, defaultSpam } from '../config-spam.ts';
import { refuseSpam } from './spam.ts';

type Created = z.infer<typeof commentCreatedResponse>;
type Added = DomainEvents['comment.added'];

export const COMMENT_MESSAGES = {
  commented: 'Comment added.',
  replied: 'Reply added.',
  commentDeleted: 'Comment deleted.',
  replyDeleted: 'Reply deleted.',
} as const;

/** A comment or reply as it is written: by whom, its text, and for one from the fediverse its Note's id, page and time. */
interface Writing {
  actorId: number;
  body: string;
  note?: { apId: string; url: string | null; createdAt: string };
}

/**
 * Comments and replies are plain text (the schema trims and bounds them); they are stored as given
 * and never read as HTML. posts.comments_count counts both, kept in the transaction of each write,
 * which first locks the post so that writes to one post's thread take turns. Each says what happened
 * (`comment.added`, `comment.removing`: ADR 0084) in its transaction, for the modules that react (the
 * fediverse owes a reply to the thread's accounts elsewhere), and that it committed after. A member's
 * call and a Note from the fediverse (ADR 0086) are written, counted, told and removed by the same code.
 */
export function createCommentsService(db: Kysely<DB>, events: DomainEventBus, spam: SpamConfig = defaultSpam) {
  /** Writes a comment of the post, with its count, notification and event; undefined when its Note came before. */
  async function comment(trx: Kysely<DB>, post: PostTarget, w: Writing): Promise<Added | undefined> {
    const now = nowIso();
    const id = await repo.insertComment(trx, { post_id: post.id, user_id: w.actorId, body: w.body, now, ...noteColumns(w) });
    if (id === undefined) return undefined;
    await repo.addToCommentsCount(trx, post.id, 1);
    const texts = noticesBy(await findTeller(trx, w.actorId));
    await notify.comment(trx, post.id, { commentId: id }, { recipient: post.user_id, actorId: w.actorId, message: texts.comment(post.title), now });
    const added: Added = { postId: post.id, writerId: w.actorId, commentId: id, replyId: null, ...elsewhere(w) };
    await events.emit(trx, 'comment.added', added);
    return added;
  }

  /** Writes a reply in the comment's thread (answering `answered`, one of its replies, when given), told to the answered reply's author, the comment's author and the post's owner. */
  async function reply(trx: Kysely<DB>, post: PostTarget, to: { comment: { id: number; user_id: number }; answered?: { id: number; user_id: number } }, w: Writing) {
    const { comment, answered } = to;
    const now = nowIso();
    const values = { comment_id: comment.id, post_id: post.id, user_id: w.actorId, reply_to_id: answered?.id ?? null, body: w.body, now, ...noteColumns(w) };
    const id = await repo.insertReply(trx, values);
    if (id === undefined) return undefined;
    await repo.addToCommentsCount(trx, post.id, 1);
    const texts = noticesBy(await findTeller(trx, w.actorId));
    // Each told once, of what concerns them most: their reply answered, their comment, their post.
    const told = new Set<number>();
    const tell = async (recipient: number, message: string) => {
      if (told.has(recipient)) return;
      told.add(recipient);
      await notify.comment(trx, post.id, { replyId: id }, { recipient, actorId: w.actorId, message, now });
    };
    if (answered) await tell(answered.user_id, texts.replyToReply(post.title));
    await tell(comment.user_id, texts.replyToAuthor(post.title));
    await tell(post.user_id, texts.replyToOwner(post.title));
    const added: Added = { postId: post.id, writerId: w.actorId, commentId: comment.id, replyId: id, ...elsewhere(w) };
    await events.emit(trx, 'comment.added', added);
    return added;
  }

  /** Removes a comment with its replies, or one reply, with what was told of them, counted out; false when it is gone already. */
  async function remove(target: repo.Deletable, kind: 'comment' | 'reply'): Promise<boolean> {
    const removing: DomainEvents['comment.removing'] = { postId: target.post_id, commentId: target.comment_id, replyId: kind === 'reply' ? target.id : null };
    const removed = await db.transaction().execute(async (trx) => {
      await lockPost(trx, target.post_id);
      await events.emit(trx, 'comment.removing', removing);
      if (kind === 'comment') {
        await notify.commentDeleted(trx, { commentId: target.id });
        const replies = await repo.deleteRepliesOfComment(trx, target.id);
        if (!(await repo.deleteComment(trx, target.id))) return false;
        await repo.addToCommentsCount(trx, target.post_id, -(1 + replies));
      } else {
        await notify.commentDeleted(trx, { replyId: target.id });
        if (!(await repo.deleteReply(trx, target.id))) return false;
        await repo.addToCommentsCount(trx, target.post_id, -1);
      }
      return true;
    });
    if (removed) events.committed('comment.removing', removing);
    return removed;
  }

  async function requireDeleteAccess(auth: Auth, kind: 'comment' | 'reply', id: number): Promise<repo.Deletable> {
    const target = kind === 'comment' ? await repo.findComment(db, id) : await repo.findReply(db, id);
    if (!target) throw notFound(NOT_FOUND[kind]);
    requireAccess(canDeleteComment(auth, target));
    return target;
  }

  /** Runs a write in a transaction and, once it committed, says so. */
  async function written<T extends { added: Added | undefined }>(write: (trx: Kysely<DB>) => Promise<T>): Promise<T> {
    const done = await db.transaction().execute(write);
    if (done.added) events.committed('comment.added', done.added);
    return done;
  }

  return {
    /** Whose the comment or reply is, and its post's owner, for the access policy (route() asks it: `owns`). */
    ownerOf(kind: 'comment' | 'reply', id: number) {
      return kind === 'comment' ? repo.findComment(db, id) : repo.findReply(db, id);
    },

    /** POST /comment: any signed-in reader may comment on any post (but one whose author blocked them). */
    async addComment(auth: Auth, postId: number, text: string): Promise<Created> {
      const { added } = await orNotFound(NOT_FOUND.post, () =>
        written(async (trx) => {
          const post = await lockPost(trx, postId);
          if (!post) throw notFound(NOT_FOUND.post);
          await refuseBlockedComment(trx, post.user_id, auth.userId);
          await refuseSpam(trx, spam, auth.userId, text, 'comments');
          return { added: await comment(trx, post, { actorId: auth.userId, body: text }) };
        }),
      );
      return { message: COMMENT_MESSAGES.commented, id: added!.commentId };
    },

    /**
     * POST /replies: any signed-in reader may reply to a comment of that post, or answer one of its
     * replies (`replyToId`, kept as a reply of the same comment that names it).
     */
    async addReply(auth: Auth, postId: number, commentId: number, text: string, replyToId?: number): Promise<Created> {
      const { added } = await orNotFound(NOT_FOUND.post, () =>
        written(async (trx) => {
          const post = await lockPost(trx, postId);
          if (!post) throw notFound(NOT_FOUND.post);
          await refuseBlockedComment(trx, post.user_id, auth.userId);
          const found = await repo.findCommentOfPost(trx, commentId, postId);
          if (!found) throw notFound(NOT_FOUND.comment);
          const answered = replyToId === undefined ? undefined : await repo.findReplyOfComment(trx, replyToId, commentId);
          if (replyToId !== undefined && !answered) throw notFound(NOT_FOUND.reply);
          await refuseSpam(trx, spam, auth.userId, text, 'reply');
          return { added: await reply(trx, post, { comment: found, answered }, { actorId: auth.userId, body: text }) };
        }),
      );
      return { message: COMMENT_MESSAGES.replied, id: added!.replyId! };
    },

    /** POST /comment-delete: the comment and its replies go together. */
    async deleteComment(auth: Auth, id: number): Promise<string> {
      if (!(await remove(await requireDeleteAccess(auth, 'comment', id), 'comment'))) throw notFound(NOT_FOUND.comment);
      return COMMENT_MESSAGES.commentDeleted;
    },

    /** POST /reply-delete. */
    async deleteReply(auth: Auth, id: number): Promise<string> {
      if (!(await remove(await requireDeleteAccess(auth, 'reply', id), 'reply'))) throw notFound(NOT_FOUND.reply);
      return COMMENT_MESSAGES.replyDeleted;
    },

    /**
     * A Note from an account elsewhere answering a post, a comment or a reply (the inbox: deps.ts
     * SocialActs): a comment or a reply like a member's. Not kept when the post's writer blocked the
     * account, nor twice. Whether it was kept.
     */
    async addFrom(actorId: number, note: ActNote): Promise<boolean> {
      const { added } = await written(async (trx) => {
        const post = await lockPost(trx, note.postId);
        if (!post || (await hasBlocked(trx, post.user_id, actorId))) return { added: undefined };
        const w: Writing = { actorId, body: note.body, note: { apId: note.apId, url: note.url, createdAt: note.createdAt } };
        if (!note.answers) return { added: await comment(trx, post, w) };
        const found = await repo.findCommentOfPost(trx, note.answers.commentId, post.id);
        const answered = note.answers.kind === 'reply' ? await repo.findReplyOfComment(trx, note.answers.id, note.answers.commentId) : undefined;
        if (!found || (note.answers.kind === 'reply' && !answered)) return { added: undefined };
        return { added: await reply(trx, post, { comment: found, answered }, w) };
      });
      return added !== undefined;
    },

    /** An Update of the account's own Note: its comment's or reply's new text. */
    async editFrom(actorId: number, apId: string, body: string): Promise<boolean> {
      return repo.editByNote(db, apId, actorId, body, nowIso());
    },

    /** A Delete of the account's own Note: removed as its author may remove it (the access policy's rule, as for the delete calls). */
    async removeFrom(actorId: number, apId: string): Promise<boolean> {
      const found = await repo.findByNote(db, apId);
      if (!found || !canDeleteComment({ userId: actorId }, found.target)) return false;
      return remove(found.target, found.kind);
    },
  };
}

/** The columns a Note from elsewhere adds to its comment or reply. */
function noteColumns(w: Writing) {
  return w.note ? { ap_id: w.note.apId, url: w.note.url, created_at: w.note.createdAt } : {};
}

function elsewhere(w: Writing): { elsewhere?: true } {
  return w.note ? { elsewhere: true } : {};
}

export type CommentsService = ReturnType<typeof createCommentsService>;
