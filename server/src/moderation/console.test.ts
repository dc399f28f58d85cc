import { CASES_PAGE_SIZE, STAFF_ONLY, STAFF_OUTRANKED } from '@inkwell/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestApp } from '../test/app.ts';
import { type Session, aPost, aUser, anAccountElsewhere, signIn } from '../test/factories.ts';
import { moderationCast, reportedCase } from './moderation.testkit.ts';
import { createRolesService } from './roles.service.ts';

/** The console's calls (issue 47, ADR 0105): who gets in, the queue, a case with its context, decisions on one case and many. */
let t: TestApp;
let writer: Session;
let reader: Session;
let another: Session;
let moderator: Session;
let admin: Session;
let otherModerator: Session;
beforeAll(async () => {
  ({ t, writer, reader, another } = await moderationCast());
  const roles = createRolesService(t.db);
  const staff = await Promise.all(
    [
      ['Mo Derator', 'moderator'],
      ['Ad Min', 'admin'],
      ['Other Mod', 'moderator'],
    ].map(async ([name, role]) => {
      const user = await aUser(t.db, { name });
      await roles.grant('command line', role!, user.email);
      return signIn(t.app, user);
    }),
  );
  [moderator, admin, otherModerator] = staff as [Session, Session, Session];
});
afterAll(() => t.close());

const mod = (url: string, who: Session | null, body: Record<string, unknown> = {}) =>
  t.app.inject({ method: 'POST', url: `/api/mod/${url}`, payload: body, ...(who ? { headers: who.headers } : {}) });

async function aComment(postId: number, who: Session, text: string): Promise<number> {
  const said = await t.app.inject({ method: 'POST', url: '/api/user/comment', payload: { user_id: who.id, post_id: postId, comments: text }, headers: who.headers });
  expect(said.statusCode, said.body).toBe(200);
  return said.json().id as number;
}

describe('who gets in', () => {
  it('answers a visitor 401, a member 403 in one wording whatever the body, and staff 200', async () => {
    expect((await mod('cases', null)).statusCode).toBe(401);
    for (const body of [{}, { status: 'nonsense' }]) {
      const refused = await mod('cases', reader, body);
      expect(refused.statusCode).toBe(403);
      expect(refused.json().message).toBe(STAFF_ONLY);
    }
    expect((await mod('cases', moderator)).statusCode).toBe(200);
    expect((await mod('cases', admin)).statusCode).toBe(200);
  });

  it('tells staff their role on their own profile, the console’s way in, and a reader nothing', async () => {
    const own = async (who: Session) => (await t.app.inject({ method: 'POST', url: '/api/user/profile', payload: { id: who.id }, headers: who.headers })).json().user.staff;
    expect(await own(moderator)).toEqual({ role: 'moderator', permissions: expect.arrayContaining(['manageReports', 'manageUsers']) });
    expect((await own(moderator)).permissions).not.toContain('manageRoles');
    expect(await own(reader)).toBeNull();
  });

  it('closes at once when the role is taken away', async () => {
    const user = await aUser(t.db, { name: 'Brief Mod' });
    const roles = createRolesService(t.db);
    await roles.grant('command line', 'moderator', user.email);
    const brief = await signIn(t.app, user);
    expect((await mod('cases', brief)).statusCode).toBe(200);
    await roles.revoke('command line', user.email);
    expect((await mod('cases', brief)).statusCode).toBe(403);
  });
});

describe('the queue and a case', () => {
  it('lists open cases newest first with what each is about, filters by kind, and counts the open ones', async () => {
    const post = await aPost(t.db, { userId: writer.id, title: 'Moths at the window' });
    const comment = await aComment(post.id, another, 'Cheap pills at pills.example');
    const onComment = await reportedCase(t, reader, 'comment', comment, 'spam');
    const onPost = await reportedCase(t, reader, 'post', post.id, 'harassment');
    const queue = (await mod('cases', moderator)).json();
    const ids = queue.cases.map((c: { id: number }) => c.id);
    expect(ids.indexOf(onPost)).toBeLessThan(ids.indexOf(onComment));
    expect(queue.open_count).toBeGreaterThanOrEqual(2);
    expect(queue.cases.find((c: { id: number }) => c.id === onComment)).toMatchObject({
      status: 'open',
      decision: null,
      target: { kind: 'comment', id: comment },
      about: { label: 'Cheap pills at pills.example', author: 'Another' },
      subject: { id: another.id, name: 'Another', elsewhere: false },
      report_count: 1,
      categories: { spam: 1 },
    });
    const posts = (await mod('cases', moderator, { kind: 'post' })).json();
    expect(posts.cases.every((c: { target: { kind: string } }) => c.target.kind === 'post')).toBe(true);
    expect(posts.cases.map((c: { id: number }) => c.id)).toContain(onPost);
  });

  it('pages by cursor', async () => {
    const post = await aPost(t.db, { userId: writer.id, title: 'Paged' });
    for (let i = 0; i <= CASES_PAGE_SIZE; i += 1) await aComment(post.id, another, `Filler ${i}`);
    const comments = await t.db.selectFrom('comments').select('id').where('post_id', '=', post.id).execute();
    for (const c of comments) await reportedCase(t, reader, 'comment', c.id);
    const first = (await mod('cases', moderator)).json();
    expect(first.cases).toHaveLength(CASES_PAGE_SIZE);
    expect(first.next_cursor).not.toBeNull();
    const second = await t.app.inject({ method: 'POST', url: `/api/mod/cases?cursor=${first.next_cursor}`, payload: {}, headers: moderator.headers });
    expect(second.statusCode).toBe(200);
    expect(Math.max(...second.json().cases.map((c: { id: number }) => c.id))).toBeLessThan(Math.min(...first.cases.map((c: { id: number }) => c.id)));
  });

  it('shows a case with its reports and reporters’ standing, the account’s past, and what the caller may decide', async () => {
    const post = await aPost(t.db, { userId: writer.id, title: 'A second look' });
    const comment = await aComment(post.id, another, 'You are all <b>fools</b>');
    const caseId = await reportedCase(t, reader, 'comment', comment, 'harassment');
    await reportedCase(t, writer, 'comment', comment, 'rule');
    const shown = await mod('case', moderator, { id: caseId });
    expect(shown.statusCode, shown.body).toBe(200);
    const body = shown.json();
    expect(body.case).toMatchObject({ id: caseId, text: 'You are all <b>fools</b>', report_count: 2, categories: { harassment: 1, rule: 1 } });
    expect(body.reports.map((r: { category: string; reporter: { id: number } }) => [r.category, r.reporter.id])).toEqual([
      ['harassment', reader.id],
      ['rule', writer.id],
    ]);
    expect(body.reports[0].reporter.reports).toBeGreaterThanOrEqual(1);
    expect(body.history.cases.length).toBeGreaterThanOrEqual(1);
    expect(body.decisions).toEqual(['none', 'note', 'warn', 'hide', 'no-comments', 'limit', 'suspend']);
    expect((await mod('case', moderator, { id: 999_999 })).statusCode).toBe(404);
  });
});

describe('the server of an account elsewhere', () => {
  it('shows its block, its accounts known here, how the cases about them ended and how its own reports fared', async () => {
    const far = await anAccountElsewhere(t.db, 'Far Writer');
    const host = (await t.db.selectFrom('users').select('domain').where('id', '=', far.id).executeTakeFirstOrThrow()).domain!;
    const neighbour = await anAccountElsewhere(t.db, 'Far Neighbour');
    await t.db.updateTable('users').set({ domain: host }).where('id', '=', neighbour.id).execute();
    // An earlier case about the neighbour, decided with nothing done; then the writer's, open.
    const earlier = await reportedCase(t, another, 'account', neighbour.id, 'other');
    expect((await mod('cases/resolve', moderator, { ids: [earlier], decision: 'none' })).statusCode).toBe(200);
    const caseId = await reportedCase(t, reader, 'account', far.id);
    // A report the server sent (a Flag) about a member's story, acted on.
    const post = await aPost(t.db, { userId: writer.id, title: 'Flagged from far' });
    const flagged = await reportedCase(t, another, 'post', post.id);
    await t.db.updateTable('reports').set({ reporter_server: host, reporter_id: null }).where('case_id', '=', flagged).execute();
    expect((await mod('cases/resolve', moderator, { ids: [flagged], decision: 'note', note: 'Seen.' })).statusCode).toBe(200);

    const shown = async (id: number) => (await mod('case', moderator, { id })).json();
    expect((await shown(caseId)).server).toEqual({
      host,
      block: null,
      accounts: 2,
      cases: { open: 1, acted: 0, dismissed: 1 },
      reports: { reports: 1, upheld: 1 },
    });
    await t.db
      .insertInto('federation_domain_blocks')
      .values({ domain: host, severity: 'silence', reject_reports: 1, created_at: new Date().toISOString(), updated_at: null })
      .execute();
    expect((await shown(caseId)).server.block).toEqual({ domain: host, severity: 'silence', reject_media: false, reject_reports: true });
    // The server's report on the story's case, with its tally; a member's case has no server.
    const story = await shown(flagged);
    expect(story.server).toBeNull();
    expect(story.reports).toEqual([expect.objectContaining({ reporter: null, server: host, server_reports: { reports: 1, upheld: 1 } })]);
    expect((await shown(earlier)).reports[0].server_reports).toBeNull();
  });
});

describe('deciding', () => {
  it('decides a case as the moderator, audited under their name, and refuses it a second time with why', async () => {
    const post = await aPost(t.db, { userId: writer.id, title: 'Decided once' });
    const comment = await aComment(post.id, another, 'Rude words here');
    const caseId = await reportedCase(t, reader, 'comment', comment, 'harassment');
    const done = await mod('cases/resolve', moderator, { ids: [caseId], decision: 'hide', note: 'Name-calling.', for: '3d' });
    expect(done.statusCode, done.body).toBe(200);
    expect(done.json()).toEqual({ message: '1 case decided.', decided: [caseId], refused: [] });
    const row = await t.db.selectFrom('audit_log').select(['actor_id', 'actor_name', 'action']).where('case_id', '=', caseId).orderBy('id').execute();
    expect(row).toContainEqual({ actor_id: moderator.id, actor_name: 'Mo Derator', action: 'case.decide' });
    const again = await mod('cases/resolve', moderator, { ids: [caseId], decision: 'none' });
    expect(again.statusCode).toBe(422);
    expect(again.json().errors.decision[0]).toBe(`Case ${caseId} was decided already.`);
    const shown = (await mod('case', moderator, { id: caseId })).json();
    expect(shown.decisions).toEqual([]);
    expect(shown.case).toMatchObject({ status: 'resolved', decision: 'hide', decision_note: 'Name-calling.' });
  });

  it('asks for a note where the account is told, under the note', async () => {
    const post = await aPost(t.db, { userId: writer.id, title: 'Needs words' });
    const caseId = await reportedCase(t, reader, 'post', post.id, 'spam');
    const refused = await mod('cases/resolve', moderator, { ids: [caseId], decision: 'warn' });
    expect(refused.statusCode).toBe(422);
    expect(refused.json().errors.note[0]).toMatch(/needs a note/);
  });

  it('decides a wave at once, and says which it could not', async () => {
    const post = await aPost(t.db, { userId: writer.id, title: 'A wave' });
    const wave: number[] = [];
    for (let i = 0; i < 5; i += 1) wave.push(await reportedCase(t, reader, 'comment', await aComment(post.id, another, `Spam ${i} at spam.example`)));
    await mod('cases/resolve', moderator, { ids: [wave[0]], decision: 'none' });
    const done = await mod('cases/resolve', moderator, { ids: wave, decision: 'hide', note: 'Spam wave.' });
    expect(done.statusCode, done.body).toBe(200);
    expect(done.json()).toEqual({ message: '4 cases decided; 1 case not.', decided: wave.slice(1), refused: [{ id: wave[0], message: `Case ${wave[0]} was decided already.` }] });
    expect((await mod('cases/resolve', moderator, { ids: [], decision: 'none' })).statusCode).toBe(422);
  });

  it('lets nobody act on an account whose role is at or above their own', async () => {
    const post = await aPost(t.db, { userId: otherModerator.id, title: 'By a moderator' });
    const caseId = await reportedCase(t, reader, 'post', post.id, 'spam');
    expect((await mod('case', moderator, { id: caseId })).json().decisions).toEqual(['none', 'note']);
    const refused = await mod('cases/resolve', moderator, { ids: [caseId], decision: 'warn', note: 'Careful.' });
    expect(refused.statusCode).toBe(403);
    expect(refused.json().message).toBe(STAFF_OUTRANKED);
    // The admin is above them: it is theirs to decide.
    expect((await mod('case', admin, { id: caseId })).json().decisions).toContain('warn');
    expect((await mod('cases/resolve', admin, { ids: [caseId], decision: 'warn', note: 'Careful.' })).statusCode).toBe(200);
  });

  it('refuses a member who is not staff, and changes nothing', async () => {
    const post = await aPost(t.db, { userId: writer.id, title: 'Untouched' });
    const caseId = await reportedCase(t, reader, 'post', post.id, 'spam');
    const refused = await mod('cases/resolve', another, { ids: [caseId], decision: 'none' });
    expect(refused.statusCode).toBe(403);
    expect((await t.db.selectFrom('cases').select('status').where('id', '=', caseId).executeTakeFirstOrThrow()).status).toBe('open');
  });
});
