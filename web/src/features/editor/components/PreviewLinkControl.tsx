import { useEffect, useId, useRef, useState } from 'react';
import { Check, Copy, Link2 } from 'lucide-react';
import { DRAFT_MESSAGES, type Draft } from '@inkwell/contract';
import { Button } from '../../../components/Button';
import { inputClass } from '../../../components/TextField';

interface PreviewLinkControlProps {
  draft: Draft | null;
  /** Turns the secret link on or off; answers the error to show here, or null. */
  onToggle: (enabled: boolean) => Promise<string | null>;
}

/** A secret link to read the draft before it is published: on (the link, Copy, Turn off) or off. */
export function PreviewLinkControl({ draft, onToggle }: PreviewLinkControlProps) {
  const id = useId();
  const inputRef = useRef<HTMLInputElement>(null);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [copied, setCopied] = useState(false);
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  useEffect(() => () => clearTimeout(timer.current), []);
  const url = draft?.preview_url ?? null;

  const toggle = async (enabled: boolean) => {
    setBusy(true);
    try {
      setError(await onToggle(enabled));
    } finally {
      setBusy(false);
    }
  };

  const copy = async () => {
    if (!url) return;
    try {
      await navigator.clipboard.writeText(url);
      setCopied(true);
      clearTimeout(timer.current);
      timer.current = setTimeout(() => setCopied(false), 2000);
    } catch {
      // No clipboard (an old browser, no permission): select the link so it can be copied by hand.
      inputRef.current?.select();
    }
  };

  const errorLine = error && <p className="mt-1.5 text-sm text-red-700 dark:text-red-400">{error}</p>;

  if (!url) {
    return (
      <div>
        <div className="flex flex-col gap-3 sm:flex-row sm:items-center sm:justify-between">
          <p className="text-sm text-zinc-700 dark:text-zinc-300">
            <span className="block font-medium text-zinc-800 dark:text-zinc-200">Preview link</span>
            Share a secret link to this draft before it is published.
          </p>
          <Button type="button" variant="secondary" busy={busy} onClick={() => void toggle(true)} className="shrink-0">
            <Link2 aria-hidden="true" className="size-4" />
            Turn on preview link
          </Button>
        </div>
        {errorLine}
      </div>
    );
  }

  return (
    <div>
      <label htmlFor={id} className="mb-1.5 block text-sm font-medium text-zinc-800 dark:text-zinc-200">
        Preview link
      </label>
      <div className="flex flex-col gap-3 sm:flex-row">
        <input
          ref={inputRef}
          id={id}
          type="url"
          readOnly
          value={url}
          onFocus={(event) => event.currentTarget.select()}
          aria-describedby={`${id}-hint`}
          className={`${inputClass} min-w-0 font-mono text-sm! sm:flex-1`}
        />
        <div className="flex shrink-0 gap-3">
          <Button type="button" variant="secondary" onClick={() => void copy()} className="flex-1 sm:flex-none">
            {copied ? <Check aria-hidden="true" className="size-4" /> : <Copy aria-hidden="true" className="size-4" />}
            <span aria-live="polite">{copied ? 'Copied' : 'Copy'}</span>
          </Button>
          <Button type="button" variant="secondary" busy={busy} onClick={() => void toggle(false)} className="flex-1 sm:flex-none">
            Turn off
          </Button>
        </div>
      </div>
      <p id={`${id}-hint`} className="mt-1.5 text-xs leading-5 text-zinc-600 dark:text-zinc-400">
        {DRAFT_MESSAGES.previewOn} Turning it off makes this link stop working.
      </p>
      {errorLine}
    </div>
  );
}
