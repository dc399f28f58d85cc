import { NotHere } from './NotHere';

/** What a suspended account's profile and stories show (410): held back by the moderators, not deleted. */
export function AccountSuspended() {
  return (
    <NotHere title="Account suspended" status={410} noindex>
      The moderators of this server have suspended this account. Its profile and stories are not shown while it is suspended.
    </NotHere>
  );
}
