import { COMMENT_MAX_LENGTH } from '@inkwell/contract';
import { describe, expect, it } from 'vitest';
import { loadXssPayloads } from '../../../testdata/xss.ts';
import { noteText } from './note-text.ts';

describe('noteText', () => {
  it('keeps a Mastodon reply’s words and lines, without the mention that addresses it', () => {
    const html =
      '<p><span class="h-card" translate="no"><a href="https://inkwell.example/@ada" class="u-url mention">@<span>ada</span></a></span> What a story &amp; a half,<br>truly.</p>' +
      '<p>See <a href="https://example.org/a/very/long/path" rel="nofollow noopener" target="_blank"><span class="invisible">https://</span><span class="ellipsis">example.org/a/very</span><span class="invisible">/long/path</span></a> too.</p>';
    expect(noteText(html)).toBe('What a story & a half,\ntruly.\n\nSee https://example.org/a/very/long/path too.');
  });

  it('leaves out what is not text, keeps what is only written like markup, and gives null when nothing is left', () => {
    expect(noteText('<p>Hi<script>alert(1)</script> <style>p{}</style>there</p>')).toBe('Hi there');
    expect(noteText('<p>1 &lt; 2 &amp;&amp; &quot;x&quot; &#39;y&#39;</p>')).toBe('1 < 2 && "x" \'y\'');
    expect(noteText('<p>@ada@inkwell.example</p>')).toBeNull();
    expect(noteText('<img src=x onerror=alert(1)>')).toBeNull();
    expect(noteText('<p>a\u0000b\u202ec</p>')).toBe('abc');
    expect(noteText('<p>one</p>\n\n\n<p></p><p></p><p>two</p>')).toBe('one\n\ntwo');
  });

  it('cuts a long Note to a comment’s length', () => {
    expect([...noteText(`<p>${'é'.repeat(COMMENT_MAX_LENGTH + 50)}</p>`)!]).toHaveLength(COMMENT_MAX_LENGTH);
  });

  it('gives no markup back from the shared XSS payloads: what is left is text, shown escaped', () => {
    for (const payload of loadXssPayloads()) {
      const text = noteText(payload) ?? '';
      // Tags that were tags are gone; anything left that looks like one was text (&lt;) in the input.
      expect(text.includes('<') ? /&(?:lt|#0*60|#x0*3c)/i.test(payload) || /<(?![a-z!/?])/i.test(payload) : true, payload).toBe(true);
    }
  });
});
