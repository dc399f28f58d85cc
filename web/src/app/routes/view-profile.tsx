import { useParams } from 'react-router';
import { decodeId } from '@inkwell/contract';
import { ProfileView } from '../../features/profile/components/ProfileView';
import { FollowButton } from '../../features/post-actions/components/FollowButton';
import { PostCardWithActions } from '../../features/post-actions/components/PostCardWithActions';
import { useSession } from '../../lib/session';
import NotFoundRoute from './not-found';

/** /view-profile/{encoded id}: anyone's profile; one's own shows as on /profile. */
export default function ViewProfileRoute() {
  const session = useSession();
  const userId = decodeId(useParams().id ?? '');
  if (userId === null) return <NotFoundRoute />;
  return (
    <ProfileView
      key={userId}
      userId={userId}
      viewerId={session?.id ?? null}
      renderPost={(post) => <PostCardWithActions post={post} />}
      renderFollow={(id) => <FollowButton authorId={id} active />}
      renderListFollow={(person) => <FollowButton authorId={person.id} active known={person.is_following} size="compact" />}
    />
  );
}
