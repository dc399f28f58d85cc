import { encodeId } from '@inkwell/contract';
import { type Endpoint, endpoints } from '@inkwell/contract/endpoints';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { offlineEvents } from '../offline-events.ts';
import { type TestApp, buildRenderingTestApp } from '../test/app.ts';
import { type Session, aPost, aUser, aged, signIn } from '../test/factories.ts';
import { linkFromMail } from '../test/smtp.ts';
import { createDecisions } from './decisions.service.ts';
import { reportedCase } from './moderation.testkit.ts';

/**
 * The leak scan (issue 47): a reporter is named to nobody. A member who has done nothing in public but
 * report a writer's story, comment and account — each case decided with an action and its statement —
 * must not appear, by address or the words of their report (nor by name, outside the lists of members
 * where every name is), in any answer the reported writer, a
 * stranger or a visitor gets: every read call of the contract, the server's pages, the statement mails
 * and the appeal page. Run on SQLite or PostgreSQL.
 */
const PUBLIC_URL = 'http://inkwell.test';
let t: TestApp;
let writer: Session;
let stranger: Session;
let reporter: Session;
let secrets: string[];
let postId: number;
let commentId: number;
let appealToken: string;

/** Calls that write, or whose answer is no JSON or page to read (a zip, a stream, the fediverse's inboxes). */
const SKIPPED = new Set(['help', 'historyAdd', 'statsView', 'statsRead', 'exportData', 'actorInbox', 'sharedInbox', 'remoteFollow', 'notificationsStream', 'storedFile']);

beforeAll(async () => {
  t = await buildRenderingTestApp({ publicUrl: PUBLIC_URL });
  const stamp = Date.now().toString(36);
  const reporterUser = await aUser(t.db, { name: `Rhea Quietwatch ${stamp}`, email: `rhea.quietwatch.${stamp}@leak-scan.example` });
  const [w, s] = await Promise.all(['Wanda Writer', 'Sam Stranger'].map(async (name) => signIn(t.app, await aged(t.db, await aUser(t.db, { name })))));
  [writer, stranger] = [w!, s!];
  reporter = await signIn(t.app, reporterUser);
  const note = `Private note of the reporter ${stamp}`;
  secrets = [reporterUser.email, `Rhea Quietwatch ${stamp}`, note];

  postId = (await aPost(t.db, { userId: writer.id, title: 'Plain words' })).id;
  const said = await t.app.inject({
    method: 'POST',
    url: '/api/user/comment',
    payload: { user_id: writer.id, post_id: postId, comments: 'You are all fools.' },
    headers: writer.headers,
  });
  commentId = said.json().id as number;
  const decide = createDecisions(t.db, PUBLIC_URL, offlineEvents());
  const report = async (kind: string, id: number) => {
    const made = await t.app.inject({
      method: 'POST',
      url: '/api/user/report',
      payload: { user_id: reporter.id, kind, target_id: id, category: 'harassment', note },
      headers: reporter.headers,
    });
    expect(made.statusCode, made.body).toBe(201);
    return (await t.db.selectFrom('reports').select('case_id').where('id', '=', made.json().report_id).executeTakeFirstOrThrow()).case_id;
  };
  await decide.decide(await report('post', postId), 'warn', 'Mind the tone of the story.', 'command line');
  await decide.decide(await report('comment', commentId), 'hide', 'Name-calling.', 'command line');
  // A second reporter on the account, so that "one reporter" cannot be told from a count either.
  await reportedCase(t, stranger, 'account', writer.id, 'harassment');
  await decide.decide(await report('account', writer.id), 'no-comments', 'Three insults this week.', 'command line', { forMs: 86_400_000 });
  await t.app.outbox.drain();
  const writerEmail = (await t.db.selectFrom('users').select('email').where('id', '=', writer.id).executeTakeFirstOrThrow()).email;
  const statement = t.sent.find((m) => m.to === writerEmail && /hid something/.test(m.subject));
  appealToken = new URL(linkFromMail(statement!.text)!).searchParams.get('token')!;
});
afterAll(() => t?.close());

/**
 * Where any member's name is listed, the reporter's with the rest: the people search, the members
 * suggested to follow (and the home page that shows them). There the name is a member's, tied to
 * nothing they did; the address and the note of the report are still looked for.
 */
const DIRECTORIES = new Set(['search', 'searchResults', 'recommendedUsers', '/']);

/** The secrets found in a text, if any (the reporter's name only outside the directories). */
const leaked = (text: string, where = '') => secrets.filter((secret, i) => !(i === 1 && DIRECTORIES.has(where)) && text.toLowerCase().includes(secret.toLowerCase()));

/** A body with every field a read call of the contract may ask for, as `who` (or a visitor) sends it. */
function bodyFor(who: Session | null) {
  return {
    ...(who ? { user_id: who.id } : {}),
    id: writer.id,
    profile_id: writer.id,
    author_id: writer.id,
    post_id: postId,
    comment_id: commentId,
    kind: 'comment',
    target_id: commentId,
    token: appealToken,
    query: 'Rhea',
    type: 'people',
  };
}

/** A GET call's address with its parameters filled. */
const filled = (path: string) =>
  path.replace(':identifier', encodeId(writer.id)).replace(':id', encodeId(postId)).replace(':sqid', encodeId(writer.id)).replace(':catogary', '1').replace(':n', '1');

describe('the leak scan', () => {
  it('finds the reporter when an answer holds them (the scan can fail)', async () => {
    const own = await t.app.inject({ method: 'POST', url: '/api/user/reports', payload: { user_id: reporter.id }, headers: reporter.headers });
    expect(leaked(own.body)).toContain(secrets[2]);
  });

  it('finds the reporter in no read call, page or mail, for the writer reported, a stranger or a visitor', async () => {
    const found: string[] = [];
    let read = 0;
    for (const who of [writer, stranger, null]) {
      for (const [name, endpoint] of Object.entries(endpoints) as Array<[string, Endpoint]>) {
        if (SKIPPED.has(name) || (endpoint.method === 'POST' && !endpoint.readOnly)) continue;
        const res = await t.app.inject({
          method: endpoint.method,
          url: endpoint.method === 'GET' ? filled(endpoint.path) : endpoint.path,
          ...(endpoint.method === 'POST' ? { payload: bodyFor(who) } : {}),
          ...(who ? { headers: who.headers } : {}),
        });
        if (res.statusCode === 200) read += 1;
        for (const secret of leaked(res.body, name)) found.push(`${name} (${who === null ? 'visitor' : who === writer ? 'writer' : 'stranger'}): ${secret}`);
      }
      for (const url of [
        '/',
        `/view-post/${encodeId(postId)}`,
        `/view-profile/${encodeId(writer.id)}`,
        '/notifications',
        '/reports',
        `/appeal?token=${encodeURIComponent(appealToken)}`,
      ]) {
        const res = await t.app.inject({ method: 'GET', url, ...(who ? { headers: who.headers } : {}) });
        for (const secret of leaked(res.body, url)) found.push(`${url} page: ${secret}`);
      }
    }
    for (const mail of t.sent.filter((m) => !m.to.toLowerCase().startsWith('rhea.quietwatch'))) {
      for (const secret of leaked(`${mail.subject}\n${mail.text}\n${mail.html}`)) found.push(`mail to ${mail.to} (${mail.subject}): ${secret}`);
    }
    expect(found).toEqual([]);
    // Not a scan of nothing: the writer's answers told of each decision.
    expect(read).toBeGreaterThan(40);
    const notices = await t.app.inject({ method: 'POST', url: '/api/user/notifications', payload: { user_id: writer.id }, headers: writer.headers });
    expect(notices.body).toContain('Mind the tone of the story.');
    expect(notices.body).toContain('Three insults this week.');
  });
});
