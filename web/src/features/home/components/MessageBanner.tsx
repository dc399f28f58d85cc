import { Info, X } from 'lucide-react';

interface MessageBannerProps {
  message: string;
  onDismiss: () => void;
}

/** The info banner for a message that arrived in the address (SPEC §2 Home). */
export function MessageBanner({ message, onDismiss }: MessageBannerProps) {
  return (
    <div
      role="status"
      data-testid="home-banner"
      className="flex items-start gap-3 rounded-xl bg-sky-50 px-4 py-3 text-sm text-sky-900 ring-1 ring-sky-200 dark:bg-sky-950 dark:text-sky-100 dark:ring-sky-800"
    >
      <Info aria-hidden="true" className="mt-0.5 size-5 shrink-0" />
      <p className="flex-1 leading-6">{message}</p>
      <button
        type="button"
        onClick={onDismiss}
        aria-label="Dismiss message"
        className="-m-1 rounded-md p-1 hover:bg-sky-100 focus-visible:outline-2 focus-visible:outline-sky-700 dark:hover:bg-sky-900"
      >
        <X aria-hidden="true" className="size-4" />
      </button>
    </div>
  );
}
