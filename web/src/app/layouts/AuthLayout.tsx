import { Suspense } from 'react';
import { Outlet } from 'react-router';
import { PageFallback } from '../../components/PageFallback';

/** Login, signup and verified: a quiet page with the card in the middle. */
export function AuthLayout() {
  return (
    <main className="flex min-h-dvh items-start justify-center bg-zinc-50 px-4 py-10 sm:items-center sm:py-16 dark:bg-zinc-950">
      <Suspense fallback={<PageFallback />}>
        <Outlet />
      </Suspense>
    </main>
  );
}
