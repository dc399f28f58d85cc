import type { CommentItem } from '@inkwell/contract';
import type { WritingHidden } from '../db/schema.ts';
import { type AuthorElsewhereColumns, writtenElsewhere } from '../lib/post-card.ts';

/** A post page's thread from its rows: comments and replies as the contract gives them, and a reader's own held ones put in (ADR 0099). */

/** What a comment's or reply's row says of an account elsewhere that wrote it (all null for a member's). */
type ElsewhereColumns = AuthorElsewhereColumns & { account_id: number | null };
export type CommentRow = ElsewhereColumns & { id: number; user_id: number; post_id: number; body: string; created_at: string; name: string | null; profile_picture: string | null };
export type ReplyRow = ElsewhereColumns & {
  id: number;
  user_id: number;
  comment_id: number;
  reply_to_id: number | null;
  body: string;
  created_at: string;
  name: string | null;
  profile_picture: string | null;
};

export const replyItem = (r: ReplyRow): CommentItem['replies'][number] => ({
  id: r.id,
  user_id: r.user_id,
  comment_id: r.comment_id,
  reply_to_id: r.reply_to_id,
  reply: r.body,
  created_at: r.created_at,
  user: { id: r.user_id, name: r.name, profile_picture: r.profile_picture },
  elsewhere: writtenElsewhere(r),
});

export const commentItem = (c: CommentRow, replies: CommentItem['replies']): CommentItem => ({
  id: c.id,
  user_id: c.user_id,
  post_id: c.post_id,
  comments: c.body,
  created_at: c.created_at,
  user: { id: c.user_id, name: c.name, profile_picture: c.profile_picture },
  elsewhere: writtenElsewhere(c),
  replies,
});

/** Comments (newest first) with their replies (oldest first) under them. */
export function thread(comments: CommentRow[], replies: ReplyRow[]): CommentItem[] {
  const byComment = new Map<number, CommentItem['replies']>();
  for (const r of replies) {
    const list = byComment.get(r.comment_id) ?? [];
    list.push(replyItem(r));
    byComment.set(r.comment_id, list);
  }
  return comments.map((c) => commentItem(c, byComment.get(c.id) ?? []));
}

/** A reader's own held writings on a post, labelled, to put into the thread they see (ADR 0099). */
export interface HeldWritings {
  comments: CommentItem[];
  replies: CommentItem['replies'];
}

/**
 * The thread a reader sees: the shared one with their own held writings put in where they belong
 * (comments by id, newest first; replies by id under their comment, oldest first), each labelled. A
 * held reply of a comment that is not in the thread is left out.
 */
export function withHeld(comments: CommentItem[], held: HeldWritings): CommentItem[] {
  if (held.comments.length === 0 && held.replies.length === 0) return comments;
  const all = [...comments, ...held.comments].sort((a, b) => b.id - a.id);
  return all.map((c) => {
    const mine = held.replies.filter((r) => r.comment_id === c.id);
    return mine.length === 0 ? c : { ...c, replies: [...c.replies, ...mine].sort((a, b) => a.id - b.id) };
  });
}

export type Hidden = { hidden: WritingHidden };
/** Writings out of others' sight as the post page gives them to who may see them, each marked why. */
export const heldWritings = (comments: Array<CommentRow & Hidden>, replies: Array<ReplyRow & Hidden>): HeldWritings => ({
  comments: comments.map((c) => ({ ...commentItem(c, []), hidden: c.hidden })),
  replies: replies.map((r) => ({ ...replyItem(r), hidden: r.hidden })),
});
