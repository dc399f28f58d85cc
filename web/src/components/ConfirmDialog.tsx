import { useId, useRef } from 'react';
import { LoaderCircle } from 'lucide-react';
import { buttonStyles } from './Button';
import { Modal } from './Modal';

export interface ConfirmDialogProps {
  open: boolean;
  title: string;
  message?: string;
  confirmLabel?: string;
  cancelLabel?: string;
  busy?: boolean;
  onConfirm: () => void;
  onCancel: () => void;
}

/** A modal question with two answers; focus starts on the safe one, Escape or the backdrop cancels. */
export function ConfirmDialog({ open, title, message, confirmLabel = 'Delete', cancelLabel = 'Cancel', busy = false, onConfirm, onCancel }: ConfirmDialogProps) {
  const messageId = useId();
  const cancelRef = useRef<HTMLButtonElement>(null);
  const confirmRef = useRef<HTMLButtonElement>(null);

  if (!open) return null;
  return (
    <Modal
      role="alertdialog"
      title={title}
      describedBy={message ? messageId : undefined}
      size="max-w-sm"
      initialFocus={() => cancelRef.current}
      onClose={onCancel}
      onKeyDown={(event) => {
        if (event.key === 'Tab') {
          // Keep focus on the two buttons.
          event.preventDefault();
          (document.activeElement === cancelRef.current ? confirmRef : cancelRef).current?.focus();
        }
      }}
    >
      {message && (
        <p id={messageId} className="mt-2 text-sm leading-6 text-zinc-600 dark:text-zinc-400">
          {message}
        </p>
      )}
      <div className="mt-6 flex justify-end gap-3">
        <button ref={cancelRef} type="button" className={buttonStyles.secondary} onClick={onCancel}>
          {cancelLabel}
        </button>
        <button
          ref={confirmRef}
          type="button"
          disabled={busy}
          aria-busy={busy || undefined}
          onClick={onConfirm}
          className={`${buttonStyles.primary} bg-rose-700 hover:bg-rose-800 dark:bg-rose-400 dark:hover:bg-rose-300`}
        >
          {busy && <LoaderCircle aria-hidden="true" className="size-4 animate-spin" />}
          {confirmLabel}
        </button>
      </div>
    </Modal>
  );
}
