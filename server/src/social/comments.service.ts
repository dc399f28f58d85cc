import type { commentCreatedResponse } from '@inkwell/contract';
import type { Kysely } from 'kysely';
import type { z } from 'zod';
import { nowIso } from '../db/database.ts';
import { welcomedOn } from '../db/shared.repository.ts';
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
import { notify } from '../notify/notify.ts';
import { type Answering, createAnnouncer } from './announce.ts';
import { type PostTarget, lockPost } from './targets.repository.ts';
import { type SpamConfig, defaultSpam } from '../config-spam.ts';
import { screenWriting } from './spam.ts';
import { commentsStopped, refuseStopped } from './comment-stop.ts';
import { refuseUnwelcome } from './comments-from.ts';
import { sentByProgram } from '../lib/form-guard.ts';

type Created = z.infer<typeof commentCreatedResponse>;
type Added = DomainEvents['comment.added'];
type Held = DomainEvents['comment.held'];
/** What a write said happened: a writing in sight, or one held; neither when its Note came before; `dropped`, the id a program is answered with. */
interface Said {
  added?: Added;
  held?: Held;
  dropped?: number;
}
/** The form guard's fields of a member's call (ADR 0098). */
type FormGuardFields = Parameters<typeof sentByProgram>[0];

export const COMMENT_MESSAGES = {
  commented: 'Comment added.',
  replied: 'Reply added.',
  commentDeleted: 'Comment deleted.',
  replyDeleted: 'Reply deleted.',
  held: 'Thanks! A moderator looks at a new account’s first link before others see it. Until then only you can see it.',
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
  const { announceComment, announceReply } = createAnnouncer(events);
  /** A writing held for review (ADR 0099): nothing is counted or told; 'comment.held', for moderation to open its case. */
  async function hold(trx: Kysely<DB>, held: Held): Promise<Said> {
    await events.emit(trx, 'comment.held', held);
    return { held };
  }

  /** Writes a comment of the post, in sight and told of, or held (`heldFor`); nothing when its Note came before. */
  async function comment(trx: Kysely<DB>, post: PostTarget, w: Writing, heldFor: string | null = null): Promise<Said> {
    const now = nowIso();
    const id = await repo.insertComment(trx, { post_id: post.id, user_id: w.actorId, body: w.body, now, ...noteColumns(w), ...(heldFor ? { hidden: 'held' } : {}) });
    if (id === undefined) return {};
    if (heldFor) return hold(trx, { postId: post.id, writerId: w.actorId, commentId: id, replyId: null, reason: heldFor });
    return { added: await announceComment(trx, post, w.actorId, id, elsewhere(w), now) };
  }

  /** Writes a reply in the comment's thread (answering `answered`, one of its replies, when given), in sight and told of, or held. */
  async function reply(trx: Kysely<DB>, post: PostTarget, to: Answering, w: Writing, heldFor: string | null = null): Promise<Said> {
    const now = nowIso();
    const values = { comment_id: to.comment.id, post_id: post.id, user_id: w.actorId, reply_to_id: to.answered?.id ?? null, body: w.body, now, ...noteColumns(w) };
    const id = await repo.insertReply(trx, { ...values, ...(heldFor ? { hidden: 'held' as const } : {}) });
    if (id === undefined) return {};
    if (heldFor) return hold(trx, { postId: post.id, writerId: w.actorId, commentId: to.comment.id, replyId: id, reason: heldFor });
    return { added: await announceReply(trx, post, to, w.actorId, id, elsewhere(w), now) };
  }

  /** Removes a comment with its replies, or one reply, with what was told of them, counted out; false when it is gone already. */
  async function remove(target: repo.Deletable, kind: 'comment' | 'reply'): Promise<boolean> {
    const removing: DomainEvents['comment.removing'] = { postId: target.post_id, commentId: target.comment_id, replyId: kind === 'reply' ? target.id : null };
    const removed = await db.transaction().execute(async (trx) => {
      await lockPost(trx, target.post_id);
      await events.emit(trx, 'comment.removing', removing);
      // Only what was in sight was counted (a held writing is not).
      if (kind === 'comment') {
        await notify.commentDeleted(trx, { commentId: target.id });
        const replies = await repo.deleteRepliesOfComment(trx, target.id);
        const gone = await repo.deleteWriting(trx, 'comments', target.id);
        if (!gone) return false;
        await repo.addToCommentsCount(trx, target.post_id, -(Number(gone.counted) + replies));
      } else {
        await notify.commentDeleted(trx, { replyId: target.id });
        const gone = await repo.deleteWriting(trx, 'replies', target.id);
        if (!gone) return false;
        await repo.addToCommentsCount(trx, target.post_id, -Number(gone.counted));
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
  async function written(write: (trx: Kysely<DB>) => Promise<Said>): Promise<Said> {
    const done = await db.transaction().execute(write);
    if (done.added) events.committed('comment.added', done.added);
    if (done.held) events.committed('comment.held', done.held);
    return done;
  }

  return {
    /** Whose the comment or reply is, and its post's owner, for the access policy (route() asks it: `owns`). */
    ownerOf(kind: 'comment' | 'reply', id: number) {
      return kind === 'comment' ? repo.findComment(db, id) : repo.findReply(db, id);
    },

    /**
     * POST /comment: any signed-in reader may comment on any post (but one whose author blocked them,
     * or one whose writer lets only their followers, subscribers or nobody comment: ADR 0115);
     * held for review when the spam defences say so. One a program sent (its form guard: ADR 0098) is
     * answered as if it were written, and dropped.
     */
    async addComment(auth: Auth, postId: number, text: string, guard: FormGuardFields = {}): Promise<Created> {
      const said = await orNotFound(NOT_FOUND.post, () =>
        written(async (trx) => {
          const post = await lockPost(trx, postId);
          if (!post) throw notFound(NOT_FOUND.post);
          await refuseBlockedComment(trx, post.user_id, auth.userId);
          await refuseStopped(trx, auth.userId);
          await refuseUnwelcome(trx, post, auth.userId);
          if (sentByProgram(guard, spam.minFillMs)) return { dropped: await repo.nextWritingId(trx, 'comments') };
          const heldFor = await screenWriting(trx, spam, { userId: auth.userId, text, field: 'comments', postOwnerId: post.user_id });
          return comment(trx, post, { actorId: auth.userId, body: text }, heldFor);
        }),
      );
      if (said.held) return { message: COMMENT_MESSAGES.held, id: said.held.commentId, held: true };
      return { message: COMMENT_MESSAGES.commented, id: said.dropped ?? said.added!.commentId };
    },

    /**
     * POST /replies: any signed-in reader may reply to a comment of that post, or answer one of its
     * replies (`replyToId`, kept as a reply of the same comment that names it); held, or dropped, as a comment is.
     */
    async addReply(auth: Auth, postId: number, commentId: number, text: string, more: { replyToId?: number | undefined; guard?: FormGuardFields } = {}): Promise<Created> {
      const { replyToId, guard = {} } = more;
      const said = await orNotFound(NOT_FOUND.post, () =>
        written(async (trx) => {
          const post = await lockPost(trx, postId);
          if (!post) throw notFound(NOT_FOUND.post);
          await refuseBlockedComment(trx, post.user_id, auth.userId);
          await refuseStopped(trx, auth.userId);
          await refuseUnwelcome(trx, post, auth.userId);
          const found = await repo.findCommentOfPost(trx, commentId, postId);
          if (!found) throw notFound(NOT_FOUND.comment);
          const answered = replyToId === undefined ? undefined : await repo.findReplyOfComment(trx, replyToId, commentId);
          if (replyToId !== undefined && !answered) throw notFound(NOT_FOUND.reply);
          if (sentByProgram(guard, spam.minFillMs)) return { dropped: await repo.nextWritingId(trx, 'replies') };
          const heldFor = await screenWriting(trx, spam, { userId: auth.userId, text, field: 'reply', postOwnerId: post.user_id });
          return reply(trx, post, { comment: found, answered }, { actorId: auth.userId, body: text }, heldFor);
        }),
      );
      if (said.held) return { message: COMMENT_MESSAGES.held, id: said.held.replyId!, held: true };
      return { message: COMMENT_MESSAGES.replied, id: said.dropped ?? said.added!.replyId! };
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
     * account or does not let it comment (ADR 0115), nor twice. Whether it was kept.
     */
    async addFrom(actorId: number, note: ActNote): Promise<boolean> {
      const { added } = await written(async (trx) => {
        const post = await lockPost(trx, note.postId);
        if (!post || (await hasBlocked(trx, post.user_id, actorId)) || (await commentsStopped(trx, actorId)) || !(await welcomedOn(trx, post, actorId))) return {};
        const w: Writing = { actorId, body: note.body, note: { apId: note.apId, url: note.url, createdAt: note.createdAt } };
        if (!note.answers) return comment(trx, post, w);
        const found = await repo.findCommentOfPost(trx, note.answers.commentId, post.id);
        const answered = note.answers.kind === 'reply' ? await repo.findReplyOfComment(trx, note.answers.id, note.answers.commentId) : undefined;
        if (!found || (note.answers.kind === 'reply' && !answered)) return {};
        return reply(trx, post, { comment: found, answered }, w);
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
