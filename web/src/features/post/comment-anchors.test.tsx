import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { paths, type PostDetail, type ReplyItem } from '@inkwell/contract';
import { mockApi, renderApp } from '../../test/render';
import { aComment, aPostDetail } from '../../test/posts';

vi.mock('../../components/PostBody', () => ({
  PostBody: ({ html }: { html: string }) => <div data-testid="post-body">{html}</div>,
}));

const href = paths.viewPost.getHref(1);
const aReply = (id: number, text: string): ReplyItem => ({
  id,
  user_id: 40,
  comment_id: 100,
  reply_to_id: null,
  reply: text,
  created_at: new Date().toISOString(),
  user: { id: 40, name: 'Stranger', profile_picture: null },
});

/** Comment 100 with replies 200 and 201 (folded at first), comment 101. */
function aThread(replies = [aReply(200, 'First reply'), aReply(201, 'Second reply')]) {
  return aPostDetail({
    id: 1,
    title: 'The post title',
    comments: [aComment({ id: 100, comments: 'A comment with replies', replies }), aComment({ id: 101, comments: 'Another comment' })],
  });
}

function api(answers: PostDetail[]) {
  let calls = 0;
  const fetchMock = mockApi((path) => {
    if (path === 'post/details') return { body: { post: answers[Math.min(calls++, answers.length - 1)] } };
    if (path === 'posts/related') return { body: { related_posts: [] } };
    return undefined;
  });
  return { fetchMock, detailsCalls: () => fetchMock.mock.calls.filter(([url]) => String(url).endsWith('/post/details')).length };
}

let scrolled: Element[] = [];
beforeEach(() => {
  scrolled = [];
  Element.prototype.scrollIntoView = vi.fn(function (this: Element) {
    scrolled.push(this);
  });
});
afterEach(() => {
  delete (Element.prototype as Partial<Element>).scrollIntoView;
});

describe('Links to a comment or a reply', () => {
  it('gives every comment and reply its anchor', async () => {
    api([aThread()]);
    renderApp(href);
    await screen.findByText('Another comment');
    expect(document.getElementById('comment-100')).toHaveAttribute('data-testid', 'comment');
    expect(document.getElementById('comment-101')).toHaveTextContent('Another comment');
    expect(document.getElementById('comment-100')).toHaveClass('scroll-mt-20');
    await userEvent.setup().click(screen.getByRole('button', { name: 'See 2 more replies...' }));
    expect(document.getElementById('reply-201')).toHaveTextContent('Second reply');
    expect(document.getElementById('reply-201')).toHaveClass('scroll-mt-20');
  });

  it('#comment-N scrolls to that comment and highlights it for a moment', async () => {
    api([aThread()]);
    renderApp(`${href}#comment-101`);
    await screen.findByText('Another comment');
    const target = document.getElementById('comment-101')!;
    await waitFor(() => expect(scrolled).toEqual([target]));
    const highlight = within(target).getByText('Another comment').closest('[data-highlighted]');
    expect(highlight).toHaveClass('ring-2');
    expect(document.querySelectorAll('[data-highlighted]')).toHaveLength(1);
    // The ring fades after a while.
    await waitFor(() => expect(document.querySelector('[data-highlighted]')).toBeNull(), { timeout: 4_000 });
  });

  it('#reply-N opens the folded replies of its comment, scrolls to the reply and highlights it', async () => {
    api([aThread()]);
    renderApp(`${href}#reply-201`);
    await screen.findByText('Second reply');
    const thread = document.getElementById('comment-100')!;
    expect(within(thread).getByRole('button', { name: 'Hide replies' })).toHaveAttribute('aria-expanded', 'true');
    const target = document.getElementById('reply-201')!;
    expect(within(thread).getByRole('list', { name: 'Replies' })).toContainElement(target);
    await waitFor(() => expect(scrolled).toEqual([target]));
    expect(target).toHaveAttribute('data-highlighted', 'true');
    expect(document.getElementById('reply-200')).not.toHaveAttribute('data-highlighted');

    // The reader may fold them again.
    await userEvent.setup().click(within(thread).getByRole('button', { name: 'Hide replies' }));
    expect(document.getElementById('reply-201')).toBeNull();
  });

  it('follows a new link to a reply while on the post', async () => {
    api([aThread()]);
    const { router } = renderApp(href);
    await screen.findByText('Another comment');
    expect(screen.queryByText('First reply')).not.toBeInTheDocument();
    await act(() => router.navigate(`${href}#reply-200`));
    const target = await waitFor(() => document.getElementById('reply-200')!);
    expect(target).toHaveTextContent('First reply');
    await waitFor(() => expect(scrolled).toContain(target));
  });

  it('asks for the post again when the cached copy does not hold the reply yet, then scrolls to it', async () => {
    const { detailsCalls } = api([aThread([aReply(200, 'First reply')]), aThread([aReply(200, 'First reply'), aReply(202, 'A brand new reply')])]);
    const { router } = renderApp(href);
    await screen.findByText('Another comment');
    expect(detailsCalls()).toBe(1);
    // The notification's link, followed within the copy's fresh time: the copy lacks reply 202.
    await act(() => router.navigate(`${href}#reply-202`));
    expect(await screen.findByText('A brand new reply')).toBeInTheDocument();
    expect(detailsCalls()).toBe(2);
    const target = document.getElementById('reply-202')!;
    await waitFor(() => expect(scrolled).toEqual([target]));
  });

  it('shows the comments when the comment is gone', async () => {
    api([aThread()]);
    renderApp(`${href}#comment-999`);
    await screen.findByText('Another comment');
    await waitFor(() => expect(scrolled).toEqual([document.getElementById('comments')]));
  });
});
