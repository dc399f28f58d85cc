import { useEffect, useId, useRef, type FormEvent, type ReactNode } from 'react';
import { createPortal } from 'react-dom';
import { Button, buttonStyles } from './Button';

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
  const titleId = useId();
  const formRef = useRef<HTMLFormElement>(null);
  useEffect(() => {
    const previous = document.activeElement as HTMLElement | null;
    formRef.current?.querySelector<HTMLElement>('input, textarea, button')?.focus();
    return () => previous?.focus?.();
  }, []);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (canSave && !busy) onSave();
  };
  return createPortal(
    <div className="fixed inset-0 z-50 flex items-center justify-center bg-zinc-950/50 p-4" onMouseDown={onCancel}>
      <div
        role="dialog"
        aria-modal="true"
        aria-labelledby={titleId}
        onMouseDown={(event) => event.stopPropagation()}
        onKeyDown={(event) => {
          if (event.key === 'Escape') {
            event.preventDefault();
            onCancel();
          }
        }}
        className="max-h-[90vh] w-full max-w-md overflow-y-auto rounded-2xl bg-white p-6 shadow-2xl ring-1 ring-zinc-200 dark:bg-zinc-900 dark:ring-zinc-800"
      >
        <h2 id={titleId} className="font-serif text-xl font-bold text-zinc-900 dark:text-zinc-50">
          {title}
        </h2>
        <form ref={formRef} onSubmit={submit} className="mt-4 space-y-4" noValidate>
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
      </div>
    </div>,
    document.body,
  );
}
