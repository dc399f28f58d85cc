import { MY_REPORTS_PAGE_SIZE, REPORT_GONE, encodeId } from '@inkwell/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestApp } from '../test/app.ts';
import { moderationCast } from './moderation.testkit.ts';
import { type Session, aPost, aUser, anAccountElsewhere, signIn } from '../test/factories.ts';

/** What the report form is about, and a reader's own reports with where each stands (ADR 0092). */
let t: TestApp;
let writer: Session;
let reader: Session;
let another: Session;
beforeAll(async () => {
  ({ t, writer, reader, another } = await moderationCast());
});
afterAll(() => t.close());

const call = (url: string, who: Session, body: Record<string, unknown> = {}) =>
  t.app.inject({ method: 'POST', url: `/api/user/${url}`, payload: { user_id: who.id, ...body }, headers: who.headers });

async function aComment(postId: number, who: Session, text: string): Promise<number> {
  const said = await call('comment', who, { post_id: postId, comments: text });
  expect(said.statusCode).toBe(200);
  return said.json().id as number;
}

describe('POST /api/user/report/target', () => {
  it('names a story by its title, a comment by its first words, an account by its name, each with its address', async () => {
    const post = await aPost(t.db, { userId: writer.id, title: 'On quiet trains' });
    const comment = await aComment(post.id, another, `Buy cheap watches ${'now '.repeat(60)}`);
    const far = await anAccountElsewhere(t.db, 'far');
    const target = async (kind: string, id: number) => {
      const res = await call('report/target', reader, { kind, target_id: id });
      expect(res.statusCode, res.body).toBe(200);
      return res.json().target;
    };
    expect(await target('post', post.id)).toEqual({ kind: 'post', id: post.id, label: 'On quiet trains', author: 'Writer', href: `/view-post/${encodeId(post.id)}`, own: false });
    const said = await target('comment', comment);
    expect(said).toMatchObject({ kind: 'comment', id: comment, author: 'Another', href: `/view-post/${encodeId(post.id)}#comment-${comment}` });
    expect(said.label.startsWith('Buy cheap watches now now')).toBe(true);
    expect(said.label.length).toBeLessThanOrEqual(140);
    expect(said.label.endsWith('…')).toBe(true);
    expect(await target('account', writer.id)).toEqual({
      kind: 'account',
      id: writer.id,
      label: 'Writer',
      author: 'Writer',
      href: `/view-profile/${encodeId(writer.id)}`,
      own: false,
    });
    // The reader's own account: the form says it is not theirs to report.
    expect(await target('account', reader.id)).toMatchObject({ own: true });
    // Reported once, the form is not shown again while that report is open: the answer names it.
    const before = await call('report/target', another, { kind: 'post', target_id: post.id });
    expect(before.json().reported).toBeNull();
    const made = await call('report', another, { kind: 'post', target_id: post.id, category: 'spam' });
    const after = await call('report/target', another, { kind: 'post', target_id: post.id });
    expect(after.json().reported).toEqual({ id: made.json().report_id, created_at: expect.any(String) });
    expect((await call('report/target', reader, { kind: 'post', target_id: post.id })).json().reported).toBeNull();
    expect((await target('account', far.id)).author).toMatch(/far/);
  });

  it('answers 404 for what is not there, and 422 for a kind it does not know', async () => {
    const gone = await call('report/target', reader, { kind: 'comment', target_id: 999_999 });
    expect(gone.statusCode).toBe(404);
    expect(gone.json().message).toBe(REPORT_GONE);
    expect((await call('report/target', reader, { kind: 'draft', target_id: 1 })).statusCode).toBe(422);
  });
});

describe('POST /api/user/reports', () => {
  it('lists the reader’s own reports, newest first, with what each is about, and nobody else’s', async () => {
    const post = await aPost(t.db, { userId: writer.id, title: 'A story reported twice' });
    const comment = await aComment(post.id, another, 'A comment reported once');
    expect((await call('report', another, { kind: 'post', target_id: post.id, category: 'other', note: 'NOT THE READER’S' })).statusCode).toBe(201);
    expect((await call('report', reader, { kind: 'post', target_id: post.id, category: 'spam', note: 'Casino links' })).statusCode).toBe(201);
    expect((await call('report', reader, { kind: 'comment', target_id: comment, category: 'harassment' })).statusCode).toBe(201);

    const res = await call('reports', reader);
    expect(res.statusCode).toBe(200);
    const { data, next_cursor } = res.json();
    expect(next_cursor).toBeNull();
    expect(data.slice(0, 2)).toEqual([
      expect.objectContaining({
        kind: 'comment',
        target_id: comment,
        category: 'harassment',
        note: '',
        status: 'open',
        resolved_at: null,
        target: expect.objectContaining({ label: 'A comment reported once', author: 'Another' }),
      }),
      expect.objectContaining({
        kind: 'post',
        target_id: post.id,
        category: 'spam',
        note: 'Casino links',
        status: 'open',
        target: expect.objectContaining({ label: 'A story reported twice' }),
      }),
    ]);
    expect(res.body).not.toContain('NOT THE READER’S');
  });

  it('says when a case was decided, and shows a report whose thing is gone since without it', async () => {
    const post = await aPost(t.db, { userId: writer.id, title: 'Soon gone' });
    const made = await call('report', reader, { kind: 'post', target_id: post.id, category: 'rule' });
    const caseId = (await t.db.selectFrom('reports').select('case_id').where('id', '=', made.json().report_id).executeTakeFirstOrThrow()).case_id;
    await t.db.updateTable('cases').set({ status: 'resolved', resolved_at: '2026-11-30T10:00:00.000Z' }).where('id', '=', caseId).execute();
    await t.db.deleteFrom('posts').where('id', '=', post.id).execute();
    const mine = (await call('reports', reader)).json().data.find((r: { id: number }) => r.id === made.json().report_id);
    expect(mine).toMatchObject({ status: 'resolved', resolved_at: '2026-11-30T10:00:00.000Z', target: null });
  });

  it('pages by its cursor, and refuses a bad one', async () => {
    const writers = await Promise.all(Array.from({ length: MY_REPORTS_PAGE_SIZE + 2 }, (_, i) => aUser(t.db, { name: `Pager ${i}` })));
    const fresh = await signIn(t.app, await aUser(t.db, { name: 'Fresh reader' }));
    for (const w of writers) expect((await call('report', fresh, { kind: 'account', target_id: w.id, category: 'spam' })).statusCode).toBe(201);
    const first = (await call('reports', fresh)).json();
    expect(first.data).toHaveLength(MY_REPORTS_PAGE_SIZE);
    expect(first.next_cursor).toEqual(String(first.data.at(-1).id));
    const second = (await t.app.inject({ method: 'POST', url: `/api/user/reports?cursor=${first.next_cursor}`, payload: { user_id: fresh.id }, headers: fresh.headers })).json();
    expect(second.data.map((r: { target: { label: string } }) => r.target.label)).toEqual(['Pager 1', 'Pager 0']);
    expect(second.next_cursor).toBeNull();
    // Not digits, or past an integer (which PostgreSQL would refuse as a parameter): 422 on both databases.
    for (const cursor of ['abc', '9999999999']) {
      const bad = await t.app.inject({ method: 'POST', url: `/api/user/reports?cursor=${cursor}`, payload: { user_id: fresh.id }, headers: fresh.headers });
      expect(bad.statusCode, cursor).toBe(422);
    }
  });
});
