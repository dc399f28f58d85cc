import { useEffect, useLayoutEffect, useMemo, useReducer, useRef, useState } from 'react';
import { createPortal } from 'react-dom';
import { useHydrating } from '../lib/use-hydrating';
import { CodeCopyButton } from './CodeCopyButton';
import { cleanNow, loadSanitizer, renderingOnServer, sanitizerLoaded } from './post-html';

interface CodeSlot {
  node: HTMLElement;
  text: string;
}

/** The text of a code block: a <pre>, or Quill's container of one div per line. */
function codeText(block: HTMLElement): string {
  if (block.tagName === 'PRE') return (block.textContent ?? '').replace(/^\n/, '').replace(/\n$/, '');
  const lines = block.querySelectorAll(':scope > .ql-code-block');
  return lines.length > 0 ? Array.from(lines, (line) => line.textContent ?? '').join('\n') : (block.textContent ?? '');
}

const proseClass = [
  'prose prose-zinc prose-xl dark:prose-invert mx-auto w-full max-w-[680px] break-words font-serif [&>:first-child]:mt-0',
  'text-[20px] leading-[1.6] sm:text-[21px]',
  'prose-headings:font-sans prose-headings:tracking-tight prose-a:text-indigo-700 dark:prose-a:text-indigo-300',
  'prose-h1:mt-[1.4em] prose-h1:mb-[0.5em] prose-h1:text-[1.6em] prose-h1:leading-tight prose-h2:mt-[1.3em] prose-h2:mb-[0.5em] prose-h2:text-[1.3em]',
  'prose-img:rounded-lg prose-blockquote:font-normal prose-blockquote:not-italic prose-pre:text-[15px] prose-pre:leading-6 prose-pre:pt-10',
  '[&_.ql-code-block-container]:my-6 [&_.ql-code-block-container]:overflow-x-auto [&_.ql-code-block-container]:rounded-lg',
  '[&_.ql-code-block-container]:px-5 [&_.ql-code-block-container]:pb-4 [&_.ql-code-block-container]:pt-10',
  '[&_.ql-code-block-container]:font-mono [&_.ql-code-block-container]:text-[15px] [&_.ql-code-block-container]:leading-6',
  '[&_.ql-code-block]:whitespace-pre [&_li[data-list=bullet]]:list-disc',
].join(' ');

/**
 * What the body's element is given while it keeps the markup the server rendered: never the same as
 * a cleaned body (the sanitisers drop comments), and harmless should React ever set it.
 */
const SERVER_MARKUP = '<!---->';

/**
 * A post body: sanitised HTML (DOMPurify, only what the editor writes; links open in a new tab
 * without access to this page) in the reading typography, each code block with a Copy button.
 *
 * DOMPurify is a chunk of its own (post-html.ts), not in a post page's first load. A body hydrated
 * from the server's HTML keeps what the server's allowlist cleaned: React keeps an element's server
 * innerHTML when it hydrates it (it checks it in development only, which suppressHydrationWarning
 * silences for this element alone), and afterwards sets it only when `__html` changes. So while
 * `html` stays the same, the body gets SERVER_MARKUP on every render, which is never applied: its
 * nodes, the Copy buttons' wrappers and the layout stay, and the sanitiser is not loaded for it (a
 * move to another post loads it beside that post's data: the post screen's `load`). Any other render
 * (a client-side navigation, the editor's preview, a changed `html`, a part React renders anew after
 * a failed hydration) cleans at once when the sanitiser is loaded, else renders the body empty until
 * it is: HTML it has not cleaned never reaches the page.
 */
export function PostBody({ html, className }: { html: string; className?: string }) {
  const hydrating = useHydrating() && !renderingOnServer();
  // The html whose server markup this body keeps (set by its hydration); null once it shows what it cleaned.
  const [kept, setKept] = useState<string | null>(() => (hydrating ? html : null));
  if (kept !== null && kept !== html) setKept(null);
  const keep = kept !== null && kept === html;
  const ready = sanitizerLoaded();
  const [, rerender] = useReducer((count: number) => count + 1, 0);
  const clean = useMemo(() => (keep || !ready ? null : cleanNow(html)), [keep, ready, html]);
  const markup = keep ? SERVER_MARKUP : (clean ?? '');
  const ref = useRef<HTMLDivElement>(null);
  const [slots, setSlots] = useState<CodeSlot[]>([]);

  useEffect(() => {
    if (keep || ready) return;
    let live = true;
    void loadSanitizer().then(
      () => {
        if (live) rerender();
      },
      () => undefined,
    );
    return () => {
      live = false;
    };
  }, [keep, ready]);

  useLayoutEffect(() => {
    const root = ref.current;
    if (!root) return;
    // Colours arrive as data-color (no inline style attributes under the CSP); the CSSOM may set them.
    for (const node of root.querySelectorAll<HTMLElement>('[data-color]')) node.style.color = node.dataset.color ?? '';
    const found: CodeSlot[] = [];
    for (const block of root.querySelectorAll<HTMLElement>('pre, .ql-code-block-container')) {
      if (block.parentElement?.closest('pre, .ql-code-block-container')) continue;
      const existing = block.parentElement?.dataset.codeWrap !== undefined ? block.nextElementSibling : null;
      if (existing instanceof HTMLElement) {
        found.push({ node: existing, text: codeText(block) });
        continue;
      }
      const wrapper = document.createElement('div');
      wrapper.className = 'relative';
      wrapper.dataset.codeWrap = '';
      block.replaceWith(wrapper);
      wrapper.append(block);
      const node = document.createElement('div');
      node.className = 'not-prose absolute right-2 top-2';
      wrapper.append(node);
      found.push({ node, text: codeText(block) });
    }
    setSlots(found);
  }, [keep, markup]);

  return (
    <>
      <div
        ref={ref}
        data-testid="post-body"
        className={`${proseClass} ${className ?? ''}`}
        dangerouslySetInnerHTML={{ __html: markup }}
        // Hydrated, it holds the server's cleaned body, which the browser does not make again (see above).
        suppressHydrationWarning
      />
      {slots.map((slot, index) => createPortal(<CodeCopyButton text={slot.text} />, slot.node, `${index}`))}
    </>
  );
}
