import { useEffect, useId, useRef, type KeyboardEvent, type ReactNode } from 'react';
import { createPortal } from 'react-dom';
import { X } from 'lucide-react';
import { keepEventsInside } from './portal-events';

interface ModalProps {
  role?: 'dialog' | 'alertdialog';
  title: string;
  /** The id of the element that describes the dialog, if any. */
  describedBy?: string;
  /** The panel's size, e.g. 'max-w-sm'. */
  size: string;
  /** Where focus starts when the modal opens; it returns where it was when the modal closes. */
  initialFocus: (panel: HTMLDivElement) => HTMLElement | null | undefined;
  /** Escape, a press on the backdrop. */
  onClose: () => void;
  /** Keys other than Escape. */
  onKeyDown?: (event: KeyboardEvent<HTMLDivElement>) => void;
  /** A Close (×) button in the corner, for a panel that only shows something (no Cancel of its own). */
  closeButton?: boolean;
  children: ReactNode;
}

/** A modal panel over a dimmed page with its title: the shell of the confirmation and form dialogs. */
export function Modal({ role = 'dialog', title, describedBy, size, initialFocus, onClose, onKeyDown, closeButton = false, children }: ModalProps) {
  const titleId = useId();
  const panelRef = useRef<HTMLDivElement>(null);
  const focusFirst = useRef(initialFocus);
  useEffect(() => {
    const previous = document.activeElement as HTMLElement | null;
    if (panelRef.current) focusFirst.current(panelRef.current)?.focus();
    return () => previous?.focus?.();
  }, []);
  return createPortal(
    <div className="fixed inset-0 z-50 flex items-center justify-center bg-zinc-950/50 p-4" onMouseDown={onClose} {...keepEventsInside}>
      <div
        ref={panelRef}
        role={role}
        aria-modal="true"
        aria-labelledby={titleId}
        aria-describedby={describedBy}
        onMouseDown={(event) => event.stopPropagation()}
        onKeyDown={(event) => {
          if (event.key === 'Escape') {
            event.preventDefault();
            onClose();
          } else {
            onKeyDown?.(event);
          }
        }}
        className={`relative w-full rounded-2xl bg-white p-6 shadow-2xl ring-1 ring-zinc-200 dark:bg-zinc-900 dark:ring-zinc-800 ${size}`}
      >
        <h2 id={titleId} className={`font-serif text-xl font-bold text-zinc-900 dark:text-zinc-50 ${closeButton ? 'pr-10' : ''}`}>
          {title}
        </h2>
        {closeButton && (
          <button
            type="button"
            data-close
            aria-label="Close"
            onClick={onClose}
            className="absolute right-4 top-4 inline-flex size-9 items-center justify-center rounded-full text-zinc-600 hover:bg-zinc-100 hover:text-zinc-900 focus-visible:outline-2 focus-visible:outline-indigo-600 dark:text-zinc-400 dark:hover:bg-zinc-800 dark:hover:text-zinc-50"
          >
            <X aria-hidden="true" className="size-5" />
          </button>
        )}
        {children}
      </div>
    </div>,
    document.body,
  );
}
