import type { ReactNode } from 'react';
import type { FollowListPerson } from '@inkwell/contract';
import { type FollowList, useFollowList } from '../api/follow-lists';
import { FollowElsewhereForm } from './FollowElsewhereForm';
import { FollowListRow, personName } from './FollowListRow';
import { PeopleListDialog } from './PeopleListDialog';
import { RemoveFollower } from './RemoveFollower';

/** Follow / Following for one person of the list, composed by the screen; the list says whether the reader follows them. */
export type RenderListFollow = (person: FollowListPerson) => ReactNode;

interface FollowListDialogProps {
  list: FollowList;
  profileId: number;
  /** Whose list it is, for the title ('Ada’s followers'); null on one's own. */
  ownerName: string | null;
  viewerId: string | null;
  /** On one's own Following list: whether the member is on the fediverse (a handle), to follow accounts there. */
  federates?: boolean;
  renderFollow: RenderListFollow;
  onClose: () => void;
}

const TITLES: Record<FollowList, { own: string; of: (name: string) => string; empty: string }> = {
  followers: { own: 'Your followers', of: (name) => `${name}’s followers`, empty: 'No followers yet.' },
  following: { own: 'You follow', of: (name) => `${name} follows`, empty: 'Not following anyone yet.' },
};

/**
 * A member's followers or the people they follow, members and accounts on other servers in one list,
 * in a dialog over their profile: newest follow first, more as the reader scrolls, each with a link to
 * their profile here (an account elsewhere's too) and Follow / Following. On one's own
 * followers, each has Remove; on one's own following (with federation on), a form to follow an
 * account elsewhere heads the list.
 */
export function FollowListDialog({ list, profileId, ownerName, viewerId, federates = false, renderFollow, onClose }: FollowListDialogProps) {
  const query = useFollowList(list, profileId, viewerId ?? undefined);
  const people = query.data?.pages.flatMap((page) => page.data) ?? [];
  const own = ownerName === null;
  const title = own ? TITLES[list].own : TITLES[list].of(ownerName);
  return (
    <PeopleListDialog
      title={title}
      header={own && federates && list === 'following' ? <FollowElsewhereForm userId={profileId} /> : undefined}
      items={people}
      query={query}
      emptyText={TITLES[list].empty}
      renderItem={(person) => (
        <FollowListRow
          person={person}
          follow={renderFollow(person)}
          extra={own && list === 'followers' ? <RemoveFollower ownerId={profileId} followerId={person.id} name={personName(person)} /> : undefined}
        />
      )}
      onClose={onClose}
    />
  );
}
