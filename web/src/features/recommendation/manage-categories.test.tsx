import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { TEXT, paths } from '@inkwell/contract';
import { aProfile, jsonBody, mockApi, renderApp } from '../../test/render';
import { signIn } from '../../test/posts';

const categories = {
  categories: [
    { id: 1, name: 'Science', description: 'Discoveries, experiments and the people behind them.', followers_count: 3 },
    { id: 2, name: 'Poetry', description: null, followers_count: 0 },
    { id: 3, name: 'Programming', description: 'Code, tools and the craft of software.', followers_count: 1 },
  ],
};

/** The API of the screen: categories, the reader's ticks, and the two calls that change them. */
function api(initial: number[], refuse?: string) {
  let chosen = [...initial];
  return mockApi((path, init) => {
    if (path === 'categories') return { body: categories };
    if (path === 'profile') return { body: { user: { ...aProfile, id: 9 } } };
    if (path === 'user-categories') return { body: chosen.map((category_id) => ({ category_id })) };
    if (path === 'selected-category') {
      if (refuse) return { status: 422, body: { message: refuse } };
      const { category_id, status } = jsonBody(init) as { category_id: number; status: string };
      chosen = status === 'active' ? [...chosen, category_id] : chosen.filter((id) => id !== category_id);
      return { body: { message: 'ok', status } };
    }
    if (path === 'reset-categories') {
      chosen = [];
      return { body: { message: 'Your recommendations have been reset.' } };
    }
    return undefined;
  });
}

const box = (name: string) => screen.getByRole('checkbox', { name: new RegExp(`^${name}`) });

describe('Manage Category (/recommendation)', () => {
  it('lists every category with its description, ticked as the reader chose, and sends each tick at once', async () => {
    signIn(9);
    const fetchMock = api([3]);
    renderApp('/recommendation');
    expect(await screen.findByRole('heading', { name: 'Manage Category' })).toBeInTheDocument();
    await waitFor(() => expect(box('Programming')).toBeChecked());
    expect(box('Science')).not.toBeChecked();
    expect(within(screen.getByRole('list', { name: 'Topics' })).getByText(TEXT.noDescription)).toBeInTheDocument();
    expect(document.title).toContain('Manage Category');

    const user = userEvent.setup();
    await user.click(box('Science'));
    expect(box('Science')).toBeChecked();
    await user.click(box('Programming'));
    expect(box('Programming')).not.toBeChecked();
    await waitFor(() => expect(screen.getByText('1 chosen')).toBeInTheDocument());
    const sent = fetchMock.mock.calls.filter(([url]) => String(url).endsWith('/selected-category')).map(([, init]) => jsonBody(init as RequestInit));
    expect(sent).toEqual([
      { user_id: 9, category_id: 1, status: 'active' },
      { user_id: 9, category_id: 3, status: 'inactive' },
    ]);
  });

  it('filters by the search box, and says when nothing matches', async () => {
    signIn(9);
    api([]);
    renderApp('/recommendation');
    await screen.findByText('Science');
    const user = userEvent.setup();
    await user.type(screen.getByRole('searchbox', { name: 'Search topics' }), 'craft');
    await waitFor(() => expect(screen.queryByText('Science')).not.toBeInTheDocument());
    expect(screen.getByText('Programming')).toBeInTheDocument();
    await user.clear(screen.getByRole('searchbox', { name: 'Search topics' }));
    await user.type(screen.getByRole('searchbox', { name: 'Search topics' }), 'zzz');
    expect(await screen.findByText('No topic matches “zzz”.')).toBeInTheDocument();
  });

  it('RESET ALL RECOMMENDATIONS asks once more, then unticks everything', async () => {
    signIn(9);
    const fetchMock = api([1, 2]);
    renderApp('/recommendation');
    await waitFor(() => expect(box('Poetry')).toBeChecked());
    const user = userEvent.setup();
    const resets = () => fetchMock.mock.calls.filter(([url]) => String(url).endsWith('/reset-categories'));

    // Keeping them changes nothing.
    await user.click(screen.getByRole('button', { name: 'RESET ALL RECOMMENDATIONS' }));
    const dialog = screen.getByRole('alertdialog', { name: 'Reset all recommendations?' });
    expect(dialog).toHaveTextContent('The 2 topics you chose will be unticked');
    expect(within(dialog).getByRole('button', { name: 'Keep my topics' })).toHaveFocus();
    await user.click(within(dialog).getByRole('button', { name: 'Keep my topics' }));
    expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument();
    expect(box('Poetry')).toBeChecked();
    expect(resets()).toHaveLength(0);

    // Escape cancels too.
    await user.click(screen.getByRole('button', { name: 'RESET ALL RECOMMENDATIONS' }));
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument();
    expect(resets()).toHaveLength(0);

    await user.click(screen.getByRole('button', { name: 'RESET ALL RECOMMENDATIONS' }));
    await user.click(within(screen.getByRole('alertdialog')).getByRole('button', { name: 'Reset' }));
    await waitFor(() => expect(box('Poetry')).not.toBeChecked());
    expect(box('Science')).not.toBeChecked();
    expect(await screen.findByText('Your recommendations have been reset.')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'RESET ALL RECOMMENDATIONS' })).toBeDisabled();
    expect(resets()).toHaveLength(1);
    expect(jsonBody(resets()[0]![1] as RequestInit)).toEqual({ user_id: 9 });
  });

  it('leads from each topic to its posts on the category screen (/recommended/{catogary})', async () => {
    signIn(9);
    api([]);
    const { router } = renderApp('/recommendation');
    await screen.findByText('Science');
    const link = screen.getByRole('link', { name: 'Programming posts' });
    expect(link).toHaveAttribute('href', paths.categoryPosts.getHref(3));
    await userEvent.setup().click(link);
    await waitFor(() => expect(router.state.location.pathname).toBe(paths.categoryPosts.getHref(3)));
    expect(await screen.findByRole('heading', { level: 1, name: 'Programming' })).toBeInTheDocument();
  });

  it('puts a box back and says why when the server refuses', async () => {
    signIn(9);
    api([], 'The selected category id is invalid.');
    renderApp('/recommendation');
    await screen.findByText('Science');
    await waitFor(() => expect(box('Science')).toBeEnabled());
    await userEvent.setup().click(box('Science'));
    expect(await screen.findByText('The selected category id is invalid.')).toBeInTheDocument();
    await waitFor(() => expect(box('Science')).not.toBeChecked());
  });

  it(`shows '${TEXT.noCategories}' when there are none or they fail to load`, async () => {
    signIn(9);
    mockApi((path) => (path === 'categories' ? { status: 500, body: { message: 'boom' } } : undefined));
    renderApp('/recommendation');
    expect(await screen.findByText(TEXT.noCategories)).toBeInTheDocument();
  });
});
