import { describe, expect, it } from 'vitest';
import { readTimeFromHtml } from '@inkwell/contract';
import { EDITOR_FORMATS, normalizeEditorHtml } from './formats';

describe('editor formats and HTML', () => {
  it('allows exactly the formats of SPEC §5, the image as a figure, and the divider', () => {
    expect([...EDITOR_FORMATS].sort()).toEqual(
      ['blockquote', 'bold', 'code-block', 'color', 'divider', 'figure', 'header', 'italic', 'link', 'list', 'strike', 'underline'].sort(),
    );
  });

  it("turns Quill 2.0.3's &nbsp; back into spaces, keeping runs of spaces", () => {
    expect(normalizeEditorHtml('<p>one&nbsp;two&nbsp;three</p>')).toBe('<p>one two three</p>');
    expect(normalizeEditorHtml('<p>a&nbsp;&nbsp;&nbsp;b</p>')).toBe('<p>a&nbsp; &nbsp;b</p>');
    expect(readTimeFromHtml(normalizeEditorHtml('<p>one&nbsp;two</p>'))).toBe(1);
  });

  it('gives an empty string for an empty editor and drops images still held as data: URLs', () => {
    expect(normalizeEditorHtml('<p></p>')).toBe('');
    expect(normalizeEditorHtml('<p><br></p>')).toBe('');
    expect(normalizeEditorHtml('<p><img src="data:image/png;base64,AAA"></p>')).toBe('');
    expect(normalizeEditorHtml('<p><img src="/storage/a.webp"></p>')).toBe('<p><img src="/storage/a.webp"></p>');
  });
});
