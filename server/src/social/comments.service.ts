import type { commentCreatedResponse } from '@inkwell/contract';
import type { Kysely } from 'kysely';
import type { z } from 'zod';
import { nowIso } from '../db/database.ts';
import type { DB } from '../db/schema.ts';
import type { DomainEventBus, DomainEvents } from '../events/domain-events.ts';
import { canDeleteComment, requireAccess } from '../access/policy.ts';
import { notFound } from '../lib/errors.ts';
import type { Auth } from '../plugins/session.ts';
import * as repo from './comments.repository.ts';
import { refuseBlockedComment } from './blocks.service.ts';
import { NOT_FOUND, orNotFound } from './errors.ts';
import { actorName, noticeText, notify } from '../notify/notify.ts';
import { findUserName, lockPost } from './targets.repository.ts';

type Created = z.infer<typeof commentCreatedResponse>;

export const COMMENT_MESSAGES = {
  commented: 'Comment added.',
  replied: 'Reply added.',
  commentDeleted: 'Comment deleted.',
  replyDeleted: 'Reply deleted.',
} as const;

/**
 * Comments and replies are plain text (the schema trims and bounds them); they are stored as given
 * and never read as HTML. posts.comments_count counts both, kept in the transaction of each write,
 * which first locks the post so that writes to one post's thread take turns. Each says what happened
 * (`comment.added`, `comment.removing`: ADR 0084) in its transaction, for the modules that react (the
 * fediverse owes a reply to the thread's accounts elsewhere), and that it committed after.
 */
export function createCommentsService(db: Kysely<DB>, events: DomainEventBus) {
  async function requireDeleteAccess(auth: Auth, kind: 'comment' | 'reply', id: number): Promise<repo.Deletable> {
    const target = kind === 'comment' ? await repo.findComment(db, id) : await repo.findReply(db, id);
    if (!target) throw notFound(NOT_FOUND[kind]);
    requireAccess(canDeleteComment(auth, target));
    return target;
  }

  return {
    /** Whose the comment or reply is, and its post's owner, for the access policy (route() asks it: `owns`). */
    ownerOf(kind: 'comment' | 'reply', id: number) {
      return kind === 'comment' ? repo.findComment(db, id) : repo.findReply(db, id);
    },

    /** POST /comment: any signed-in reader may comment on any post. */
    async addComment(auth: Auth, postId: number, text: string): Promise<Created> {
      return orNotFound(NOT_FOUND.post, () =>
        db.transaction().execute(async (trx) => {
          const post = await lockPost(trx, postId);
          if (!post) throw notFound(NOT_FOUND.post);
          await refuseBlockedComment(trx, post.user_id, auth.userId);
          const now = nowIso();
          const id = await repo.insertComment(trx, { post_id: postId, user_id: auth.userId, body: text, now });
          await repo.addToCommentsCount(trx, postId, 1);
          const actor = actorName(await findUserName(trx, auth.userId));
          const message = noticeText.comment(actor, post.title);
          await notify.comment(trx, postId, { commentId: id }, { recipient: post.user_id, actorId: auth.userId, message, now });
          const added: DomainEvents['comment.added'] = { postId, writerId: auth.userId, commentId: id, replyId: null };
          await events.emit(trx, 'comment.added', added);
          return { created: { message: COMMENT_MESSAGES.commented, id }, added };
        }),
      ).then(({ created, added }) => {
        events.committed('comment.added', added);
        return created;
      });
    },

    /**
     * POST /replies: any signed-in reader may reply to a comment of that post, or answer one of its
     * replies (`replyToId`, kept as a reply of the same comment that names it).
     */
    async addReply(auth: Auth, postId: number, commentId: number, text: string, replyToId?: number): Promise<Created> {
      return orNotFound(NOT_FOUND.post, () =>
        db.transaction().execute(async (trx) => {
          const post = await lockPost(trx, postId);
          if (!post) throw notFound(NOT_FOUND.post);
          await refuseBlockedComment(trx, post.user_id, auth.userId);
          const comment = await repo.findCommentOfPost(trx, commentId, postId);
          if (!comment) throw notFound(NOT_FOUND.comment);
          const answered = replyToId === undefined ? undefined : await repo.findReplyOfComment(trx, replyToId, commentId);
          if (replyToId !== undefined && !answered) throw notFound(NOT_FOUND.reply);
          const now = nowIso();
          const values = { comment_id: commentId, post_id: postId, user_id: auth.userId, reply_to_id: answered?.id ?? null, body: text, now };
          const id = await repo.insertReply(trx, values);
          await repo.addToCommentsCount(trx, postId, 1);
          const actor = actorName(await findUserName(trx, auth.userId));
          const toAuthor = noticeText.replyToAuthor(actor, post.title);
          await notify.comment(trx, postId, { replyId: id }, { recipient: comment.user_id, actorId: auth.userId, message: toAuthor, now });
          if (post.user_id !== comment.user_id) {
            const toOwner = noticeText.replyToOwner(actor, post.title);
            await notify.comment(trx, postId, { replyId: id }, { recipient: post.user_id, actorId: auth.userId, message: toOwner, now });
          }
          // The author of the answered reply, unless already told as the comment's author or the post's owner.
          if (answered && answered.user_id !== comment.user_id && answered.user_id !== post.user_id) {
            const toReplier = noticeText.replyToReply(actor, post.title);
            await notify.comment(trx, postId, { replyId: id }, { recipient: answered.user_id, actorId: auth.userId, message: toReplier, now });
          }
          const added: DomainEvents['comment.added'] = { postId, writerId: auth.userId, commentId, replyId: id };
          await events.emit(trx, 'comment.added', added);
          return { created: { message: COMMENT_MESSAGES.replied, id }, added };
        }),
      ).then(({ created, added }) => {
        events.committed('comment.added', added);
        return created;
      });
    },

    /** POST /comment-delete: the comment and its replies go together. */
    async deleteComment(auth: Auth, id: number): Promise<string> {
      const comment = await requireDeleteAccess(auth, 'comment', id);
      const removing: DomainEvents['comment.removing'] = { postId: comment.post_id, commentId: id, replyId: null };
      await db.transaction().execute(async (trx) => {
        await lockPost(trx, comment.post_id);
        await events.emit(trx, 'comment.removing', removing);
        await notify.commentDeleted(trx, { commentId: id });
        const replies = await repo.deleteRepliesOfComment(trx, id);
        if (!(await repo.deleteComment(trx, id))) throw notFound(NOT_FOUND.comment);
        await repo.addToCommentsCount(trx, comment.post_id, -(1 + replies));
      });
      events.committed('comment.removing', removing);
      return COMMENT_MESSAGES.commentDeleted;
    },

    /** POST /reply-delete. */
    async deleteReply(auth: Auth, id: number): Promise<string> {
      const reply = await requireDeleteAccess(auth, 'reply', id);
      const removing: DomainEvents['comment.removing'] = { postId: reply.post_id, commentId: reply.comment_id, replyId: id };
      await db.transaction().execute(async (trx) => {
        await lockPost(trx, reply.post_id);
        await events.emit(trx, 'comment.removing', removing);
        await notify.commentDeleted(trx, { replyId: id });
        if (!(await repo.deleteReply(trx, id))) throw notFound(NOT_FOUND.reply);
        await repo.addToCommentsCount(trx, reply.post_id, -1);
      });
      events.committed('comment.removing', removing);
      return COMMENT_MESSAGES.replyDeleted;
    },
  };
}

export type CommentsService = ReturnType<typeof createCommentsService>;
