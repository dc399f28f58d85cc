import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { ChartColumn, PenLine } from 'lucide-react';
import { paths, type PostCard as PostCardData } from '@inkwell/contract';
import { AuthorHoverCard } from '../../../components/AuthorHoverCard';
import { PostCard } from '../../../components/PostCard';
import { useSession } from '../../../lib/session';
import { FollowButton } from './FollowButton';
import { PostActions } from './PostActions';
import { PostOwnerMenu } from './PostOwnerMenu';

const pill =
  'inline-flex items-center gap-1.5 rounded-full border border-zinc-300 px-3.5 py-1.5 text-sm font-semibold text-zinc-800 hover:bg-zinc-50 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-indigo-600 dark:border-zinc-700 dark:text-zinc-100 dark:hover:bg-zinc-800';

interface PostCardWithActionsProps {
  post: PostCardData;
  editMode?: boolean;
  priority?: boolean;
  /** On For you (feed/use-for-you-tuning): why the story is there, and a reader's menu for someone else's story. */
  reason?: ReactNode;
  menu?: ReactNode;
}

/**
 * A post card with everything it does: the author's hover card with Follow, like/comment/share/save,
 * and for the owner the options menu and, in edit mode (the Library), the Edit and Stats buttons.
 */
export function PostCardWithActions({ post, editMode = false, priority = false, reason, menu }: PostCardWithActionsProps) {
  const session = useSession();
  const isOwner = session !== null && Number(session.id) === post.user_id;
  return (
    <PostCard
      post={post}
      priority={priority}
      reason={reason}
      author={<AuthorHoverCard author={post.author} elsewhere={post.elsewhere} renderFollow={(open) => post.author && <FollowButton authorId={post.author.id} active={open} />} />}
      actions={<PostActions post={post} />}
      menu={isOwner ? <PostOwnerMenu postId={post.id} /> : menu}
      edit={
        isOwner && editMode ? (
          <span className="flex flex-wrap gap-2">
            <Link to={paths.editPost.getHref(post.id)} className={pill}>
              <PenLine aria-hidden="true" className="size-4" />
              Edit
            </Link>
            {/* Issue 13: this story's numbers, its chart open on the Stats screen. */}
            <Link to={paths.stats.getHref(post.id)} aria-label={`Stats of “${post.title}”`} className={pill}>
              <ChartColumn aria-hidden="true" className="size-4" />
              Stats
            </Link>
          </span>
        ) : undefined
      }
    />
  );
}
