import { COMMENT_MAX_LENGTH } from '@inkwell/contract';
import { describe, expect, it } from 'vitest';
import { loadXssPayloads } from '../../../testdata/xss.ts';
import { noteHtml, noteText } from './note-text.ts';

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
    // A server on its own port names its accounts with it.
    expect(noteText('<p>@ada@127.0.0.1:8080 Hi</p>')).toBe('Hi');
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

  it('writes a member’s text as a Note’s HTML, escaped, which reads back as the same text', () => {
    const mention = { uri: 'https://two.example/ap/users/1', url: 'https://two.example/@bo', handle: '@bo@two.example' };
    const html = noteHtml('Gladly & <b>so</b>.\nNext line.\n\nLast.', mention);
    expect(html).toBe(
      '<p><span class="h-card"><a href="https://two.example/@bo" class="u-url mention">@bo@two.example</a></span> Gladly &amp; &lt;b&gt;so&lt;/b&gt;.<br>Next line.</p><p>Last.</p>',
    );
    expect(noteText(html)).toBe('Gladly & <b>so</b>.\nNext line.\n\nLast.');
  });
});
