import { useId } from 'react';
import { ACCEPTED_IMAGE_TYPES, DEFAULT_POST_IMAGE, MAX_IMAGE_BYTES } from '@inkwell/contract';

const TYPES = `JPEG, PNG, WebP, GIF or AVIF, up to ${Math.round(MAX_IMAGE_BYTES / 1024 / 1024)} MB`;

interface CoverPickerProps {
  /** What to show: the chosen file's object URL, or the post's current cover. */
  previewUrl: string | null;
  /** Editing keeps the current cover when nothing new is picked. */
  editing: boolean;
  error?: string;
  /** Answers whether the file is taken; a refused one is cleared from the input. */
  onPick: (file: File | null) => boolean;
}

/**
 * SPEC §2: the cover picker takes images only, and shows the chosen picture. The cover is optional
 * (SPEC §5 requires title, subtitle and category): without one the default picture shows (SPEC §8).
 */
export function CoverPicker({ previewUrl, editing, error, onPick }: CoverPickerProps) {
  const id = useId();
  const errorId = `${id}-error`;
  const hintId = `${id}-hint`;
  return (
    <div>
      <label htmlFor={id} className="mb-1.5 block text-sm font-medium text-zinc-800 dark:text-zinc-200">
        Cover image<span className="font-normal text-zinc-500 dark:text-zinc-400"> (optional)</span>
      </label>
      <div className="flex flex-col gap-3 sm:flex-row sm:items-center">
        <div className="aspect-[16/9] w-full shrink-0 overflow-hidden rounded-lg bg-zinc-100 ring-1 ring-zinc-200 sm:w-48 dark:bg-zinc-900 dark:ring-zinc-800">
          {previewUrl ? (
            <img src={previewUrl} alt="Chosen cover" data-testid="cover-preview" className="size-full object-cover" />
          ) : (
            <img src={DEFAULT_POST_IMAGE} alt="Default cover" data-testid="cover-default" className="size-full object-cover" />
          )}
        </div>
        <div className="min-w-0 flex-1">
          <input
            id={id}
            type="file"
            name="image"
            accept={ACCEPTED_IMAGE_TYPES.join(',')}
            aria-invalid={error ? true : undefined}
            aria-describedby={[error ? errorId : null, hintId].filter(Boolean).join(' ')}
            onChange={(event) => {
              if (!onPick(event.target.files?.[0] ?? null)) event.target.value = '';
            }}
            className="block w-full text-sm text-zinc-700 file:mr-3 file:cursor-pointer file:rounded-full file:border-0 file:bg-indigo-50 file:px-4 file:py-2 file:text-sm file:font-semibold file:text-indigo-700 hover:file:bg-indigo-100 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-indigo-600 dark:text-zinc-300 dark:file:bg-indigo-950 dark:file:text-indigo-200"
          />
          <p id={hintId} className="mt-1.5 text-xs leading-5 text-zinc-600 dark:text-zinc-400">
            {editing ? `Keep the current cover, or choose a new one: ${TYPES}.` : `${TYPES}. Without one, your story shows the default picture.`}
          </p>
          {error && (
            <p id={errorId} className="mt-1.5 text-sm text-red-700 dark:text-red-400">
              {error}
            </p>
          )}
        </div>
      </div>
    </div>
  );
}
