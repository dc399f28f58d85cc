import { HomeFeed } from '../../features/feed/components/HomeFeed';
import { MessageBanner } from '../../features/home/components/MessageBanner';
import { SidePanels } from '../../features/home/components/SidePanels';
import { useQueryMessage } from '../../features/home/hooks/use-query-message';
import { FollowButton } from '../../features/post-actions/components/FollowButton';
import { PostCardWithActions } from '../../features/post-actions/components/PostCardWithActions';
import { useOwnProfile } from '../../features/profile/api/get-own-profile';
import { WelcomePanel } from '../../features/welcome/components/WelcomePanel';
import { useDocumentTitle } from '../../lib/use-document-title';
import { useSession } from '../../lib/session';

export default function HomeRoute() {
  useDocumentTitle('Home');
  const { message, dismiss } = useQueryMessage();
  const session = useSession();
  const profile = useOwnProfile(session?.id);
  return (
    <HomeFeed
      banner={
        <>
          {message && <MessageBanner message={message} onDismiss={dismiss} />}
          {/* A new member (no name yet) is asked for one, then offered the topics; skipping is allowed. */}
          {session && <WelcomePanel key={session.id} userId={session.id} name={profile.data?.name} loaded={profile.isSuccess} />}
        </>
      }
      renderPost={(post, index, extras) => <PostCardWithActions post={post} priority={index === 0} {...extras} />}
      aside={<SidePanels renderFollow={(userId) => <FollowButton authorId={userId} active />} />}
    />
  );
}
