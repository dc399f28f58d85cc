import { useEffect, type ReactNode } from 'react';
import { useLocation } from 'react-router';
import { formatPostDate, type PostCard, type PostDetail } from '@inkwell/contract';
import { AuthorHoverCard } from '../../../components/AuthorHoverCard';
import { CoverImage, postSubTitle, postTitle } from '../../../components/PostCard';
import { PostBody } from '../../../components/PostBody';
import { useDocumentTitle } from '../../../lib/use-document-title';
import { useSession } from '../../../lib/session';
import { usePostDetails } from '../api/post-details';
import { CommentsSection } from './CommentsSection';
import { PostNotFound } from './PostNotFound';
import { RelatedPosts } from './RelatedPosts';

interface PostPageProps {
  postId: number;
  /** Like, comments, share, save and the owner's menu, composed by the screen. */
  renderActions: (post: PostDetail) => ReactNode;
  /** The Follow button of the author's hover card. */
  renderFollow?: (authorId: number, open: boolean) => ReactNode;
  /** A related post's card. */
  renderPost: (post: PostCard) => ReactNode;
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
export function PostPage({ postId, renderActions, renderFollow, renderPost }: PostPageProps) {
  const session = useSession();
  const details = usePostDetails(postId, session?.id);
  const post = details.data;
  const location = useLocation();
  useDocumentTitle(post ? postTitle(post.title) : details.isError ? 'Post not found' : 'Post');

  // Arriving at /view-post/{id}#comments (the card's comment icon) scrolls to the comments once loaded.
  const loaded = Boolean(post);
  useEffect(() => {
    if (!loaded || !location.hash) return;
    document.getElementById(decodeURIComponent(location.hash.slice(1)))?.scrollIntoView?.();
  }, [loaded, location.hash]);

  if (details.isError) return <PostNotFound />;

  const author = post ? { ...post.user_data, ...post.author } : null;
  return (
    <div className="mx-auto w-full max-w-[728px] px-4 pb-20 pt-8 sm:px-6 sm:pt-12">
      {!post ? (
        <PostSkeleton />
      ) : (
        <>
          <article>
            <header>
              <h1 className="break-words font-serif text-3xl font-bold leading-tight tracking-tight text-zinc-900 sm:text-[42px] sm:leading-[1.15] dark:text-zinc-50">
                {postTitle(post.title)}
              </h1>
              <p className="mt-3 break-words text-xl leading-8 text-zinc-600 sm:text-[22px] dark:text-zinc-400">{postSubTitle(post.sub_title)}</p>
              <div className="mt-7 flex items-center gap-3 text-sm">
                <AuthorHoverCard
                  author={author}
                  avatarSize={44}
                  renderFollow={renderFollow && author ? (open) => renderFollow(author.id, open) : undefined}
                />
              </div>
              <p className="mt-2 text-sm text-zinc-600 dark:text-zinc-400">
                <span>{post.read_time ?? 0} min read</span>
                <span aria-hidden="true"> · </span>
                <time dateTime={post.created_at}>{formatPostDate(post.created_at)}</time>
              </p>
              <div className="mt-6 flex items-center justify-between gap-2 border-y border-zinc-200 py-1.5 dark:border-zinc-800">
                {renderActions(post)}
              </div>
            </header>
            <CoverImage path={post.image} width={1360} height={765} className="mt-8 aspect-[16/9] w-full rounded-lg" />
            <PostBody html={post.description} className="mt-10" />
          </article>
          <div className="mt-14 border-t border-zinc-200 pt-10 dark:border-zinc-800">
            <CommentsSection post={post} />
          </div>
          <RelatedPosts postId={post.id} renderPost={renderPost} />
        </>
      )}
    </div>
  );
}
