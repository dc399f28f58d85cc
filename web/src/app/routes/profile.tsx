import { ProfileView } from '../../features/profile/components/ProfileView';
import { FollowButton } from '../../features/post-actions/components/FollowButton';
import { PostCardWithActions } from '../../features/post-actions/components/PostCardWithActions';
import { useSession } from '../../lib/session';

export default function ProfileRoute() {
  const session = useSession();
  if (!session) return null; // RequireSession sends visitors to /login
  return (
    <ProfileView
      userId={Number(session.id)}
      viewerId={session.id}
      renderPost={(post) => <PostCardWithActions post={post} />}
      renderFollow={(userId) => <FollowButton authorId={userId} active />}
      renderListFollow={(person) => <FollowButton authorId={person.id} active known={person.is_following} pending={person.pending} size="compact" />}
    />
  );
}
