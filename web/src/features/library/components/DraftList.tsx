import { useState } from 'react';
import { Link } from 'react-router';
import { PenLine } from 'lucide-react';
import { paths, type DraftSummary } from '@inkwell/contract';
import { Button, buttonStyles } from '../../../components/Button';
import { ConfirmDialog } from '../../../components/ConfirmDialog';
import { useDeleteDraft } from '../api/delete-draft';
import { useDrafts } from '../api/get-drafts';
import { DraftRow, UNTITLED } from './DraftRow';

type Kind = 'drafts' | 'scheduled';

const EMPTY: Record<Kind, { title: string; text: string }> = {
  drafts: { title: 'No drafts', text: 'A story you start is saved here as you write, until you publish it.' },
  scheduled: { title: 'Nothing scheduled', text: 'Choose “Publish later” in the editor, and the story waits here until its time.' },
};

function Skeleton() {
  return (
    <ul aria-busy="true" aria-label="Loading drafts" className="divide-y divide-zinc-200 dark:divide-zinc-800">
      {[0, 1, 2].map((i) => (
        <li key={i} className="animate-pulse py-6">
          <div className="h-6 w-2/3 rounded bg-zinc-200 dark:bg-zinc-800" />
          <div className="mt-3 h-4 w-1/2 rounded bg-zinc-100 dark:bg-zinc-900" />
        </li>
      ))}
    </ul>
  );
}

/** The Library's Drafts (not scheduled, last changed first) or Scheduled (soonest first). */
export function DraftList({ userId, kind }: { userId: string; kind: Kind }) {
  const drafts = useDrafts(userId);
  const remove = useDeleteDraft();
  const [deleting, setDeleting] = useState<DraftSummary | null>(null);

  if (drafts.isPending) return <Skeleton />;
  if (drafts.isError) {
    return (
      <div role="alert" className="py-10 text-center text-sm text-zinc-700 dark:text-zinc-300">
        <p>Your drafts could not be loaded.</p>
        <Button variant="secondary" className="mt-4" onClick={() => void drafts.refetch()}>
          Try again
        </Button>
      </div>
    );
  }

  const rows =
    kind === 'scheduled'
      ? drafts.data.filter((draft) => draft.publish_at).sort((a, b) => Date.parse(a.publish_at!) - Date.parse(b.publish_at!))
      : drafts.data.filter((draft) => !draft.publish_at);

  if (rows.length === 0) {
    const empty = EMPTY[kind];
    return (
      <div data-testid={`${kind}-empty`} className="flex flex-col items-center px-4 py-14 text-center">
        <h2 className="font-serif text-2xl font-bold text-zinc-900 dark:text-zinc-50">{empty.title}</h2>
        <p className="mt-2 max-w-sm text-base text-zinc-600 dark:text-zinc-400">{empty.text}</p>
        <Link to={paths.createPost.getHref()} className={`${buttonStyles.primary} mt-6`}>
          <PenLine aria-hidden="true" className="size-4" />
          Write a story
        </Link>
      </div>
    );
  }

  return (
    <>
      <ul aria-label={kind === 'scheduled' ? 'Scheduled stories' : 'Drafts'} className="divide-y divide-zinc-200 dark:divide-zinc-800">
        {rows.map((draft) => (
          <DraftRow key={draft.id} draft={draft} onDelete={setDeleting} />
        ))}
      </ul>
      <ConfirmDialog
        open={deleting !== null}
        title="Delete this draft?"
        message={`“${deleting?.title.trim() || UNTITLED}” will be gone for good${deleting?.publish_at ? ', and it will not be published' : ''}.`}
        confirmLabel="Delete"
        busy={remove.isPending}
        onCancel={() => setDeleting(null)}
        onConfirm={() => {
          if (deleting) remove.mutate(deleting.id, { onSettled: () => setDeleting(null) });
        }}
      />
    </>
  );
}
