import { useParams } from 'react-router';
import { ProfileView } from '../../features/profile/components/ProfileView';
import { FollowButton } from '../../features/post-actions/components/FollowButton';
import { PostCardWithActions } from '../../features/post-actions/components/PostCardWithActions';
import { SubscribeByEmail } from '../../features/newsletter/components/SubscribeByEmail';
import { FollowEmailTick } from '../../features/newsletter/components/FollowEmailTick';
import { memberEmailQueryOptions, useMemberEmail } from '../../features/newsletter/api/member';
import { useSession } from '../../lib/session';
import NotFoundRoute from './not-found';
import type { ProfileData } from '@inkwell/contract';
import { authorPostsQueryOptions } from '../../api/author-posts';
import { profileDataQueryOptions } from '../../features/profile/api/get-profile-data';
import { blockedUsersQueryOptions } from '../../components/use-block';
import { prefetchFollows, useIsFollowing } from '../../features/post-actions/api/is-following';
import { type Screen, idParam } from '../screen';

export const screen: Screen = {
  render: 'everyone',
  indexed: true,
  load: ({ params, client, viewerId }) => {
    const userId = idParam(params.id);
    if (userId === null) return [];
    return [
      client.prefetchQuery(profileDataQueryOptions(userId)),
      client.prefetchInfiniteQuery(authorPostsQueryOptions(userId, viewerId)),
      // The reader's Follow, its email tick and Block on someone else's profile.
      ...(viewerId && viewerId !== String(userId)
        ? [client.prefetchQuery(blockedUsersQueryOptions(viewerId)), prefetchFollows(client, viewerId, [userId]), client.prefetchQuery(memberEmailQueryOptions(viewerId, userId))]
        : []),
    ];
  },
  head: ({ params, client }) => {
    const userId = idParam(params.id);
    const profile = userId === null ? undefined : client.getQueryData<ProfileData>(profileDataQueryOptions(userId).queryKey);
    if (!profile) return null;
    // An account of another server (ADR 0085): its profile is its server's, where search engines index it.
    if (profile.elsewhere) {
      const who = profile.name?.trim() || profile.elsewhere.handle;
      return { description: profile.bio?.trim() || `Stories by ${who}, from another server, on Inkwell.`, kind: 'profile', noindex: true };
    }
    return {
      description: profile.bio?.trim() || `Stories by ${profile.name?.trim() || 'an Inkwell writer'} on Inkwell.`,
      image: profile.profile_picture,
      kind: 'profile',
    };
  },
};

/** Follow, and once followed the tick that mails the writer's new stories too. */
function FollowWithEmail({ authorId, viewerId }: { authorId: number; viewerId: string | null }) {
  const following = useIsFollowing(viewerId === null ? null : Number(viewerId), authorId, true);
  return (
    <>
      <FollowButton authorId={authorId} active />
      <FollowEmailTick writerId={authorId} following={following.data?.is_following ?? false} />
    </>
  );
}

/** "Get new stories by email", saying so when the member's own address is on the list already. */
function ProfileSubscribe({ writerId, writerName, viewerId }: { writerId: number; writerName: string; viewerId: string | null }) {
  const mine = useMemberEmail(viewerId, writerId);
  return <SubscribeByEmail writerId={writerId} writerName={writerName} source="profile" already={mine.data?.email} />;
}

/** /view-profile/{encoded id}: anyone's profile; one's own shows as on /profile. */
export default function ViewProfileRoute() {
  const session = useSession();
  const userId = idParam(useParams().id);
  if (userId === null) return <NotFoundRoute />;
  return (
    <ProfileView
      key={userId}
      userId={userId}
      viewerId={session?.id ?? null}
      renderPost={(post) => <PostCardWithActions post={post} />}
      renderFollow={(id, elsewhere) => (elsewhere ? <FollowButton authorId={id} active /> : <FollowWithEmail authorId={id} viewerId={session?.id ?? null} />)}
      renderListFollow={(person) => <FollowButton authorId={person.id} active known={person.is_following} pending={person.pending} size="compact" />}
      renderSubscribe={(id, name) => <ProfileSubscribe writerId={id} writerName={name} viewerId={session?.id ?? null} />}
    />
  );
}
