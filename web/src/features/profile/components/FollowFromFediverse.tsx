import { type FormEvent, useState } from 'react';
import { useLocation } from 'react-router';
import { ChevronRight } from 'lucide-react';
import { REMOTE_FOLLOW_FORM } from '@inkwell/contract/federation';
import { Button } from '../../../components/Button';
import { TextField } from '../../../components/TextField';
import { isApiError } from '../../../lib/api-client';
import { useFormEcho } from '../../../lib/form-echo';
import { useRemoteFollow } from '../api/remote-follow';
import { leave } from '../../../lib/leave';

/**
 * "Follow from the fediverse" under a member's handle (issue 30): a reader on Mastodon or another
 * fediverse server gives their own handle, and is taken to their server's page that confirms the
 * follow (the server looks it up: server/src/federation/remote-follow.ts). A `<details>` and a real
 * form: opened and sent before the app starts, the server answers with a 303 there, or the profile
 * again, open, with the handle and the message.
 */
export function FollowFromFediverse({ userId, handle }: { userId: number; handle: string }) {
  const location = useLocation();
  const echo = useFormEcho();
  const echoed = echo.values.handle;
  const [theirs, setTheirs] = useState(echoed ?? '');
  const follow = useRemoteFollow();
  const failure = follow.error
    ? (isApiError(follow.error) && (follow.error.field('handle') ?? follow.error.field('user_id') ?? follow.error.message)) || 'Something went wrong. Please try again.'
    : echo.errors.handle;

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    follow.mutate({ userId, handle: theirs.trim() }, { onSuccess: ({ url }) => leave.to(url) });
  };

  return (
    <details className="group mt-3 text-sm" open={echoed !== undefined}>
      <summary className="inline-flex cursor-pointer list-none items-center gap-1 rounded-md text-sm font-medium text-indigo-700 hover:underline focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-indigo-600 dark:text-indigo-300 [&::-webkit-details-marker]:hidden">
        Follow from Mastodon or the fediverse
        <ChevronRight aria-hidden="true" className="size-4 transition-transform group-open:rotate-90" />
      </summary>
      <form
        method="post"
        action={REMOTE_FOLLOW_FORM}
        onSubmit={onSubmit}
        data-testid="remote-follow"
        className="mt-3 max-w-lg rounded-xl border border-zinc-200 bg-zinc-50 p-4 dark:border-zinc-800 dark:bg-zinc-900"
      >
        <input type="hidden" name="user_id" value={userId} />
        <input type="hidden" name="back" value={`${location.pathname}${location.search}`} />
        <TextField
          label="Your fediverse handle"
          name="handle"
          autoComplete="username"
          autoCapitalize="none"
          spellCheck={false}
          placeholder="@you@mastodon.social"
          required
          value={theirs}
          onChange={(event) => setTheirs(event.target.value)}
          error={failure}
          hint={`Your server will ask you to confirm following ${handle}.`}
        />
        <Button type="submit" busy={follow.isPending || follow.isSuccess} className="mt-3">
          Follow from my server
        </Button>
      </form>
    </details>
  );
}
