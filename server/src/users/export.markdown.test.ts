import { describe, expect, it } from 'vitest';
import { sanitizeDescription } from '../post-html/sanitize.ts';
import { createMarkdownConverter } from '../post-html/markdown.ts';
import { frontMatter, slugify } from './export.markdown.ts';

const converter = createMarkdownConverter({ publicUrl: 'https://inkwell.example' });
const stored = `/storage/ab/cd/${'a'.repeat(64)}.webp`;
const intoArchive = (src: string) => (src === stored ? `../images/${'a'.repeat(64)}.webp` : src);
/** As the export sees a body: sanitised as it was stored, then converted. */
const md = (html: string) => converter.toMarkdown(sanitizeDescription(html), intoArchive);

describe('post bodies as Markdown', () => {
  it("converts Quill's raw markup: lists in one <ol> by data-list, a code block a div per line", () => {
    expect(md('<ol><li data-list="bullet">tea</li><li data-list="bullet">milk</li><li data-list="ordered">boil</li><li data-list="ordered">pour</li></ol>')).toBe(
      '- tea\n- milk\n\n1. boil\n2. pour',
    );
    const code =
      '<div class="ql-code-block-container"><div class="ql-code-block" data-language="python">def f():</div><div class="ql-code-block" data-language="python">    return 1</div></div>';
    expect(md(code)).toBe('```python\ndef f():\n    return 1\n```');
  });

  it("converts Quill's semantic markup: ul, ol, pre with a language", () => {
    expect(md('<ul><li>one</li><li>two</li></ul><ol><li>first</li><li>second</li></ol>')).toBe('- one\n- two\n\n1. first\n2. second');
    expect(md('<pre data-language="plain">\nplain text\n  indented\n</pre>')).toBe('```\nplain text\n  indented\n```');
    expect(md('<pre data-language="ts"><code>let x = 1;</code></pre>')).toBe('```ts\nlet x = 1;\n```');
  });

  it('fences code holding backticks with a longer fence', () => {
    expect(md('<pre>use ``` to fence</pre>')).toBe('````\nuse ``` to fence\n````');
  });

  it('keeps the text of underline and colour, marks strike, bold and italic inside list items', () => {
    expect(md('<p><u>under</u> <span style="color: #e60000;">red</span> <s>gone</s></p>')).toBe('under red ~~gone~~');
    expect(md('<ol><li data-list="bullet"><strong>bold</strong> and <em>italic</em></li></ol>')).toBe('- **bold** and _italic_');
  });

  it('escapes what would read as Markdown, keeps line breaks and drops empty lines', () => {
    expect(md('<p>1. not a list, *not* emphasis, # not a heading</p>')).toBe('1\\. not a list, \\*not\\* emphasis, # not a heading');
    expect(md('<p>first<br>second</p><p><br></p><p>third</p>')).toBe('first\\\nsecond\n\nthird');
  });

  it('points stored images into the archive, keeps others, and makes links to the site absolute', () => {
    expect(md(`<p><img src="${stored}" alt="A [diagram]"></p>`)).toBe(`![A \\[diagram\\]](../images/${'a'.repeat(64)}.webp)`);
    expect(md('<p><img src="https://cdn.example/a(1).png"></p>')).toBe('![](<https://cdn.example/a(1).png>)');
    expect(md('<p><a href="https://example.com/x">out</a> and <a href="/view-post/abc">in</a></p>')).toBe(
      '[out](https://example.com/x) and [in](https://inkwell.example/view-post/abc)',
    );
  });

  it('writes headings and quotes', () => {
    expect(md('<h1>Big</h1><h2>Smaller</h2><blockquote>Said</blockquote>')).toBe('# Big\n\n## Smaller\n\n> Said');
  });
});

describe('front matter and file names', () => {
  it('writes every value as JSON, which YAML reads too, escaping what YAML cannot hold raw', () => {
    const text = frontMatter({ title: 'Colons: "quotes" and \\ backslash', n: 3, none: null, odd: 'a\u0085b\u2028c' });
    expect(text).toBe('---\ntitle: "Colons: \\"quotes\\" and \\\\ backslash"\nn: 3\nnone: null\nodd: "a\\u0085b\\u2028c"\n---\n');
    const values = text
      .split('\n')
      .slice(1, -2)
      .map((line) => JSON.parse(line.slice(line.indexOf(': ') + 2)) as unknown);
    expect(values).toEqual(['Colons: "quotes" and \\ backslash', 3, null, 'a\u0085b\u2028c']);
  });

  it('names files by lower-case ASCII words', () => {
    expect(slugify('Crème brûlée, à la "maison"!')).toBe('creme-brulee-a-la-maison');
    expect(slugify('日本語')).toBe('post');
    expect(slugify('word '.repeat(30)).length).toBeLessThanOrEqual(60);
    expect(slugify('word '.repeat(30))).not.toMatch(/-$/);
  });
});
