/**
 * Markdown shortcuts, as in Medium (issue 13). What a typed marker means is decided by the pure
 * functions of markdown-rules.ts; `markdownBindings` wires them to Quill's keyboard
 * module (`bindings` with `prefix` patterns, matched against the text before the caret). Each shortcut
 * first types the key it was given, then changes the text in a separate undo step: Ctrl+Z right after
 * it gives the characters back.
 */
import Quill, { type Range } from 'quill';
import { FENCE, inlineShortcut, isDividerMarker, lineShortcut } from './markdown-rules';

const Delta = Quill.import('delta');

interface Context {
  prefix: string;
  offset: number;
}
type Handler = (this: { quill: Quill }, range: Range, context: Context) => boolean;
interface Binding {
  key: string;
  shiftKey?: boolean | null;
  altKey?: boolean | null;
  collapsed?: boolean;
  format?: Record<string, boolean>;
  prefix?: RegExp;
  suffix?: RegExp;
  handler: Handler;
}

/** Not inside code: there the markers are code. */
const OUTSIDE_CODE = { 'code-block': false };

/** The start of the caret's line when the text before the caret is that whole line (the marker alone). */
function lineStartOf(range: Range, context: Context): number | null {
  return context.offset === context.prefix.length ? range.index - context.offset : null;
}

const formatLine: Handler = function (range, context) {
  const start = lineStartOf(range, context);
  const shortcut = lineShortcut(context.prefix);
  if (start === null || !shortcut) return true;
  const { quill } = this;
  quill.insertText(range.index, ' ', Quill.sources.USER);
  quill.history.cutoff();
  quill.updateContents(new Delta().retain(start).delete(context.prefix.length + 1), Quill.sources.USER);
  quill.formatLine(start, 1, shortcut.format, shortcut.value, Quill.sources.USER);
  quill.history.cutoff();
  quill.setSelection(start, 0, Quill.sources.SILENT);
  return false;
};

const fenceOnEnter: Handler = function (range, context) {
  const start = lineStartOf(range, context);
  const shortcut = lineShortcut(context.prefix);
  if (start === null || shortcut?.format !== 'code-block') return true;
  const { quill } = this;
  quill.history.cutoff();
  quill.updateContents(new Delta().retain(start).delete(context.prefix.length), Quill.sources.USER);
  quill.formatLine(start, 1, 'code-block', shortcut.value, Quill.sources.USER);
  quill.history.cutoff();
  quill.setSelection(start, 0, Quill.sources.SILENT);
  return false;
};

const dividerOnEnter: Handler = function (range, context) {
  const start = lineStartOf(range, context);
  if (start === null || !isDividerMarker(context.prefix)) return true;
  const { quill } = this;
  quill.history.cutoff();
  quill.updateContents(new Delta().retain(start).delete(context.prefix.length).insert({ divider: true }), Quill.sources.USER);
  quill.history.cutoff();
  quill.setSelection(start + 1, 0, Quill.sources.SILENT);
  return false;
};

const closeInline: Handler = function (range, context) {
  const shortcut = inlineShortcut(context.prefix);
  if (!shortcut) return true;
  const { quill } = this;
  const { format, text, marker } = shortcut;
  const start = range.index - context.prefix.length + shortcut.start;
  quill.insertText(range.index, '*', Quill.sources.USER);
  quill.history.cutoff();
  quill.updateContents(
    new Delta()
      .retain(start)
      .delete(marker)
      .retain(text.length, { [format]: true })
      .delete(marker),
    Quill.sources.USER,
  );
  quill.history.cutoff();
  quill.setSelection(start + text.length, 0, Quill.sources.SILENT);
  // What comes next is typed plain again.
  quill.format(format, false, Quill.sources.SILENT);
  return false;
};

/** The shortcuts as Quill keyboard bindings (after Quill's own, e.g. `- ` and `1. ` lists). */
export function markdownBindings(): Record<string, Binding> {
  return {
    'markdown line': { key: ' ', shiftKey: null, collapsed: true, format: OUTSIDE_CODE, prefix: /^(#{1,2}|>|```[\w+#.-]*)$/, handler: formatLine },
    'markdown fence': { key: 'Enter', collapsed: true, format: OUTSIDE_CODE, prefix: FENCE, handler: fenceOnEnter },
    'markdown divider': { key: 'Enter', collapsed: true, format: OUTSIDE_CODE, prefix: /^(---|\*\*\*)$/, suffix: /^$/, handler: dividerOnEnter },
    'markdown inline': { key: '*', shiftKey: null, altKey: null, collapsed: true, format: OUTSIDE_CODE, prefix: /\*[^*\s]/, handler: closeInline },
  };
}
