import { Link } from 'react-router';
import { PenLine } from 'lucide-react';
import { TEXT, paths } from '@inkwell/contract';
import { buttonStyles } from '../../../components/Button';
import { useDocumentTitle } from '../../../lib/use-document-title';
import { useAuthorPosts } from '../api/author-posts';
import { ListPage } from '../../../components/ListPage';
import { PostFeedList, type RenderPost } from './PostFeedList';

/** /yourposts (Library): the signed-in author's own posts; the cards come in edit mode. */
export function LibraryFeed({ viewerId, renderPost }: { viewerId: string; renderPost: RenderPost }) {
  useDocumentTitle('Library');
  const posts = useAuthorPosts(Number(viewerId), viewerId);
  return (
    <ListPage
      title="Library"
      intro={
        <span className="flex flex-wrap items-center justify-between gap-3">
          <span>Your stories. Edit or delete them from here.</span>
          <Link to={paths.createPost.getHref()} className={buttonStyles.secondary}>
            <PenLine aria-hidden="true" className="size-4" />
            Write
          </Link>
        </span>
      }
    >
      <PostFeedList query={posts} renderPost={renderPost} emptyText={TEXT.noPostsToShow} label="Your posts" />
    </ListPage>
  );
}
