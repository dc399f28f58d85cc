import { Suspense } from 'react';
import { Outlet, useLocation } from 'react-router';
import { useNoticeScreen } from '../../components/NoticeProvider';
import { PageFallback } from '../../components/PageFallback';

/** Login, signup and verified: a quiet page with the card in the middle. */
export function AuthLayout() {
  // A notice belongs to the screen it was shown on, here as in the app's screens.
  const { pathname } = useLocation();
  useNoticeScreen(pathname);
  return (
    <main className="flex min-h-dvh items-start justify-center bg-zinc-50 px-4 py-10 sm:items-center sm:py-16 dark:bg-zinc-950">
      {/* A boundary per screen: see AppLayout. */}
      <Suspense key={pathname} fallback={<PageFallback />}>
        <Outlet />
      </Suspense>
    </main>
  );
}
