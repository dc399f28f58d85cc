import { TEXT } from '@inkwell/contract';
import { useAuthorPosts } from '../../../api/author-posts';
import { PostFeedList, type RenderPost } from '../../../components/PostFeedList';

/** The Library's Published tab: the signed-in author's own posts; the cards come in edit mode. */
export function LibraryFeed({ viewerId, renderPost }: { viewerId: string; renderPost: RenderPost }) {
  const posts = useAuthorPosts(Number(viewerId), viewerId);
  return <PostFeedList query={posts} renderPost={renderPost} emptyText={TEXT.noPostsToShow} label="Your posts" />;
}
