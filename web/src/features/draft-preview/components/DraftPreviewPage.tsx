import { useEffect, useState, type ReactNode } from 'react';
import { Eye } from 'lucide-react';
import { DRAFT_MESSAGES, POST_IMAGE_SIZES, TEXT, type DraftPreview } from '@inkwell/contract';
import { Avatar } from '../../../components/Avatar';
import { Button } from '../../../components/Button';
import { CoverImage } from '../../../components/CoverImage';
import { NotHere } from '../../../components/NotHere';
import { PostBody } from '../../../components/PostBody';
import { PostHeader } from '../../../components/PostHeader';
import { isApiError } from '../../../lib/api-client';
import { formatDateTime } from '../../../lib/dates';
import { DocumentTitle } from '../../../components/DocumentTitle';
import { HydrateLater } from '../../../ssr/hydrate-later';
import { useDraftPreview } from '../api/get-draft-preview';

/** When a scheduled draft goes out, in the reader's own time (written after hydration: the server's zone is not theirs). */
function ScheduledNote({ at }: { at: string }) {
  const [text, setText] = useState<string | null>(null);
  useEffect(() => setText(formatDateTime(at)), [at]);
  return text ? <span className="block sm:inline"> It is scheduled for {text}.</span> : null;
}

function Banner({ preview }: { preview: DraftPreview }) {
  return (
    <div
      role="note"
      data-testid="preview-banner"
      className="mb-8 flex items-start gap-3 rounded-lg bg-amber-50 px-4 py-3 text-sm leading-6 text-amber-950 ring-1 ring-amber-200 dark:bg-amber-950/60 dark:text-amber-100 dark:ring-amber-900"
    >
      <Eye aria-hidden="true" className="mt-1 size-4 shrink-0" />
      <p>
        <strong className="font-semibold">Preview — this story is not published yet.</strong>
        <span className="block sm:inline"> Only people with this link can read it.</span>
        {preview.publish_at && <ScheduledNote at={preview.publish_at} />}
      </p>
    </div>
  );
}

interface DraftPreviewPageProps {
  token: string;
  /** The draft's category above its title (the screen's to give). */
  renderCategory?: (categoryId: number) => ReactNode;
}

/**
 * /preview/{token}: a draft shown through its secret link, laid out as its post page will be (the
 * same header, cover and body), under a banner that says it is not published; no likes, saves or
 * comments. Never indexed.
 */
export function DraftPreviewPage({ token, renderCategory }: DraftPreviewPageProps) {
  const preview = useDraftPreview(token);
  const draft = preview.data;
  const pageTitle = draft ? `Preview: ${draft.title.trim() || 'Untitled draft'}` : preview.isError ? 'Preview not available' : 'Preview';

  if (preview.isError) {
    const error = preview.error;
    if (isApiError(error) && error.status >= 400 && error.status < 500) {
      return (
        <NotHere title="Preview not available" noindex>
          {(error.status === 404 && error.message) || DRAFT_MESSAGES.previewNotFound}
        </NotHere>
      );
    }
    return (
      <div role="alert" className="mx-auto w-full max-w-[728px] px-4 py-16 text-center sm:px-6">
        <DocumentTitle title={pageTitle} noindex />
        <p className="text-base text-zinc-700 dark:text-zinc-300">The preview could not be loaded.</p>
        <Button variant="secondary" className="mt-4" onClick={() => void preview.refetch()}>
          Try again
        </Button>
      </div>
    );
  }

  return (
    <>
      <DocumentTitle title={pageTitle} noindex />
      <div className="mx-auto w-full max-w-[728px] px-4 pb-20 pt-8 sm:px-6 sm:pt-12">
        {!draft ? (
          <div aria-busy="true" aria-label="Loading the preview" className="animate-pulse">
            <div className="h-10 w-11/12 rounded-lg bg-zinc-200 dark:bg-zinc-800" />
            <div className="mt-4 h-6 w-3/4 rounded bg-zinc-200 dark:bg-zinc-800" />
            <div className="mt-8 aspect-[16/9] w-full rounded-lg bg-zinc-200 dark:bg-zinc-800" />
          </div>
        ) : (
          <>
            <Banner preview={draft} />
            <article>
              <PostHeader
                level={1}
                title={draft.title.trim() || 'Untitled draft'}
                titleMuted={!draft.title.trim()}
                subtitle={draft.sub_title}
                eyebrow={draft.category_id !== null ? renderCategory?.(draft.category_id) : undefined}
                byline={
                  <span className="flex min-w-0 items-center gap-2">
                    <Avatar src={draft.author.profile_picture} size={44} />
                    <span className="truncate font-medium text-zinc-800 dark:text-zinc-200">{draft.author.name?.trim() || TEXT.undefinedAuthor}</span>
                  </span>
                }
                readTime={draft.read_time}
                createdAt={draft.publish_at ?? draft.updated_at}
              />
              <CoverImage
                cover={{ image: draft.image, image_width: null }}
                sizes={POST_IMAGE_SIZES}
                width={1360}
                height={765}
                priority
                className="mt-8 aspect-[16/9] w-full rounded-lg"
              />
              <HydrateLater className="mt-10">
                <PostBody html={draft.description} />
              </HydrateLater>
            </article>
          </>
        )}
      </div>
    </>
  );
}
