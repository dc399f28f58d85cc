import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { DEFAULT_USER_IMAGE, paths, type WrittenElsewhere } from '@inkwell/contract';
import { mockApi, renderApp } from '../../test/render';
import { aPage, aPost, mockIntersectionObserver, signIn } from '../../test/posts';

/** The card of a story an account on another server wrote (issue 46), beside a member's, in Following. */
const dave: WrittenElsewhere = {
  handle: '@dave@far.example',
  icon_url: 'https://far.example/dave.png',
  profile_url: 'https://far.example/@dave',
  url: 'https://far.example/@dave/posts/1',
  account_id: 3,
};
const daveAuthor = { id: 40, name: 'Dave', profile_picture: null, followers_count: 2 };
const fromElsewhere = (elsewhere: Partial<WrittenElsewhere> = {}) =>
  aPost({ id: 2, title: 'A story from afar', user_id: 40, category_id: null, author: daveAuthor, elsewhere: { ...dave, ...elsewhere } });
const member = aPost({ id: 1, title: 'A member’s story', category_id: 3, author: { id: 20, name: 'Grace Hopper', profile_picture: 'grace.webp', followers_count: 12 } });

function following(posts = [member, fromElsewhere()]) {
  mockIntersectionObserver();
  signIn(7);
  mockApi((path) => {
    if (path === 'following/posts') return { body: aPage(posts) };
    if (path === 'categories') return { body: { categories: [{ id: 3, name: 'Science', description: null, followers_count: 0 }] } };
    return undefined;
  });
  renderApp('/?tab=following');
}

const card = async (title: string) => (await screen.findByText(title)).closest<HTMLElement>('[data-testid="post-card"]')!;
/** The author's picture: the first image of the card's author line (its cover comes after). */
const avatarOf = (card: HTMLElement) => card.querySelector('img')!;
const topicLinks = (card: HTMLElement) =>
  within(card)
    .queryAllByRole('link')
    .filter((link) => /\/recommended\/|category=/.test(link.getAttribute('href') ?? ''));

describe('A post card of a story from elsewhere', () => {
  it('shows the account’s handle and an Original link to its own page, in a new tab, and no topic', async () => {
    following();
    const story = await card('A story from afar');
    expect(within(story).getByText('@dave@far.example')).toBeInTheDocument();
    const original = within(story).getByRole('link', { name: 'Original' });
    expect(original).toHaveAttribute('href', 'https://far.example/@dave/posts/1');
    expect(original).toHaveAttribute('target', '_blank');
    expect(original).toHaveAttribute('rel', 'noopener noreferrer nofollow ugc');
    expect(topicLinks(story)).toHaveLength(0);
    expect(within(story).queryByText('Science')).not.toBeInTheDocument();
    // The author's name leads to their profile here (ADR 0085), as a member's does, with their picture there (https).
    const name = within(story).getByRole('link', { name: 'Dave' });
    expect(name).toHaveAttribute('href', paths.viewProfile.getHref(40));
    expect(name).not.toHaveAttribute('target');
    expect(name).toContainElement(avatarOf(story));
    expect(avatarOf(story)).toHaveAttribute('src', 'https://far.example/dave.png');
    // No hover card for it.
    await userEvent.setup().hover(name);
    expect(within(story).queryByRole('group', { name: /About/ })).not.toBeInTheDocument();
    // Like, comments, share and save as on any card.
    for (const name of ['Like', 'Share', 'Save']) expect(within(story).getByRole('button', { name })).toBeInTheDocument();
  });

  it('shows the placeholder for a picture not over https, and no Original link without one; its name leads here all the same', async () => {
    following([fromElsewhere({ icon_url: 'http://far.example/dave.png', url: null, profile_url: null })]);
    const story = await card('A story from afar');
    expect(within(story).getByText('@dave@far.example')).toBeInTheDocument();
    expect(within(story).getByRole('link', { name: 'Dave' })).toHaveAttribute('href', paths.viewProfile.getHref(40));
    expect(within(story).queryByRole('link', { name: 'Original' })).not.toBeInTheDocument();
    expect(avatarOf(story)).toHaveAttribute('src', DEFAULT_USER_IMAGE);
  });

  it('leaves a member’s card as it was: no handle, no Original, their own picture', async () => {
    following();
    const mine = await card('A member’s story');
    expect(within(mine).queryByTestId('elsewhere-mark')).not.toBeInTheDocument();
    expect(within(mine).queryByText(/@/)).not.toBeInTheDocument();
    expect(within(mine).queryByRole('link', { name: 'Original' })).not.toBeInTheDocument();
    expect(
      within(mine)
        .queryAllByRole('link')
        .every((link) => !link.hasAttribute('target')),
    ).toBe(true);
    expect(avatarOf(mine)).toHaveAttribute('src', '/storage/grace.webp');
  });
});
