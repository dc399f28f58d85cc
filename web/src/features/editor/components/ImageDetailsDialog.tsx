import { useId, useState, type FormEvent, type KeyboardEvent } from 'react';
import { Button, buttonStyles } from '../../../components/Button';
import { Modal } from '../../../components/Modal';
import { inputClass } from '../../../components/TextField';
import type { ImageDetailsRequest } from '../quill/create-editor';

/** Long enough for a good description, short enough to stay one. */
export const ALT_MAX_LENGTH = 500;
export const CAPTION_MAX_LENGTH = 300;

/**
 * An image's alt text and caption (issue 13), opened from the image in the editor: focus starts in
 * Alt text; Save (or Enter) writes both into the figure, Escape or Cancel leaves it as it was.
 */
export function ImageDetailsDialog({ request, onClose }: { request: ImageDetailsRequest; onClose: () => void }) {
  const altId = useId();
  const captionId = useId();
  const [alt, setAlt] = useState(request.value.alt);
  const [caption, setCaption] = useState(request.value.caption);

  const save = (event?: FormEvent) => {
    event?.preventDefault();
    onClose();
    request.apply({ alt, caption });
  };
  // Alt text is one line: Enter saves rather than breaking it.
  const enterSaves = (event: KeyboardEvent<HTMLTextAreaElement>) => {
    if (event.key === 'Enter' && !event.shiftKey) save(event);
  };

  return (
    <Modal title="Image details" size="max-h-[90vh] max-w-lg overflow-y-auto" initialFocus={(panel) => panel.querySelector<HTMLElement>('textarea')} onClose={onClose}>
      <form onSubmit={save} className="mt-4 space-y-5" noValidate data-testid="image-details">
        <img src={request.value.src} alt="" className="mx-auto max-h-40 rounded-lg bg-zinc-100 object-contain dark:bg-zinc-800" />
        <div>
          <label htmlFor={altId} className="mb-1.5 block text-sm font-medium text-zinc-800 dark:text-zinc-200">
            Alt text
          </label>
          <textarea
            id={altId}
            value={alt}
            rows={3}
            maxLength={ALT_MAX_LENGTH}
            onChange={(event) => setAlt(event.target.value)}
            onKeyDown={enterSaves}
            aria-describedby={`${altId}-hint`}
            className={`${inputClass} resize-none`}
          />
          <p id={`${altId}-hint`} className="mt-1.5 text-xs leading-5 text-zinc-600 dark:text-zinc-400">
            What the image shows, for readers who cannot see it (screen readers read it out).
          </p>
        </div>
        <div>
          <label htmlFor={captionId} className="mb-1.5 block text-sm font-medium text-zinc-800 dark:text-zinc-200">
            Caption <span className="font-normal text-zinc-500 dark:text-zinc-400">(optional)</span>
          </label>
          <input
            id={captionId}
            value={caption}
            maxLength={CAPTION_MAX_LENGTH}
            onChange={(event) => setCaption(event.target.value)}
            aria-describedby={`${captionId}-hint`}
            className={inputClass}
            autoComplete="off"
          />
          <p id={`${captionId}-hint`} className="mt-1.5 text-xs leading-5 text-zinc-600 dark:text-zinc-400">
            Shown under the image for everyone.
          </p>
        </div>
        <div className="flex justify-end gap-3 pt-1">
          <button type="button" className={buttonStyles.secondary} onClick={onClose}>
            Cancel
          </button>
          <Button type="submit">Save</Button>
        </div>
      </form>
    </Modal>
  );
}
