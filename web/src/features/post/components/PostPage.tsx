import type { ReactNode } from 'react';
import { POST_IMAGE_SIZES, type PostCard, type PostDetail, TEXT } from '@inkwell/contract';
import { AuthorHoverCard } from '../../../components/AuthorHoverCard';
import { ReportLink } from '../../../components/ReportLink';
import { CoverImage } from '../../../components/CoverImage';
import { FromElsewhere } from '../../../components/Elsewhere';
import { postSubTitle, postTitle } from '../../../components/PostCard';
import { PostBody } from '../../../components/PostBody';
import { PostHeader } from '../../../components/PostHeader';
import { DocumentTitle } from '../../../components/DocumentTitle';
import { useSession } from '../../../lib/session';
import { isApiError } from '../../../lib/api-client';
import { usePostDetails } from '../api/post-details';
import { useReadBeacons } from '../hooks/use-read-beacons';
import { useScrollToHash } from '../hooks/use-scroll-to-hash';
import { CommentsSection } from './CommentsSection';
import { LazyPostNotFound } from './LazyPostNotFound';
import { HydrateLater } from '../../../ssr/hydrate-later';
import { HydrateWhenSeen, lazyPart } from '../../../ssr/hydrate-when-seen';

/**
 * 'Related Posts', under the comments: rendered with the page, its code (and its call's: the screen's
 * `load` imports it the same way) fetched when the reader comes near it (ssr/hydrate-when-seen,
 * e2e/bundle-budget.e2e.ts).
 */
const related = lazyPart(() => import('./RelatedPosts').then((module) => module.RelatedPosts));

interface PostPageProps {
  postId: number;
  /** Like, comments, share, save and the owner's menu, composed by the screen. */
  renderActions: (post: PostDetail) => ReactNode;
  /** The Follow button of the author's hover card. */
  renderFollow?: (authorId: number, open: boolean) => ReactNode;
  /** Follow / Following beside the author's name (not on one's own story). */
  renderAuthorFollow?: (authorId: number) => ReactNode;
  /** A related post's card. */
  renderPost: (post: PostCard) => ReactNode;
  /** The post's category above its title: a link to the category's posts (none for a story elsewhere). */
  renderCategory?: (categoryId: number) => ReactNode;
  /** "Get new stories by email" at the end of another member's story (the author's name as it shows). */
  renderSubscribe?: (authorId: number, name: string) => ReactNode;
}

function PostSkeleton() {
  return (
    <div aria-busy="true" aria-label="Loading post" className="animate-pulse">
      <div className="h-10 w-11/12 rounded-lg bg-zinc-200 dark:bg-zinc-800" />
      <div className="mt-4 h-6 w-3/4 rounded bg-zinc-200 dark:bg-zinc-800" />
      <div className="mt-8 flex items-center gap-3">
        <div className="size-11 rounded-full bg-zinc-200 dark:bg-zinc-800" />
        <div className="h-4 w-40 rounded bg-zinc-200 dark:bg-zinc-800" />
      </div>
      <div className="mt-8 aspect-[16/9] w-full rounded-lg bg-zinc-200 dark:bg-zinc-800" />
      <div className="mt-8 space-y-3">
        <div className="h-5 w-full rounded bg-zinc-200 dark:bg-zinc-800" />
        <div className="h-5 w-full rounded bg-zinc-200 dark:bg-zinc-800" />
        <div className="h-5 w-2/3 rounded bg-zinc-200 dark:bg-zinc-800" />
      </div>
    </div>
  );
}

/** SPEC §2 Post detail: author, title, subtitle, image, body, actions, comments, Related Posts. */
export function PostPage({ postId, renderActions, renderFollow, renderAuthorFollow, renderPost, renderCategory, renderSubscribe }: PostPageProps) {
  const session = useSession();
  const details = usePostDetails(postId, session?.id);
  const post = details.data;
  const pageTitle = post ? postTitle(post.title) : details.isError ? 'Post not found' : 'Post';
  // #comments, #comment-{id}, #reply-{id}: scrolled to once the post (with that comment) is there.
  useScrollToHash({ loaded: Boolean(post), data: post, refetch: details.refetch });

  // A view once shown, a read at the end of the body (not the author's own: the server ignores those too).
  const bodyEnd = useReadBeacons(postId, Boolean(post) && (!session || Number(session.id) !== post?.user_id));

  if (details.isError) return <LazyPostNotFound suspended={isApiError(details.error) && details.error.status === 410} />;

  const author = post ? { ...post.user_data, ...post.author } : null;
  const ownStory = Boolean(session && author && Number(session.id) === author.id);
  // A story of an account elsewhere: its handle and the original above the title, not a topic; no Follow
  // or subscription here (its account is followed from the fediverse).
  const elsewhere = post?.elsewhere ?? null;
  return (
    <>
      <DocumentTitle title={pageTitle} />
      <div className="mx-auto w-full max-w-[728px] px-4 pb-20 pt-8 sm:px-6 sm:pt-12">
        {!post ? (
          <PostSkeleton />
        ) : (
          <>
            <article>
              <PostHeader
                level={1}
                title={postTitle(post.title)}
                subtitle={postSubTitle(post.sub_title)}
                eyebrow={elsewhere ? <FromElsewhere elsewhere={elsewhere} /> : post.category_id !== null ? renderCategory?.(post.category_id) : undefined}
                byline={
                  <AuthorHoverCard
                    author={author}
                    elsewhere={elsewhere}
                    avatarSize={44}
                    renderFollow={renderFollow && author ? (open) => renderFollow(author.id, open) : undefined}
                  />
                }
                follow={author && !ownStory && !elsewhere ? renderAuthorFollow?.(author.id) : undefined}
                readTime={post.read_time ?? 0}
                createdAt={post.created_at}
                actions={renderActions(post)}
              />
              <CoverImage cover={post} sizes={POST_IMAGE_SIZES} width={1360} height={765} priority className="mt-8 aspect-[16/9] w-full rounded-lg" />
              {/* The body, each comment and each related post hydrate in tasks of their own (ssr/hydrate-later). */}
              <HydrateLater className="mt-10">
                <PostBody html={post.description} />
              </HydrateLater>
              <div ref={bodyEnd} aria-hidden="true" className="h-px" />
              {!ownStory && (
                <p className="mt-8 text-right">
                  <ReportLink
                    kind="post"
                    id={post.id}
                    className="rounded text-sm text-zinc-600 underline-offset-4 hover:text-zinc-900 hover:underline focus-visible:outline-2 focus-visible:outline-indigo-600 dark:text-zinc-400 dark:hover:text-zinc-100"
                  >
                    Report this story
                  </ReportLink>
                </p>
              )}
            </article>
            {author && !ownStory && !elsewhere && renderSubscribe && <div className="mt-12">{renderSubscribe(author.id, author.name?.trim() || TEXT.anonymous)}</div>}
            {/* Not a part itself: each of its comments is (parts hydrate later only when not inside one). */}
            <div className="mt-14 border-t border-zinc-200 pt-10 dark:border-zinc-800">
              <CommentsSection post={post} />
            </div>
            {/* Its code comes when the reader comes near it; then its cards hydrate, each a part of its own. */}
            <HydrateWhenSeen lazy={related}>
              <related.Component postId={post.id} renderPost={renderPost} />
            </HydrateWhenSeen>
          </>
        )}
      </div>
    </>
  );
}
