import { useId } from 'react';
import { ImagePlus } from 'lucide-react';

interface CoverPickerProps {
  /** What to show: the chosen file's object URL, or the post's current cover. */
  previewUrl: string | null;
  required: boolean;
  error?: string;
  onPick: (file: File | null) => void;
}

/** SPEC §2: the cover picker takes images only, and shows the chosen picture. */
export function CoverPicker({ previewUrl, required, error, onPick }: CoverPickerProps) {
  const id = useId();
  const errorId = `${id}-error`;
  const hintId = `${id}-hint`;
  return (
    <div>
      <label htmlFor={id} className="mb-1.5 block text-sm font-medium text-zinc-800 dark:text-zinc-200">
        Cover image{!required && <span className="font-normal text-zinc-500 dark:text-zinc-400"> (optional)</span>}
      </label>
      <div className="flex flex-col gap-3 sm:flex-row sm:items-center">
        <div className="aspect-[16/9] w-full shrink-0 overflow-hidden rounded-lg bg-zinc-100 ring-1 ring-zinc-200 sm:w-48 dark:bg-zinc-900 dark:ring-zinc-800">
          {previewUrl ? (
            <img src={previewUrl} alt="Chosen cover" data-testid="cover-preview" className="size-full object-cover" />
          ) : (
            <div className="flex size-full items-center justify-center text-zinc-400 dark:text-zinc-600">
              <ImagePlus aria-hidden="true" className="size-8" />
            </div>
          )}
        </div>
        <div className="min-w-0 flex-1">
          <input
            id={id}
            type="file"
            name="image"
            accept="image/*"
            aria-invalid={error ? true : undefined}
            aria-describedby={[error ? errorId : null, hintId].filter(Boolean).join(' ')}
            onChange={(event) => onPick(event.target.files?.[0] ?? null)}
            className="block w-full text-sm text-zinc-700 file:mr-3 file:cursor-pointer file:rounded-full file:border-0 file:bg-indigo-50 file:px-4 file:py-2 file:text-sm file:font-semibold file:text-indigo-700 hover:file:bg-indigo-100 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-indigo-600 dark:text-zinc-300 dark:file:bg-indigo-950 dark:file:text-indigo-200"
          />
          <p id={hintId} className="mt-1.5 text-xs text-zinc-600 dark:text-zinc-400">
            {required ? 'A picture for the top of your story: JPEG, PNG, WebP or GIF.' : 'Keep the current cover, or choose a new one.'}
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
