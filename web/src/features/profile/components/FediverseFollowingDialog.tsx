import { type FormEvent, useState } from 'react';
import { ExternalLink } from 'lucide-react';
import type { FediverseFollowed } from '@inkwell/contract';
import { Avatar } from '../../../components/Avatar';
import { Button, buttonStyles } from '../../../components/Button';
import { Modal } from '../../../components/Modal';
import { TextField } from '../../../components/TextField';
import { followElsewhereFailure, useFediverseFollowing, useFollowElsewhere, useUnfollowElsewhere } from '../api/fediverse-following';

function Row({ account, onUnfollow, busy }: { account: FediverseFollowed; onUnfollow: () => void; busy: boolean }) {
  const label = account.name ?? account.handle;
  const who = (
    <span className="min-w-0 flex-1">
      <span className="block truncate font-medium text-zinc-900 dark:text-zinc-50">{label}</span>
      {/* The handle under a name (not twice when it is the name); "Requested" until their server says yes. */}
      {(account.name || account.state === 'pending') && (
        <span className="block truncate text-sm text-zinc-600 dark:text-zinc-400">
          {account.state === 'pending' && <span className="font-medium text-amber-800 dark:text-amber-300">Requested</span>}
          {account.name && account.state === 'pending' && ' · '}
          {account.name && account.handle}
        </span>
      )}
    </span>
  );
  return (
    <li data-testid="fediverse-followed" className="flex items-center gap-3 py-3">
      {/* Their picture lives on their server, which this site's pages do not load from. */}
      <Avatar src={null} size={40} />
      {account.url ? (
        <a
          href={account.url}
          target="_blank"
          rel="noopener noreferrer nofollow ugc"
          className="group flex min-w-0 flex-1 items-center gap-2 rounded-lg focus-visible:outline-2 focus-visible:outline-indigo-600"
        >
          {who}
          <ExternalLink aria-hidden="true" className="size-4 shrink-0 text-zinc-500 group-hover:text-zinc-900 dark:group-hover:text-zinc-50" />
          <span className="sr-only">(their profile on their server, in a new tab)</span>
        </a>
      ) : (
        who
      )}
      <button type="button" className={buttonStyles.secondary} disabled={busy} onClick={onUnfollow} aria-label={`Unfollow ${label}`}>
        {account.state === 'pending' ? 'Cancel' : 'Unfollow'}
      </button>
    </li>
  );
}

/**
 * The accounts of other fediverse servers the member follows (issue 30), in a dialog over their own
 * profile: a form to follow one more by its handle or address (this server looks it up, then the
 * ordinary follow asks its server; "Requested" until it says yes), and the list, each with Unfollow.
 */
export default function FediverseFollowingDialog({ userId, onClose }: { userId: number; onClose: () => void }) {
  const [account, setAccount] = useState('');
  const list = useFediverseFollowing(userId);
  const follow = useFollowElsewhere(userId);
  const unfollow = useUnfollowElsewhere(userId);
  const failure = followElsewhereFailure(follow.error);
  const rows = list.data?.data ?? [];
  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    follow.mutate(account.trim(), { onSuccess: () => setAccount('') });
  };
  return (
    <Modal
      title="Following on the fediverse"
      size="max-h-[90vh] max-w-md overflow-y-auto"
      initialFocus={(panel) => panel.querySelector<HTMLElement>('input')}
      onClose={onClose}
      closeButton
    >
      <form onSubmit={onSubmit} className="mt-4">
        <TextField
          label="Follow an account on Mastodon or elsewhere"
          name="account"
          autoCapitalize="none"
          spellCheck={false}
          placeholder="@someone@mastodon.social"
          required
          value={account}
          onChange={(event) => setAccount(event.target.value)}
          error={failure}
          hint="Their handle, or the address of their profile."
        />
        <Button type="submit" busy={follow.isPending} disabled={account.trim() === ''} className="mt-3">
          Follow
        </Button>
      </form>
      {list.isPending ? (
        <div className="mt-6 h-10 animate-pulse rounded bg-zinc-100 dark:bg-zinc-900" />
      ) : rows.length === 0 ? (
        <p className="mt-6 text-sm text-zinc-600 dark:text-zinc-400">You follow no one on the fediverse yet.</p>
      ) : (
        <ul aria-label="Accounts you follow on the fediverse" className="mt-4 divide-y divide-zinc-200 dark:divide-zinc-800">
          {rows.map((row) => (
            <Row key={row.account_id} account={row} busy={unfollow.isPending} onUnfollow={() => unfollow.mutate(row.account_id)} />
          ))}
        </ul>
      )}
    </Modal>
  );
}
