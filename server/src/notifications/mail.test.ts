import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { paths } from '@inkwell/contract';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createHelpService } from '../help/help.service.ts';
import { smtpTransport } from '../mail/transport.ts';
import { type Member, aMember, call } from '../social/social.testkit.ts';
import { type TestApp, buildTestApp } from '../test/app.ts';
import { aPost, anAccountElsewhere } from '../test/factories.ts';
import { TestSmtpServer } from '../test/smtp.ts';
import { parseMail, unsubscribeUrlOf } from './testkit.ts';

const WINDOW = 15 * 60_000;
const smtp = new TestSmtpServer();
let t: TestApp;
let webDir: string;

beforeAll(async () => {
  await smtp.start(0);
  webDir = await fs.mkdtemp(path.join(os.tmpdir(), 'inkwell-web-'));
  await fs.writeFile(path.join(webDir, 'index.html'), '<!doctype html><html><body><div id="root"></div></body></html>');
  t = await buildTestApp({
    transport: smtpTransport(smtp.url),
    config: { webDistDir: webDir, notifications: { digestMs: WINDOW, digestPollMs: 10_000 }, mail: { baseBackoffMs: 300, maxBackoffMs: 300 } },
  });
});
afterAll(async () => {
  await t.close();
  await smtp.stop();
  await fs.rm(webDir, { recursive: true, force: true });
});
beforeEach(() => {
  smtp.received.length = 0;
});

/** Sends what is due `afterMs` from now: the digests, then the outbox. */
async function deliver(afterMs = WINDOW) {
  await t.app.notificationMailer.flush(Date.now() + afterMs);
  await t.app.outbox.drain();
  return Promise.all(smtp.received.splice(0).map(parseMail));
}

const like = (as: Member, postId: number, status = 1) => call(t, '/like', { user_id: as.id, post_id: postId, status }, as);
const choices = (id: number) => t.db.selectFrom('users').select(['notify_like', 'notify_comment', 'notify_follow', 'notify_help']).where('id', '=', id).executeTakeFirstOrThrow();

async function anAuthor(name = 'Ana Author') {
  const author = await aMember(t, name);
  const email = (await t.db.selectFrom('users').select('email').where('id', '=', author.id).executeTakeFirstOrThrow()).email!;
  return { author, email };
}

describe('notification mails, by preference and digested', () => {
  it('mails the author about a like once the window has passed, naming the actor and linking the post', async () => {
    const { author, email } = await anAuthor();
    const post = await aPost(t.db, { userId: author.id, title: 'Night trains' });
    const ines = await aMember(t, 'Ines');
    expect((await like(ines, post.id)).statusCode).toBe(200);

    expect(await deliver(0)).toEqual([]); // not due yet: the window gathers more
    const [mail, ...more] = await deliver();
    expect(more).toEqual([]);
    expect(mail!.to).toEqual([email]);
    expect(mail!.subject).toContain('Ines');
    expect(mail!.subject).toContain('Night trains');
    const postUrl = `${t.config.publicUrl}${paths.viewPost.getHref(post.id)}`;
    expect(mail!.html).toContain(postUrl);
    expect(mail!.text).toContain(postUrl);
    expect(mail!.text).toContain('Ines');
    expect(mail!.listUnsubscribePost).toBe('List-Unsubscribe=One-Click');
    expect(unsubscribeUrlOf(mail!.listUnsubscribe).pathname).toBe('/unsubscribe');
    expect(await deliver()).toEqual([]); // sent once
  });

  it('shows the picture of a member who signed in with Google at its Google address, not under /storage', async () => {
    const { author } = await anAuthor();
    const post = await aPost(t.db, { userId: author.id, title: 'Night trains' });
    const gil = await aMember(t, 'Gil');
    const google = 'https://lh3.googleusercontent.com/a/ACg8ocK-gil=s96-c';
    await t.db.updateTable('users').set({ profile_picture: google }).where('id', '=', gil.id).execute();
    await like(gil, post.id);
    const [mail] = await deliver();
    expect(mail!.html).toContain(`src="${google}"`);
    expect(mail!.html).not.toContain('/storage/https');
  });

  it('gathers five likes in a minute into one digest', async () => {
    const { author } = await anAuthor();
    const post = await aPost(t.db, { userId: author.id, title: 'Night trains' });
    const likers = [await aMember(t, 'Ines'), ...(await Promise.all([1, 2, 3, 4].map((i) => aMember(t, `Liker ${i}`))))];
    for (const liker of likers.reverse()) await like(liker, post.id);
    const mails = await deliver();
    expect(mails).toHaveLength(1);
    expect(mails[0]!.subject).toMatch(/Ines and 4 others liked .Night trains./);
  });

  it('sends nothing for an unticked box, for one’s own like, for an undone like, or to a deactivated member', async () => {
    const { author } = await anAuthor();
    const post = await aPost(t.db, { userId: author.id });
    const reader = await aMember(t, 'Reader');
    await like(author, post.id); // own like
    await like(reader, post.id);
    await like(reader, post.id, 0); // undone before the digest
    expect(await deliver()).toEqual([]);

    const profile = await call(t, '/update-profile', { id: author.id, notify_like: 0 }, author);
    expect(profile.statusCode).toBe(200);
    await like(reader, post.id);
    expect(await deliver()).toEqual([]);

    await call(t, '/update-profile', { id: author.id, notify_like: 1 }, author);
    await like(reader, post.id, 0);
    await like(reader, post.id);
    await t.db.updateTable('users').set({ deactivated_at: new Date().toISOString() }).where('id', '=', author.id).execute();
    expect(await deliver()).toEqual([]);
  });

  it('mails no account of another server: nothing queued for it, and a mail queued for one is not sent (ADR 0080)', async () => {
    const elsewhere = await anAccountElsewhere(t.db, 'Far Author');
    const post = await aPost(t.db, { userId: elsewhere.id, title: 'From afar' });
    const reader = await aMember(t, 'Reader');
    expect((await like(reader, post.id)).statusCode).toBe(200);
    expect((await call(t, '/comment', { user_id: reader.id, post_id: post.id, comments: 'Lovely' }, reader)).statusCode).toBeLessThan(300);
    expect(await t.db.selectFrom('notification_mails').select('notification_id').where('user_id', '=', elsewhere.id).execute()).toEqual([]);
    // One left waiting from before (as the fold carries rows over): the digest skips it.
    const notice = await t.db.selectFrom('notifications').select('id').where('user_id', '=', elsewhere.id).executeTakeFirstOrThrow();
    await t.db
      .insertInto('notification_mails')
      .values({ notification_id: notice.id, user_id: elsewhere.id, kind: 'like', created_at: new Date(Date.now() - WINDOW).toISOString() })
      .execute();
    expect(await deliver()).toEqual([]);
    // Nor handed to the outbox (where an address that is no mailbox would only fail).
    expect(await t.db.selectFrom('mail_outbox').select('id').where('to_address', '=', elsewhere.apId).execute()).toEqual([]);
  });

  it('mails comments and replies with the comment anchored, and a follow with the follower’s profile', async () => {
    const { author, email } = await anAuthor();
    const post = await aPost(t.db, { userId: author.id, title: 'On maps' });
    const tom = await aMember(t, 'Tom');
    const comment = (await call(t, '/comment', { user_id: tom.id, post_id: post.id, comments: 'Lovely <b>piece</b>' }, tom)).json().id as number;
    const reply = (await call(t, '/replies', { user_id: author.id, post_id: post.id, comment_id: comment, reply: 'Thank you, Tom' }, author)).json().id as number;
    expect((await call(t, '/follow-unfollow', { user_id: tom.id, follow_id: author.id, followType: 1 }, tom)).statusCode).toBe(200);

    const mails = await deliver();
    const toAuthor = mails.filter((m) => m.to.includes(email));
    const commentMail = toAuthor.find((m) => m.text.includes(`#comment-${comment}`));
    expect(commentMail?.text).toContain('Lovely <b>piece</b>'); // as text, in the plain part
    expect(commentMail?.html).not.toContain('<b>piece</b>'); // escaped in the HTML one
    const followMail = toAuthor.find((m) => m.subject.includes('following you'));
    expect(followMail?.html).toContain(`${t.config.publicUrl}${paths.viewProfile.getHref(tom.id)}`);
    const replyMail = mails.find((m) => !m.to.includes(email));
    expect(replyMail?.text).toContain(`#reply-${reply}`);
  });

  it('leaves out a like by someone the author blocked before the digest went', async () => {
    const { author } = await anAuthor();
    const post = await aPost(t.db, { userId: author.id });
    const troll = await aMember(t, 'Troll');
    await like(troll, post.id);
    expect((await call(t, '/block', { user_id: author.id, block_id: troll.id, status: 1 }, author)).statusCode).toBe(200);
    expect(await deliver()).toEqual([]);
  });
});

describe('one-click unsubscribe', () => {
  it('shows a page on GET, unticks the box on POST without a session, and Undo ticks it again', async () => {
    const { author } = await anAuthor();
    const post = await aPost(t.db, { userId: author.id });
    await like(await aMember(t, 'Ines'), post.id);
    const [mail] = await deliver();
    const url = unsubscribeUrlOf(mail!.listUnsubscribe);
    expect(mail!.html).toContain(url.toString().replace(/&/g, '&amp;'));

    const page = await t.app.inject({ method: 'GET', url: url.pathname + url.search });
    expect(page.statusCode).toBe(200);
    expect(page.headers['content-type']).toContain('text/html');
    expect((await choices(author.id)).notify_like).toBe(1); // a GET (a link scanner) changes nothing

    const oneClick = await t.app.inject({
      method: 'POST',
      url: url.pathname + url.search,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: 'List-Unsubscribe=One-Click',
    });
    expect(oneClick.statusCode).toBe(200);
    expect(oneClick.json()).toMatchObject({ kind: 'like', subscribed: false });
    expect(await choices(author.id)).toEqual({ notify_like: 0, notify_comment: 1, notify_follow: 1, notify_help: 1 });
    await like(await aMember(t), post.id);
    expect(await deliver()).toEqual([]);

    const token = url.searchParams.get('token')!;
    const undo = await call(t, '/unsubscribe', { token, subscribe: 1 });
    expect(undo.json()).toMatchObject({ kind: 'like', subscribed: true });
    expect((await choices(author.id)).notify_like).toBe(1);
  });

  it('refuses forged tokens and changes nothing', async () => {
    const { author } = await anAuthor();
    const post = await aPost(t.db, { userId: author.id });
    await like(await aMember(t), post.id);
    const [mail] = await deliver();
    const token = unsubscribeUrlOf(mail!.listUnsubscribe).searchParams.get('token')!;
    const [id, kind, sig] = token.split('.');
    const other = await aMember(t);
    const forged = [
      `${other.id}.${kind}.${sig}`, // someone else's id with this signature
      `${id}.follow.${sig}`, // another kind
      `${id}.${kind}.${sig!.slice(0, -2)}AA`,
      `${id}.${kind}.`,
      'not-a-token',
      `${id}.${kind}.${sig}.extra`,
    ];
    for (const bad of forged) {
      const res = await call(t, '/unsubscribe', { token: bad });
      expect(res.statusCode, bad).toBe(422);
      expect(res.json().errors.token[0]).toContain('not valid');
      const oneClick = await t.app.inject({
        method: 'POST',
        url: `/unsubscribe?token=${encodeURIComponent(bad)}`,
        payload: 'List-Unsubscribe=One-Click',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
      });
      expect(oneClick.statusCode, bad).toBe(422);
    }
    expect(await choices(author.id)).toEqual({ notify_like: 1, notify_comment: 1, notify_follow: 1, notify_help: 1 });
    expect(await choices(other.id)).toEqual({ notify_like: 1, notify_comment: 1, notify_follow: 1, notify_help: 1 });
  });
});

describe('delivery through an SMTP outage, and answered help', () => {
  it('keeps a digest while the SMTP server is down and delivers it once it is back', async () => {
    const { author, email } = await anAuthor();
    const post = await aPost(t.db, { userId: author.id });
    await like(await aMember(t, 'Patient'), post.id);
    await smtp.stop();
    try {
      await t.app.notificationMailer.flush(Date.now() + WINDOW);
      await t.app.outbox.drain();
      const row = await t.db.selectFrom('mail_outbox').selectAll().where('to_address', '=', email).executeTakeFirstOrThrow();
      expect(row.status).toBe('pending');
      expect(row.attempts).toBe(1);
    } finally {
      await smtp.start(smtp.port);
    }
    await new Promise((r) => setTimeout(r, 400));
    const mails = await deliver();
    expect(mails.filter((m) => m.to.includes(email))).toHaveLength(1);
  });

  it('answers a help request with a Help notification and a mail that goes out at once', async () => {
    const { author, email } = await anAuthor('Asker');
    await call(t, '/help', { user_id: author.id, message: 'My cover does not upload.' }, author);
    const help = createHelpService(t.db);
    const [open] = (await help.open()).filter((r) => r.user_id === author.id);
    await help.answer(open!.id, 'Covers must be JPEG, PNG, WebP, GIF or AVIF under 10 MB.');
    await expect(help.answer(open!.id, 'Twice')).rejects.toThrow(/already answered/);

    const list = (await call(t, '/notifications', { user_id: author.id }, author)).json();
    expect(list.notifications[0]).toMatchObject({ type: 'responses', actor: null, seen: false });
    expect(list.notifications[0].message).toContain('Covers must be JPEG');
    const mails = (await deliver(0)).filter((m) => m.to.includes(email));
    expect(mails).toHaveLength(1);
    expect(mails[0]!.text).toContain('Covers must be JPEG');
    expect(mails[0]!.text).toContain('My cover does not upload.');
  });
});
