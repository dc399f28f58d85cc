import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { nowIso } from '../db/database.ts';
import { createRolesService } from '../moderation/roles.service.ts';
import { type TestApp, buildTestApp } from '../test/app.ts';
import { type Session, aUser, anAccountElsewhere, signIn } from '../test/factories.ts';
import { isBlockedHost, refusesReportsFrom } from './domain-blocks.ts';
import { saveRemoteActor } from './followers.repository.ts';
import { expectColumnRoundTrip } from './federation.testkit.ts';
import { obfuscatedDomain } from '../lib/domain-names.ts';
import { readServerCsv } from './server-blocks-csv.ts';

/**
 * The servers in the moderation console (issue 47, ADR 0108) on SQLite or PostgreSQL: a block with a
 * severity, its media and reports refused or not, a public and a private comment; made, changed and
 * lifted under the moderator's name; Mastodon's CSV in and out; the public list on /moderation.
 */
let t: TestApp;
let mo: Session;
let member: { id: number };

const api = (url: string, payload: object, who: Session = mo) => t.app.inject({ method: 'POST', url: `/api/mod/${url}`, payload, headers: who.headers });
const auditOf = (label: string) =>
  t.db.selectFrom('audit_log').select(['action', 'actor_name', 'summary']).where('target_kind', '=', 'domain').where('target_label', '=', label).orderBy('id').execute();
const hostOf = (apId: string) => new URL(apId).hostname;

beforeAll(async () => {
  t = await buildTestApp();
  const user = await aUser(t.db, { name: 'Mo Derator' });
  await createRolesService(t.db).grant('command line', 'moderator', user.email);
  mo = await signIn(t.app, user);
  member = await aUser(t.db, { name: 'Mia Member' });
});
afterAll(() => t?.close());

describe('a block made in the console', () => {
  it('refuses only the reports of a server left unblocked (noop), audited under the moderator’s name, and lists it with its accounts', async () => {
    const account = await anAccountElsewhere(t.db, 'Rude Reporter');
    const domain = hostOf(account.apId);
    const saved = await api('servers/save', {
      domain: domain.toUpperCase(),
      severity: 'noop',
      reject_reports: 'on',
      public_comment: 'Reports in bad faith.',
      private_comment: 'See case 12.',
    });
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json()).toMatchObject({
      message: `The block of ${domain} is saved.`,
      ended_follows: 0,
      server: { domain, severity: 'noop', reject_reports: true, reject_media: false, accounts: 1 },
    });
    expect(await isBlockedHost(t.db, domain)).toBe(false);
    expect(await refusesReportsFrom(t.db, `https://${domain}/users/x`)).toBe(true);
    expect(await refusesReportsFrom(t.db, 'https://other.example/users/x')).toBe(false);
    const [row] = await auditOf(domain);
    expect(row).toMatchObject({ action: 'domain.block', actor_name: 'Mo Derator' });
    expect(JSON.parse(row!.summary!).after).toMatchObject({ severity: 'noop', reject_reports: true, private_comment: 'See case 12.' });
    const list = await api('servers', {});
    expect(list.json().servers.find((s: { domain: string }) => s.domain === domain)).toMatchObject({
      accounts: 1,
      public_comment: 'Reports in bad faith.',
      private_comment: 'See case 12.',
    });
  });

  it('suspends a server: follows both ways end, pictures are forgotten and none kept after; a change is audited before and after, a save unchanged not at all', async () => {
    const account = await anAccountElsewhere(t.db, 'Loud Account');
    const domain = hostOf(account.apId);
    await t.db
      .updateTable('users')
      .set({ icon_url: `https://${domain}/avatar.png` })
      .where('id', '=', account.id)
      .execute();
    const now = nowIso();
    await t.db
      .insertInto('follows')
      .values([
        { follower_id: account.id, following_id: member.id, created_at: now, activity_id: `https://${domain}/follows/1` },
        { follower_id: member.id, following_id: account.id, created_at: now, activity_id: null },
      ])
      .execute();
    const noop = await api('servers/save', { domain, severity: 'noop', reject_media: true });
    expect(noop.statusCode, noop.body).toBe(200);
    expect((await t.db.selectFrom('users').select('icon_url').where('id', '=', account.id).executeTakeFirstOrThrow()).icon_url).toBeNull();
    const kept = await saveRemoteActor(
      t.db,
      { uri: account.apId, inbox: `${account.apId}/inbox`, shared_inbox: null, handle: `@loud@${domain}`, name: 'Loud', icon_url: `https://${domain}/new.png`, url: null },
      nowIso(),
    );
    expect(kept.iconUrl).toBeNull();
    expect(await t.db.selectFrom('follows').select('follower_id').where('follower_id', 'in', [account.id, member.id]).execute()).toHaveLength(2);

    const suspended = await api('servers/save', { domain, severity: 'suspend', reject_media: true, public_comment: 'Harassment.' });
    expect(suspended.json()).toMatchObject({ message: `${domain} and its subdomains are suspended. 2 follows between its accounts and members ended.`, ended_follows: 2 });
    expect(await isBlockedHost(t.db, `eu.${domain}`)).toBe(true);
    expect(await t.db.selectFrom('follows').select('follower_id').where('follower_id', 'in', [account.id, member.id]).execute()).toHaveLength(0);
    expect((await api('servers/save', { domain, severity: 'suspend', reject_media: true, public_comment: 'Harassment.' })).statusCode).toBe(200);
    const rows = await auditOf(domain);
    expect(rows.map((r) => r.action)).toEqual(['domain.block', 'domain.change']);
    expect(JSON.parse(rows[1]!.summary!)).toMatchObject({ before: { severity: 'noop', public_comment: '' }, after: { severity: 'suspend', public_comment: 'Harassment.' } });
  });

  it('refuses what is not a domain (422 by field) and a lift of a block there is not (404); lifts one audited', async () => {
    const bad = await api('servers/save', { domain: 'not a domain!', severity: 'suspend' });
    expect(bad.statusCode).toBe(422);
    expect(bad.json().errors.domain[0]).toBe('“not a domain!” is not a domain name.');
    expect((await api('servers/save', { domain: 'ok.example', severity: 'sandbox' })).json().errors.severity[0]).toBe('Choose what happens to the server.');
    expect((await api('servers/remove', { domain: 'never.example' })).statusCode).toBe(404);
    await api('servers/save', { domain: 'lifted.example', severity: 'suspend' });
    const lifted = await api('servers/remove', { domain: 'Lifted.Example' });
    expect(lifted.json()).toEqual({ message: 'The block of lifted.example is lifted.' });
    expect((await auditOf('lifted.example')).map((r) => r.action)).toEqual(['domain.block', 'domain.unblock']);
    expect(await isBlockedHost(t.db, 'lifted.example')).toBe(false);
  });
});

describe('Mastodon’s CSV', () => {
  const MASTODON = [
    '#domain,#severity,#reject_media,#reject_reports,#public_comment,#obfuscate',
    'spam-one.example,suspend,false,false,Spam,false',
    'quiet.example,silence,true,false,Harassment,false',
    'media.example,noop,true,true,"Gore, unmarked",true',
    'spam-one.example,noop,false,false,,false',
    'not a domain,suspend,false,false,,false',
    'lifted-before.example,bogus,false,false,,false',
  ].join('\n');

  it('imports each line it can, skipping the rest with why; a domain blocked here already keeps its block', async () => {
    await api('servers/save', { domain: 'media.example', severity: 'suspend', private_comment: 'Ours.' });
    const done = await api('servers/import', { csv: MASTODON });
    expect(done.statusCode, done.body).toBe(200);
    expect(done.json()).toEqual({
      message: '2 servers blocked; 4 lines skipped.',
      added: ['spam-one.example', 'quiet.example'],
      skipped: [
        { line: 4, domain: 'media.example', reason: 'Blocked here already: its block is left as it is.' },
        { line: 5, domain: 'spam-one.example', reason: 'Listed twice: the first line was taken.' },
        { line: 6, domain: 'not a domain', reason: 'Not a domain name.' },
        { line: 7, domain: 'lifted-before.example', reason: 'The severity must be suspend, silence or noop, not “bogus”.' },
      ],
    });
    expect(await isBlockedHost(t.db, 'spam-one.example')).toBe(true);
    // Mastodon's silence is a limit here (ADR 0112): its accounts are limited, not refused.
    expect(await isBlockedHost(t.db, 'quiet.example')).toBe(false);
    expect((await api('servers', {})).json().servers.find((s: { domain: string }) => s.domain === 'quiet.example')).toMatchObject({ severity: 'silence', reject_media: true });
    expect((await auditOf('spam-one.example'))[0]).toMatchObject({ action: 'domain.block', actor_name: 'Mo Derator' });
    expect((await api('servers', {})).json().servers.find((s: { domain: string }) => s.domain === 'media.example')).toMatchObject({
      severity: 'suspend',
      private_comment: 'Ours.',
    });
    // A plain list of domains, one a line, suspends each.
    expect((await api('servers/import', { csv: 'plain-one.example\nplain-two.example' })).json().added).toEqual(['plain-one.example', 'plain-two.example']);
    expect((await api('servers/import', { csv: '   ' })).json().errors.csv[0]).toBe('Paste the CSV or choose its file.');
    expect((await api('servers/import', { csv: 'a.example,"unclosed' })).json().errors.csv[0]).toMatch(/^The text could not be read as CSV/);
  });

  it('exports every block in Mastodon’s columns, a formula made inert, that reads back as it was', async () => {
    await api('servers/save', {
      domain: 'formula.example',
      severity: 'noop',
      reject_media: true,
      obfuscate: true,
      public_comment: '=HYPERLINK("http://x")',
      private_comment: 'never exported',
    });
    const res = await t.app.inject({ method: 'GET', url: '/api/mod/servers.csv', headers: mo.headers });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('text/csv; charset=utf-8');
    const lines = res.body.split('\r\n');
    expect(lines[0]).toBe('#domain,#severity,#reject_media,#reject_reports,#public_comment,#obfuscate');
    expect(lines).toContain(`formula.example,noop,true,false,"'=HYPERLINK(""http://x"")",true`);
    expect(res.body).not.toContain('never exported');
    const back = readServerCsv(res.body).find((l) => l.domain === 'formula.example')!;
    expect(back).toMatchObject({ policy: { severity: 'noop', reject_media: 1, reject_reports: 0, obfuscate: 1, public_comment: `'=HYPERLINK("http://x")` } });
  });
});

describe('the public list on /moderation', () => {
  it('shows every block at once, the domain in part when asked, with its public comment only', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/user/moderation' });
    const servers = res.json().servers as Array<{ domain: string; reason: string }>;
    expect(servers.find((s) => s.reason === 'Reports in bad faith.')).toMatchObject({ severity: 'noop', reject_reports: true });
    expect(servers.map((s) => s.domain)).toContain(obfuscatedDomain('formula.example'));
    expect(servers.map((s) => s.domain)).not.toContain('formula.example');
    expect(res.body).not.toMatch(/See case 12|never exported|Ours\./);
  });

  it('obfuscates as Mastodon does: the ends kept, the dots kept', () => {
    expect(obfuscatedDomain('formula.example')).toBe('form***.****ple');
    expect(obfuscatedDomain('mastodon.social')).toBe('mast****.***ial');
  });
});

describe('migration 0074', () => {
  it('adds the policy columns and takes them away again', () => expectColumnRoundTrip('0073_cases_by_kind', 'federation_domain_blocks', 'reject_reports'));
});
