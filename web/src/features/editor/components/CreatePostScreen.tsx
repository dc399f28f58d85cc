import { useCallback, useRef, useState } from 'react';
import { useNavigate, useSearchParams } from 'react-router';
import { FileWarning } from 'lucide-react';
import { DRAFT_MESSAGES, decodeId, paths } from '@inkwell/contract';
import { Button } from '../../../components/Button';
import { isApiError } from '../../../lib/api-client';
import { useDraftDetails } from '../api/get-draft';
import { FormSkeleton } from './FormSkeleton';
import { PostForm } from './PostForm';
import type { PreviewAuthor } from './PostPreview';

/** The draft the address names: none (a new post), an id, or something that is no draft id. */
function draftIdOf(raw: string | null): number | null | 'invalid' {
  if (raw === null || raw === '') return null;
  return decodeId(raw) ?? 'invalid';
}

export const DRAFT_MISSING_TEXT = `${DRAFT_MESSAGES.notFound} It may have been published or deleted. You can start a new story here.`;

/**
 * /createpost and /createpost?draft={id}: a new story, or a draft continued (on any device). The first
 * save of a new story creates its draft, whose id then replaces the address, so a reload continues it.
 */
export function CreatePostScreen({ userId, author }: { userId: string; author?: PreviewAuthor }) {
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const addressed = draftIdOf(params.get('draft'));

  // The form shown: its key, and the draft it opened with. A draft the form itself created keeps the form.
  const [form, setForm] = useState({ key: 0, opened: addressed });
  const [seen, setSeen] = useState(addressed);
  const created = useRef<number | null>(null);
  if (addressed !== seen) {
    setSeen(addressed);
    if (addressed === null || addressed !== created.current) {
      created.current = null;
      setForm({ key: form.key + 1, opened: addressed });
    }
  }

  const draftId = typeof form.opened === 'number' ? form.opened : null;
  const details = useDraftDetails(draftId);
  const onDraftCreated = useCallback(
    (id: number) => {
      created.current = id;
      void navigate(paths.createPost.getHref(id), { replace: true });
    },
    [navigate],
  );

  const missing = form.opened === 'invalid' || (details.isError && isApiError(details.error) && (details.error.status === 404 || details.error.status === 422));

  if (draftId !== null && details.isError && !missing) {
    return (
      <div role="alert" className="rounded-xl bg-red-50 p-5 text-sm text-red-900 ring-1 ring-red-200 dark:bg-red-950/50 dark:text-red-100 dark:ring-red-900">
        <p>The draft could not be loaded.</p>
        <Button variant="secondary" className="mt-3" onClick={() => void details.refetch()}>
          Try again
        </Button>
      </div>
    );
  }
  if (draftId !== null && !missing && !details.data) return <FormSkeleton label="Loading the draft" />;

  return (
    <>
      {missing && created.current === null && (
        <div
          role="alert"
          data-testid="draft-missing"
          className="mb-8 flex items-start gap-3 rounded-lg bg-amber-50 px-4 py-3 text-sm text-amber-900 ring-1 ring-amber-200 dark:bg-amber-950/60 dark:text-amber-100 dark:ring-amber-900"
        >
          <FileWarning aria-hidden="true" className="mt-0.5 size-4 shrink-0" />
          <p>{DRAFT_MISSING_TEXT}</p>
        </div>
      )}
      <PostForm key={form.key} userId={userId} author={author} serverDraft={missing ? null : (details.data ?? null)} onDraftCreated={onDraftCreated} />
    </>
  );
}
