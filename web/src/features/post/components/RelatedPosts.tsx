import type { ReactNode } from 'react';
import type { PostCard } from '@inkwell/contract';
import { PostCardSkeleton } from '../../../components/PostCardSkeleton';
import { useSession } from '../../../lib/session';
import { useRelatedPosts } from '../api/related-posts';
import { HydrateLater } from '../../../ssr/hydrate-later';

/** 'Related Posts' under the comments; nothing at all when there are none or they fail to load. */
export function RelatedPosts({ postId, renderPost }: { postId: number; renderPost: (post: PostCard) => ReactNode }) {
  const session = useSession();
  const related = useRelatedPosts(postId, session?.id);
  if (related.isError || (related.data && related.data.length === 0)) return null;
  return (
    <section aria-labelledby="related-heading" className="mt-14">
      <h2 id="related-heading" className="font-serif text-2xl font-bold tracking-tight text-zinc-900 dark:text-zinc-50">
        Related Posts
      </h2>
      {related.isPending ? (
        <div aria-busy="true" aria-label="Loading related posts">
          <PostCardSkeleton />
        </div>
      ) : (
        <ul aria-label="Related Posts">
          {related.data.map((post) => (
            <HydrateLater as="li" key={post.id}>
              {renderPost(post)}
            </HydrateLater>
          ))}
        </ul>
      )}
    </section>
  );
}
