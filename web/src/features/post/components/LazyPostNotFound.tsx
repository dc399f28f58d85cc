import { Suspense, lazy } from 'react';

const PostNotFoundPage = lazy(() => import('./PostNotFound').then((module) => ({ default: module.PostNotFound })));

/**
 * "Post not found" (a bad id, a deleted post), its code fetched only when a post address names no
 * post: it stays out of the post page's first load (budget: scripts/bundle-budget.test.ts). Rendered
 * on the server all the same, with its 404.
 */
export function LazyPostNotFound() {
  return (
    <Suspense fallback={null}>
      <PostNotFoundPage />
    </Suspense>
  );
}
