import { useEffect, useRef, useState } from 'react';
import { Check, Copy } from 'lucide-react';
import { COPY_NOTICE_MS } from '@inkwell/contract';

/**
 * The member's fediverse handle (`@username@host`) under their name, with Copy: pasted into the search
 * of Mastodon or any fediverse app, it finds them to follow. The handle is plain text, selectable
 * before the app's scripts run; Copy says "Copied" for 2 s. Without a clipboard (a page served over
 * plain http) it selects the handle, to be copied by hand. `hint` (its title) says what it is for.
 */
export function FediverseHandle({ handle, hint = 'Follow from Mastodon or anywhere in the fediverse with this handle' }: { handle: string; hint?: string }) {
  const [copied, setCopied] = useState(false);
  const text = useRef<HTMLSpanElement>(null);
  useEffect(() => {
    if (!copied) return;
    const timer = setTimeout(() => setCopied(false), COPY_NOTICE_MS);
    return () => clearTimeout(timer);
  }, [copied]);
  const selectHandle = () => {
    if (text.current) window.getSelection()?.selectAllChildren(text.current);
  };
  const copy = () => {
    if (!navigator.clipboard?.writeText) return selectHandle();
    navigator.clipboard.writeText(handle).then(() => setCopied(true), selectHandle);
  };
  // A narrow screen wraps the handle before its host, not in the middle of a word.
  const at = handle.indexOf('@', 1);
  const [user, host] = at > 0 ? [handle.slice(0, at), handle.slice(at)] : [handle, ''];

  return (
    <p className="mt-1 flex flex-wrap items-center gap-x-1.5 gap-y-1 text-sm text-zinc-600 dark:text-zinc-400">
      <span ref={text} data-testid="fediverse-handle" className="break-words" title={hint}>
        {user}
        {host && (
          <>
            <wbr />
            {host}
          </>
        )}
      </span>
      <button
        type="button"
        onClick={copy}
        aria-label={copied ? 'Handle copied' : 'Copy handle'}
        className="inline-flex items-center gap-1 rounded-md px-1.5 py-0.5 text-xs font-medium text-zinc-600 transition-colors hover:bg-zinc-100 hover:text-zinc-900 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-indigo-600 dark:text-zinc-400 dark:hover:bg-zinc-800 dark:hover:text-zinc-50"
      >
        {copied ? <Check aria-hidden="true" className="size-3.5" /> : <Copy aria-hidden="true" className="size-3.5" />}
        <span aria-live="polite">{copied ? 'Copied' : 'Copy'}</span>
      </button>
    </p>
  );
}
