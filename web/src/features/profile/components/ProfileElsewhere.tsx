import { ExternalLink } from 'lucide-react';
import { TEXT, type ProfileData, type WrittenElsewhere } from '@inkwell/contract';
import { away, quietLink } from '../../../components/ElsewhereMark';
import { FediverseHandle } from './FediverseHandle';

/*
 * What the profile of an account of another server (ADR 0085: a row of users with `elsewhere` set)
 * shows in place of a member's: its handle, the way to its profile there, its own empty Posts tab.
 */

/** The name a profile shows: the member's (else Anonymous); an account elsewhere's, else its handle. */
export const profileName = (profile: ProfileData) => profile.name?.trim() || profile.elsewhere?.handle || TEXT.anonymous;

/** Its Posts tab with none: only its stories that someone here follows are kept. */
export const NO_STORIES_ELSEWHERE = 'No stories of theirs are kept here yet: they appear once someone here follows them.';

/** The host of its profile there (`mastodon.example`), or null when it is no address. */
function hostOf(url: string): string | null {
  try {
    const { protocol, host } = new URL(url);
    return protocol === 'https:' || protocol === 'http:' ? host : null;
  } catch {
    return null;
  }
}

/** Under its name: its handle with Copy, and "View on {host}", its profile there in a new tab (when it has one). */
export function ElsewhereIdentity({ elsewhere }: { elsewhere: WrittenElsewhere }) {
  const host = elsewhere.profile_url ? hostOf(elsewhere.profile_url) : null;
  return (
    <>
      <FediverseHandle handle={elsewhere.handle} hint="Find them from Mastodon or anywhere in the fediverse with this handle" />
      {elsewhere.profile_url && host && (
        <p className="mt-1 text-sm">
          <a href={elsewhere.profile_url} {...away} data-testid="view-elsewhere" className={`inline-flex items-center gap-1 ${quietLink}`}>
            View on {host}
            <ExternalLink aria-hidden="true" className="size-3.5" />
          </a>
        </p>
      )}
    </>
  );
}
