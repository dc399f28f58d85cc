import { useEffect, useRef } from 'react';
import { createPortal } from 'react-dom';
import { X } from 'lucide-react';
import { DEFAULT_USER_IMAGE } from '@inkwell/contract';
import { keepEventsInside } from '../../../components/portal-events';

/** A profile picture, enlarged over the page; Escape, the close button or the backdrop closes it. */
export function PictureDialog({ src, alt, onClose }: { src: string; alt: string; onClose: () => void }) {
  const closeRef = useRef<HTMLButtonElement>(null);
  useEffect(() => {
    const previous = document.activeElement as HTMLElement | null;
    closeRef.current?.focus();
    return () => previous?.focus?.();
  }, []);
  return createPortal(
    <div
      role="dialog"
      aria-modal="true"
      aria-label={alt}
      className="fixed inset-0 z-50 flex items-center justify-center bg-zinc-950/80 p-6"
      onMouseDown={onClose}
      {...keepEventsInside}
      onKeyDown={(event) => {
        event.stopPropagation(); // as keepEventsInside does
        if (event.key === 'Escape' || event.key === 'Tab') {
          event.preventDefault();
          if (event.key === 'Escape') onClose();
        }
      }}
    >
      <img
        src={src}
        alt={alt}
        onMouseDown={(event) => event.stopPropagation()}
        onError={(event) => {
          if (!event.currentTarget.src.endsWith(DEFAULT_USER_IMAGE)) event.currentTarget.src = DEFAULT_USER_IMAGE;
        }}
        className="max-h-[80vh] max-w-full rounded-2xl object-contain shadow-2xl"
      />
      <button
        ref={closeRef}
        type="button"
        aria-label="Close"
        onClick={onClose}
        className="absolute right-4 top-4 inline-flex size-10 items-center justify-center rounded-full bg-white/10 text-white hover:bg-white/20 focus-visible:outline-2 focus-visible:outline-white"
      >
        <X aria-hidden="true" className="size-5" />
      </button>
    </div>,
    document.body,
  );
}
