import { useId, useRef } from 'react';
import { ImageOff } from 'lucide-react';
import { buttonStyles } from '../../../components/Button';
import { Modal } from '../../../components/Modal';

/** What the writer was about to do when the warning stopped them. */
export type AltTextAction = 'publish' | 'schedule';

const ANYWAY: Record<AltTextAction, string> = { publish: 'Publish anyway', schedule: 'Schedule anyway' };

interface AltTextWarningProps {
  /** Images of the story without alt text (at least one). */
  count: number;
  action: AltTextAction;
  /** Add alt text: the editor opens the first such image's details. */
  onAddAlt: () => void;
  onContinue: () => void;
  onCancel: () => void;
}

/**
 * Issue 13: publishing (or scheduling) a story whose images lack alt text asks first. Focus starts on
 * Add alt text; Escape or the backdrop goes back to the form without doing either.
 */
export function AltTextWarning({ count, action, onAddAlt, onContinue, onCancel }: AltTextWarningProps) {
  const messageId = useId();
  const addRef = useRef<HTMLButtonElement>(null);
  const images = count === 1 ? '1 image has' : `${count} images have`;
  return (
    <Modal role="alertdialog" title="Images without alt text" describedBy={messageId} size="max-w-md" initialFocus={() => addRef.current} onClose={onCancel}>
      <div className="mt-3 flex gap-3">
        <ImageOff aria-hidden="true" className="mt-0.5 size-5 shrink-0 text-amber-600 dark:text-amber-400" />
        <p id={messageId} className="text-sm leading-6 text-zinc-600 dark:text-zinc-400" data-testid="alt-text-warning">
          {images} no alt text. Alt text describes an image to readers who cannot see it, and to search engines.
        </p>
      </div>
      <div className="mt-6 flex flex-col-reverse gap-3 sm:flex-row sm:justify-end">
        <button type="button" className={buttonStyles.secondary} onClick={onContinue}>
          {ANYWAY[action]}
        </button>
        <button ref={addRef} type="button" className={buttonStyles.primary} onClick={onAddAlt}>
          Add alt text
        </button>
      </div>
    </Modal>
  );
}
