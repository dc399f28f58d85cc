import { describe, expect, it } from 'vitest';
import { postBodyText } from '@inkwell/contract';
import { around, fold, foldedWords, marked, markedSubstrings, prefixMatch, snippet, wholeMatch, wordsIn } from './search-text.ts';

const text = (pieces: Array<{ text: string }>) => pieces.map((p) => p.text).join('');

describe('search text', () => {
  it('folds case and diacritics, and splits queries into words as the indexes do', () => {
    expect(fold('Ça Crème BRÛLÉE')).toBe('ca creme brulee');
    expect(foldedWords('node.js — "C++", naïve; NAÏVE e\u0301cole')).toEqual(['node', 'js', 'c', 'naive', 'ecole']);
    expect(foldedWords('%_*"\'')).toEqual([]);
    expect(foldedWords('a b c d e f g h i j')).toHaveLength(8);
  });

  it('matches word prefixes in headings and whole words in bodies', () => {
    expect([...wordsIn('Compilers, for everyone', ['compil', 'every', 'x'], true)]).toEqual(['compil', 'every']);
    expect([...wordsIn('Compilers, for everyone', ['compil', 'for'], false)]).toEqual(['for']);
    // A one-letter word is itself only, even as a prefix.
    expect([...wordsIn('a apple', ['a'], true)]).toEqual(['a']);
    expect(prefixMatch(['a'])('apple')).toBe(false);
  });

  it('marks matched words in place, keeping the text as it was', () => {
    const pieces = marked('<b>Crème</b> brûlée, creme!', prefixMatch(['creme']));
    expect(text(pieces)).toBe('<b>Crème</b> brûlée, creme!');
    expect(pieces.filter((p) => p.mark).map((p) => p.text)).toEqual(['Crème', 'creme']);
    expect(marked('', wholeMatch(['x']))).toEqual([]);
  });

  it('cuts a snippet of about 160 characters around the first match, at spaces, with ellipses', () => {
    const before = 'alpha '.repeat(60);
    const after = ' omega'.repeat(60);
    const pieces = snippet(`${before}the target word${after}`, wholeMatch(['target']), ['target']);
    const cut = text(pieces);
    expect(cut.startsWith('…alpha') && cut.endsWith('omega…')).toBe(true);
    expect(cut.length).toBeLessThanOrEqual(162);
    expect(pieces.filter((p) => p.mark).map((p) => p.text)).toEqual(['target']);
    // No match: the start; short texts whole.
    expect(text(snippet(`${before}`, wholeMatch(['zz']), ['zz'])).startsWith('alpha alpha')).toBe(true);
    expect(snippet('short one', wholeMatch(['one']), ['one'])).toEqual([
      { text: 'short ', mark: false },
      { text: 'one', mark: true },
    ]);
    // A match at the very end still shows.
    expect(text(snippet(`${before}target`, wholeMatch(['target']), ['target'])).endsWith('target')).toBe(true);
  });

  it('marks substrings for people, and keeps a long bio around its first mark', () => {
    expect(markedSubstrings('Grace Hopper', ['hop', 'ace'])).toEqual([
      { text: 'Gr', mark: false },
      { text: 'ace', mark: true },
      { text: ' ', mark: false },
      { text: 'Hop', mark: true },
      { text: 'per', mark: false },
    ]);
    const bio = markedSubstrings(`${'x'.repeat(300)} likes owls ${'y'.repeat(300)}`, ['owls']);
    const cut = around(bio);
    expect(text(cut)).toContain('likes owls');
    expect(cut.filter((p) => p.mark).map((p) => p.text)).toEqual(['owls']);
    expect(text(cut).length).toBeLessThanOrEqual(162);
  });

  it("takes a body's text from its HTML: no tags or attributes, entities decoded, spaces collapsed", () => {
    expect(postBodyText('<h1>Title</h1><p>A <a href="https://x.test/secret" class="c">link</a> &amp; &lt;b&gt;</p>\n<p>  two  </p><img src="/a.webp" alt="alt text">')).toBe(
      'Title A link & <b> two',
    );
    expect(postBodyText('<p>&#99999999; bad entity</p>')).toBe('&#99999999; bad entity');
  });
});
