import { useEffect, useState } from 'react';
import { Check, Copy } from 'lucide-react';
import { COPY_NOTICE_MS, TEXT } from '@inkwell/contract';

async function copyText(text: string): Promise<void> {
  if (navigator.clipboard?.writeText) {
    await navigator.clipboard.writeText(text);
    return;
  }
  // Pages served over plain http (no secure context) have no async clipboard.
  const area = document.createElement('textarea');
  area.value = text;
  area.setAttribute('readonly', '');
  area.style.position = 'fixed';
  area.style.opacity = '0';
  document.body.append(area);
  area.select();
  const ok = document.execCommand('copy');
  area.remove();
  if (!ok) throw new Error('copy failed');
}

/** Copies a code block's text and says 'Code Copied!' for 2 s (SPEC §2, §9). */
export function CodeCopyButton({ text }: { text: string }) {
  const [copied, setCopied] = useState(false);
  useEffect(() => {
    if (!copied) return;
    const timer = setTimeout(() => setCopied(false), COPY_NOTICE_MS);
    return () => clearTimeout(timer);
  }, [copied]);

  const onClick = () => {
    copyText(text).then(
      () => setCopied(true),
      () => setCopied(false),
    );
  };

  return (
    <button
      type="button"
      onClick={onClick}
      aria-label={copied ? TEXT.codeCopied : 'Copy code'}
      className="inline-flex items-center gap-1.5 rounded-md bg-zinc-700/80 px-2.5 py-1 font-sans text-xs font-medium text-zinc-100 backdrop-blur transition-colors hover:bg-zinc-600 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-indigo-400"
    >
      {copied ? <Check aria-hidden="true" className="size-3.5" /> : <Copy aria-hidden="true" className="size-3.5" />}
      <span aria-live="polite">{copied ? TEXT.codeCopied : 'Copy'}</span>
    </button>
  );
}
