import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { COMMENTS_BANNED, COMMENTS_CLOSED, paths } from '@inkwell/contract';
import { jsonBody, renderApp } from '../../test/render';
import { signIn } from '../../test/posts';
import { aThread, api, comment } from './testing';

/** Who may comment on a story (issue 47, ADR 0115): the line for a reader who may not, and the writer's choice. */
vi.mock('../../components/PostBody', () => ({
  PostBody: ({ html }: { html: string }) => <div data-testid="post-body">{html}</div>,
}));

const href = paths.viewPost.getHref(1);
const closedThread = (may: boolean | undefined) => ({ ...aThread(), comments_from: 'followers' as const, ...(may === undefined ? {} : { may_comment: may }) });

describe('who may comment on a story', () => {
  it('tells a reader who may not comment who may, instead of the box and the Reply buttons', async () => {
    signIn(30);
    api(closedThread(false));
    renderApp(href);
    expect(await screen.findByTestId('comments-closed')).toHaveTextContent(COMMENTS_CLOSED.followers);
    expect(screen.queryByLabelText('Write a comment')).not.toBeInTheDocument();
    expect(comment('<img src=x onerror=alert(1)>')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Reply' })).not.toBeInTheDocument();
    expect(screen.queryByTestId('who-may-comment')).not.toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'Log in' })).not.toBeInTheDocument();
  });

  it('gives a reader the server lets in the box as ever', async () => {
    signIn(30);
    api(closedThread(true));
    const { unmount } = renderApp(href);
    expect(await screen.findByLabelText('Write a comment')).toBeInTheDocument();
    expect(screen.queryByTestId('comments-closed')).not.toBeInTheDocument();
    expect(screen.getAllByRole('button', { name: 'Reply' }).length).toBeGreaterThan(0);
    unmount();
  });

  it('tells a visitor who may comment (the server knows nothing of them)', async () => {
    api(closedThread(undefined));
    renderApp(href);
    expect(await screen.findByTestId('comments-closed')).toHaveTextContent(COMMENTS_CLOSED.followers);
    expect(screen.queryByLabelText('Write a comment')).not.toBeInTheDocument();
    // A visitor may be one of them: the line offers to log in (a member who may not gets no such link).
    expect(screen.getByRole('link', { name: 'Log in' })).toHaveAttribute('href', paths.login.getHref());
  });

  it('lets the story’s writer choose, and reads the page again', async () => {
    signIn(20);
    let from = 'anyone';
    const fetchMock = api(aThread(), (path, init) => {
      if (path === 'posts/comments-from') {
        from = (jsonBody(init) as { comments_from: string }).comments_from;
        return { body: { message: 'Comments are turned off on this story.', comments_from: from } };
      }
      if (path === 'post/details') return { body: { post: { ...aThread(), comments_from: from, may_comment: true } } };
      return undefined;
    });
    renderApp(href);
    const choice = await screen.findByLabelText('Who can comment on this story');
    expect(choice).toHaveValue('anyone');
    await userEvent.setup().selectOptions(choice, 'nobody');
    expect(await screen.findByText('Comments are turned off on this story.')).toBeInTheDocument();
    const sent = fetchMock.mock.calls.find(([url]) => String(url).endsWith('/posts/comments-from'));
    expect(jsonBody(sent![1] as RequestInit)).toEqual({ id: 1, comments_from: 'nobody' });
    await waitFor(() => expect(screen.getByLabelText('Who can comment on this story')).toHaveValue('nobody'));
    // The writer may still comment on their own story.
    expect(screen.getByLabelText('Write a comment')).toBeInTheDocument();
  });

  it('tells a reader the writer banned why they cannot comment', async () => {
    signIn(30);
    api({ ...aThread(), comments_from: 'anyone', may_comment: false, banned_from_comments: true });
    renderApp(href);
    expect(await screen.findByTestId('comments-closed')).toHaveTextContent(COMMENTS_BANNED);
    expect(screen.queryByLabelText('Write a comment')).not.toBeInTheDocument();
  });

  it('lets the story’s writer ban the writer of a comment from their stories, asked once more, and lift it', async () => {
    signIn(20);
    let banned = false;
    const fetchMock = api(aThread(), (path, init) => {
      if (path === 'comment-bans') return { body: { data: banned ? [{ id: 30, name: 'Commenter', profile_picture: null }] : [] } };
      if (path === 'comment-bans/set') {
        banned = (jsonBody(init) as { banned: number }).banned === 1;
        return { body: { message: banned ? 'Commenter can no longer comment on your stories.' : 'Commenter can comment on your stories again.', banned } };
      }
      return undefined;
    });
    renderApp(href);
    const user = userEvent.setup();
    await screen.findByText('<img src=x onerror=alert(1)>');
    const thread = comment('<img src=x onerror=alert(1)>');
    await user.click(await within(thread).findByRole('button', { name: /^Ban .* from commenting on your stories$/ }));
    await user.click(await screen.findByRole('button', { name: 'Ban' }));
    expect(await screen.findByText('Commenter can no longer comment on your stories.')).toBeInTheDocument();
    const sent = fetchMock.mock.calls.find(([url]) => String(url).endsWith('/comment-bans/set'));
    expect(jsonBody(sent![1] as RequestInit)).toEqual({ user_id: 20, reader_id: 30, banned: 1 });
    await user.click(await within(thread).findByRole('button', { name: /^Lift the ban/ }));
    expect(await screen.findByText('Commenter can comment on your stories again.')).toBeInTheDocument();
  });
});
