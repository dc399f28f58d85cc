import { Fragment } from 'react';
import type { MarkedText } from '@inkwell/contract';

/** Text pieces from the server, the matched words in <mark>: each piece is text, never HTML (search, the Library's search). */
export function Marked({ text }: { text: MarkedText }) {
  return (
    <>
      {text.map((piece, i) =>
        piece.mark ? (
          <mark key={i} className="rounded-sm bg-amber-200/80 px-0.5 text-inherit dark:bg-amber-300/25 dark:text-zinc-50">
            {piece.text}
          </mark>
        ) : (
          <Fragment key={i}>{piece.text}</Fragment>
        ),
      )}
    </>
  );
}

/** The plain text of pieces (for a fallback when blank). */
export const plainText = (text: MarkedText) => text.map((piece) => piece.text).join('');
