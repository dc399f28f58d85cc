import { spawn } from 'node:child_process';
import path from 'node:path';
import type { NotificationEvent } from '@inkwell/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../server/src/db/database.ts';
import { listRemoteFollowers, saveRemoteActor } from '../server/src/federation/followers.repository.ts';
import { notify } from '../server/src/notify/notify.ts';
import { addToFollowCounts, insertFollow, keepFollowFrom, requestFollow } from '../server/src/social/follows.repository.ts';
import { SseClient, parseMail } from '../server/src/notifications/testkit.ts';
import { type DataStore, type ServerProcess, call, createDataStore, killAllServers, login, startServer } from '../server/src/security/server-process.ts';
import { loadConfig } from '../server/src/config.ts';
import { aPost, aUser } from '../server/src/test/factories.ts';
import { TestSmtpServer } from '../server/src/test/smtp.ts';
import { until } from '../server/src/test/until.ts';
import { runAdmin } from './admin-commands.ts';

const root = path.resolve(import.meta.dirname, '..');
const smtp = new TestSmtpServer();
let store: DataStore;
let database: Database;
let adminDatabase: Database;
let server: ServerProcess;

beforeAll(async () => {
  await smtp.start(0);
  store = await createDataStore();
  // Kept feed answers live long here: only a write's announcement drops them.
  server = await startServer(store, { env: { SMTP_URL: smtp.url, FEED_CACHE_MS: '600000' } });
  database = store.open();
  adminDatabase = store.open();
}, 60_000);
afterAll(async () => {
  await killAllServers();
  await database?.destroy();
  await adminDatabase?.destroy();
  await store?.remove();
  await smtp.stop();
});

/**
 * `npm run admin -- …` as an operator runs it: another process, the same configuration as the server.
 * Spawned once per run below (its exit code and streams); the other commands go through the same
 * `runAdmin` in this process, on a database handle of its own — a spawned Node takes seconds to load the
 * server's modules, and one per command made this the slowest file of the suite.
 */
function spawnedAdmin(...args: string[]): Promise<{ code: number; out: string }> {
  const env: NodeJS.ProcessEnv = { ...process.env, DATA_DIR: store.dataDir, LOG_LEVEL: 'warn' };
  delete env.DATABASE_URL;
  if (store.databaseUrl) env.DATABASE_URL = store.databaseUrl;
  const child = spawn(process.execPath, ['scripts/admin.ts', ...args], { cwd: root, env });
  let out = '';
  child.stdout.on('data', (d: Buffer) => (out += d.toString()));
  child.stderr.on('data', (d: Buffer) => (out += d.toString()));
  return new Promise((resolve) => child.on('exit', (code) => resolve({ code: code ?? -1, out })));
}

/** The same command in this process: what `scripts/admin.ts` prints for it (its output and a newline). */
async function admin(...args: string[]): Promise<{ code: number; out: string }> {
  const { code, out } = await runAdmin(args, adminDatabase, loadConfig({ DATA_DIR: store.dataDir }).publicUrl);
  return { code, out: `${out}\n` };
}

describe('npm run admin -- help:list / help:answer', () => {
  it('lists the open request, and the answer reaches the open tab at once and the inbox', async () => {
    const member = await aUser(database.db, { name: 'Asker', email: `asker-${Date.now()}@example.com` });
    const session = await login(server.url, member.email, member.password);
    expect((await call(server.url, 'help', { user_id: member.id, message: 'Where is my draft?' }, session)).status).toBe(201);

    const listed = await spawnedAdmin('help:list');
    expect(listed.code).toBe(0);
    const id = /#(\d+)\s.*Asker/.exec(listed.out)?.[1];
    expect(listed.out).toContain('Where is my draft?');
    expect(id).toBeDefined();

    const stream = await new SseClient(`${server.url}/api/user/notifications/stream`, session.headers).open();
    await stream.next((e) => e.event === 'unseen');
    const answered = await spawnedAdmin('help:answer', id!, 'Drafts live in this browser until you post.');
    expect(answered).toMatchObject({ code: 0 });
    const event = await stream.next((e) => e.event === 'notification', 0, 5000);
    const notice = (JSON.parse(event.data) as NotificationEvent).notification;
    expect(notice).toMatchObject({ type: 'responses', actor: null });
    expect(notice.message).toContain('Drafts live in this browser');
    await stream.close();

    // Help answers do not wait for a digest window: the server's next round (every 10 s) sends it.
    const received = await until(() => smtp.received.find((m) => m.to.includes(member.email)), 20_000, 100);
    const mail = await parseMail(received);
    expect(mail.text).toContain('Drafts live in this browser until you post.');
    expect(mail.text).toContain('Where is my draft?');

    expect((await admin('help:list')).out).not.toContain('Where is my draft?');
    const again = await admin('help:answer', id!, 'Twice');
    expect(again.code).toBe(1);
    expect(again.out).toContain('already answered');
  }, 60_000);

  it('says how to use it for unknown words, and refuses an unknown request', async () => {
    const wrong = await spawnedAdmin('help:answr', '1', 'x');
    expect(wrong.code).toBe(2);
    expect(wrong.out).toContain('Usage: npm run admin');
    const missing = await admin('help:answer', '999999', 'Hello');
    expect(missing).toMatchObject({ code: 1 });
    expect(missing.out).toContain('There is no help request 999999.');
  }, 60_000);
});

describe('npm run admin -- domain:block / domain:unblock / domain:list', () => {
  it('blocks a server and its subdomains, ending every follow between their accounts and members, lists it, and lifts it', async () => {
    const member = await aUser(database.db);
    const now = new Date().toISOString();
    const account = async (uri: string) => {
      const fields = { uri, inbox: `${uri}/inbox`, shared_inbox: null, handle: `@x@${new URL(uri).host}`, name: null, icon_url: null, url: null };
      return (await saveRemoteActor(database.db, fields, now)).userId;
    };
    // Followers elsewhere as the federation keeps them (ADR 0083): an account, its follow of the member and the notification of it.
    const follower = async (uri: string) => {
      const id = await account(uri);
      await keepFollowFrom(database.db, id, member.id, `${uri}#follow`, now);
      await addToFollowCounts(database.db, id, member.id, 1);
      await notify.follow(database.db, { recipient: member.id, actorId: id, message: 'followed you', now });
    };
    await follower('https://spam.example/users/a');
    await follower('https://eu.spam.example/users/b');
    await follower('https://notspam.example/users/c');
    await follower('https://good.example/users/spam.example');
    // The member's own follow of an account there (accepted), and one still waiting for its Accept.
    const followed = await account('https://spam.example/users/d');
    await insertFollow(database.db, member.id, followed, now);
    await addToFollowCounts(database.db, member.id, followed, 1);
    await requestFollow(database.db, member.id, await account('https://eu.spam.example/users/e'), now);
    const counts = () => database.db.selectFrom('users').select(['followers_count', 'following_count']).where('id', '=', member.id).executeTakeFirstOrThrow();
    expect(await counts()).toEqual({ followers_count: 4, following_count: 1 });
    // A story of the member, its card (with its writer's followers) kept by the server for visitors.
    await aPost(database.db, { userId: member.id });
    const followersOnCard = async () => {
      const res = await call<{ data: Array<{ author: { followers_count: number } }> }>(server.url, 'author-posts', { author_id: member.id });
      return res.body.data[0]?.author.followers_count;
    };
    expect(await followersOnCard()).toBe(4);

    const blocked = await admin('domain:block', 'Spam.Example');
    expect(blocked).toMatchObject({ code: 0 });
    expect(blocked.out).toContain('Blocked spam.example and its subdomains');
    expect(blocked.out).toContain('4 follows between their accounts and members ended');
    const left = await listRemoteFollowers(database.db, member.id);
    expect(left.map((row) => row.uri).sort()).toEqual(['https://good.example/users/spam.example', 'https://notspam.example/users/c']);
    expect(await counts()).toEqual({ followers_count: 2, following_count: 0 });
    expect(await database.db.selectFrom('follow_requests').select('followed_id').where('follower_id', '=', member.id).execute()).toEqual([]);
    // The follow notifications of the accounts there are taken back; the others stay.
    const notices = await database.db.selectFrom('notifications').select('actor_id').where('user_id', '=', member.id).where('type', '=', 'follow').execute();
    expect(notices).toHaveLength(2);
    // The command told the server, whose kept answers went: the card counts what is left.
    // (On PostgreSQL the announcement is a NOTIFY, which reaches the server a moment after the command ends.)
    await until(async () => ((await followersOnCard()) === 2 ? true : undefined), 5000, 50);
    expect((await admin('domain:list')).out).toContain('spam.example  suspended  since');
    expect(await admin('domain:block', 'not a domain!')).toMatchObject({ code: 1 });
    expect(await admin('domain:unblock', 'spam.example')).toMatchObject({ code: 0 });
    expect(await admin('domain:unblock', 'spam.example')).toMatchObject({ code: 1 });
    expect((await admin('domain:list')).out).toBe('No blocked domains.\n');
  }, 60_000);
});

describe('npm run admin -- role:grant / role:revoke / role:list / audit:list', () => {
  it('makes the first owner, lists the staff, takes a role back, and reads every act out of the audit log', async () => {
    const owner = await aUser(database.db, { name: 'First Owner' });
    const granted = await admin('role:grant', 'owner', owner.email);
    expect(granted).toMatchObject({ code: 0 });
    expect(granted.out).toContain(`First Owner <${owner.email}> is owner now.`);
    expect((await admin('role:list')).out).toMatch(/owner\s+First Owner <[^>]+>\s+since \d{4}-\d\d-\d\d \d\d:\d\d/);
    expect(await admin('role:grant', 'emperor', owner.email)).toMatchObject({ code: 1, out: 'There is no role emperor.\n' });
    expect((await admin('role:grant', 'moderator', 'nobody-here')).code).toBe(1);
    expect((await admin('role:revoke', owner.email)).out).toContain('is no longer owner.');
    expect((await admin('role:revoke', owner.email)).code).toBe(1);

    const out = await admin('audit:list', '--limit', '2');
    expect(out.code).toBe(0);
    const lines = out.out
      .trim()
      .split('\n')
      .map((line) => JSON.parse(line) as { action: string; actor: { name: string }; target: { label: string }; before: unknown; after: unknown });
    expect(lines.map((l) => [l.action, l.actor.name, l.before, l.after])).toEqual([
      ['role.revoke', 'command line', 'owner', null],
      ['role.grant', 'command line', null, 'owner'],
    ]);
    expect(lines[0]!.target.label).toBe(`First Owner <${owner.email}>`);
    // The domain block of the test before is there too, by what was done.
    const blocks = await admin('audit:list', '--action', 'domain.block');
    expect(blocks.out).toContain('"target":{"kind":"domain","id":null,"label":"spam.example"}');
    expect((await admin('audit:list', '--limit', 'many')).code).toBe(2);
  }, 60_000);
});

describe('npm run admin -- cases:list / case:show', () => {
  it('lists a reported story’s case with its reports by category, and shows it with who reported and why', async () => {
    const writer = await aUser(database.db, { name: 'Reported Writer' });
    const post = await aPost(database.db, { userId: writer.id });
    const readers = await Promise.all(['First Reporter', 'Second Reporter'].map((name) => aUser(database.db, { name })));
    for (const [i, reader] of readers.entries()) {
      const session = await login(server.url, reader.email, reader.password);
      const made = await call(server.url, 'report', { user_id: reader.id, kind: 'post', target_id: post.id, category: i === 0 ? 'spam' : 'rule', note: `note ${i}` }, session);
      expect(made.status).toBe(201);
    }
    const listed = await admin('cases:list', '--limit', '5');
    expect(listed.code).toBe(0);
    const cases = listed.out
      .trim()
      .split('\n')
      .map((line) => JSON.parse(line) as { id: number; target: { kind: string; id: number }; subject: { id: number }; report_count: number; categories: Record<string, number> });
    const ours = cases.find((c) => c.target.kind === 'post' && c.target.id === post.id);
    expect(ours).toMatchObject({ subject: { id: writer.id }, report_count: 2, categories: { spam: 1, rule: 1 } });
    const shown = await admin('case:show', String(ours!.id));
    expect(shown.code).toBe(0);
    const whole = JSON.parse(shown.out) as { reports: Array<{ category: string; note: string; reporter: { name: string } }> };
    expect(whole.reports.map((r) => [r.category, r.note, r.reporter.name])).toEqual([
      ['spam', 'note 0', 'First Reporter'],
      ['rule', 'note 1', 'Second Reporter'],
    ]);
    expect(await admin('case:show', '999999')).toMatchObject({ code: 1, out: 'There is no case 999999.\n' });
    expect((await admin('cases:list', '--status', 'resolved')).out).toBe('No cases.\n');
    expect((await admin('cases:list', '--status', 'closed')).code).toBe(2);
  }, 60_000);
});

describe('npm run admin -- case:resolve', () => {
  it('decides a case: the reporters are told in their open tab and by mail, the account warned, the audit written, and again is refused', async () => {
    const writer = await aUser(database.db, { name: 'Warned Writer', email: `warned-${Date.now()}@example.com` });
    const post = await aPost(database.db, { userId: writer.id, title: 'Followers for sale' });
    const reader = await aUser(database.db, { name: 'Told Reporter', email: `told-${Date.now()}@example.com` });
    const session = await login(server.url, reader.email, reader.password);
    const made = await call<{ report_id: number }>(
      server.url,
      'report',
      { user_id: reader.id, kind: 'post', target_id: post.id, category: 'spam', note: 'Selling followers' },
      session,
    );
    expect(made.status).toBe(201);
    const caseId = (await database.db.selectFrom('reports').select('case_id').where('reporter_id', '=', reader.id).executeTakeFirstOrThrow()).case_id;

    expect((await admin('case:resolve', String(caseId), '--action', 'warn')).code).toBe(1); // a warning needs a note
    expect((await admin('case:resolve', String(caseId), '--action', 'delete', '--note', 'x')).code).toBe(2); // not an action it takes
    expect((await admin('case:resolve', String(caseId), '--action', 'hide', '--note', 'x')).out).toContain('Only a comment or a reply can be hidden');
    const stream = await new SseClient(`${server.url}/api/user/notifications/stream`, session.headers).open();
    await stream.next((e) => e.event === 'unseen');
    const decided = await admin('case:resolve', String(caseId), '--action', 'warn', '--note', 'Selling followers is spam here.');
    expect(decided).toMatchObject({ code: 0, out: `Case ${caseId} decided: warn; 1 reporter told; member ${writer.id} warned.\n` });
    const event = await stream.next((e) => e.event === 'notification', 0, 5000);
    const notice = (JSON.parse(event.data) as NotificationEvent).notification;
    expect(notice).toMatchObject({ type: 'responses', actor: null, report_id: made.body.report_id });
    expect(notice.message).toBe('The moderators decided on your report of the story “Followers for sale”: its author has been warned. Their note: Selling followers is spam here.');
    await stream.close();

    const received = await until(() => smtp.received.find((m) => m.to.includes(reader.email)), 20_000, 100);
    const mail = await parseMail(received);
    expect(mail.subject).toBe('The moderators decided on your report');
    expect(mail.text).toContain('Selling followers is spam here.');
    expect(mail.text).toContain('See your reports: http');
    // The account warned is told why, and not who reported it.
    const warning = await database.db
      .selectFrom('notifications')
      .select(['message', 'report_id'])
      .where('user_id', '=', writer.id)
      .where('type', '=', 'responses')
      .executeTakeFirstOrThrow();
    expect(warning).toEqual({ message: 'The moderators warned you about your story “Followers for sale”: Selling followers is spam here.', report_id: null });
    expect(warning.message).not.toContain('Told Reporter');

    const mine = (await call<{ data: Array<{ status: string; decision: string; decision_note: string }> }>(server.url, 'reports', { user_id: reader.id }, session)).body;
    expect(mine.data[0]).toMatchObject({ status: 'resolved', decision: 'warn', decision_note: 'Selling followers is spam here.' });
    expect((await admin('audit:list', '--action', 'case.decide')).out).toContain(`"case_id":${caseId}`);
    const again = await admin('case:resolve', String(caseId), '--action', 'none');
    expect(again).toMatchObject({ code: 1, out: `Case ${caseId} was decided already.\n` });
    // Decided, the reader may report the story again: a new case opens.
    expect((await call(server.url, 'report', { user_id: reader.id, kind: 'post', target_id: post.id, category: 'spam' }, session)).status).toBe(201);
  }, 60_000);
});

describe('npm run admin -- rules:list / rule:* / presets:list / preset:*', () => {
  it('keeps the server’s rules, which the running server shows at once, and the statement presets', async () => {
    const added = await admin('rule:add', '--title', 'No selling', '--body', 'Adverts belong elsewhere.');
    expect(added.out).toMatch(/^Rule \d+ added\.\n$/);
    const id = Number(/Rule (\d+)/.exec(added.out)![1]);
    const listed = (await admin('rules:list')).out
      .trim()
      .split('\n')
      .map((l) => JSON.parse(l) as { id: number; title: string });
    expect(listed.at(-1)).toMatchObject({ id, title: 'No selling' });
    const shown = async () => ((await (await fetch(`${server.url}/api/user/rules`)).json()) as { rules: Array<{ title: string }> }).rules.map((r) => r.title);
    expect(await shown()).toContain('No selling');
    expect(await admin('rule:edit', String(id), '--title', 'No selling here')).toMatchObject({ code: 0, out: `Rule ${id} changed.\n` });
    expect(await shown()).toContain('No selling here');
    expect((await admin('rule:add', '--body', 'no title')).code).toBe(2);
    expect((await admin('case:resolve', '1', '--action', 'warn', '--rule', 'first', '--note', 'x')).code).toBe(2);
    expect(await admin('rule:remove', String(id))).toMatchObject({ code: 0, out: `Rule ${id} removed from the list.\n` });
    expect(await shown()).not.toContain('No selling here');
    expect((await admin('rule:remove', String(id))).code).toBe(1);

    expect(await admin('preset:set', 'adverts', '--text', 'Adverts belong elsewhere.')).toMatchObject({ code: 0, out: 'Preset adverts made.\n' });
    expect(JSON.parse((await admin('presets:list')).out)).toMatchObject({ name: 'adverts', text: 'Adverts belong elsewhere.' });
    expect((await admin('case:resolve', '999999', '--action', 'warn', '--preset', 'nothing-such')).out).toContain('There is no preset nothing-such');
    expect(await admin('preset:remove', 'adverts')).toMatchObject({ code: 0, out: 'Preset adverts removed.\n' });
  }, 60_000);
});

describe('npm run admin -- case:resolve --action hide / writing:unhide', () => {
  it('hides a comment beside a running server: out of its kept page at once, its writer told; lifted, back', async () => {
    const writer = await aUser(database.db, { name: 'Page Writer', email: `page-${Date.now()}@example.com` });
    const post = await aPost(database.db, { userId: writer.id, title: 'Harbours' });
    const rude = await aUser(database.db, { name: 'Rude Commenter', email: `rude-${Date.now()}@example.com` });
    const rudeSession = await login(server.url, rude.email, rude.password);
    const commentId = (await call<{ id: number }>(server.url, 'comment', { user_id: rude.id, post_id: post.id, comments: 'What a dull harbour.' }, rudeSession)).body.id;
    const reader = await aUser(database.db, { name: 'Harbour Reader', email: `harbour-${Date.now()}@example.com` });
    const session = await login(server.url, reader.email, reader.password);
    expect((await call(server.url, 'report', { user_id: reader.id, kind: 'comment', target_id: commentId, category: 'harassment' }, session)).status).toBe(201);
    const caseId = (await database.db.selectFrom('reports').select('case_id').where('reporter_id', '=', reader.id).executeTakeFirstOrThrow()).case_id;
    const shown = async () => (await call<{ post: { comments: Array<{ id: number }> } }>(server.url, 'post/details', { post_id: post.id })).body.post.comments.map((c) => c.id);
    expect(await shown()).toContain(commentId);

    const hid = await admin('case:resolve', String(caseId), '--action', 'hide', '--for', '3d', '--note', 'Rude to the writer.');
    expect(hid.code, hid.out).toBe(0);
    expect(hid.out).toMatch(new RegExp(`^Case ${caseId} decided: hide; 1 reporter told; comment ${commentId} hidden until \\d{4}-\\d\\d-\\d\\d \\d\\d:\\d\\d UTC\\.\\n$`));
    await until(async () => ((await shown()).includes(commentId) ? undefined : true), 5000, 100);
    const told = await database.db.selectFrom('notifications').select('message').where('user_id', '=', rude.id).orderBy('id', 'desc').executeTakeFirstOrThrow();
    expect(told.message).toContain('Rude to the writer.');

    expect(await admin('writing:unhide', 'comment', String(commentId))).toMatchObject({
      code: 0,
      out: `The comment ${commentId} is back in readers' sight; its writer is told.\n`,
    });
    await until(async () => ((await shown()).includes(commentId) ? true : undefined), 5000, 100);
    expect((await admin('writing:unhide', 'comment', String(commentId))).code).toBe(1);
    expect((await admin('writing:unhide', 'post', String(commentId))).code).toBe(2);
  }, 60_000);
});

describe('npm run admin -- account:suspend / account:unsuspend', () => {
  it('suspends beside a running server: signed out at once, out of its kept pages, told by mail; lifted, all back', async () => {
    const member = await aUser(database.db, { name: 'Suspended Sam', email: `suspended-${Date.now()}@example.com` });
    const post = await aPost(database.db, { userId: member.id, title: 'Cheap pills' });
    const session = await login(server.url, member.email, member.password);
    const feedIds = async () => (await call<{ data: Array<{ id: number }> }>(server.url, 'view-posts', {})).body.data.map((p) => p.id);
    expect(await feedIds()).toContain(post.id);

    expect((await admin('account:suspend', member.email, '--for', '3y', '--note', 'x')).code).toBe(2); // not a duration it reads
    expect((await admin('account:suspend', 'nobody-here', '--note', 'x')).code).toBe(1);
    const done = await admin('account:suspend', member.email, '--for', '2d', '--note', 'Selling pills in every comment.');
    expect(done.code).toBe(0);
    expect(done.out).toMatch(new RegExp(`^${member.email} suspended until \\d{4}-\\d\\d-\\d\\d \\d\\d:\\d\\d UTC; signed out, and told by mail\\.\\n$`));
    // Signed out at once here; on PostgreSQL the running server hears of it by NOTIFY, a moment after.
    await until(async () => ((await call(server.url, 'profile', { id: member.id }, session)).status === 401 ? true : undefined), 5000, 50);
    // The running server's kept feed drops the story (the command announces its write).
    await until(async () => ((await feedIds()).includes(post.id) ? undefined : true), 5000, 100);
    const refused = await call<{ message: string }>(server.url, 'login', { email: member.email, password: member.password });
    expect(refused.status).toBe(403);
    expect(refused.body.message).toContain('Their reasons: Selling pills in every comment.');
    const told = await parseMail(await until(() => smtp.received.find((m) => m.to.includes(member.email)), 20_000, 100));
    expect(told.subject).toBe('Your Inkwell account is suspended');
    expect(told.text).toContain('Selling pills in every comment.');
    expect((await admin('account:suspend', member.email, '--note', 'again')).out).toContain('is suspended already');

    expect(await admin('account:unsuspend', member.email)).toMatchObject({ code: 0, out: `${member.email} is no longer suspended; told by mail.\n` });
    await until(async () => ((await feedIds()).includes(post.id) ? true : undefined), 5000, 100);
    expect((await call(server.url, 'login', { email: member.email, password: member.password })).status).toBe(200);
    const lines = (await admin('audit:list', '--limit', '2')).out
      .trim()
      .split('\n')
      .map((l) => JSON.parse(l) as { action: string; target: { id: number } });
    expect(lines.map((l) => [l.action, l.target.id])).toEqual([
      ['account.unsuspend', member.id],
      ['account.suspend', member.id],
    ]);
    expect((await admin('account:unsuspend', member.email)).code).toBe(1);
  }, 60_000);
});

describe('npm run admin -- case:resolve --action limit / account:unlimit', () => {
  it('limits beside a running server: out of the visitors’ kept feed at once, its profile still there; lifted, back', async () => {
    const writer = await aUser(database.db, { name: 'Limited Lena', email: `limited-${Date.now()}@example.com` });
    const post = await aPost(database.db, { userId: writer.id, title: 'Follow me for follows' });
    const reader = await aUser(database.db, { name: 'Limit Reporter', email: `limit-reporter-${Date.now()}@example.com` });
    const session = await login(server.url, reader.email, reader.password);
    const made = await call(server.url, 'report', { user_id: reader.id, kind: 'account', target_id: writer.id, category: 'spam', note: 'Follow-for-follow' }, session);
    expect(made.status).toBe(201);
    const caseId = (await database.db.selectFrom('reports').select('case_id').where('reporter_id', '=', reader.id).executeTakeFirstOrThrow()).case_id;
    const feedIds = async () => (await call<{ data: Array<{ id: number }> }>(server.url, 'view-posts', {})).body.data.map((p) => p.id);
    expect(await feedIds()).toContain(post.id);

    const decided = await admin('case:resolve', String(caseId), '--action', 'limit', '--for', '2w', '--note', 'Follow-for-follow stories.');
    expect(decided.code, decided.out).toBe(0);
    await until(async () => ((await feedIds()).includes(post.id) ? undefined : true), 5000, 100);
    const byWriter = await call<{ data: Array<{ id: number }> }>(server.url, 'author-posts', { author_id: writer.id });
    expect(byWriter.body.data.map((p) => p.id)).toContain(post.id);

    expect(await admin('account:unlimit', writer.email)).toMatchObject({ code: 0, out: `${writer.email} is no longer limited; told in the app.\n` });
    await until(async () => ((await feedIds()).includes(post.id) ? true : undefined), 5000, 100);
    expect(await admin('account:unlimit', writer.email)).toMatchObject({ code: 1, out: 'That account is not limited.\n' });
  }, 60_000);
});

describe('npm run admin -- appeals:list / appeal:decide', () => {
  it('lists the appeal a suspended member sent from the mailed link, and upholds it: the member is back and told why', async () => {
    const member = await aUser(database.db, { name: 'Appealing Ann', email: `appealing-${Date.now()}@example.com` });
    expect((await admin('account:suspend', member.email, '--note', 'Copied stories.')).code).toBe(0);
    const statement = await parseMail(await until(() => smtp.received.find((m) => m.to.includes(member.email)), 20_000, 100));
    const token = new URL(/https?:\/\/\S+\/appeal\?token=\S+/.exec(statement.text)![0]).searchParams.get('token')!;
    expect((await call(server.url, 'appeal', { token, text: 'They are my own stories, from my old blog.' })).status).toBe(201);

    const listed = (await admin('appeals:list')).out
      .trim()
      .split('\n')
      .map((l) => JSON.parse(l) as { id: number; appellant_id: number; text: string; kind: string; status: string });
    const mine = listed.find((a) => a.appellant_id === member.id)!;
    expect(mine).toMatchObject({ text: 'They are my own stories, from my old blog.', kind: 'suspend', status: 'open' });
    expect((await admin('appeals:list', '--status', 'closed')).code).toBe(2);
    expect((await admin('appeal:decide', String(mine.id), '--change', '--note', 'x')).code).toBe(2); // a change needs its --for
    expect((await admin('appeal:decide', String(mine.id), '--approve', '--note', 'x', '--for', '1d')).code).toBe(2);
    expect(await admin('appeal:decide', '999999', '--reject', '--note', 'No.')).toMatchObject({ code: 1, out: 'There is no appeal 999999.\n' });

    const done = await admin('appeal:decide', String(mine.id), '--approve', '--note', 'Your old blog shows them first.');
    expect(done).toMatchObject({ code: 0, out: `Appeal ${mine.id} approved: the action is lifted; the appellant is told in the app and by mail.\n` });
    expect((await call(server.url, 'login', { email: member.email, password: member.password })).status).toBe(200);
    const answered = await parseMail(await until(() => smtp.received.find((m) => m.to.includes(member.email) && /answered your appeal/.test(m.raw)), 20_000, 100));
    expect(answered.text).toContain('Their reasons: Your old blog shows them first.');
    expect((await admin('appeals:list')).out).not.toContain('They are my own stories');
    expect((await admin('appeals:list', '--status', 'approved')).out).toContain('They are my own stories');
  }, 60_000);
});

describe('npm run admin -- watch:list / watch:add / watch:remove', () => {
  it('watches a word for the running server at once, lists it, and stops', async () => {
    const writer = await aUser(database.db, { name: 'Gardener' });
    const post = await aPost(database.db, { userId: writer.id });
    const reader = await aUser(database.db, { name: 'Watched Reader' });
    await database.db.updateTable('users').set({ created_at: '2020-01-01T00:00:00.000Z' }).where('id', '=', reader.id).execute();
    const session = await login(server.url, reader.email, reader.password);
    const say = (text: string) => call<{ held?: boolean }>(server.url, 'comment', { user_id: reader.id, post_id: post.id, comments: text }, session);

    expect((await admin('watch:add', 'word', 'miracle cure', '--maybe')).code).toBe(2);
    expect(await admin('watch:add', 'email-domain', 'spam.example', '--hold')).toMatchObject({ code: 1 });
    const added = await admin('watch:add', 'word', 'Miracle Cure', '--hold');
    expect(added.out).toMatch(/^Watching word "miracle cure" \(\d+\): what uses it is held for review\.\n$/);
    expect((await say('A miracle cure for aphids!')).body.held).toBe(true);
    const [line] = (await admin('watch:list')).out.trim().split('\n');
    const term = JSON.parse(line!) as { id: number; kind: string; term: string; action: string };
    expect(term).toMatchObject({ kind: 'word', term: 'miracle cure', action: 'hold' });
    expect(await admin('watch:remove', String(term.id))).toMatchObject({ code: 0, out: `No longer watching term ${term.id}.\n` });
    expect((await say('Another miracle cure, in jest.')).body.held).toBeUndefined();
    expect((await admin('watch:list')).out).toContain('Nothing is watched');
  }, 60_000);
});

describe('npm run admin -- case:resolve ID,ID,…', () => {
  it('decides a spam wave at once, each case alike, and says which it could not', async () => {
    const reader = await aUser(database.db, { name: 'Wave Watcher' });
    const session = await login(server.url, reader.email, reader.password);
    const caseIds: number[] = [];
    for (const title of ['Cheap watches', 'Cheaper watches', 'Cheapest watches']) {
      const post = await aPost(database.db, { userId: (await aUser(database.db)).id, title });
      const made = await call<{ report_id: number }>(server.url, 'report', { user_id: reader.id, kind: 'post', target_id: post.id, category: 'spam' }, session);
      expect(made.status).toBe(201);
      caseIds.push((await database.db.selectFrom('reports').select('case_id').where('id', '=', made.body.report_id).executeTakeFirstOrThrow()).case_id);
    }
    expect((await admin('case:resolve', `${caseIds[0]},x`, '--action', 'note')).code).toBe(2);
    expect((await admin('case:resolve', String(caseIds[2]), '--action', 'note')).code).toBe(0);
    const wave = await admin('case:resolve', caseIds.join(','), '--action', 'warn', '--note', 'Advertising.');
    expect(wave.code).toBe(1);
    expect(wave.out.trim().split('\n')).toEqual([
      expect.stringMatching(new RegExp(`^Case ${caseIds[0]} decided: warn; 1 reporter told; member \\d+ warned\\.$`)),
      expect.stringMatching(new RegExp(`^Case ${caseIds[1]} decided: warn; 1 reporter told; member \\d+ warned\\.$`)),
      `Case ${caseIds[2]} not decided: Case ${caseIds[2]} was decided already.`,
    ]);
  }, 60_000);
});
