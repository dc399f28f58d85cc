import { Suspense, lazy } from 'react';
import { Repeat2 } from 'lucide-react';
import { useLocation } from 'react-router';
import { TEXT, encodeId, paths, type PostDetail } from '@inkwell/contract';
import { useSession } from '../../../lib/session';
import { useAddComment } from '../api/add-comment';
import { CommentForm } from '../../../components/CommentForm';
import { CommentThread } from './CommentThread';
import { commentDraftKey } from '../../../lib/comment-drafts';
import { parseCommentAnchor } from '../lib/comment-anchor';

/** Who may comment (ADR 0115): the line and the writer's choice come with the comments' other parts for few readers (OutOfSight.tsx), to a story not open to anyone or its writer. */
const CommentsGate = lazy(() => import('./OutOfSight').then((module) => ({ default: module.CommentsGate })));

/**
 * SPEC §2 Post detail: how many boosted the story elsewhere, the new-comment box with Post, then each
 * comment (those of accounts elsewhere among them), or 'No comments to show' when the count holds none either.
 * Where the writer lets only some comment (ADR 0115), a reader who may not gets a line saying who may
 * instead of the box and the Reply buttons; the writer gets the choice.
 */
export function CommentsSection({ post }: { post: PostDetail }) {
  const session = useSession();
  const viewerId = session ? Number(session.id) : null;
  const addComment = useAddComment(post.id);
  // A notification's link: #comment-{id} or #reply-{id} (its thread opens, it is highlighted).
  const location = useLocation();
  const anchor = parseCommentAnchor(location.hash, location.key);
  // Who may not comment here: a reader the writer banned from their stories (ADR 0116); on a story open to
  // its writer's followers, subscribers or nobody (ADR 0115), a reader the server did not say may (a visitor: not known).
  const from = post.comments_from;
  const closed = post.banned_from_comments ? 'banned' : from && from !== 'anyone' && !post.may_comment ? from : null;

  return (
    <section id="comments" aria-labelledby="comments-heading" className="scroll-mt-20">
      <h2 id="comments-heading" className="font-serif text-2xl font-bold tracking-tight text-zinc-900 dark:text-zinc-50">
        {/* The count the cards show: comments and their replies (posts.comments_count). */}
        Comments{' '}
        {post.comments_count > 0 && (
          <span data-testid="comments-total" title="Comments and replies" className="text-zinc-500 dark:text-zinc-400">
            ({post.comments_count})
          </span>
        )}
      </h2>
      {/* Boosts from the fediverse (its likes from there count with the likes above); rendered with the page. */}
      {(post.boosts_count ?? 0) > 0 && (
        <p data-testid="fediverse-boosts" className="mt-1 flex items-center gap-1 text-sm font-medium text-zinc-800 dark:text-zinc-200">
          <Repeat2 aria-hidden="true" className="size-4" />
          Boosted {post.boosts_count === 1 ? 'once' : `${post.boosts_count} times`} on the fediverse.
        </p>
      )}
      {(closed || viewerId === post.user_id) && (
        <Suspense fallback={null}>
          <CommentsGate postId={post.id} from={post.comments_from ?? 'anyone'} writer={viewerId === post.user_id} visitor={viewerId === null} closed={closed} />
        </Suspense>
      )}
      {!closed && (
        <div className="mt-5">
          <CommentForm
            label="Write a comment"
            submitLabel="Post"
            placeholder="What are your thoughts?"
            busy={addComment.isPending}
            draftKey={commentDraftKey(post.id)}
            onSubmit={(comments, userId, guard) => addComment.mutateAsync({ user_id: userId, post_id: post.id, comments, ...guard })}
            // Sent before the app's scripts run: a member's comment goes to the post's own address; a
            // visitor's to /login, where it waits in the page until they have signed in (render/forms.ts).
            native={
              session
                ? { action: paths.viewPost.getHref(post.id), field: 'comments' }
                : { action: paths.login.getHref(), field: 'comment', hidden: { comment_post: encodeId(post.id) } }
            }
          />
        </div>
      )}
      {post.comments.length === 0 ? (
        post.comments_count === 0 && <p className="py-10 text-center text-zinc-600 dark:text-zinc-400">{TEXT.noComments}</p>
      ) : (
        <ul aria-label="Comments" className="mt-4">
          {post.comments.map((comment) => (
            <CommentThread key={comment.id} comment={comment} postId={post.id} postOwnerId={post.user_id} viewerId={viewerId} anchor={anchor} mayReply={closed === null} />
          ))}
        </ul>
      )}
    </section>
  );
}
