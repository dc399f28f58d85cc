import { Suspense } from 'react';
import { Outlet, useLocation, useNavigate, useNavigation } from 'react-router';
import { paths } from '@inkwell/contract';
import { TopBar } from '../../components/TopBar';
import { PageFallback } from '../../components/PageFallback';
import { useNoticeScreen } from '../../components/NoticeProvider';
import { useSession } from '../../lib/session';
import { useLogout } from '../../features/auth/api/logout';
import { ownProfileQueryOptions, useOwnProfile } from '../../api/get-own-profile';
import { notificationsQueryOptions, useNotifications } from '../../features/notifications/api/get-notifications';
import { useNotificationStream } from '../../features/notifications/api/use-notification-stream';
import { SearchBox } from '../../features/search/components/SearchBox';
import type { Screen } from '../screen';

/** What the top bar shows a signed-in reader on every screen: their picture and whether anything is new. */
export const appLayoutScreen: Screen = {
  render: 'nobody',
  load: ({ client, viewerId }) => (viewerId ? [client.prefetchQuery(ownProfileQueryOptions(viewerId)), client.prefetchQuery(notificationsQueryOptions(viewerId))] : []),
};

/** Every screen but the auth ones: the top bar (SPEC §1) over the page. */
export function AppLayout() {
  const session = useSession();
  const profile = useOwnProfile(session?.id);
  const notifications = useNotifications(session?.id);
  // New notifications and the unseen count arrive live while signed in (closed on sign-out).
  useNotificationStream(session?.id);
  const logout = useLogout();
  const navigate = useNavigate();
  // A notice belongs to its screen: moving to another one takes it away (NoticeProvider).
  const { pathname } = useLocation();
  useNoticeScreen(pathname);
  // On the way to another screen whose code is still coming: the page says so until it shows.
  const moving = useNavigation().state === 'loading';

  return (
    <div className="flex min-h-dvh flex-col bg-white dark:bg-zinc-950">
      {moving && <div aria-hidden="true" data-testid="moving" className="fixed inset-x-0 top-0 z-50 h-0.5 animate-pulse bg-indigo-600 dark:bg-indigo-400" />}
      <a
        href="#main"
        className="sr-only focus:not-sr-only focus:fixed focus:left-4 focus:top-3 focus:z-50 focus:rounded-md focus:bg-indigo-700 focus:px-3 focus:py-2 focus:text-white"
      >
        Skip to content
      </a>
      <TopBar
        signedIn={Boolean(session)}
        email={profile.data?.email}
        picture={profile.data?.profile_picture}
        hasNotifications={(notifications.data?.unseen_count ?? 0) > 0}
        renderSearch={(options) => <SearchBox {...options} />}
        onLogout={() => logout.mutate(undefined, { onSettled: () => navigate(paths.login.getHref(), { replace: true }) })}
      />
      <main id="main" className="flex-1" aria-busy={moving || undefined}>
        {/*
          A boundary per address (app/navigation.test.tsx): a screen whose code is still on its way
          shows the fallback, and a screen moved on to starts afresh, whatever the previous one awaited.
        */}
        <Suspense key={pathname} fallback={<PageFallback />}>
          <Outlet />
        </Suspense>
      </main>
    </div>
  );
}
