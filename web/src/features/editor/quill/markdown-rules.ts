/**
 * What a typed Markdown marker means (issue 13), as pure functions: markdown.ts wires them to Quill's
 * keyboard. Line markers: `# `, `## `, `> `, ``` (with a language), `---`; inline: `**bold**`, `*italic*`.
 */
import { codeLanguageId } from '@inkwell/contract';

/** A block format a marker at the start of a line turns the line into. */
export type LineShortcut = { format: 'header'; value: 1 | 2 } | { format: 'blockquote'; value: true } | { format: 'code-block'; value: string | true };

/** A fence: ``` and an optional language name (```python, ```c++, ```c#). */
export const FENCE = /^```([\w+#.-]*)$/;

/**
 * The format of a line that starts with `marker` once a space (or, for a fence, Enter) follows it:
 * `#` heading, `##` smaller heading (the two levels SPEC §5 and the server allow), `>` quote,
 * ``` code (with the language named after it when we know it; else guessed by the server).
 */
export function lineShortcut(marker: string): LineShortcut | null {
  if (marker === '#') return { format: 'header', value: 1 };
  if (marker === '##') return { format: 'header', value: 2 };
  if (marker === '>') return { format: 'blockquote', value: true };
  const fence = FENCE.exec(marker);
  if (fence) return { format: 'code-block', value: codeLanguageId(fence[1]) ?? true };
  return null;
}

/** `---` (or `***`) alone on a line, then Enter: a divider. */
export function isDividerMarker(line: string): boolean {
  return line === '---' || line === '***';
}

export interface InlineShortcut {
  format: 'bold' | 'italic';
  /** Where the opening marker starts in the text before the caret. */
  start: number;
  /** The text between the markers. */
  text: string;
  /** Characters in each marker: 2 for **, 1 for *. */
  marker: 1 | 2;
}

/** Text between markers: no space just inside them, no * in it. */
const INNER = '([^*\\s](?:[^*]*[^*\\s])?)';
const BOLD = new RegExp(`(^|[^*\\\\])\\*\\*${INNER}\\*$`);
const ITALIC = new RegExp(`(^|[^*\\\\\\w])\\*${INNER}$`);

/**
 * What typing `*` after `before` (the text before the caret) closes: `**text*` + `*` bold, `*text` + `*`
 * italic; null when it closes nothing (a lone star, `2*3`, `** x`, an escaped `\*`).
 */
export function inlineShortcut(before: string): InlineShortcut | null {
  const bold = BOLD.exec(before);
  if (bold) return { format: 'bold', start: bold.index + bold[1]!.length, text: bold[2]!, marker: 2 };
  const italic = ITALIC.exec(before);
  if (italic) return { format: 'italic', start: italic.index + italic[1]!.length, text: italic[2]!, marker: 1 };
  return null;
}
