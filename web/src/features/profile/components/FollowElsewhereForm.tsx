import { type FormEvent, useState } from 'react';
import { Button } from '../../../components/Button';
import { TextField } from '../../../components/TextField';
import { followElsewhereFailure, useFollowElsewhere } from '../api/fediverse-following';

/**
 * At the top of one's own Following list (with federation on): follow an account of another fediverse
 * server by its handle or address. The server looks it up, then the ordinary follow asks its server;
 * the list, read again, holds it as Requested until that server says yes.
 */
export function FollowElsewhereForm({ userId }: { userId: number }) {
  const [account, setAccount] = useState('');
  const follow = useFollowElsewhere(userId);
  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    follow.mutate(account.trim(), { onSuccess: () => setAccount('') });
  };
  return (
    <form onSubmit={onSubmit} data-testid="follow-elsewhere" className="mt-4">
      <TextField
        label="Follow an account on Mastodon or elsewhere"
        name="account"
        autoCapitalize="none"
        spellCheck={false}
        placeholder="@someone@mastodon.social"
        required
        value={account}
        onChange={(event) => setAccount(event.target.value)}
        error={followElsewhereFailure(follow.error)}
        hint="Their handle, or the address of their profile."
      />
      <Button type="submit" busy={follow.isPending} disabled={account.trim() === ''} className="mt-3">
        Follow
      </Button>
    </form>
  );
}
