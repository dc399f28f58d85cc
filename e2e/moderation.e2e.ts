import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { paths } from '@inkwell/contract';
import { admin, caseOfComment } from './support/admin.ts';
import { artifactPath } from './support/browser.ts';
import { type Session, type World, aStory, callApi, gotoWithStream, mailedToken, openAs, startWorld, stopWorld, verifiedUser } from './support/world.ts';

/**
 * A report decided live, and its appeal (issue 47): a reader reports a comment from beside it; a
 * moderator decides the case in the console (ADR 0105) with a preset while the reader's list of
 * reports is open, and the outcome comes to it without a reload; the comment leaves readers' sight and stays with
 * its writer, labelled; the writer follows the appeal link of the statement mail, appeals, and when
 * the moderator upholds the appeal in the console (ADR 0106) the comment is back for everyone.
 */
let world: World;
let writer: Session;
let reader: Session;
let moderator: Session;
let postId: number;
let commentId: number;
const WRITER = 'mod.writer@example.com';
const RUDE = 'Only fools garden in clay.';

beforeAll(async () => {
  world = await startWorld({ MAIL_DIGEST_MINUTES: '0' });
  writer = await verifiedUser(world, WRITER, 'Mod#writer2026');
  reader = await verifiedUser(world, 'mod.reader@example.com', 'Mod#reader2026');
  moderator = await verifiedUser(world, 'mod.moderator@example.com', 'Mod#moderator2026');
  expect(admin(world, 'role:grant', 'moderator', 'mod.moderator@example.com').code).toBe(0);
  expect((await callApi(world, 'update-profile', { id: Number(writer.id), name: 'Wren Writer' }, { ...writer })).status).toBe(200);
  postId = await aStory(world, writer, { title: 'Clay soil, kindly', sub_title: 'Notes from the allotment', description: '<p>Dig in autumn.</p>' });
  const said = await callApi(world, 'comment', { user_id: Number(writer.id), post_id: postId, comments: RUDE }, { ...writer });
  expect(said.status).toBe(200);
  commentId = Number(said.json.id);
  expect(admin(world, 'preset:set', 'rude', '--text', 'Name-calling is not criticism.').code).toBe(0);
}, 120_000);
afterAll(() => stopWorld(world));

const visibleTo = async (session: Session | null) => {
  const res = await callApi(world, 'post/details', { post_id: postId, ...(session ? { user_id: Number(session.id) } : {}) }, session ? { ...session } : {});
  return ((res.json.post as { comments: Array<{ comments: string; hidden?: string }> }).comments ?? []).filter((c) => c.comments === RUDE);
};

describe('a report decided live, and appealed', () => {
  it('reaches the reporter’s open list of reports as it is decided, and hides the comment from everyone but its writer', async () => {
    const { context, page, errors } = await openAs(world, reader);
    await page.goto(`${world.server.url}${paths.viewPost.getHref(postId)}`);
    await page
      .getByTestId('comment')
      .filter({ hasText: RUDE })
      .getByRole('link', { name: /^Report comment by/ })
      .click();
    await page.getByRole('heading', { level: 1, name: 'Report this comment' }).waitFor();
    await page.getByRole('radio', { name: /Harassment or hate/ }).check();
    await page.getByRole('button', { name: 'Send report' }).click();
    await page.getByRole('heading', { level: 1, name: 'Your reports' }).waitFor();
    await page.getByText('With the moderators', { exact: true }).waitFor();
    // The list open, with its live stream: a moderator decides now.
    await gotoWithStream(page, `${world.server.url}${paths.reports.getHref()}`);
    await page.getByText('With the moderators', { exact: true }).waitFor();
    // The moderator decides it in the console, in a browser of their own, with the preset's words.
    const desk = await openAs(world, moderator);
    await desk.page.goto(`${world.server.url}${paths.mod.getHref()}`);
    await desk.page.getByRole('heading', { level: 1, name: 'Moderation' }).waitFor();
    const caseId = caseOfComment(world, commentId);
    await desk.page.getByRole('link', { name: `Case ${caseId}` }).click();
    await desk.page.getByRole('heading', { level: 1, name: `Case ${caseId}` }).waitFor();
    await desk.page.getByText(RUDE).first().waitFor();
    await desk.page.getByRole('radio', { name: 'Hide it' }).check();
    await desk.page.getByLabel('Start from a preset').selectOption('rude');
    await desk.page.screenshot({ path: artifactPath('mod-case-deciding-1280.png'), fullPage: true });
    await desk.page.getByRole('button', { name: `Decide case ${caseId}` }).click();
    await desk.page.getByRole('heading', { level: 1, name: 'Moderation' }).waitFor();
    await desk.page.getByText(/1 case decided\./).waitFor();
    expect(desk.errors).toEqual([]);
    await desk.context.close();
    await page.getByText(/It has been hidden from readers\./).waitFor({ timeout: 20_000 });
    await page.getByText(/Name-calling is not criticism\./).waitFor();
    await page.getByTestId('notifications-dot').waitFor();
    await page.screenshot({ path: artifactPath('reports-decided-live-1280.png'), fullPage: true });
    expect(errors).toEqual([]);
    await context.close();

    expect(await visibleTo(null)).toEqual([]);
    expect(await visibleTo(reader)).toEqual([]);
    expect(await visibleTo(writer)).toEqual([expect.objectContaining({ hidden: 'moderators' })]);
  });

  it('lets the writer appeal from the statement mail’s link, and the appeal upheld in the console brings the comment back', async () => {
    const link = `${world.server.url}${paths.appeal.getHref(await mailedToken(world, WRITER, paths.appeal.path))}`;
    // Signed out, on a phone, in the dark: the link needs no session.
    const { context, page, errors } = await openAs(world, null, { width: 375, dark: true });
    await page.goto(link);
    await page.getByRole('heading', { name: 'Something you wrote was hidden' }).waitFor();
    await page.getByText(/Name-calling is not criticism\./).waitFor();
    await page.getByLabel('Why should they look again?').fill('It was a joke between gardeners; I will say it more kindly.');
    await page.getByRole('button', { name: 'Send appeal' }).click();
    await page.getByTestId('appeal-made').getByText('A moderator will read it and answer.').waitFor();
    await page.screenshot({ path: artifactPath('appeal-sent-375-dark.png'), fullPage: true });

    expect(errors).toEqual([]);
    await context.close();

    // The moderator answers it in the console's appeals: upheld, with reasons.
    const listed = admin(world, 'appeals:list').out.trim().split('\n');
    const appeal = JSON.parse(listed[0]!) as { id: number; text: string };
    const desk = await openAs(world, moderator);
    await desk.page.goto(`${world.server.url}${paths.mod.getHref()}`);
    await desk.page.getByRole('navigation', { name: 'Moderation console' }).getByRole('link', { name: 'Appeals' }).click();
    await desk.page.getByRole('heading', { level: 1, name: 'Appeals' }).waitFor();
    const item = desk.page.getByRole('article', { name: `Appeal ${appeal.id}` });
    await item.getByText('It was a joke between gardeners; I will say it more kindly.').waitFor();
    await item.getByRole('radio', { name: 'Uphold it: lift the action' }).check();
    await item.getByLabel('Your reasons (told to the appellant)').fill('Read in its thread, it is banter.');
    await desk.page.screenshot({ path: artifactPath('mod-appeals-answering-1280.png'), fullPage: true });
    await item.getByRole('button', { name: `Answer appeal ${appeal.id}` }).click();
    await desk.page.getByText(`Appeal ${appeal.id} upheld: the action is lifted.`).waitFor();
    await desk.page.getByText('No appeal is waiting.').waitFor();
    // The answered ones, on a phone in the dark: who answered, and their reasons.
    await desk.page.setViewportSize({ width: 375, height: 800 });
    await desk.page.emulateMedia({ colorScheme: 'dark' });
    await desk.page.getByRole('link', { name: 'Answered' }).click();
    await desk.page
      .getByRole('article', { name: `Appeal ${appeal.id}` })
      .getByText('Read in its thread, it is banter.')
      .waitFor();
    await desk.page.screenshot({ path: artifactPath('mod-appeals-answered-375-dark.png'), fullPage: true });
    expect(desk.errors).toEqual([]);
    await desk.context.close();
    await expect.poll(async () => (await visibleTo(null)).length, { timeout: 20_000 }).toBe(1);
    const [answered] = admin(world, 'appeals:list', '--status', 'approved').out.trim().split('\n');
    expect(JSON.parse(answered!)).toMatchObject({ id: appeal.id, reply: 'Read in its thread, it is banter.' });
  });
});
