import { REPORTED_ALREADY, REPORT_GONE, REPORT_OWN, REPORT_RECEIVED } from '@inkwell/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type TestApp, buildTestApp } from '../test/app.ts';
import { moderationCast } from './moderation.testkit.ts';
import { type Session, aPost, aUser, anAccountElsewhere, signIn } from '../test/factories.ts';

/** A reader's reports and the cases they gather in (ADR 0092), on SQLite or PostgreSQL. */
let t: TestApp;
let writer: Session;
let reader: Session;
let another: Session;
beforeAll(async () => {
  ({ t, writer, reader, another } = await moderationCast());
});
afterAll(() => t.close());

const report = (who: Session | null, body: Record<string, unknown>) =>
  t.app.inject({ method: 'POST', url: '/api/user/report', payload: { user_id: who?.id ?? reader.id, ...body }, headers: who?.headers ?? {} });
const cases = () => t.db.selectFrom('cases').select(['id', 'target_kind', 'target_id', 'subject_id', 'status']).orderBy('id').execute();
const reports = () => t.db.selectFrom('reports').select(['id', 'case_id', 'reporter_id', 'target_kind', 'target_id', 'category', 'note', 'status']).orderBy('id').execute();

describe('POST /api/user/report', () => {
  it('takes a reader’s report of a story into the story’s one open case, and a second reader’s into the same', async () => {
    const post = await aPost(t.db, { userId: writer.id });
    const first = await report(reader, { kind: 'post', target_id: post.id, category: 'spam', note: '  Links to a casino.  ' });
    expect(first.statusCode).toBe(201);
    // The receipt names nobody: the message and the report's own number.
    expect(first.json()).toEqual({ message: REPORT_RECEIVED, report_id: expect.any(Number) });
    const second = await report(another, { kind: 'post', target_id: post.id, category: 'rule' });
    expect(second.statusCode).toBe(201);
    const [opened] = await cases();
    expect(opened).toMatchObject({ target_kind: 'post', target_id: post.id, subject_id: writer.id, status: 'open' });
    expect(await reports()).toEqual([
      {
        id: first.json().report_id,
        case_id: opened!.id,
        reporter_id: reader.id,
        target_kind: 'post',
        target_id: post.id,
        category: 'spam',
        note: 'Links to a casino.',
        status: 'open',
      },
      { id: second.json().report_id, case_id: opened!.id, reporter_id: another.id, target_kind: 'post', target_id: post.id, category: 'rule', note: '', status: 'open' },
    ]);
    // One open report per reader and thing: the same again changes nothing.
    const again = await report(reader, { kind: 'post', target_id: post.id, category: 'harassment' });
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toBe(REPORTED_ALREADY);
    expect(await reports()).toHaveLength(2);
    expect(await cases()).toHaveLength(1);
  });

  it('takes a comment, a reply, a member and an account elsewhere, each in a case of its own about its author', async () => {
    const post = await aPost(t.db, { userId: writer.id });
    const said = await t.app.inject({
      method: 'POST',
      url: '/api/user/comment',
      payload: { user_id: another.id, post_id: post.id, comments: 'A comment' },
      headers: another.headers,
    });
    expect(said.statusCode).toBe(200);
    const comment = await t.db.selectFrom('comments').select('id').where('post_id', '=', post.id).executeTakeFirstOrThrow();
    const answered = await t.app.inject({
      method: 'POST',
      url: '/api/user/replies',
      payload: { user_id: writer.id, post_id: post.id, comment_id: comment.id, reply: 'A reply' },
      headers: writer.headers,
    });
    expect(answered.statusCode).toBe(200);
    const reply = await t.db.selectFrom('replies').select('id').where('comment_id', '=', comment.id).executeTakeFirstOrThrow();
    const far = await anAccountElsewhere(t.db, 'far');
    const before = (await cases()).length;
    for (const [kind, id] of [
      ['comment', comment.id],
      ['reply', reply.id],
      ['account', another.id],
      ['account', far.id],
    ] as const) {
      expect((await report(reader, { kind, target_id: id, category: 'harassment' })).statusCode).toBe(201);
    }
    const made = (await cases()).slice(before);
    expect(made.map((c) => [c.target_kind, c.target_id, c.subject_id])).toEqual([
      ['comment', comment.id, another.id],
      ['reply', reply.id, writer.id],
      ['account', another.id, another.id],
      ['account', far.id, far.id],
    ]);
  });

  it('refuses a visitor (401), another’s user_id (403), one’s own (422), what is not there (404) and a wrong body (422), writing nothing', async () => {
    const post = await aPost(t.db, { userId: reader.id });
    const [casesBefore, reportsBefore] = [(await cases()).length, (await reports()).length];
    expect((await report(null, { kind: 'post', target_id: post.id, category: 'spam' })).statusCode).toBe(401);
    expect((await report(reader, { user_id: another.id, kind: 'post', target_id: post.id, category: 'spam' })).statusCode).toBe(403);
    const own = await report(reader, { kind: 'post', target_id: post.id, category: 'spam' });
    expect(own.statusCode).toBe(422);
    expect(own.json().errors.target_id).toEqual([REPORT_OWN]);
    expect((await report(reader, { kind: 'account', target_id: reader.id, category: 'spam' })).statusCode).toBe(422);
    const gone = await report(reader, { kind: 'comment', target_id: 2_000_000_000, category: 'spam' });
    expect(gone.statusCode).toBe(404);
    expect(gone.json().message).toBe(REPORT_GONE);
    for (const wrong of [{ kind: 'draft' }, { category: 'boring' }, { note: 'x'.repeat(1001) }, { target_id: 'one' }]) {
      expect((await report(reader, { kind: 'post', target_id: post.id, category: 'spam', ...wrong })).statusCode).toBe(422);
    }
    expect([(await cases()).length, (await reports()).length]).toEqual([casesBefore, reportsBefore]);
  });

  it('keeps to RATE_LIMIT_REPORT per client address (429 past it, nothing reported)', async () => {
    const limited = await buildTestApp({ config: { rateLimits: { report: { max: 2, windowMs: 60_000 } } } });
    try {
      const author = await aUser(limited.db);
      const me = await signIn(limited.app, await aUser(limited.db));
      const posts = await Promise.all([1, 2, 3].map(() => aPost(limited.db, { userId: author.id })));
      const statuses = [];
      for (const post of posts) {
        const res = await limited.app.inject({
          method: 'POST',
          url: '/api/user/report',
          payload: { user_id: me.id, kind: 'post', target_id: post.id, category: 'spam' },
          headers: me.headers,
        });
        statuses.push(res.statusCode);
      }
      expect(statuses).toEqual([201, 201, 429]);
      expect(await limited.db.selectFrom('reports').select('id').execute()).toHaveLength(2);
    } finally {
      await limited.close();
    }
  });
});
