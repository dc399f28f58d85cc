import { Mail } from 'lucide-react';

const count = (n: number) => `${n.toLocaleString('en')} ${n === 1 ? 'subscriber' : 'subscribers'}`;

/**
 * "Publish and email" or "Publish only" (issue 29): whether the new story goes to the writer's
 * newsletter subscribers when it is published, now or at its scheduled time. Not shown before the
 * writer has a subscriber (there is nobody to mail).
 */
export function EmailChoice({ subscribers, email, onEmail }: { subscribers: number | undefined; email: boolean; onEmail: (email: boolean) => void }) {
  if (!subscribers) return null;
  return (
    <label className="flex cursor-pointer items-start gap-3 text-sm text-zinc-800 dark:text-zinc-200">
      <input
        type="checkbox"
        name="email_subscribers"
        checked={email}
        onChange={(event) => onEmail(event.target.checked)}
        className="mt-0.5 size-4 shrink-0 rounded border-zinc-300 text-indigo-600 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-indigo-600 dark:border-zinc-600 dark:bg-zinc-900"
      />
      <span>
        <span className="flex items-center gap-1.5 font-medium">
          <Mail aria-hidden="true" className="size-4 text-zinc-500 dark:text-zinc-400" />
          Email it to your {count(subscribers)}
        </span>
        <span className="mt-0.5 block text-zinc-600 dark:text-zinc-400">
          {email ? 'Sent to their inboxes as soon as the story is published.' : 'Publish only: no mail goes out for this story.'}
        </span>
      </span>
    </label>
  );
}
