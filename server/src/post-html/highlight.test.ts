import { CODE_LANGUAGES, htmlToPlainText, readTimeFromHtml } from '@inkwell/contract';
import { describe, expect, it } from 'vitest';
import { BODY_GUESS_MAX_CHARS, BODY_HIGHLIGHT_MAX_CHARS, GUESS_MAX_CHARS, HIGHLIGHT_MAX_CHARS, highlightCode, highlightCodeBlocks } from './highlight.ts';
import { sanitizeDescription } from './sanitize.ts';

/** A few lines each language's grammar colours. */
const SAMPLES: Record<string, string> = {
  bash: 'for f in *.txt; do\n  echo "$f"\ndone',
  c: '#include <stdio.h>\nint main(void) { return 0; }',
  cpp: '#include <vector>\nstd::vector<int> v;',
  csharp: 'public class A { public int B { get; set; } }',
  css: '.a { color: red; }',
  diff: '--- a/x\n+++ b/x\n@@ -1 +1 @@\n-old\n+new',
  dockerfile: 'FROM node:20\nRUN npm ci',
  go: 'package main\nfunc main() {}',
  xml: '<div class="x">hi</div>',
  java: 'public static void main(String[] args) {}',
  javascript: 'const answer = 42;',
  json: '{"a": [1, true, null]}',
  kotlin: 'fun main() { val x = 1 }',
  markdown: '# Title\n\n*word*',
  php: '<?php echo $x; ?>',
  python: 'def f(x):\n    return x',
  ruby: 'def f\n  puts "hi"\nend',
  rust: 'fn main() { let x: i32 = 5; }',
  sql: 'SELECT id FROM posts WHERE id = 1;',
  swift: 'let x: Int = 1\nfunc f() {}',
  typescript: 'interface A { b: string }',
  yaml: 'name: ci\non: [push]',
};

/** The text of highlighted HTML, as a reader copies it. */
const textOf = (html: string) =>
  html
    .replace(/<[^>]*>/g, '')
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&amp;/g, '&');

describe('code highlighting', () => {
  it('colours every language of the contract, with highlight.js classes only', () => {
    expect(Object.keys(SAMPLES).sort()).toEqual(CODE_LANGUAGES.map((language) => language.id).sort());
    for (const [language, code] of Object.entries(SAMPLES)) {
      const html = highlightCode(code, language);
      expect(html, language).toMatch(/<span class="hljs-[a-z-]+">/);
      expect(textOf(html), language).toBe(code);
      for (const [, classes] of html.matchAll(/class="([^"]*)"/g)) {
        for (const name of classes!.split(' ')) expect(name, language).toMatch(/^hljs-[a-z0-9-]+$/);
      }
    }
  });

  it('colours in the language written, by id or alias; plain text and a language we do not know stay plain', () => {
    expect(highlightCode('x = 1', 'PY')).toBe('x = <span class="hljs-number">1</span>');
    expect(highlightCode('const a = 1;', 'plain')).toBe('const a = 1;');
    expect(highlightCode('const a = 1;', 'text')).toBe('const a = 1;');
    expect(highlightCode('main = putStrLn "hi"', 'haskell')).toBe('main = putStrLn "hi"');
    expect(highlightCode('', 'python')).toBe('');
    // Kept as written in the body: the export's code fences use it (users/export.markdown.ts).
    expect(sanitizeDescription('<pre data-language="ts">let x = 1;</pre><pre data-language="haskell">x</pre>')).toBe(
      '<pre data-language="ts">\n<span class="hljs-keyword">let</span> x = <span class="hljs-number">1</span>;\n</pre><pre data-language="haskell">\nx\n</pre>',
    );
  });

  it('guesses the language of a block without one when it is sure, and leaves it plain when it is not', () => {
    const python = 'def greet(name):\n    return f"Hello, {name}"\n\nprint(greet("Ada"))';
    expect(highlightCode(python, null)).toContain('<span class="hljs-keyword">def</span>');
    expect(sanitizeDescription(`<pre>${python}</pre>`)).toMatch(/^<pre>\n<span class="hljs-keyword">def<\/span>/);
    expect(highlightCode('Just some words in a box.', null)).toBe('Just some words in a box.');
    expect(highlightCode('x < y && z', null)).toBe('x &lt; y &amp;&amp; z');
    // Guessing runs every grammar: long blocks are not guessed, very long ones never coloured.
    const long = `${python}\n`.repeat(Math.ceil(GUESS_MAX_CHARS / python.length));
    expect(highlightCode(long, null)).not.toContain('<span');
    expect(highlightCode(long, 'python')).toContain('<span');
    expect(highlightCode('x'.repeat(HIGHLIGHT_MAX_CHARS + 1), 'python')).not.toContain('<span');
  });

  it('colours a body’s blocks in order until its budget is spent, the rest plain, the same on every save', () => {
    const python = 'def greet(name):\n    return f"Hello, {name}"\n\nprint(greet("Ada"))\n'.repeat(200);
    const block = (language: string) => `<pre${language ? ` data-language="${language}"` : ''}>\n${python.slice(0, GUESS_MAX_CHARS - 10)}\n</pre>`;
    const guessed = Math.floor(BODY_GUESS_MAX_CHARS / (GUESS_MAX_CHARS - 10));
    const body = sanitizeDescription(block('').repeat(guessed + 1));
    const coloured = body.split('</pre>').map((part) => part.includes('<span'));
    expect(coloured.slice(0, guessed + 1)).toEqual([...Array<boolean>(guessed).fill(true), false]);
    expect(sanitizeDescription(body)).toBe(body);
    const chosen = Math.floor(BODY_HIGHLIGHT_MAX_CHARS / (GUESS_MAX_CHARS - 10));
    const named = sanitizeDescription(block('python').repeat(chosen + 1));
    expect(
      named
        .split('</pre>')
        .map((part) => part.includes('<span'))
        .slice(0, chosen + 1),
    ).toEqual([...Array<boolean>(chosen).fill(true), false]);
  });

  it('keeps code as text: markup in code comes out escaped', () => {
    const code = '<script>alert(1)</script>\n<img src=x onerror="alert(1)">';
    for (const language of ['xml', 'javascript', 'plain', null]) {
      const html = highlightCode(code, language);
      expect(html, String(language)).not.toMatch(/<(script|img)/i);
      expect(textOf(html), String(language)).toBe(code);
    }
    const stored = sanitizeDescription('<pre data-language="xml">\n&lt;script&gt;alert(1)&lt;/script&gt;\n</pre>');
    expect(stored).not.toContain('<script');
    expect(stored).toContain('&lt;');
    expect(stored).toContain('<span class="hljs-name">script</span>');
  });

  it('highlights each <pre> of a sanitised body from its text, once, whatever it held before', () => {
    const body = sanitizeDescription('<p>Intro</p><pre data-language="js">\nconst a = "x";\n\n</pre><p>Between</p><pre data-language="plain">\n<strong>raw</strong> &amp;\n</pre>');
    expect(body).toBe(
      '<p>Intro</p><pre data-language="js">\n<span class="hljs-keyword">const</span> a = <span class="hljs-string">"x"</span>;\n\n</pre>' +
        '<p>Between</p><pre data-language="plain">\nraw &amp;\n</pre>',
    );
    // Saved again (an edit, a draft's autosave): the same body, not highlighted twice.
    expect(sanitizeDescription(body)).toBe(body);
    expect(highlightCodeBlocks(body)).toBe(body);
    // Spans a writer sends inside code are dropped with their classes and handlers; the text stays.
    expect(sanitizeDescription('<pre data-language="javascript"><span class="hljs-string" onclick="alert(1)">let</span> x</pre>')).toBe(
      '<pre data-language="javascript">\n<span class="hljs-keyword">let</span> x\n</pre>',
    );
  });

  it('keeps the empty first and last lines Quill writes around the code, and reads <br> as a line', () => {
    expect(highlightCodeBlocks('<pre data-language="plain">\n\nfirst\n\n</pre>')).toBe('<pre data-language="plain">\n\nfirst\n\n</pre>');
    expect(highlightCodeBlocks('<pre data-language="plain">a<br />b</pre>')).toBe('<pre data-language="plain">\na\nb\n</pre>');
    // Sent as multipart form data (add-post, posts/update), lines end in \r\n.
    expect(highlightCodeBlocks('<pre data-language="plain">\r\na\r\n\r\nb\r\n</pre>')).toBe('<pre data-language="plain">\na\n\nb\n</pre>');
  });

  it('reads a <pre> nested in another as text of the outer one', () => {
    expect(sanitizeDescription('<pre data-language="plain">a<pre>b</pre>c</pre><p>d</p>')).toBe('<pre data-language="plain">\nabc\n</pre><p>d</p>');
  });

  it('counts the words of highlighted code as the preview counts the plain code (read time)', () => {
    const code = 'def f(x):\n    return x.y(z) + 1\n'.repeat(40);
    const plain = `<pre data-language="python">\n${code}\n</pre>`;
    const stored = sanitizeDescription(plain);
    expect(stored).toContain('hljs-');
    expect(htmlToPlainText(stored).split(/\s+/u)).toEqual(htmlToPlainText(plain).split(/\s+/u));
    expect(readTimeFromHtml(stored)).toBe(readTimeFromHtml(plain));
  });

  it('leaves a body without code untouched', () => {
    const body = '<p>No code <span style="color:red">here</span></p>';
    expect(highlightCodeBlocks(body)).toBe(body);
  });
});
