import { useId } from 'react';
import { Link } from 'react-router';
import { CalendarClock, Link2, Trash2 } from 'lucide-react';
import { paths, type DraftSummary } from '@inkwell/contract';
import { buttonStyles } from '../../../components/Button';
import { formatDateTime, formatShortDate, formatClock } from '../../../lib/dates';

export const UNTITLED = 'Untitled draft';

const small = 'px-3.5! py-1.5!';

/** One draft of the Library: what it is, when it changed or goes out, Continue and Delete. */
export function DraftRow({ draft, onDelete }: { draft: DraftSummary; onDelete: (draft: DraftSummary) => void }) {
  const titleId = useId();
  const title = draft.title.trim() || UNTITLED;
  const href = paths.createPost.getHref(draft.id);
  return (
    <li data-testid="draft-row" className="flex flex-col gap-4 py-6 sm:flex-row sm:items-start sm:justify-between">
      <div className="min-w-0">
        <h2 id={titleId} className="break-words font-serif text-xl font-bold leading-snug tracking-tight">
          <Link
            to={href}
            className={`rounded hover:underline focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-indigo-600 ${
              draft.title.trim() ? 'text-zinc-900 dark:text-zinc-50' : 'italic text-zinc-500 dark:text-zinc-400'
            }`}
          >
            {title}
          </Link>
        </h2>
        {draft.sub_title.trim() && <p className="mt-1 line-clamp-2 break-words text-base text-zinc-600 dark:text-zinc-400">{draft.sub_title}</p>}
        <p className="mt-2 text-sm leading-6 text-zinc-500 dark:text-zinc-400">
          {draft.publish_at ? (
            <span className="font-medium text-indigo-700 dark:text-indigo-300">
              <CalendarClock aria-hidden="true" className="mr-1.5 inline size-4 align-[-3px]" />
              Publishes <time dateTime={draft.publish_at}>{formatDateTime(draft.publish_at)}</time>
            </span>
          ) : (
            <span>
              Edited <time dateTime={draft.updated_at}>{`${formatShortDate(draft.updated_at)}, ${formatClock(draft.updated_at)}`}</time>
            </span>
          )}
          {/* Each later item carries its dot, so a line never ends with one. */}
          <span className="whitespace-nowrap">
            <span aria-hidden="true"> · </span>
            {draft.read_time} min read
          </span>
          {draft.preview_url && (
            <span className="whitespace-nowrap">
              <span aria-hidden="true"> · </span>
              <Link2 aria-hidden="true" className="mr-1 inline size-3.5 align-[-2px]" />
              Preview link on
            </span>
          )}
        </p>
      </div>
      <div className="flex shrink-0 items-center gap-2">
        <Link to={href} aria-describedby={titleId} className={`${buttonStyles.secondary} ${small}`}>
          Continue
        </Link>
        <button type="button" onClick={() => onDelete(draft)} aria-describedby={titleId} className={`${buttonStyles.secondary} ${small} text-rose-700! dark:text-rose-300!`}>
          <Trash2 aria-hidden="true" className="size-4" />
          Delete
        </button>
      </div>
    </li>
  );
}
