import { TEXT } from '@inkwell/contract';
import { DocumentTitle } from '../../../components/DocumentTitle';
import { useSavedPosts } from '../../../api/saved-posts';
import { ListPage } from '../../../components/ListPage';
import { PostFeedList, type RenderPost } from '../../../components/PostFeedList';

/** /saved: the reader's saved posts, newest save first. */
export function SavedFeed({ viewerId, renderPost }: { viewerId: string; renderPost: RenderPost }) {
  const posts = useSavedPosts(viewerId);
  return (
    <>
      <DocumentTitle title="Saved" />
      <ListPage title="Saved" intro="Stories you bookmarked, newest first.">
        <PostFeedList query={posts} renderPost={renderPost} emptyText={TEXT.noPostsToShow} label="Saved posts" />
      </ListPage>
    </>
  );
}
