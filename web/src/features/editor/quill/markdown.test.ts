import Quill, { type Range } from 'quill';
import { describe, expect, it } from 'vitest';
import { inlineShortcut, isDividerMarker, lineShortcut } from './markdown-rules';
import { markdownBindings } from './markdown';

// Quill's keyboard and selection need a real browser (e2e/editor-canvas.e2e.ts types every shortcut);
// here the rules are checked, and the handlers against a stand-in that records what they ask of Quill.

describe('Markdown rules', () => {
  it('turns line markers into the heading levels, the quote and code', () => {
    expect(lineShortcut('#')).toEqual({ format: 'header', value: 1 });
    expect(lineShortcut('##')).toEqual({ format: 'header', value: 2 });
    expect(lineShortcut('>')).toEqual({ format: 'blockquote', value: true });
    expect(lineShortcut('```')).toEqual({ format: 'code-block', value: true });
    expect(lineShortcut('```python')).toEqual({ format: 'code-block', value: 'python' });
    expect(lineShortcut('```PY')).toEqual({ format: 'code-block', value: 'python' });
    expect(lineShortcut('```c++')).toEqual({ format: 'code-block', value: 'cpp' });
    expect(lineShortcut('```c#')).toEqual({ format: 'code-block', value: 'csharp' });
    expect(lineShortcut('```text')).toEqual({ format: 'code-block', value: 'plain' });
    // A language we do not know: a code block the server guesses the language of.
    expect(lineShortcut('```cobol')).toEqual({ format: 'code-block', value: true });
    for (const marker of ['###', '#x', '>>', '``', ' #', '-', '']) expect(lineShortcut(marker), marker).toBeNull();
  });

  it('makes a divider of --- and *** alone', () => {
    expect(isDividerMarker('---')).toBe(true);
    expect(isDividerMarker('***')).toBe(true);
    for (const line of ['--', '----', '- - -', 'a---', '___']) expect(isDividerMarker(line), line).toBe(false);
  });

  it('closes bold and italic when the last marker is typed, and nothing else', () => {
    expect(inlineShortcut('Some **bold*')).toEqual({ format: 'bold', start: 5, text: 'bold', marker: 2 });
    expect(inlineShortcut('**two words*')).toEqual({ format: 'bold', start: 0, text: 'two words', marker: 2 });
    expect(inlineShortcut('and *slanted')).toEqual({ format: 'italic', start: 4, text: 'slanted', marker: 1 });
    expect(inlineShortcut('*a* and *b')).toEqual({ format: 'italic', start: 8, text: 'b', marker: 1 });
    expect(inlineShortcut('(*x')).toEqual({ format: 'italic', start: 1, text: 'x', marker: 1 });
    // The first closing star of **bold** is not an italic.
    expect(inlineShortcut('**bold')).toBeNull();
    for (const before of ['*', 'a *', '2*3', '* x', '*x ', '** x*', '**x *', '\\*x', 'a\\**x*', 'snake*case']) {
      expect(inlineShortcut(before), before).toBeNull();
    }
  });
});

interface Call {
  name: string;
  args: unknown[];
}

/** A stand-in for Quill that records each call (deltas as their ops). */
function recorder() {
  const calls: Call[] = [];
  const record =
    (name: string) =>
    (...args: unknown[]) =>
      calls.push({ name, args: args.map((arg) => (arg && typeof arg === 'object' && 'ops' in arg ? (arg as { ops: unknown }).ops : arg)) });
  const quill = {
    insertText: record('insertText'),
    updateContents: record('updateContents'),
    formatLine: record('formatLine'),
    setSelection: record('setSelection'),
    format: record('format'),
    history: { cutoff: record('cutoff') },
  };
  return { quill: quill as unknown as Quill, calls };
}

const USER = Quill.sources.USER;
const SILENT = Quill.sources.SILENT;
const range = (index: number): Range => ({ index, length: 0 });

describe('Markdown bindings', () => {
  const bindings = markdownBindings();
  const run = (name: string, index: number, prefix: string, offset: number) => {
    const { quill, calls } = recorder();
    const handled = !bindings[name]!.handler.call({ quill }, range(index), { prefix, offset });
    return { handled, calls };
  };

  it('types the space, then in a new undo step turns "## " at the start of a line into a smaller heading', () => {
    // The line starts at 10; the caret is after "##".
    const { handled, calls } = run('markdown line', 12, '##', 2);
    expect(handled).toBe(true);
    expect(calls).toEqual([
      { name: 'insertText', args: [12, ' ', USER] },
      { name: 'cutoff', args: [] },
      { name: 'updateContents', args: [[{ retain: 10 }, { delete: 3 }], USER] },
      { name: 'formatLine', args: [10, 1, 'header', 2, USER] },
      { name: 'cutoff', args: [] },
      { name: 'setSelection', args: [10, 0, SILENT] },
    ]);
  });

  it('leaves a marker that is not at the start of its line to be typed', () => {
    // "x #": the text before the caret in this leaf is "#", but the line holds more before it.
    expect(run('markdown line', 12, '#', 3)).toEqual({ handled: false, calls: [] });
    expect(run('markdown line', 12, '###', 3)).toEqual({ handled: false, calls: [] });
  });

  it('makes a Python code block of ```python and Enter, the fence gone', () => {
    const { handled, calls } = run('markdown fence', 9, '```python', 9);
    expect(handled).toBe(true);
    expect(calls).toEqual([
      { name: 'cutoff', args: [] },
      { name: 'updateContents', args: [[{ delete: 9 }], USER] },
      { name: 'formatLine', args: [0, 1, 'code-block', 'python', USER] },
      { name: 'cutoff', args: [] },
      { name: 'setSelection', args: [0, 0, SILENT] },
    ]);
  });

  it('puts a divider in place of --- on Enter, the caret on the line after it', () => {
    const { handled, calls } = run('markdown divider', 23, '---', 3);
    expect(handled).toBe(true);
    expect(calls).toEqual([
      { name: 'cutoff', args: [] },
      { name: 'updateContents', args: [[{ retain: 20 }, { insert: { divider: true } }, { delete: 3 }], USER] },
      { name: 'cutoff', args: [] },
      { name: 'setSelection', args: [21, 0, SILENT] },
    ]);
  });

  it('types the closing star, then makes the text between the markers bold and goes on plain', () => {
    // "Some **bold*" in a leaf that starts at 100; the caret at its end (112).
    const { handled, calls } = run('markdown inline', 112, 'Some **bold*', 12);
    expect(handled).toBe(true);
    expect(calls).toEqual([
      { name: 'insertText', args: [112, '*', USER] },
      { name: 'cutoff', args: [] },
      { name: 'updateContents', args: [[{ retain: 105 }, { delete: 2 }, { retain: 4, attributes: { bold: true } }, { delete: 2 }], USER] },
      { name: 'cutoff', args: [] },
      { name: 'setSelection', args: [109, 0, SILENT] },
      { name: 'format', args: ['bold', false, SILENT] },
    ]);
    expect(run('markdown inline', 5, '2*3', 3)).toEqual({ handled: false, calls: [] });
  });

  it('never acts inside code, where the markers are code', () => {
    for (const binding of Object.values(bindings)) expect(binding.format).toEqual({ 'code-block': false });
  });
});
