import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { TEXT, paths, type FollowListPerson } from '@inkwell/contract';
import { Avatar } from '../../../components/Avatar';
import { type FollowList, useFollowList } from '../api/follow-lists';
import { PeopleListDialog } from './PeopleListDialog';

/** Follow / Following for one person of the list, composed by the screen; the list says whether the reader follows them. */
export type RenderListFollow = (person: FollowListPerson) => ReactNode;

interface FollowListDialogProps {
  list: FollowList;
  profileId: number;
  /** Whose list it is, for the title ('Ada’s followers'); null on one's own. */
  ownerName: string | null;
  viewerId: string | null;
  renderFollow: RenderListFollow;
  onClose: () => void;
}

const TITLES: Record<FollowList, { own: string; of: (name: string) => string; empty: string }> = {
  followers: { own: 'Your followers', of: (name) => `${name}’s followers`, empty: 'No followers yet.' },
  following: { own: 'You follow', of: (name) => `${name} follows`, empty: 'Not following anyone yet.' },
};

function PersonRow({ person, renderFollow }: { person: FollowListPerson; renderFollow: RenderListFollow }) {
  const name = person.name?.trim() || TEXT.anonymous;
  const about = person.bio?.trim() || (person.username ? `@${person.username}` : null);
  return (
    <div data-testid="follow-list-person" className="flex items-center gap-3 py-3">
      <Link
        to={paths.viewProfile.getHref(person.id)}
        className="flex min-w-0 flex-1 items-center gap-3 rounded-lg focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-indigo-600"
      >
        <Avatar src={person.profile_picture} size={40} />
        <span className="min-w-0">
          <span className="block truncate font-medium text-zinc-900 hover:underline dark:text-zinc-50">{name}</span>
          {about && <span className="block truncate text-sm text-zinc-600 dark:text-zinc-400">{about}</span>}
        </span>
      </Link>
      {/* The button's box is reserved whatever it says (or on one's own row, where it says nothing). */}
      <div className="w-[6.5rem] shrink-0">{renderFollow(person)}</div>
    </div>
  );
}

/**
 * A member's followers or the people they follow, in a dialog over their profile: newest follow
 * first, more as the reader scrolls, each with a link to their profile and Follow / Following.
 */
export function FollowListDialog({ list, profileId, ownerName, viewerId, renderFollow, onClose }: FollowListDialogProps) {
  const query = useFollowList(list, profileId, viewerId ?? undefined);
  const people = query.data?.pages.flatMap((page) => page.data) ?? [];
  const title = ownerName === null ? TITLES[list].own : TITLES[list].of(ownerName);
  return (
    <PeopleListDialog
      title={title}
      items={people}
      query={query}
      emptyText={TITLES[list].empty}
      renderItem={(person) => <PersonRow person={person} renderFollow={renderFollow} />}
      onClose={onClose}
    />
  );
}
