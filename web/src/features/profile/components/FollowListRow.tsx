import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { TEXT, paths, type FollowListPerson, type WrittenElsewhere } from '@inkwell/contract';
import { Avatar } from '../../../components/Avatar';
import { pictureElsewhere } from '../../../components/ElsewhereMark';

const nameClass = 'block truncate font-medium text-zinc-900 dark:text-zinc-50';
const aboutClass = 'block truncate text-sm text-zinc-600 dark:text-zinc-400';
const linkClass = 'flex min-w-0 flex-1 items-center gap-3 rounded-lg focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-indigo-600';

/** A member: their picture, name and bio (or username), leading to their profile here. */
function Member({ person }: { person: FollowListPerson }) {
  const about = person.bio?.trim() || (person.username ? `@${person.username}` : null);
  return (
    <Link to={paths.viewProfile.getHref(person.id)} className={linkClass}>
      <Avatar src={person.profile_picture} size={40} />
      <span className="min-w-0">
        <span className={`${nameClass} hover:underline`}>{person.name?.trim() || TEXT.anonymous}</span>
        {about && <span className={aboutClass}>{about}</span>}
      </span>
    </Link>
  );
}

/**
 * An account of another server: its picture there (over https only), its name (its handle when it has
 * none) and its handle, leading to its profile here (ADR 0085; the way to its server is there).
 */
function Elsewhere({ person, elsewhere }: { person: FollowListPerson; elsewhere: WrittenElsewhere }) {
  const name = person.name?.trim();
  return (
    <Link to={paths.viewProfile.getHref(person.id)} className={linkClass}>
      <Avatar src={pictureElsewhere(elsewhere)} size={40} />
      <span className="min-w-0">
        <span className={`${nameClass} hover:underline`}>{name || elsewhere.handle}</span>
        {name && (
          <>
            {/* A space between the lines, for the link's name read out. */}{' '}
            <span data-testid="elsewhere-handle" className={aboutClass}>
              {elsewhere.handle}
            </span>
          </>
        )}
      </span>
    </Link>
  );
}

/** The name a row's buttons speak of (Remove Lin). */
export const personName = (person: FollowListPerson) => person.name?.trim() || person.elsewhere?.handle || TEXT.anonymous;

/**
 * One person of a followers or following list, a member or an account elsewhere, with Follow /
 * Following (composed by the screen) and, on one's own followers list, Remove (`extra`).
 */
export function FollowListRow({ person, follow, extra }: { person: FollowListPerson; follow: ReactNode; extra?: ReactNode }) {
  return (
    // A narrow row puts "Remove? Remove / Block / Cancel" under the name rather than squeezing it.
    <div data-testid="follow-list-person" className="flex flex-wrap items-center justify-end gap-x-3 gap-y-2 py-3">
      <div className="flex min-w-[11rem] flex-1">{person.elsewhere ? <Elsewhere person={person} elsewhere={person.elsewhere} /> : <Member person={person} />}</div>
      {/* The button's box is reserved whatever it says (or on one's own row, where it says nothing). */}
      <div className="w-[6.5rem] shrink-0">{follow}</div>
      {extra}
    </div>
  );
}
