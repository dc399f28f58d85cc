import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PICKS_MAX, WHOM_TO_FOLLOW_MAX } from '@inkwell/contract';
import { nowIso } from '../db/database.ts';
import { type TestApp, buildTestApp } from '../test/app.ts';
import { type Session, type TestUser, aPost, aUser, anAccountElsewhere, signIn } from '../test/factories.ts';

let t: TestApp;
let reader: TestUser;
let session: Session;
beforeAll(async () => {
  t = await buildTestApp();
  reader = await aUser(t.db, { name: 'Reader' });
  session = await signIn(t.app, reader);
});
afterAll(() => t.close());

const call = (url: string, payload: object, headers: Record<string, string> = {}) => t.app.inject({ method: 'POST', url: `/api/user/${url}`, payload, headers });

describe('home side panels', () => {
  it('Picks: the most liked recent posts with their authors, never the reader’s own', async () => {
    const writer = await aUser(t.db, { name: 'Writer' });
    const quiet = await aPost(t.db, { userId: writer.id, title: 'Quiet' });
    const loved = await aPost(t.db, { userId: writer.id, title: 'Loved' });
    const liked = await aPost(t.db, { userId: writer.id, title: 'Liked' });
    const mine = await aPost(t.db, { userId: reader.id, title: 'Mine and very loved' });
    await t.db.updateTable('posts').set({ likes_count: 9 }).where('id', '=', loved.id).execute();
    await t.db.updateTable('posts').set({ likes_count: 5 }).where('id', '=', liked.id).execute();
    await t.db.updateTable('posts').set({ likes_count: 99 }).where('id', '=', mine.id).execute();
    await t.db.updateTable('users').set({ followers_count: 3 }).where('id', '=', writer.id).execute();

    const res = await call('recommended-posts', { user_id: reader.id }, session.headers);
    expect(res.statusCode).toBe(200);
    const picks = res.json().recommended_posts as Array<{ id: number; title: string; user: object }>;
    expect(picks.map((p) => p.id)).toEqual([loved.id, liked.id, quiet.id]);
    expect(picks[0]).toEqual({ id: loved.id, title: 'Loved', user: { id: writer.id, name: 'Writer', profile_picture: null, followers_count: 3 } });

    // A visitor sees the reader's post too; at most PICKS_MAX.
    for (let i = 0; i < PICKS_MAX; i += 1) await aPost(t.db, { userId: writer.id });
    const asVisitor = (await call('recommended-posts', {})).json().recommended_posts as Array<{ id: number }>;
    expect(asVisitor).toHaveLength(PICKS_MAX);
    expect(asVisitor[0]!.id).toBe(mine.id);
  });

  it('Whom to follow: the most followed verified people the reader does not follow, not the reader', async () => {
    const popular = await aUser(t.db, { name: 'Popular' });
    const known = await aUser(t.db, { name: 'Known' });
    const unverified = await aUser(t.db, { name: 'Unverified', verified: false });
    await t.db.updateTable('users').set({ followers_count: 50 }).where('id', '=', popular.id).execute();
    await t.db.updateTable('users').set({ followers_count: 80 }).where('id', 'in', [known.id, unverified.id]).execute();
    await t.db.updateTable('users').set({ followers_count: 1000 }).where('id', '=', reader.id).execute();
    await t.db.insertInto('follows').values({ follower_id: reader.id, following_id: known.id, created_at: nowIso() }).execute();
    // An account of another server is no member to pick, however followed (ADR 0080).
    const elsewhere = await anAccountElsewhere(t.db, 'Famous Elsewhere', { followers: 100_000 });

    const res = await call('recommended-users', { id: reader.id }, session.headers);
    expect(res.statusCode).toBe(200);
    const people = res.json().recommended_users as Array<{ id: number; is_follow: boolean; name: string }>;
    expect(people.length).toBeLessThanOrEqual(WHOM_TO_FOLLOW_MAX);
    expect(people[0]).toEqual({ id: popular.id, name: 'Popular', username: null, bio: null, profile_picture: null, is_follow: false });
    const ids = people.map((p) => p.id);
    expect(ids).not.toContain(known.id);
    expect(ids).not.toContain(unverified.id);
    expect(ids).not.toContain(reader.id);
    expect(ids).not.toContain(elsewhere.id);

    // A visitor gets the most followed member of all.
    const asVisitor = (await call('recommended-users', {})).json().recommended_users as Array<{ id: number }>;
    expect(asVisitor[0]!.id).toBe(reader.id);
  });

  it('refuses a body naming someone else than the session (403), and bad ids (422)', async () => {
    const other = await aUser(t.db);
    expect((await call('recommended-users', { id: other.id }, session.headers)).statusCode).toBe(403);
    expect((await call('recommended-posts', { user_id: other.id }, session.headers)).statusCode).toBe(403);
    expect((await call('recommended-users', { id: 'abc' })).statusCode).toBe(422);
  });
});
