import { Accept, Article, Create, Follow, Like, Note, PUBLIC_COLLECTION } from '@fedify/vocab';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type CommentItem, type PostDetail, paths } from '@inkwell/contract';
import { type FediversePeer, startFediversePeer } from '../server/src/test/fediverse-peer.ts';
import { until } from '../server/src/test/until.ts';
import { artifactPath } from './support/browser.ts';
import { type Session, type World, aStory, callApi, openAs, startWorld, stopWorld, verifiedUser } from './support/world.ts';

/**
 * The fediverse in the browser (issues 30 and 46): a writer's handle on their profile, and a reply from
 * another server (a Fedify peer on 127.0.0.1, real signatures) that is one of the story's comments, in
 * its ordinary thread on the page the server renders and once the app runs, answered by a member with
 * the ordinary reply form (sent back as a Note), and told to the writer, who may block its author from
 * it; and a member following an account there, reading its story in the Home feed's Following tab with
 * the ordinary card, liking it and commenting on it on its ordinary page (both sent to its server).
 */
let world: World;
let peer: FediversePeer;
let ines: Session;
let storyId: number;
/** Dave's reply, as the story's comment (post/details). */
let davesComment: CommentItem;
const title = 'Slow trains and fast thoughts';
const said = 'Read it twice. The part about timetables stays with me.';
const daveHandle = () => `@dave@${new URL(peer.origin).host}`;

/** Dave's comment on the story, once post/details lists it (with `elsewhere` naming him). */
async function findDavesComment(): Promise<CommentItem | undefined> {
  const { json } = await callApi(world, 'post/details', { post_id: storyId });
  return (json.post as PostDetail | undefined)?.comments.find((comment) => comment.elsewhere?.handle === daveHandle());
}

beforeAll(async () => {
  world = await startWorld({ FEDERATION: 'on', FEDERATION_ALLOW_PRIVATE_ADDRESS: '1' });
  peer = await startFediversePeer(['dave']);
  ines = await verifiedUser(world, 'ines.fediverse@example.com', 'Fediverse#2026');
  expect((await callApi(world, 'update-profile', { id: Number(ines.id), name: 'Ines Writer', username: 'ines' }, { ...ines })).status).toBe(200);
  storyId = await aStory(world, ines, { title, sub_title: 'On the night train', description: '<p>A story worth answering.</p>' });
  // Dave answers it from his server, to Inkwell's shared inbox.
  const note = new URL(`${peer.origin}/users/dave/notes/1`);
  const reply = new Note({
    id: note,
    attribution: peer.actorUri('dave'),
    replyTarget: new URL(`${world.server.url}/ap/posts/${storyId}`),
    content: `<p><span class="h-card"><a href="#" class="u-url mention">@<span>ines</span></a></span> ${said}</p>`,
    url: new URL(`${peer.origin}/@dave/1`),
    to: PUBLIC_COLLECTION,
  });
  const server = { id: new URL(`${world.server.url}/ap/users/instance`), inboxId: new URL(`${world.server.url}/ap/inbox`) };
  await peer.send('dave', server, new Create({ id: new URL(`${note.href}/activity`), actor: peer.actorUri('dave'), object: reply, to: PUBLIC_COLLECTION }));
  // It is one of the story's comments, by an account elsewhere.
  davesComment = await until(findDavesComment, 20_000, 200);
  expect(davesComment.comments).toContain(said);
  expect(davesComment.elsewhere).toMatchObject({ profile_url: `${peer.origin}/@dave`, url: `${peer.origin}/@dave/1`, account_id: expect.any(Number) });
}, 120_000);
afterAll(async () => {
  await peer?.close();
  await stopWorld(world);
});

describe('the fediverse in the browser', () => {
  it('shows the writer’s handle on their profile', async () => {
    const { context, page, errors } = await openAs(world, null);
    await page.goto(`${world.server.url}${paths.viewProfile.getHref(Number(ines.id))}`);
    await expect.poll(() => page.getByTestId('fediverse-handle').first().textContent()).toBe(`@ines@${new URL(world.server.url).host}`);
    expect(errors).toEqual([]);
    await context.close();
  });

  it('shows a reply from the fediverse as a comment, in the ordinary thread, before and after the app starts, at 1280 and 375, light and dark', async () => {
    const href = `${world.server.url}${paths.viewPost.getHref(storyId)}`;
    // The page as the server sends it, no scripts run: the comment, Dave's name linked to his profile here (ADR 0085), his handle.
    const html = await (await fetch(href)).text();
    const start = html.indexOf(`id="comment-${davesComment.id}"`);
    expect(start).toBeGreaterThan(0);
    const comment = html.slice(start, html.indexOf('</li>', start));
    expect(comment).toContain(said);
    const daveHere = paths.viewProfile.getHref(davesComment.elsewhere!.account_id!);
    expect(comment).toContain(`href="${daveHere}"`);
    expect(comment).toContain(daveHandle());
    expect(html).not.toContain('From the fediverse');
    for (const [width, dark] of [
      [1280, false],
      [375, true],
    ] as const) {
      const { context, page, errors } = await openAs(world, null, { width, dark });
      await page.goto(href);
      const section = page.getByRole('region', { name: /^Comments/ });
      await section.waitFor();
      const thread = section.getByTestId('comment').filter({ hasText: said });
      await thread.getByText(said).waitFor();
      expect(await thread.getByRole('link', { name: 'Dave of the peer', exact: true }).getAttribute('href')).toBe(daveHere);
      await thread.getByText(daveHandle()).waitFor();
      expect(await thread.getByRole('link', { name: 'Original' }).getAttribute('href')).toBe(`${peer.origin}/@dave/1`);
      // A visitor has no Block for it (the story's writer has: 'tells the writer').
      expect(await thread.getByRole('button', { name: /^Block/ }).count()).toBe(0);
      // The count the story shows holds it.
      expect(await page.getByTestId('comments-total').textContent()).toBe('(1)');
      await thread.scrollIntoViewIfNeeded();
      await page.screenshot({ path: artifactPath(`fediverse-reply-${width}${dark ? '-dark' : ''}.png`) });
      expect(errors).toEqual([]);
      await context.close();
    }
  });

  it('lets a member answer it with the ordinary reply form, and sends the answer to its author’s server', async () => {
    const bo = await verifiedUser(world, 'bo.fediverse@example.com', 'Fediverse#2026');
    expect((await callApi(world, 'update-profile', { id: Number(bo.id), name: 'Bo Reader', username: 'boreader' }, { ...bo })).status).toBe(200);
    const { context, page, errors } = await openAs(world, bo, { width: 375 });
    await page.goto(`${world.server.url}${paths.viewPost.getHref(storyId)}`);
    const thread = page.getByTestId('comment').filter({ hasText: said });
    // The comment's own Reply (the first; each reply has one too). Pressed again if the box did not open:
    // a press before the comment is hydrated does nothing (each comment hydrates later, ssr/hydrate-later).
    const open = thread.getByRole('button', { name: 'Reply', exact: true }).first();
    await expect
      .poll(
        async () => {
          if ((await open.getAttribute('aria-expanded')) !== 'true') await open.click();
          return open.getAttribute('aria-expanded');
        },
        { timeout: 30_000, interval: 2_000 },
      )
      .toBe('true');
    const box = thread.getByRole('textbox', { name: 'Reply to Dave of the peer' });
    await box.fill('Thank you, Dave. Timetables are poetry.');
    await thread.locator('form').getByRole('button', { name: 'Reply' }).click();
    // The answer is a reply in the comment's thread, from Bo, and Dave's server receives it as a Note answering his.
    const answer = thread.getByTestId('reply').filter({ hasText: 'Thank you, Dave. Timetables are poetry.' });
    await answer.waitFor();
    expect(await answer.getByRole('link', { name: 'Bo Reader', exact: true }).getAttribute('href')).toBe(paths.viewProfile.getHref(Number(bo.id)));
    const sent = await until(() => peer.received.find(({ activity }) => activity instanceof Create && activity.actorId?.href.endsWith(`/ap/users/${bo.id}`)), 20_000);
    const note = (await (sent.activity as Create).getObject()) as Note;
    expect(note.content?.toString()).toContain('Thank you, Dave. Timetables are poetry.');
    expect(note.replyTargetId?.href).toBe(`${peer.origin}/users/dave/notes/1`);
    await answer.scrollIntoViewIfNeeded();
    await page.screenshot({ path: artifactPath('fediverse-answer-375.png') });
    expect(errors).toEqual([]);
    await context.close();
  });

  it('follows an account there from the profile, reads its story in Following, likes it and comments on it', async () => {
    const cy = await verifiedUser(world, 'cy.fediverse@example.com', 'Fediverse#2026');
    expect((await callApi(world, 'update-profile', { id: Number(cy.id), name: 'Cy Reader', username: 'cyreader' }, { ...cy })).status).toBe(200);
    const { context, page, errors } = await openAs(world, cy);
    await page.goto(`${world.server.url}${paths.profile.getHref()}`);
    // One list (ADR 0085): her own Following list, with the form to follow an account elsewhere at its top.
    await page.getByRole('button', { name: /^\d+ following$/ }).click();
    const dialog = page.getByRole('dialog', { name: 'You follow' });
    await dialog.getByRole('textbox', { name: 'Follow an account on Mastodon or elsewhere' }).fill(peer.actorUri('dave').href);
    await dialog.getByRole('button', { name: 'Follow', exact: true }).click();
    await dialog.getByText('Requested').waitFor();
    // Dave's server takes the Follow and says yes; then Dave publishes a story.
    const asked = await until(() => peer.received.find(({ activity }) => activity instanceof Follow && activity.actorId?.href.endsWith(`/ap/users/${cy.id}`)), 20_000);
    const cyActor = asked.activity.actorId!;
    const cyInbox = { id: cyActor, inboxId: new URL(`${cyActor.href}/inbox`) };
    const dave = peer.actorUri('dave');
    await peer.send('dave', cyInbox, new Accept({ id: new URL(`${peer.origin}/users/dave/accepts/1`), actor: dave, object: asked.activity }));
    const article = new Article({
      id: new URL(`${peer.origin}/users/dave/articles/1`),
      attribution: dave,
      name: 'Letters from the peer',
      summary: 'A story from elsewhere',
      content: '<p>Hello, <strong>Inkwell</strong>.</p>',
      url: new URL(`${peer.origin}/@dave/articles/1`),
      to: PUBLIC_COLLECTION,
    });
    // The list reads itself again while a follow waits: Requested becomes Following.
    await dialog.getByRole('button', { name: 'Following', exact: true }).waitFor({ timeout: 20_000 });
    await page.screenshot({ path: artifactPath('fediverse-following-list-1280.png') });
    const followed = await callApi(world, 'following', { profile_id: Number(cy.id), user_id: Number(cy.id) }, { ...cy });
    expect(followed.json.data).toEqual([expect.objectContaining({ elsewhere: expect.objectContaining({ handle: daveHandle() }), is_following: true })]);
    await peer.send('dave', cyInbox, new Create({ id: new URL(`${article.id!.href}/activity`), actor: dave, object: article, to: PUBLIC_COLLECTION }));
    // The story is an ordinary post of Cy's Following feed.
    await until(
      async () =>
        ((await callApi(world, 'following/posts', { user_id: Number(cy.id) }, { ...cy })).json.data as Array<{ title: string }>).some(
          (post) => post.title === 'Letters from the peer',
        ) || undefined,
      20_000,
    );

    await page.goto(`${world.server.url}/?tab=following`);
    const card = page.getByTestId('post-card').filter({ hasText: 'Letters from the peer' });
    await card.waitFor();
    await card.getByText(daveHandle()).waitFor();
    expect(await card.getByRole('link', { name: 'Original' }).getAttribute('href')).toBe(`${peer.origin}/@dave/articles/1`);
    // The ordinary Like: Dave's server receives a Like of his story, from Cy.
    await card.getByRole('button', { name: 'Like' }).click();
    await until(
      () => peer.received.find(({ activity }) => activity instanceof Like && activity.actorId?.href === cyActor.href && activity.objectId?.href === article.id!.href),
      20_000,
    );
    // Its ordinary page, and the ordinary comment form.
    await card.getByRole('link', { name: 'Letters from the peer' }).click();
    await page.getByLabel('Write a comment').fill('Hello back, from Inkwell.');
    await page.getByRole('button', { name: 'Post', exact: true }).click();
    await page.getByTestId('comment').filter({ hasText: 'Hello back, from Inkwell.' }).waitFor();
    // Dave's server receives it as a Note answering his story, from Cy.
    const sent = await until(() => peer.received.find(({ activity }) => activity instanceof Create && activity.actorId?.href === cyActor.href), 20_000);
    const note = (await (sent.activity as Create).getObject()) as Note;
    expect(note.replyTargetId?.href).toBe(article.id!.href);
    expect(note.content?.toString()).toContain('Hello back, from Inkwell.');
    await page.screenshot({ path: artifactPath('fediverse-story-reply-1280.png') });
    expect(errors).toEqual([]);
    await context.close();
    // Dave's profile here (ADR 0085): his story kept here, his followers here, the way to his profile there; at 1280 and 375, light and dark.
    const daveId = (followed.json.data as Array<{ id: number }>)[0]!.id;
    for (const [width, dark] of [
      [1280, false],
      [375, true],
    ] as const) {
      const shot = await openAs(world, cy, { width, dark });
      await shot.page.goto(`${world.server.url}${paths.viewProfile.getHref(daveId)}`);
      await shot.page.getByRole('heading', { name: 'Dave of the peer' }).waitFor();
      expect(await shot.page.getByRole('link', { name: /^View on / }).getAttribute('href')).toBe(`${peer.origin}/@dave`);
      await shot.page.getByTestId('post-card').filter({ hasText: 'Letters from the peer' }).waitFor();
      // She follows him: the profile's ordinary button offers to stop.
      await shot.page.getByRole('button', { name: 'Unfollow', exact: true }).waitFor();
      expect(await shot.page.locator('meta[name=robots]').getAttribute('content')).toBe('noindex');
      await shot.page.screenshot({ path: artifactPath(`fediverse-profile-elsewhere-${width}${dark ? '-dark' : ''}.png`) });
      expect(shot.errors).toEqual([]);
      await shot.context.close();
    }
  });

  it('tells the writer, whose notification leads to the comment, where they may block its author', async () => {
    const notice = `Dave of the peer replied to “${title}” from the fediverse.`;
    // The notification as she sees it, with his picture and name, at 1280 and 375, light and dark.
    for (const [width, dark] of [
      [1280, false],
      [375, true],
    ] as const) {
      const shot = await openAs(world, ines, { width, dark });
      await shot.page.goto(`${world.server.url}${paths.notifications.getHref()}`);
      await shot.page.getByText(notice).waitFor();
      await shot.page.screenshot({ path: artifactPath(`fediverse-notification-${width}${dark ? '-dark' : ''}.png`) });
      await shot.context.close();
    }
    const { context, page, errors } = await openAs(world, ines);
    await page.goto(`${world.server.url}${paths.notifications.getHref()}`);
    const message = page.getByText(notice);
    await message.waitFor();
    const told = page.getByRole('link').filter({ has: message });
    expect(await told.getAttribute('href')).toBe(`${paths.viewPost.getHref(storyId)}#comment-${davesComment.id}`);
    await told.click();
    const thread = page.locator(`#comment-${davesComment.id}`);
    await thread.getByText(said).waitFor();
    // The writer blocks Dave from his comment, asked once more (the file's last case: nothing after needs him unblocked).
    const block = thread.getByRole('button', { name: 'Block Dave of the peer' });
    await expect
      .poll(
        async () => {
          if (!(await page.getByRole('alertdialog').isVisible())) await block.click();
          return page.getByRole('alertdialog', { name: `Block ${daveHandle()}?` }).isVisible();
        },
        { timeout: 30_000, interval: 2_000 },
      )
      .toBe(true);
    await page.getByRole('alertdialog').getByRole('button', { name: 'Block' }).click();
    // One graph: as a blocked member's comment, his leaves her thread (ADR 0007), and the ordinary list of whom she blocked holds his account.
    await thread.waitFor({ state: 'detached' });
    const blocked = await callApi(world, 'blocked-users', { user_id: Number(ines.id) }, { ...ines });
    expect(blocked.json.data).toEqual([expect.objectContaining({ id: davesComment.elsewhere!.account_id, elsewhere: expect.objectContaining({ handle: daveHandle() }) })]);
    // What he wrote stays for every other reader.
    const shown = await callApi(world, 'post/details', { post_id: storyId });
    expect((shown.json.post as { comments: Array<{ comments: string }> }).comments.map((c) => c.comments)).toContain(said);
    expect(errors).toEqual([]);
    await context.close();
    // Settings' Blocked Users lists him in the one list, with his handle and Unblock, at 1280 and 375, light and dark.
    for (const [width, dark] of [
      [1280, false],
      [375, true],
    ] as const) {
      const shot = await openAs(world, ines, { width, dark });
      await shot.page.goto(`${world.server.url}/settings`);
      await shot.page.getByRole('button', { name: /Blocked Users/ }).click();
      const list = shot.page.getByRole('dialog', { name: 'Blocked Users' });
      await list.getByText(daveHandle()).waitFor();
      expect(await list.getByRole('button', { name: 'Unblock' }).count()).toBe(1);
      await shot.page.screenshot({ path: artifactPath(`fediverse-blocked-${width}${dark ? '-dark' : ''}.png`) });
      expect(shot.errors).toEqual([]);
      await shot.context.close();
    }
  });
});
