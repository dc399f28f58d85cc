import type { FormEvent, ReactNode } from 'react';
import { Button, buttonStyles } from './Button';
import { Modal } from './Modal';

interface FormDialogProps {
  title: string;
  children: ReactNode;
  busy?: boolean;
  /** SAVE stays disabled while the form cannot be sent (SPEC §6: mismatched passwords). */
  canSave?: boolean;
  onSave: () => void;
  onCancel: () => void;
}

/** A popup form with SAVE (SPEC §2 Settings): Escape or Cancel closes it, focus starts in the form. */
export function FormDialog({ title, children, busy = false, canSave = true, onSave, onCancel }: FormDialogProps) {
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (canSave && !busy) onSave();
  };
  return (
    <Modal
      title={title}
      size="max-h-[90vh] max-w-md overflow-y-auto"
      initialFocus={(panel) => panel.querySelector<HTMLElement>('form input, form textarea, form button')}
      onClose={onCancel}
    >
      <form onSubmit={submit} className="mt-4 space-y-4" noValidate>
        {children}
        <div className="flex justify-end gap-3 pt-2">
          <button type="button" className={buttonStyles.secondary} onClick={onCancel}>
            Cancel
          </button>
          <Button type="submit" busy={busy} disabled={!canSave}>
            SAVE
          </Button>
        </div>
      </form>
    </Modal>
  );
}
