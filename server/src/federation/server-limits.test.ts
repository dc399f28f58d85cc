import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { nowIso } from '../db/database.ts';
import { createLimits } from '../moderation/limits.service.ts';
import { createDecisions } from '../moderation/decisions.service.ts';
import { reportedCase } from '../moderation/moderation.testkit.ts';
import { createRolesService } from '../moderation/roles.service.ts';
import { offlineEvents } from '../offline-events.ts';
import { type TestApp, buildTestApp } from '../test/app.ts';
import { type Session, aUser, anAccountElsewhere, signIn } from '../test/factories.ts';
import { saveRemoteActor } from './followers.repository.ts';

/**
 * A server elsewhere limited (Mastodon's `silence`, ADR 0112) on SQLite or PostgreSQL: every account
 * of it known, and each one met after, is limited as the limit action limits one (ADR 0111); lifting
 * the server's limit lifts theirs, but not an account's own; an account's own limit lifted leaves it
 * limited while its server is.
 */
let t: TestApp;
let mo: Session;
let reporter: Session;

const api = (url: string, payload: object) => t.app.inject({ method: 'POST', url: `/api/mod/${url}`, payload, headers: mo.headers });
const limitedAt = async (id: number) => (await t.db.selectFrom('users').select('limited_at').where('id', '=', id).executeTakeFirstOrThrow()).limited_at;

beforeAll(async () => {
  t = await buildTestApp();
  const user = await aUser(t.db, { name: 'Mo Derator' });
  await createRolesService(t.db).grant('command line', 'moderator', user.email);
  mo = await signIn(t.app, user);
  reporter = await signIn(t.app, await aUser(t.db, { name: 'Rita Reporter' }));
});
afterAll(() => t?.close());

describe('a server limited in the console', () => {
  it('limits its accounts, known and met after, and lifts them again but for one limited on its own', async () => {
    const farm = await anAccountElsewhere(t.db, 'Farm Hand');
    const host = new URL(farm.apId).hostname;
    const bystander = await anAccountElsewhere(t.db, 'Bystander');

    const saved = await api('servers/save', { domain: host, severity: 'silence', public_comment: 'Follow farms.' });
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json()).toMatchObject({
      message: `${host} and its subdomains are limited: their accounts are out of feeds, search and recommendations but for their followers.`,
      server: { domain: host, severity: 'silence', accounts: 1 },
    });
    expect(await limitedAt(farm.id)).not.toBeNull();
    expect(await limitedAt(bystander.id)).toBeNull();

    // An account met after, on a subdomain, is limited as it is first kept.
    const uri = `https://eu.${host}/users/newcomer`;
    const met = await saveRemoteActor(
      t.db,
      { uri, inbox: `${uri}/inbox`, shared_inbox: null, handle: `@newcomer@eu.${host}`, name: 'Newcomer', icon_url: null, url: null },
      nowIso(),
    );
    expect(await limitedAt(met.userId)).not.toBeNull();

    // One of them limited on its own as well: the server's limit changed to no block leaves that one.
    const caseId = await reportedCase(t, reporter, 'account', farm.id, 'spam');
    await createDecisions(t.db, t.config.publicUrl, offlineEvents()).decide(caseId, 'limit', 'Follow-for-follow, wherever it comes from.', 'command line');
    expect((await api('servers/save', { domain: host, severity: 'noop' })).statusCode).toBe(200);
    expect(await limitedAt(farm.id)).not.toBeNull();
    expect(await limitedAt(met.userId)).toBeNull();

    // Limited again, its own limit lifted: still limited while its server is; the server's lifted, free.
    expect((await api('servers/save', { domain: host, severity: 'silence' })).statusCode).toBe(200);
    expect(await limitedAt(met.userId)).not.toBeNull();
    await createLimits(t.db, t.config.publicUrl).lift(farm.id, 'command line');
    expect(await limitedAt(farm.id)).not.toBeNull();
    expect((await api('servers/remove', { domain: host })).statusCode).toBe(200);
    expect(await limitedAt(farm.id)).toBeNull();
    expect(await limitedAt(met.userId)).toBeNull();
  });
});
