import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { encodeId } from '@inkwell/contract';
import { nowIso } from '../db/database.ts';
import { type TestApp, buildTestApp } from '../test/app.ts';
import { aUser, anAccountElsewhere, signIn } from '../test/factories.ts';
import { Archive, exportServer } from './export.testkit.ts';

/**
 * "Download your data" names the people of other servers a member follows, is followed by or blocked
 * by their handle and their page there (an account elsewhere is a row of users: ADR 0083), so that
 * the archive says who they are and another server could follow them again; members as before.
 */
let t: TestApp;
let server: FastifyInstance;
beforeAll(async () => {
  t = await buildTestApp();
  server = await exportServer(t);
});
afterAll(async () => {
  await server?.close();
  await t?.close();
});

describe('the export of someone with followers, follows and blocks on other servers', () => {
  it('names each account elsewhere by its handle and its page there, and each member by their profile here', async () => {
    const ada = await aUser(t.db, { name: 'Ada' });
    const session = await signIn(t.app, ada);
    const bo = await aUser(t.db, { name: 'Bo' });
    const dave = await anAccountElsewhere(t.db, 'Dave');
    const erin = await anAccountElsewhere(t.db, 'Erin');
    const finn = await anAccountElsewhere(t.db, 'Finn');
    const page = `https://finn.example/@finn`;
    await t.db.updateTable('users').set({ url: page }).where('id', '=', finn.id).execute();
    // Erin gave no page: her actor's address stands for it.
    await t.db.updateTable('users').set({ url: null }).where('id', '=', erin.id).execute();
    const now = nowIso();
    await t.db
      .insertInto('follows')
      .values([
        { follower_id: dave.id, following_id: ada.id, created_at: now },
        { follower_id: bo.id, following_id: ada.id, created_at: now },
        { follower_id: ada.id, following_id: finn.id, created_at: now },
      ])
      .execute();
    await t.db.insertInto('blocks').values({ blocker_id: ada.id, blocked_id: erin.id, created_at: now }).execute();

    const res = await server.inject({ method: 'POST', url: '/api/user/export-data', payload: { user_id: ada.id }, headers: session.headers });
    expect(res.statusCode, res.body).toBe(200);
    const archive = new Archive(res.rawPayload);
    const handleOf = async (id: number) => (await t.db.selectFrom('users').select('handle').where('id', '=', id).executeTakeFirstOrThrow()).handle;
    const daves = (await t.db.selectFrom('users').select('url').where('id', '=', dave.id).executeTakeFirstOrThrow()).url;
    expect(daves).toMatch(/^https:\/\//);
    const at = expect.any(String);
    expect(archive.json('follows.json')).toEqual({
      // Its page there when it gave one, else its actor's address.
      following: [{ id: finn.id, name: 'Finn', username: null, handle: await handleOf(finn.id), created_at: at, profile_url: page }],
      followers: [
        { id: bo.id, name: 'Bo', username: null, created_at: at, profile_url: `${t.config.publicUrl}/view-profile/${encodeId(bo.id)}` },
        { id: dave.id, name: 'Dave', username: null, handle: await handleOf(dave.id), created_at: at, profile_url: daves },
      ],
    });
    expect(archive.json('blocked.json')).toEqual([
      { blocker_id: ada.id, blocked_id: erin.id, blocked_name: 'Erin', blocked_handle: await handleOf(erin.id), blocked_profile_url: erin.apId, created_at: at },
    ]);
    expect(archive.text('README.txt')).toContain('(someone on another server has a "handle", such as @name@example.social)');
  });
});
