import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it } from 'vitest';
import { PASSWORD_HINT, TEXT } from '@inkwell/contract';
import { aProfile, jsonBody, mockApi, renderApp } from '../../test/render';
import { aPage, aPost, aPostDetail, mockIntersectionObserver, signIn } from '../../test/posts';
import { WELCOME_NAME_REQUIRED } from './components/WelcomePanel';

/** A new member (9): no name yet; update-profile answers the saved name. */
function api({ name = null as string | null, refuse }: { name?: string | null; refuse?: string } = {}) {
  let current = name;
  return mockApi((path, init) => {
    if (path === 'profile') return { body: { user: { ...aProfile, id: 9, name: current } } };
    if (path === 'view-posts') return { body: aPage([]) };
    if (path === 'update-profile') {
      if (refuse) return { status: 422, body: { message: refuse, errors: { name: [refuse] } } };
      current = (jsonBody(init) as { name: string }).name;
      return { body: { message: 'Profile updated successfully.', user: { ...aProfile, id: 9, name: current } } };
    }
    return undefined;
  });
}

const welcome = () => screen.findByTestId('welcome');

beforeEach(() => {
  localStorage.clear();
  mockIntersectionObserver();
});

describe('The welcome step (home page, after the first sign-in)', () => {
  it('asks a member without a name for one, saves it with update-profile {id, name}, then offers the topics', async () => {
    signIn(9);
    const fetchMock = api();
    const { router } = renderApp('/');
    const panel = await welcome();
    expect(within(panel).getByRole('heading', { name: 'What should readers call you?' })).toBeInTheDocument();
    const user = userEvent.setup();

    // Nothing typed: asked again, nothing sent.
    await user.click(within(panel).getByRole('button', { name: 'Save name' }));
    expect(within(panel).getByLabelText('Your name')).toHaveAccessibleDescription(WELCOME_NAME_REQUIRED);

    await user.type(within(panel).getByLabelText('Your name'), '  Ada Okafor ');
    await user.click(within(panel).getByRole('button', { name: 'Save name' }));
    const topics = await screen.findByRole('heading', { name: 'Nice to meet you, Ada Okafor.' });
    await waitFor(() => expect(topics).toHaveFocus());
    const saves = fetchMock.mock.calls.filter(([url]) => String(url).endsWith('/update-profile'));
    expect(saves.map(([, init]) => jsonBody(init as RequestInit))).toEqual([{ id: 9, name: 'Ada Okafor' }]);

    // The topic picker is Manage Category.
    const choose = within(await welcome()).getByRole('link', { name: 'Choose topics' });
    expect(choose).toHaveAttribute('href', '/recommendation');
    await user.click(choose);
    await waitFor(() => expect(router.state.location.pathname).toBe('/recommendation'));
    expect(localStorage.getItem('inkwell:welcome-done:9')).not.toBeNull();
  });

  it('can be skipped, and stays skipped for that member (not for another one)', async () => {
    signIn(9);
    api();
    const first = renderApp('/');
    const user = userEvent.setup();
    await user.click(within(await welcome()).getByRole('button', { name: 'Skip' }));
    expect(await screen.findByRole('heading', { name: 'What would you like to read?' })).toBeInTheDocument();
    await user.click(within(await welcome()).getByRole('button', { name: 'Not now' }));
    expect(screen.queryByTestId('welcome')).not.toBeInTheDocument();
    first.unmount();

    // Back later: not asked again.
    renderApp('/');
    await screen.findByText(TEXT.noPosts);
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(screen.queryByTestId('welcome')).not.toBeInTheDocument();
  });

  it('the close button ends it at once', async () => {
    signIn(9);
    api();
    renderApp('/');
    await userEvent.setup().click(within(await welcome()).getByRole('button', { name: 'Close the welcome' }));
    expect(screen.queryByTestId('welcome')).not.toBeInTheDocument();
    expect(localStorage.getItem('inkwell:welcome-done:9')).not.toBeNull();
    expect(localStorage.getItem('inkwell:welcome-done:8')).toBeNull();
  });

  it("shows the server's refusal under the field and stays", async () => {
    signIn(9);
    api({ refuse: 'The name may not be greater than 60 characters.' });
    renderApp('/');
    const user = userEvent.setup();
    await user.type(within(await welcome()).getByLabelText('Your name'), 'A name');
    await user.click(screen.getByRole('button', { name: 'Save name' }));
    await waitFor(() => expect(screen.getByLabelText('Your name')).toHaveAccessibleDescription('The name may not be greater than 60 characters.'));
    expect(localStorage.getItem('inkwell:welcome-done:9')).toBeNull();
  });

  it('is not shown to a member who has a name, nor to a visitor', async () => {
    signIn(9);
    api({ name: 'Named Already' });
    const named = renderApp('/');
    await screen.findByText(TEXT.noPosts);
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(screen.queryByTestId('welcome')).not.toBeInTheDocument();
    named.unmount();
    document.cookie = 'id=; path=/; max-age=0';

    api();
    renderApp('/');
    await screen.findByText(TEXT.noPosts);
    expect(screen.queryByTestId('welcome')).not.toBeInTheDocument();
  });
});

describe('Signup (SPEC §2: three fields, no name)', () => {
  it("clears 'pasword didn't match' as soon as the two passwords match, also after a refused submit", async () => {
    mockApi(() => undefined);
    renderApp('/signup');
    const user = userEvent.setup();
    await user.type(await screen.findByLabelText('Email'), 'new@example.com');
    await user.type(screen.getByLabelText('Password'), 'abc123!@');
    await user.type(screen.getByLabelText('Confirm password'), 'abc123!#');
    await user.click(screen.getByRole('button', { name: 'Sign Up' }));
    const confirmation = screen.getByLabelText('Confirm password');
    expect(confirmation).toHaveAccessibleDescription(`${TEXT.passwordMismatchSignup} ${PASSWORD_HINT}`);

    // Fixing the confirmation takes the message away.
    await user.type(confirmation, '{Backspace}@');
    expect(confirmation).toHaveAccessibleDescription(PASSWORD_HINT);
    expect(screen.queryByText(TEXT.passwordMismatchSignup)).not.toBeInTheDocument();

    // And changing the password to meet a confirmation does as well.
    await user.click(screen.getByRole('button', { name: 'Sign Up' }));
    await user.clear(confirmation);
    await user.type(confirmation, 'xyz789!@');
    expect(screen.getByText(TEXT.passwordMismatchSignup)).toBeInTheDocument();
    await user.clear(screen.getByLabelText('Password'));
    await user.type(screen.getByLabelText('Password'), 'xyz789!@');
    expect(screen.queryByText(TEXT.passwordMismatchSignup)).not.toBeInTheDocument();
  });
});

describe('Notices', () => {
  it('do not follow the member to the next screen', async () => {
    signIn(9);
    mockApi((path) => {
      if (path === 'profile') return { body: { user: { ...aProfile, id: 9 } } };
      if (path === 'view-posts') return { body: aPage([aPost({ id: 5, title: 'Keep me' })]) };
      if (path === 'posts/save') return { body: { message: 'ok', is_saved: true } };
      if (path === 'post/details') return { body: { post: aPostDetail({ id: 5, title: 'Keep me' }) } };
      return undefined;
    });
    renderApp('/');
    const user = userEvent.setup();
    const card = await screen.findByTestId('post-card');
    await user.click(within(card).getByRole('button', { name: 'Save' }));
    expect(await screen.findByText(TEXT.postSaved)).toBeInTheDocument();
    await user.click(within(card).getByRole('link', { name: /^Keep me/ }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Keep me' })).toBeInTheDocument();
    expect(screen.queryByText(TEXT.postSaved)).not.toBeInTheDocument();
  });
});
