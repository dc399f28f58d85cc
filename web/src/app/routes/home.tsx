import { Suspense, lazy, useState } from 'react';
import { HomeFeed } from '../../features/feed/components/HomeFeed';
import { MessageBanner } from '../../features/home/components/MessageBanner';
import { SidePanels } from '../../features/home/components/SidePanels';
import { useQueryMessage } from '../../features/home/hooks/use-query-message';
import { FollowButton } from '../../features/post-actions/components/FollowButton';
import { PostCardWithActions } from '../../features/post-actions/components/PostCardWithActions';
import { useOwnProfile } from '../../api/get-own-profile';
import { DocumentTitle } from '../../components/DocumentTitle';
import { useSession } from '../../lib/session';
import { categoriesQueryOptions } from '../../api/categories';
import { userCategoriesQueryOptions } from '../../api/user-categories';
import { loadSelected } from '../../features/feed/selection';
import { recommendedCategoriesQueryOptions, recommendedPostsQueryOptions, recommendedUsersQueryOptions } from '../../features/home/api/recommendations';
import type { Screen } from '../screen';

/**
 * A new member's welcome (a name, then topics): its code comes with the page of a member who has no
 * name yet, not a visitor's or a named member's, and outside the page's first load (a rendered panel
 * stays as the server sent it until it has come).
 */
const WelcomePanel = lazy(() => import('../../features/welcome/components/WelcomePanel').then((module) => ({ default: module.WelcomePanel })));

export const screen: Screen = {
  render: 'everyone',
  indexed: true,
  load: ({ url, client, viewerId }) => [
    // The first page of the tab the address names (For you when it names none): the page comes whole.
    loadSelected(client, url.searchParams, viewerId),
    client.prefetchQuery(categoriesQueryOptions()),
    client.prefetchQuery(recommendedPostsQueryOptions(viewerId)),
    client.prefetchQuery(recommendedCategoriesQueryOptions(viewerId)),
    // The side panel's people, each saying whether the reader follows them (their Follow buttons ask nothing more).
    client.prefetchQuery(recommendedUsersQueryOptions(viewerId)),
    ...(viewerId ? [client.prefetchQuery(userCategoriesQueryOptions(viewerId))] : []),
  ],
};

export default function HomeRoute() {
  const { message, dismiss } = useQueryMessage();
  const session = useSession();
  const profile = useOwnProfile(session?.id);
  // Asked while the member has no name; once shown it stays through its steps (saving the name gives the profile one).
  const [welcoming, setWelcoming] = useState(false);
  if (!welcoming && session && profile.isSuccess && !profile.data.name?.trim()) setWelcoming(true);
  return (
    <>
      <DocumentTitle title="Home" />
      <HomeFeed
        banner={
          <>
            {message && <MessageBanner message={message} onDismiss={dismiss} />}
            {/* A new member (no name yet) is asked for one, then offered the topics; skipping is allowed. */}
            {session && welcoming && (
              <Suspense fallback={null}>
                <WelcomePanel key={session.id} userId={session.id} name={profile.data?.name} loaded={profile.isSuccess} />
              </Suspense>
            )}
          </>
        }
        renderPost={(post, index, extras) => <PostCardWithActions post={post} priority={index === 0} {...extras} />}
        aside={<SidePanels renderFollow={(userId, following) => <FollowButton authorId={userId} active known={following} />} />}
      />
    </>
  );
}
