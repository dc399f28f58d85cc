import { screen } from '@testing-library/react';
import { mockApi } from '../../test/render';
import { aComment, aPost, aPostDetail } from '../../test/posts';

/** The post page tests' thread and API: post 1 with two comments and two replies, its related posts, and a comment's element. */
/** Post 1 by user 20; comment 100 by user 30 with replies 200 (user 30) and 201 (user 40); comment 101 by user 40. */
export function aThread() {
  return aPostDetail({
    id: 1,
    user_id: 20,
    title: 'The post title',
    comments: [
      aComment({
        id: 100,
        user_id: 30,
        comments: '<img src=x onerror=alert(1)>',
        replies: [
          {
            id: 200,
            user_id: 30,
            comment_id: 100,
            reply_to_id: null,
            reply: 'First reply',
            created_at: new Date().toISOString(),
            user: { id: 30, name: 'Reader', profile_picture: null },
          },
          {
            id: 201,
            user_id: 40,
            comment_id: 100,
            reply_to_id: 200,
            reply: 'Second reply',
            created_at: new Date().toISOString(),
            user: { id: 40, name: 'Stranger', profile_picture: null },
          },
        ],
      }),
      aComment({ id: 101, user_id: 40, comments: 'Another comment', user: { id: 40, name: 'Stranger', profile_picture: null } }),
    ],
  });
}

export function api(post = aThread(), extra: (path: string, init: RequestInit) => { status?: number; body?: unknown } | undefined = () => undefined) {
  return mockApi((path, init) => {
    const answer = extra(path, init);
    if (answer) return answer;
    if (path === 'post/details') return { body: { post } };
    if (path === 'posts/related') return { body: { related_posts: [aPost({ id: 9, title: 'A related post' })] } };
    return undefined;
  });
}

export const comment = (text: string) => screen.getByText(text).closest<HTMLElement>('[data-testid="comment"]')!;
