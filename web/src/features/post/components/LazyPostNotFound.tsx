import { Suspense, lazy } from 'react';

const PostNotFoundPage = lazy(() => import('./PostNotFound').then((module) => ({ default: module.PostNotFound })));

/**
 * "Post not found" (a bad id, a deleted post; or its account suspended: 410), its code fetched only when a post address names no
 * post: it stays out of the post page's first load (budget: scripts/bundle-budget.test.ts). Rendered
 * on the server all the same, with its 404.
 */
export function LazyPostNotFound({ suspended = false }: { suspended?: boolean }) {
  return (
    <Suspense fallback={null}>
      <PostNotFoundPage suspended={suspended} />
    </Suspense>
  );
}
