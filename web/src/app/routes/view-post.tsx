import { useParams } from 'react-router';
import { CategoryLink } from '../../features/feed/components/CategoryLink';
import { LazyPostNotFound } from '../../features/post/components/LazyPostNotFound';
import { PostPage } from '../../features/post/components/PostPage';
import { FollowButton } from '../../features/post-actions/components/FollowButton';
import { PostCardWithActions } from '../../features/post-actions/components/PostCardWithActions';
import { PostPageActions } from '../../features/post-actions/components/PostPageActions';
import type { PostDetail } from '@inkwell/contract';
import { paths } from '@inkwell/contract';
import { categoriesQueryOptions } from '../../api/categories';
import { postDetailsQueryOptions } from '../../features/post/api/post-details';
import { prefetchFollows } from '../../features/post-actions/api/is-following';
import { blockedUsersQueryOptions } from '../../components/use-block';
import { loadSanitizer } from '../../components/post-html';
import { type Screen, idParam } from '../screen';
import { HydrateWhenSeen, lazyPart } from '../../ssr/hydrate-when-seen';

/**
 * The story's "Get new stories by email" (issue 29), at its end: rendered with the page (its form works
 * before the app starts), its code fetched when the reader comes near it (ssr/hydrate-when-seen).
 */
const subscribe = lazyPart(() => import('../../features/newsletter/components/SubscribeByEmail').then((module) => module.SubscribeByEmail));

export const screen: Screen = {
  render: 'everyone',
  indexed: true,
  load: ({ params, client, viewerId }) => {
    const postId = idParam(params.id);
    if (postId === null) return [];
    return [
      // The post, then whether the reader follows its author (the Follow button by the byline).
      client.prefetchQuery(postDetailsQueryOptions(postId, viewerId)).then(() => {
        const post = client.getQueryData(postDetailsQueryOptions(postId, viewerId).queryKey);
        // No Follow by the byline of a story of an account elsewhere.
        if (!post || post.elsewhere) return undefined;
        return prefetchFollows(client, viewerId, [post.author.id]);
      }),
      import('../../features/post/api/related-posts').then((module) => client.prefetchQuery(module.relatedPostsQueryOptions(postId, viewerId))),
      client.prefetchQuery(categoriesQueryOptions()),
      // Whom the reader blocked, members and accounts elsewhere: the comments' and the author card's Block (rendered with the page).
      ...(viewerId ? [client.prefetchQuery(blockedUsersQueryOptions(viewerId))] : []),
      // A move here in the browser: the body is cleaned there, DOMPurify comes beside the post (the server has its own).
      loadSanitizer().catch(() => undefined),
    ];
  },
  head: ({ params, client, viewerId }) => {
    const postId = idParam(params.id);
    const post = postId === null ? undefined : client.getQueryData<PostDetail>(postDetailsQueryOptions(postId, viewerId).queryKey);
    if (!post) return null;
    return {
      description: post.sub_title || undefined,
      image: post.image,
      kind: 'article',
      article: {
        title: post.title,
        published: post.created_at,
        modified: post.updated_at,
        author: post.author?.name?.trim() || post.elsewhere?.handle || 'Anonymous',
        authorPath: post.elsewhere ? null : paths.viewProfile.getHref(post.author.id),
      },
      // A story of an account elsewhere is its writer's on their server: search engines index it there.
      ...(post.elsewhere ? { noindex: true } : {}),
    };
  },
};

export default function ViewPostRoute() {
  const postId = idParam(useParams().id);
  if (postId === null) return <LazyPostNotFound />;
  return (
    <PostPage
      key={postId}
      postId={postId}
      renderActions={(post) => <PostPageActions post={post} />}
      renderFollow={(authorId, open) => <FollowButton authorId={authorId} active={open} />}
      renderAuthorFollow={(authorId) => <FollowButton authorId={authorId} active size="compact" />}
      renderPost={(post) => <PostCardWithActions post={post} />}
      renderCategory={(categoryId) => <CategoryLink categoryId={categoryId} />}
      renderSubscribe={(authorId, name) => (
        <HydrateWhenSeen lazy={subscribe}>
          <subscribe.Component writerId={authorId} writerName={name} source="story" />
        </HydrateWhenSeen>
      )}
    />
  );
}
