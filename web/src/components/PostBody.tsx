import { useEffect, useLayoutEffect, useMemo, useReducer, useRef, useState } from 'react';
import { createPortal } from 'react-dom';
import { isFirstHydration, whenHydrated } from '../ssr/hydrate-later';
import { CodeCopyButton } from './CodeCopyButton';
import { cleanNow, loadSanitizer, preloadSanitizer, sanitizerLoaded } from './post-html';

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
 * a cleaned body (the sanitisers drop comments) nor an empty one, and harmless should Preact set it.
 */
const SERVER_MARKUP = '<!---->';

/**
 * A post body: sanitised HTML (DOMPurify, only what the editor writes; links open in a new tab
 * without access to this page) in the reading typography, each code block with a Copy button.
 *
 * DOMPurify is a chunk of its own (post-html.ts). The first hydration of a rendered page keeps the
 * body the server cleaned and rendered: Preact sets no innerHTML while hydrating, and afterwards only
 * when `__html` changes, so SERVER_MARKUP, the same on every render while `html` stays the same, is
 * never applied (the Copy buttons' wrappers stay, nothing moves), and the sanitiser loads when the
 * page is idle. Any other render (a client-side navigation, the editor's preview, a changed `html`)
 * cleans at once when the sanitiser is loaded, else renders the body empty until it is.
 */
export function PostBody({ html, className }: { html: string; className?: string }) {
  // The html whose server markup this body keeps; null once it shows what it cleaned itself.
  const kept = useRef<string | null | undefined>(undefined);
  if (kept.current === undefined) kept.current = isFirstHydration() && !sanitizerLoaded() ? html : null;
  else if (kept.current !== html) kept.current = null;
  const keep = kept.current !== null;
  const ready = sanitizerLoaded();
  const [, rerender] = useReducer((count: number) => count + 1, 0);
  const clean = useMemo(() => (keep || !ready ? null : cleanNow(html)), [keep, ready, html]);
  const markup = keep ? SERVER_MARKUP : (clean ?? '');
  const ref = useRef<HTMLDivElement>(null);
  const [slots, setSlots] = useState<CodeSlot[]>([]);

  useEffect(() => {
    if (keep) {
      // For a later render of another body: cleaned at once.
      void whenHydrated().then(preloadSanitizer);
      return;
    }
    if (ready) return;
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
    if (keep && root.innerHTML === SERVER_MARKUP) {
      // Not hydrated into the server's body after all (built anew, e.g. a navigation amid the first
      // hydration): Preact set SERVER_MARKUP. Show what this body cleans itself instead.
      kept.current = null;
      rerender();
      return;
    }
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
        // A page rendered on the server holds the body as the server's allowlist cleaned it; Preact keeps
        // that markup when it hydrates and sets `__html` only when it changes (see above).
        className={`${proseClass} ${className ?? ''}`}
        dangerouslySetInnerHTML={{ __html: markup }}
      />
      {slots.map((slot, index) => createPortal(<CodeCopyButton text={slot.text} />, slot.node, `${index}`))}
    </>
  );
}
