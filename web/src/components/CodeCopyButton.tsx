import { Check, Copy } from 'lucide-react';
import { TEXT } from '@inkwell/contract';
import { useCopy } from '../lib/copy-text';

/** Copies a code block's text and says 'Code Copied!' for 2 s (SPEC §2, §9). */
export function CodeCopyButton({ text }: { text: string }) {
  const [copied, copy] = useCopy();
  const onClick = () => copy(text);

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
