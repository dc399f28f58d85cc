import type { Draft } from '@inkwell/contract';
import { isApiError } from '../../../lib/api-client';
import { useDraftPreviewLink } from '../api/draft-preview-link';
import { useScheduleDraft } from '../api/schedule-draft';
import { PreviewLinkControl } from './PreviewLinkControl';
import { EmailChoice } from './EmailChoice';
import { ScheduleControl } from './ScheduleControl';

interface DraftOptionsProps {
  draft: Draft | null;
  /** Saves what the form holds first (creating the draft when needed); null when there is nothing to save. */
  ensureSaved: () => Promise<Draft | null>;
  /** Checks what a post needs (the form shows what is missing); false when something is. */
  checkComplete: () => boolean;
  /** Asks about images without alt text (issue 13); false: not now. */
  confirmImages: () => Promise<boolean>;
  onDraft: (draft: Draft) => void;
  /** A refused call's field errors (title, subtitle, category) go to the form's fields. */
  onFieldErrors: (error: unknown) => void;
  /** The writer's confirmed newsletter subscribers (undefined until known), and whether the story goes to them. */
  subscribers: number | undefined;
  email: boolean;
  onEmail: (email: boolean) => void;
}

function failure(error: unknown, field: string, fallback: string): string {
  if (isApiError(error)) return error.field(field) ?? (error.message || fallback);
  return fallback;
}

/** Publishing options of a new story: email it to subscribers, publish later, and a secret preview link. */
export function DraftOptions({ draft, ensureSaved, checkComplete, confirmImages, onDraft, onFieldErrors, subscribers, email, onEmail }: DraftOptionsProps) {
  const schedule = useScheduleDraft();
  const preview = useDraftPreviewLink();

  /** The draft as the server holds it now, or the text to show instead. */
  const saved = async (): Promise<Draft | string> => {
    try {
      return (await ensureSaved()) ?? 'Write something first.';
    } catch {
      return 'The draft could not be saved. Try again.';
    }
  };

  const onSchedule = async (publishAt: string | null): Promise<string | null> => {
    if (publishAt !== null && !checkComplete()) return 'Add the title, subtitle and category first.';
    // Not scheduled: the chosen time stays in the field, without an error.
    if (publishAt !== null && !(await confirmImages())) return '';
    const current = await saved();
    if (typeof current === 'string') return current;
    try {
      onDraft((await schedule.mutateAsync({ id: current.id, publishAt, email })).draft);
      return null;
    } catch (error) {
      onFieldErrors(error);
      return failure(error, 'publish_at', publishAt ? 'The post could not be scheduled.' : 'The schedule could not be cancelled.');
    }
  };

  const onToggle = async (enabled: boolean): Promise<string | null> => {
    const current = await saved();
    if (typeof current === 'string') return current;
    try {
      onDraft((await preview.mutateAsync({ id: current.id, enabled })).draft);
      return null;
    } catch (error) {
      return failure(error, 'enabled', enabled ? 'The preview link could not be made.' : 'The preview link could not be turned off.');
    }
  };

  return (
    <section
      aria-labelledby="draft-options-heading"
      data-testid="draft-options"
      className="space-y-5 rounded-xl bg-zinc-50 p-4 ring-1 ring-zinc-200 sm:p-5 dark:bg-zinc-900/50 dark:ring-zinc-800"
    >
      <h2 id="draft-options-heading" className="text-xs font-semibold uppercase tracking-[0.14em] text-zinc-500 dark:text-zinc-400">
        Publishing options
      </h2>
      <EmailChoice subscribers={subscribers} email={email} onEmail={onEmail} />
      <ScheduleControl draft={draft} onSchedule={onSchedule} />
      <div className="border-t border-zinc-200 pt-5 dark:border-zinc-800">
        <PreviewLinkControl draft={draft} onToggle={onToggle} />
      </div>
    </section>
  );
}
