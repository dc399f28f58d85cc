import { useId } from 'react';
import { CommentsFromSelect } from '../../../components/CommentsFromSelect';
import type { OwnProfile } from '@inkwell/contract';
import { useUpdateProfile } from '../api/update-profile';

/**
 * Who may comment on the member's new stories (issue 47, ADR 0115): a story takes it when it is
 * published, and its writer may change it on the story's page afterwards.
 */
export function CommentsDefaultRow({ profile }: { profile: OwnProfile }) {
  const id = useId();
  const save = useUpdateProfile(String(profile.id));
  const shown = save.isPending && save.variables.comments_from ? save.variables.comments_from : (profile.comments_from ?? 'anyone');
  return (
    <li className="flex items-start gap-4 py-4">
      <label htmlFor={id} className="w-32 shrink-0 text-sm font-semibold text-zinc-900 dark:text-zinc-100">
        Comments
      </label>
      <div className="min-w-0 flex-1">
        <p className="text-sm text-zinc-600 dark:text-zinc-400" id={`${id}-detail`}>
          Who can comment on your new stories
        </p>
        <div className="mt-2">
          <CommentsFromSelect
            id={id}
            aria-describedby={`${id}-detail`}
            data-testid="comments-default"
            value={shown}
            disabled={save.isPending}
            onChoose={(choice) => save.mutate({ comments_from: choice })}
          />
        </div>
      </div>
    </li>
  );
}
