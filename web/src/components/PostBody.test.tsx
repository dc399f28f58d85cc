import { act, fireEvent, render, screen } from '@testing-library/react';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { COPY_NOTICE_MS, POST_IMAGE_SIZES, TEXT, imageSrcSet } from '@inkwell/contract';
import { PostBody } from './PostBody';
import { cleanNow, loadSanitizer } from './post-html';

/** Post HTML as PostBody cleans it (the sanitiser is loaded below). */
const sanitizePostHtml = (html: string) => cleanNow(html) ?? '';

describe('PostBody', () => {
  // Loaded, as it is after a page's first load: the body is cleaned as it renders (PostBody.lazy.test.tsx: before).
  beforeAll(() => loadSanitizer());

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

  it('keeps the size and srcset the server gives a stored image, lazy; a forged srcset or size goes', () => {
    const image = `/storage/ab/cd/${'ab'.repeat(32)}.webp`;
    const srcset = imageSrcSet(image, 1200)!;
    const html = [
      `<img src="${image}" alt="Map" width="1200" height="600" srcset="${srcset}" sizes="${POST_IMAGE_SIZES}" loading="lazy" decoding="async">`,
      `<img src="${image}" width="1200" height="600" srcset="javascript:alert(1) 400w, ${image} 1200w" sizes="1px" loading="eager">`,
      `<img src="${image}" width="90%" height="1e3" srcset="${srcset}">`,
      `<p width="5" srcset="${srcset}" loading="lazy">text</p>`,
    ].join('');
    const out = new DOMParser().parseFromString(sanitizePostHtml(html), 'text/html').body;
    const [sized, forged, odd] = Array.from(out.querySelectorAll('img'));
    const attrs = (node: Element | undefined) => Object.fromEntries(Array.from(node?.attributes ?? [], (a) => [a.name, a.value]));
    expect(attrs(sized)).toEqual({ src: image, alt: 'Map', width: '1200', height: '600', srcset, sizes: POST_IMAGE_SIZES, loading: 'lazy', decoding: 'async' });
    expect(attrs(forged)).toEqual({ src: image, alt: '', width: '1200', height: '600', loading: 'lazy', decoding: 'async' });
    expect(attrs(odd)).toEqual({ src: image, alt: '', loading: 'lazy', decoding: 'async' });
    expect(attrs(out.querySelector('p')!)).toEqual({});
  });

  it('inserts no inline style attribute (the CSP refuses them): colours go through the CSSOM', () => {
    const html =
      '<p><span style="color: #e60000;">red</span> <span data-color="red;background:url(//x)">forged</span>' + ' <span style="color: red; background: url(//x)">mixed</span></p>';
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

  it('keeps figures with alt text and caption, the divider and the server’s token classes on code (issue 13)', () => {
    const html =
      '<figure onclick="alert(1)" class="fixed"><img src="/storage/a.webp" alt="A &quot;map&quot;"><figcaption class="x">Rivers</figcaption></figure><hr class="inset-0">' +
      '<pre data-language="python"><span class="hljs-keyword fixed">def</span> <span class="hljs-title" onmouseover="alert(1)">f</span>():</pre>' +
      '<p class="hljs-keyword"><span class="hljs-string">not code</span></p>';
    render(<PostBody html={html} />);
    const body = screen.getByTestId('post-body');
    expect(screen.getByRole('img', { name: 'A "map"' })).toHaveAttribute('src', '/storage/a.webp');
    expect(body.querySelector('figure')!.attributes).toHaveLength(0);
    expect(body.querySelector('figure > figcaption')).toHaveTextContent('Rivers');
    expect(body.querySelector('figcaption')!.attributes).toHaveLength(0);
    expect(body.querySelector('hr')!.attributes).toHaveLength(0);
    expect(screen.getByText('def')).toHaveAttribute('class', 'hljs-keyword');
    expect(screen.getByText('f')).not.toHaveAttribute('onmouseover');
    expect(body.querySelector('p')).not.toHaveAttribute('class');
    expect(screen.getByRole('button', { name: 'Copy code' })).toBeInTheDocument();
  });
});
