import { act, fireEvent, render, screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { COPY_NOTICE_MS, TEXT } from '@inkwell/contract';
import { PostBody } from './PostBody';
import { sanitizePostHtml } from './sanitize-post-html';

describe('PostBody', () => {
  it('keeps what the editor writes and strips script, handlers, styles and javascript: links', () => {
    const html = [
      '<h1>Head</h1><h2>Sub</h2><p><strong>b</strong> <em>i</em> <u>u</u> <s>s</s> <span style="color: rgb(230, 0, 0);">red</span></p>',
      '<blockquote>q</blockquote><ol><li>one</li></ol><ul><li>dot</li></ul>',
      '<p><a href="https://example.com">safe</a> <a href="javascript:alert(1)">bad</a></p>',
      '<img src="/storage/posts/a.webp"><img src="/storage/b.webp" onerror="alert(1)"><img src="data:image/png;base64,AAAA">',
      '<script>alert(1)</script><style>body{display:none}</style><iframe src="https://evil"></iframe>',
      '<p style="position:fixed" class="fixed inset-0 ql-align-center" onclick="alert(1)">x</p>',
    ].join('');
    render(<PostBody html={html} className="extra" />);
    const body = screen.getByTestId('post-body');
    expect(body).toHaveClass('prose', 'font-serif', 'extra');
    const out = body.innerHTML;
    expect(out).not.toMatch(/script|onerror|onclick|javascript:|iframe|<style|position|data:image|inset-0/);
    expect(body.querySelectorAll('h1, h2, strong, em, u, s, blockquote, ol, ul')).toHaveLength(9);
    expect(screen.getByText('red')).toHaveStyle({ color: 'rgb(230, 0, 0)' });
    expect(screen.getByText('x')).toHaveAttribute('class', 'ql-align-center');

    const safe = screen.getByRole('link', { name: 'safe' });
    expect(safe).toHaveAttribute('target', '_blank');
    expect(safe.getAttribute('rel')).toContain('noopener');
    expect(screen.getByText('bad')).not.toHaveAttribute('href');

    const images = body.querySelectorAll('img');
    expect(Array.from(images, (img) => img.getAttribute('src'))).toEqual(['/storage/posts/a.webp', '/storage/b.webp']);
    expect(images[1]).not.toHaveAttribute('onerror');
  });

  it('inserts no inline style attribute (the CSP refuses them): colours go through the CSSOM', () => {
    const html =
      '<p><span style="color: #e60000;">red</span> <span data-color="red;background:url(//x)">forged</span>' +
      ' <span style="color: red; background: url(//x)">mixed</span></p>';
    const clean = sanitizePostHtml(html);
    expect(clean).not.toMatch(/style=|url\(/);
    expect(clean).toContain('data-color="#e60000"');
    render(<PostBody html={html} />);
    expect(screen.getByText('red')).toHaveStyle({ color: 'rgb(230, 0, 0)' });
    expect(screen.getByText('forged')).not.toHaveAttribute('data-color');
    expect(screen.getByText('mixed').getAttribute('style')).toBeNull();
  });

  it("adds Copy to each code block, copies its text and says 'Code Copied!' for 2 s", async () => {
    vi.useFakeTimers();
    const writeText = vi.fn(() => Promise.resolve());
    Object.defineProperty(navigator, 'clipboard', { value: { writeText }, configurable: true });
    render(
      <PostBody
        html={
          '<p>intro</p><pre>\nconst a = 1;\nconsole.log(a);\n</pre>' +
          '<div class="ql-code-block-container" spellcheck="false"><div class="ql-code-block">line 1</div><div class="ql-code-block">line 2</div></div>'
        }
      />,
    );
    const buttons = screen.getAllByRole('button', { name: 'Copy code' });
    expect(buttons).toHaveLength(2);

    // The copy answers in a promise: let it settle (no timer moves) before looking.
    await act(async () => {
      fireEvent.click(buttons[0]!);
      await vi.advanceTimersByTimeAsync(0);
    });
    expect(writeText).toHaveBeenLastCalledWith('const a = 1;\nconsole.log(a);');
    expect(screen.getByText(TEXT.codeCopied)).toBeInTheDocument();

    act(() => vi.advanceTimersByTime(COPY_NOTICE_MS - 1));
    expect(screen.getByText(TEXT.codeCopied)).toBeInTheDocument();
    act(() => vi.advanceTimersByTime(1));
    expect(screen.queryByText(TEXT.codeCopied)).not.toBeInTheDocument();

    await act(async () => {
      fireEvent.click(screen.getAllByRole('button', { name: 'Copy code' })[1]!);
    });
    expect(writeText).toHaveBeenLastCalledWith('line 1\nline 2');
  });

  it('re-adds the buttons when the HTML changes (the live preview)', () => {
    const { rerender } = render(<PostBody html="<pre>a</pre>" />);
    expect(screen.getAllByRole('button', { name: 'Copy code' })).toHaveLength(1);
    rerender(<PostBody html="<pre>a</pre><p>b</p><pre>c</pre>" />);
    expect(screen.getAllByRole('button', { name: 'Copy code' })).toHaveLength(2);
  });
});
