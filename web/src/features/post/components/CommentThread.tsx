import { Suspense, lazy, useState, type ReactNode } from 'react';
import { canDeleteComment, type CommentItem, type ReplyItem } from '@inkwell/contract';
import { LazyConfirmDialog } from '../../../components/LazyConfirmDialog';
import { useAddReply } from '../api/add-reply';
import { BlockToggle } from '../../../components/BlockProvider';
import { useDeleteComment } from '../api/delete-comment';
import { useDeleteReply } from '../api/delete-reply';
import { CommentForm } from '../../../components/CommentForm';
import { commentDraftKey, readCommentDraft } from '../../../lib/comment-drafts';
import { commentAnchorId, flashClass, useFlash, type CommentAnchor } from '../lib/comment-anchor';
import { HydrateLater } from '../../../ssr/hydrate-later';
import { ReportLink } from '../../../components/ReportLink';
import { BlockElsewhere, Byline, authorName } from './CommentAuthor';

interface CommentThreadProps {
  comment: CommentItem;
  postId: number;
  postOwnerId: number;
  viewerId: number | null;
  /** What the page's hash points at, if anything: this comment or one of its replies is highlighted. */
  anchor?: CommentAnchor | null;
  /** Whether the reader may answer here (the story's writer may keep some from commenting: ADR 0115). */
  mayReply?: boolean;
}

const textButton =
  'rounded-md px-1.5 py-1 text-sm font-medium text-zinc-600 hover:bg-zinc-100 hover:text-zinc-900 focus-visible:outline-2 focus-visible:outline-offset-1 focus-visible:outline-indigo-600 disabled:opacity-60 dark:text-zinc-400 dark:hover:bg-zinc-800 dark:hover:text-zinc-100';

/** The text of a comment or reply: plain text, line breaks kept, never HTML. */
function Said({ text }: { text: string }) {
  return <p className="mt-2 whitespace-pre-wrap break-words text-[15px] leading-6 text-zinc-800 dark:text-zinc-200">{text}</p>;
}

const HeldLabelLater = lazy(() => import('./OutOfSight').then((module) => ({ default: module.HeldLabel })));
const HideToggleLater = lazy(() => import('./OutOfSight').then((module) => ({ default: module.HideToggle })));

/** Why a writing is out of others' sight, to who may still see it (OutOfSight.tsx: its words come with it). */
function HeldLabel({ why, mine }: { why: 'held' | 'moderators' | 'author'; mine: boolean }) {
  return (
    <Suspense fallback={null}>
      <HeldLabelLater why={why} mine={mine} />
    </Suspense>
  );
}

/** The story's writer's Hide or Show again, on what others wrote (or they did) on it, and Ban on what others wrote; its code comes only to them. */
function LazyHideToggle({
  said,
  kind,
  postId,
  postOwnerId,
  viewerId,
}: {
  said: { id: number; user_id: number; hidden?: string; user: CommentItem['user']; elsewhere?: CommentItem['elsewhere'] };
  kind: 'comment' | 'reply';
  postId: number;
  postOwnerId: number;
  viewerId: number | null;
}) {
  if (viewerId !== postOwnerId || (said.hidden !== undefined && said.hidden !== 'author')) return null;
  return (
    <Suspense fallback={null}>
      <HideToggleLater
        kind={kind}
        id={said.id}
        postId={postId}
        hidden={said.hidden === 'author'}
        className={textButton}
        writerId={postOwnerId}
        reader={said.user_id === viewerId ? null : { id: said.user_id, name: authorName(said) }}
      />
    </Suspense>
  );
}

/** Delete, asked once more in a dialog: a comment or reply cannot be brought back. */
function DeleteButton({ what, message, busy, onDelete }: { what: 'comment' | 'reply'; message: string; busy: boolean; onDelete: (done: () => void) => void }) {
  const [confirming, setConfirming] = useState(false);
  return (
    <>
      <button type="button" className={textButton} disabled={busy} onClick={() => setConfirming(true)}>
        Delete
      </button>
      <LazyConfirmDialog
        open={confirming}
        title={`Delete this ${what}?`}
        message={message}
        busy={busy}
        onCancel={() => setConfirming(false)}
        onConfirm={() => onDelete(() => setConfirming(false))}
      />
    </>
  );
}

interface ReplyProps {
  reply: ReplyItem;
  /** The name of the reply this one answers, when it is still shown. */
  answers?: { id: number; name: string };
  canDelete: boolean;
  postId: number;
  postOwnerId: number;
  viewerId: number | null;
  anchor?: CommentAnchor | null;
  /** Opens the box answering this reply (below it), or null when the reader may not answer; `form` is that box while open. */
  onAnswer: (() => void) | null;
  form: ReactNode;
}

function Reply({ reply, answers, canDelete, postId, postOwnerId, viewerId, anchor, onAnswer, form }: ReplyProps) {
  const remove = useDeleteReply(postId);
  const flashing = useFlash(anchor?.kind === 'reply' && anchor.id === reply.id, anchor?.key);
  return (
    <li id={commentAnchorId('reply', reply.id)} data-testid="reply" data-highlighted={flashing || undefined} className={`-mx-2 scroll-mt-20 px-2 py-3 ${flashClass(flashing)}`}>
      <Byline user={reply.user} elsewhere={reply.elsewhere} createdAt={reply.created_at} size={28} />
      {answers && (
        <p className="mt-2 text-sm text-zinc-600 dark:text-zinc-400">
          Replying to{' '}
          <a href={`#${commentAnchorId('reply', answers.id)}`} className="font-medium text-indigo-700 hover:underline dark:text-indigo-300">
            {answers.name}
          </a>
        </p>
      )}
      <Said text={reply.reply} />
      {reply.hidden && <HeldLabel why={reply.hidden} mine={viewerId === postOwnerId} />}
      <div className="mt-1 -ml-1.5 flex items-center gap-1">
        {!reply.hidden && onAnswer && (
          <button type="button" className={textButton} aria-expanded={form !== null} onClick={onAnswer}>
            Reply
          </button>
        )}
        <BlockElsewhere said={reply} viewerId={viewerId} postOwnerId={postOwnerId} className={textButton} />
        {viewerId !== reply.user_id && <ReportLink kind="reply" id={reply.id} whose={authorName(reply)} className={textButton} />}
        <LazyHideToggle said={reply} kind="reply" postId={postId} postOwnerId={postOwnerId} viewerId={viewerId} />
        {canDelete && (
          <DeleteButton what="reply" message="The reply will be gone for good." busy={remove.isPending} onDelete={(done) => remove.mutate(reply.id, { onSettled: done })} />
        )}
      </div>
      {form}
    </li>
  );
}

/**
 * One comment (SPEC §2 Post detail): Reply opens a reply box; Delete shows to the comment's author and
 * the post's owner (SPEC §6); replies stay folded behind 'See N more replies...'. A reply can be answered
 * too (issue 13): the answer is one more reply of the comment, saying whom it is replying to.
 */
export function CommentThread({ comment, postId, postOwnerId, viewerId, anchor = null, mayReply = true }: CommentThreadProps) {
  const replyDraftKey = commentDraftKey(postId, comment.id);
  // A reply a visitor typed before signing in opens again with its text.
  const [replying, setReplying] = useState(() => readCommentDraft(replyDraftKey) !== '');
  // The reply being answered (its box opens under it), if any.
  const [answering, setAnswering] = useState<ReplyItem | null>(null);
  // A link to one of the replies opens them (once per visit of that link; the reader may fold them again).
  const anchoredKey = anchor?.kind === 'reply' && comment.replies.some((reply) => reply.id === anchor.id) ? anchor.key : null;
  const [expanded, setExpanded] = useState(anchoredKey !== null);
  const [openedFor, setOpenedFor] = useState(anchoredKey);
  if (anchoredKey !== null && anchoredKey !== openedFor) {
    setOpenedFor(anchoredKey);
    setExpanded(true);
  }
  const flashing = useFlash(anchor?.kind === 'comment' && anchor.id === comment.id, anchor?.key);
  const addReply = useAddReply(postId);
  const remove = useDeleteComment(postId);
  const count = comment.replies.length;
  const shown = new Map(comment.replies.map((reply) => [reply.id, reply]));

  /** The box answering the comment (to: null) or one of its replies. */
  const replyForm = (to: ReplyItem | null) => (
    <CommentForm
      label={`Reply to ${authorName(to ?? comment)}`}
      submitLabel="Reply"
      placeholder="Write a reply…"
      busy={addReply.isPending}
      autoFocus
      draftKey={to ? `${replyDraftKey}:${to.id}` : replyDraftKey}
      onCancel={() => (to ? setAnswering(null) : setReplying(false))}
      onSubmit={(reply, userId, guard) =>
        addReply.mutateAsync({ user_id: userId, post_id: postId, comment_id: comment.id, reply, ...(to && { reply_to_id: to.id }), ...guard }).then(() => {
          if (to) setAnswering(null);
          else setReplying(false);
          setExpanded(true);
        })
      }
    />
  );

  return (
    // Each comment hydrates in a task of its own (a post may have dozens).
    <HydrateLater as="li" id={commentAnchorId('comment', comment.id)} data-testid="comment" className="scroll-mt-20 border-b border-zinc-200 py-5 dark:border-zinc-800">
      <div data-highlighted={flashing || undefined} className={`-mx-2 px-2 py-1 ${flashClass(flashing)}`}>
        <Byline user={comment.user} elsewhere={comment.elsewhere} createdAt={comment.created_at} size={32} />
        <Said text={comment.comments} />
        {comment.hidden && <HeldLabel why={comment.hidden} mine={viewerId === postOwnerId} />}
      </div>
      <div className="mt-2 -ml-1.5 flex items-center gap-1">
        {/* A comment out of others' sight cannot be answered. */}
        {!comment.hidden && mayReply && (
          <button type="button" className={textButton} aria-expanded={replying} onClick={() => setReplying((value) => !value)}>
            Reply
          </button>
        )}
        {/* A member's Block for a member (any reader); for an account elsewhere, the story's writer's. */}
        {comment.elsewhere ? (
          <BlockElsewhere said={comment} viewerId={viewerId} postOwnerId={postOwnerId} className={textButton} />
        ) : (
          <BlockToggle person={{ id: comment.user_id, name: comment.user.name }} className={textButton} />
        )}
        {viewerId !== comment.user_id && <ReportLink kind="comment" id={comment.id} whose={authorName(comment)} className={textButton} />}
        <LazyHideToggle said={comment} kind="comment" postId={postId} postOwnerId={postOwnerId} viewerId={viewerId} />
        {canDeleteComment(viewerId, comment.user_id, postOwnerId) && (
          <DeleteButton
            what="comment"
            message={count > 0 ? 'The comment and its replies will be gone for good.' : 'The comment will be gone for good.'}
            busy={remove.isPending}
            onDelete={(done) => remove.mutate(comment.id, { onSettled: done })}
          />
        )}
      </div>
      {replying && mayReply && <div className="mt-3 pl-4 sm:pl-10">{replyForm(null)}</div>}
      {count > 0 && (
        <div className="mt-2 border-l-2 border-zinc-200 pl-4 sm:ml-4 dark:border-zinc-800">
          <button
            type="button"
            className="-ml-1.5 rounded-md px-1.5 py-1 text-sm font-medium text-indigo-700 hover:bg-zinc-100 focus-visible:outline-2 focus-visible:outline-offset-1 focus-visible:outline-indigo-600 dark:text-indigo-300 dark:hover:bg-zinc-800"
            aria-expanded={expanded}
            onClick={() => setExpanded((value) => !value)}
          >
            {expanded ? 'Hide replies' : `See ${count} more replies...`}
          </button>
          {expanded && (
            <ul aria-label="Replies">
              {comment.replies.map((reply) => (
                <Reply
                  key={reply.id}
                  reply={reply}
                  answers={reply.reply_to_id !== null && shown.has(reply.reply_to_id) ? { id: reply.reply_to_id, name: authorName(shown.get(reply.reply_to_id)!) } : undefined}
                  postId={postId}
                  postOwnerId={postOwnerId}
                  viewerId={viewerId}
                  anchor={anchor}
                  canDelete={canDeleteComment(viewerId, reply.user_id, postOwnerId)}
                  onAnswer={mayReply ? () => setAnswering(answering?.id === reply.id ? null : reply) : null}
                  form={answering?.id === reply.id ? <div className="mt-3">{replyForm(reply)}</div> : null}
                />
              ))}
            </ul>
          )}
        </div>
      )}
    </HydrateLater>
  );
}
