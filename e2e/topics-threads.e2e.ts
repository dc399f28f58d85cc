import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { paths } from '@inkwell/contract';
import type { RunningServer } from './support/server.ts';
import { type Session, type World, callApi, startWorld, stopWorld, verifiedUser, openAs } from './support/world.ts';

/**
 * Topics you follow and replies to replies (issue 13) in Chromium against the real server: a topic's
 * page follows it (the count moves, 'Recommended topics' no longer offers it), and a reply is answered
 * with the name of whom it answers.
 */
let world: World;
let server: RunningServer;
const password = 'Topics#2026';
let ana: Session; // writes, and comments
let bo: Session; // replies
let cy: Session; // the reader in the browser
let postId: number;
let topic: { id: number; name: string };

beforeAll(async () => {
  world = await startWorld();
  ({ server } = world);
  ana = await verifiedUser(world, 'ana.topics@example.com', password);
  bo = await verifiedUser(world, 'bo.topics@example.com', password);
  cy = await verifiedUser(world, 'cy.topics@example.com', password);
  for (const [who, name] of [
    [ana, 'Ana Writer'],
    [bo, 'Bo Replier'],
    [cy, 'Cy Reader'],
  ] as const) {
    expect((await callApi(world, 'update-profile', { id: Number(who.id), name }, { ...who })).status).toBe(200);
  }
  const categories = (await (await fetch(`${server.url}/api/user/categories`)).json()) as { categories: Array<{ id: number; name: string }> };
  topic = categories.categories[0]!;
  const added = await callApi(
    world,
    'add-post',
    { user_id: Number(ana.id), title: 'Tides and timetables', sub_title: 'A ferry log', category_id: topic.id, description: '<p>The crossing.</p>' },
    { ...ana },
  );
  expect(added.status).toBe(201);
  postId = (added.json.post as { id: number }).id;
  const comment = await callApi(world, 'comment', { user_id: Number(ana.id), post_id: postId, comments: 'Which ferry was it?' }, { ...ana });
  expect(comment.status, JSON.stringify(comment.json)).toBe(200);
  const commentId = comment.json.id as number;
  expect((await callApi(world, 'replies', { user_id: Number(bo.id), post_id: postId, comment_id: commentId, reply: 'The night boat, I think.' }, { ...bo })).status).toBe(200);
}, 120_000);
afterAll(() => stopWorld(world));

const contextFor = (session: Session) => openAs(world, session);

describe('topics and threads, in Chromium', () => {
  it('follows a topic from its page; the count moves and Recommended topics stops offering it', async () => {
    const { context, page, errors } = await contextFor(cy);
    await page.goto(`${server.url}/`);
    const panel = page.getByRole('region', { name: 'Recommended topics' });
    await expect.poll(() => panel.getByRole('link', { name: topic.name, exact: true }).count()).toBe(1);

    await page.goto(`${server.url}${paths.categoryPosts.getHref(topic.id)}`);
    await page.getByRole('heading', { level: 1, name: topic.name }).waitFor();
    await page.getByText('0 followers').waitFor();
    // The button turns at once; the reload waits for the server's answer (a reload that cuts the call
    // short shows the topic unfollowed, as CI saw once on a slow machine).
    const saved = page.waitForResponse((r) => new URL(r.url()).pathname === '/api/user/selected-category' && r.request().method() === 'POST');
    await page.getByRole('button', { name: 'Follow', exact: true }).click();
    await page.getByRole('button', { name: 'Following' }).waitFor();
    await page.getByText('1 follower', { exact: true }).waitFor();
    expect((await saved).status()).toBe(200);

    await page.reload();
    await page.getByRole('button', { name: 'Following' }).waitFor();
    await page.getByText('1 follower', { exact: true }).waitFor();
    const chosen = await callApi(world, 'user-categories', { user_id: Number(cy.id) }, { ...cy });
    expect(chosen.json).toEqual([{ category_id: topic.id }]);

    await page.goto(`${server.url}/`);
    await page.getByRole('region', { name: 'Recommended topics' }).waitFor();
    expect(await panel.getByRole('link', { name: topic.name, exact: true }).count()).toBe(0);
    expect(errors).toEqual([]);
    await context.close();
  });

  it('answers a reply: the answer says whom it replies to, and they are told', async () => {
    const { context, page, errors } = await contextFor(cy);
    await page.goto(`${server.url}${paths.viewPost.getHref(postId)}`);
    await page.getByRole('button', { name: /See 1 more replies/ }).click();
    const boReply = page.getByTestId('reply').filter({ hasText: 'The night boat, I think.' });
    await boReply.getByRole('button', { name: 'Reply' }).click();
    await page.getByLabel('Reply to Bo Replier').fill('It was the 23:40, I was on it too.');
    await page.getByLabel('Reply to Bo Replier').locator('xpath=ancestor::form').getByRole('button', { name: 'Reply' }).click();
    // Not Bo's reply while its form still holds the typed text (React keeps a textarea's text content
    // equal to its value, so that reply has the text too until the form closes).
    const answer = page
      .getByTestId('reply')
      .filter({ hasText: 'It was the 23:40' })
      .filter({ hasNot: page.locator('textarea') });
    await answer.waitFor();
    expect(await answer.textContent()).toContain('Replying to Bo Replier');
    const notes = await callApi(world, 'notifications', { user_id: Number(bo.id) }, { ...bo });
    const messages = (notes.json.notifications as Array<{ message: string }>).map((n) => n.message);
    expect(messages).toContain('Cy Reader answered your reply on “Tides and timetables”.');
    expect(errors).toEqual([]);
    await context.close();
  });
});
