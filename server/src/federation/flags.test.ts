import { randomUUID } from 'node:crypto';
import { REPORT_NOTE_MAX } from '@inkwell/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { nowIso } from '../db/database.ts';
import { createCasesService } from '../moderation/cases.service.ts';
import type { TestApp } from '../test/app.ts';
import { PASSWORD, type Session, aPost, signIn } from '../test/factories.ts';
import { type FediversePeer, startFediversePeer } from '../test/fediverse-peer.ts';
import { until } from '../test/until.ts';
import { deleteDomainBlock, insertDomainBlock, saveServerPolicy } from './domain-blocks.repository.ts';
import { anActor, expectColumnRoundTrip, federatedApp } from './federation.testkit.ts';

/**
 * Reports from other servers (ADR 0095), over real sockets with real signatures, on SQLite or PostgreSQL
 * as INKWELL_TEST_DB says. The Flags are written by hand in the shapes each server sends:
 * - Mastodon (app/serializers/activitypub/flag_serializer.rb): from the instance actor, its id
 *   `<origin>/<uuid>`, `object` the reported account then the statuses picked, `content` the comment;
 * - GoToSocial (internal/typeutils: ReportToASFlag): from the instance actor `<origin>/users/<host>`,
 *   its id `<origin>/reports/<ulid>`, the same list;
 * - Misskey: `object` one address as a string.
 * Each makes exactly one case or none; the reporter there is named to nobody here.
 */
const AS2 = 'https://www.w3.org/ns/activitystreams';
let t: TestApp;
let base: string;
let mastodon: FediversePeer;
let gts: FediversePeer;
let writer: Awaited<ReturnType<typeof anActor>>;
let session: Session;

beforeAll(async () => {
  ({ t, base } = await federatedApp());
  mastodon = await startFediversePeer(['actor']);
  gts = await startFediversePeer(['gts.example']);
  writer = await anActor(t, base);
  session = await signIn(t.app, { ...writer, password: PASSWORD });
});
afterAll(async () => {
  await t?.close();
  await mastodon?.close();
  await gts?.close();
});

const inbox = () => new URL(`${base}/ap/inbox`);
const story = async () => `${base}/ap/posts/${(await aPost(t.db, { userId: writer.id })).id}`;

async function aComment(text: string): Promise<{ id: number; note: string }> {
  const postId = (await aPost(t.db, { userId: writer.id })).id;
  const said = await t.app.inject({ method: 'POST', url: '/api/user/comment', payload: { user_id: session.id, post_id: postId, comments: text }, headers: session.headers });
  expect(said.statusCode, said.body).toBe(200);
  const id = said.json().id as number;
  return { id, note: `${base}/ap/notes/c${id}` };
}

/** Mastodon's Flag: from its instance actor, the account first, then the statuses. */
function mastodonFlag(objects: string[] | string, content: string) {
  return { '@context': AS2, id: `${mastodon.origin}/${randomUUID()}`, type: 'Flag', actor: mastodon.actorUri('actor').href, content, object: objects };
}

/** GoToSocial's Flag: its instance actor is named after its host. */
function gtsFlag(objects: string[], content: string) {
  return {
    '@context': AS2,
    actor: gts.actorUri('gts.example').href,
    content,
    id: `${gts.origin}/reports/01J${randomUUID().replace(/-/g, '').slice(0, 23).toUpperCase()}`,
    object: objects,
    type: 'Flag',
  };
}

const reportsOf = (apId: string) => t.db.selectFrom('reports').selectAll().where('ap_id', '=', apId).execute();
const reportOf = (apId: string) => until(async () => (await reportsOf(apId))[0], 15_000);
/** Every activity received has been handled: the inbox's queue is empty. */
const drained = () => until(async () => ((await t.db.selectFrom('federation_messages').select('id').executeTakeFirst()) === undefined ? true : undefined), 15_000);
const caseOf = async (id: number) => (await createCasesService(t.db).show(id))!;
const host = (peer: FediversePeer) => new URL(peer.origin).host;

describe('a Flag from another server', () => {
  it('Mastodon’s, about an account and one story: one report in the story’s case, from that server, naming no person', async () => {
    const article = await story();
    const flag = mastodonFlag([writer.actor.id.href, article], 'This story is an advert for a casino.');
    await mastodon.post('actor', inbox(), flag);
    const report = await reportOf(flag.id);
    expect(report).toMatchObject({ target_kind: 'post', target_id: Number(article.split('/').pop()), reporter_id: null, reporter_server: host(mastodon), category: 'other' });
    expect(report.note).toBe('This story is an advert for a casino.');
    const shown = await caseOf(report.case_id);
    expect(shown).toMatchObject({ status: 'open', target: { kind: 'post' }, subject: { id: writer.id } });
    expect(shown.reports).toEqual([expect.objectContaining({ reporter: null, server: host(mastodon), flag: flag.id })]);

    // Delivered again (a retry): nothing more.
    await mastodon.post('actor', inbox(), flag);
    await drained();
    expect(await reportsOf(flag.id)).toHaveLength(1);
    expect(await t.db.selectFrom('reports').select('id').where('case_id', '=', report.case_id).execute()).toHaveLength(1);
  });

  it('Mastodon’s about the account alone, or with several statuses: the account’s case, the others named in the note', async () => {
    const alone = mastodonFlag([writer.actor.id.href], '');
    await mastodon.post('actor', inbox(), alone);
    expect(await reportOf(alone.id)).toMatchObject({ target_kind: 'account', target_id: writer.id, note: '' });

    const [first, second] = [await story(), await story()];
    const several = mastodonFlag([writer.actor.id.href, first, second], 'Spam, all of it');
    await mastodon.post('actor', inbox(), several);
    const report = await reportOf(several.id);
    expect(report).toMatchObject({ target_kind: 'account', target_id: writer.id });
    expect(report.note).toBe(`Spam, all of it\n\nIt also names: ${first} ${second}`);
    // Both went into the account's one open case.
    expect((await caseOf(report.case_id)).reports).toHaveLength(2);
  });

  it('GoToSocial’s about a comment: the comment’s case', async () => {
    const comment = await aComment('Visit my shop for cheap watches');
    const flag = gtsFlag([writer.actor.id.href, comment.note], '<p>Comment <b>spam</b></p>');
    await gts.post('gts.example', inbox(), flag);
    expect(await reportOf(flag.id)).toMatchObject({ target_kind: 'comment', target_id: comment.id, reporter_server: host(gts), note: 'Comment spam' });
  });

  it('Misskey’s, one address as a string', async () => {
    const flag = mastodonFlag(writer.actor.id.href, 'Impersonation');
    await mastodon.post('actor', inbox(), flag);
    expect(await reportOf(flag.id)).toMatchObject({ target_kind: 'account', target_id: writer.id, note: 'Impersonation' });
  });

  it('a megabyte of words: one report, its note cut to a report’s length', async () => {
    const flag = mastodonFlag([writer.actor.id.href], 'word '.repeat(200_000));
    expect(JSON.stringify(flag).length).toBeGreaterThan(1_000_000);
    await mastodon.post('actor', inbox(), flag);
    const report = await reportOf(flag.id);
    expect(report.note.length).toBeLessThanOrEqual(REPORT_NOTE_MAX);
    expect(report.note.endsWith('…')).toBe(true);
  });

  it('makes nothing when it names nothing of ours, a story gone, another server’s, or comes with an id of another server', async () => {
    const flags = [
      mastodonFlag([`${gts.origin}/users/someone`, `${gts.origin}/notes/1`], 'not ours'),
      mastodonFlag([`${base}/ap/posts/999999`], 'gone'),
      mastodonFlag([`${base}/ap/users/instance`], 'the instance itself'),
      mastodonFlag([`${base}/ap/notes/c999999`], 'no such comment'),
      { ...mastodonFlag([writer.actor.id.href], 'its id is elsewhere'), id: `${gts.origin}/${randomUUID()}` },
    ];
    for (const flag of flags) await mastodon.post('actor', inbox(), flag);
    await drained();
    for (const flag of flags) expect(await reportsOf(flag.id), flag.content).toEqual([]);
  });

  it('from a server whose reports are refused, not blocked (ADR 0108): taken at the door, no case; its reports count again once that is lifted', async () => {
    const host = new URL(mastodon.origin).hostname;
    const policy = { severity: 'noop', reject_media: 0, reject_reports: 1, obfuscate: 0, public_comment: '', private_comment: '' } as const;
    await saveServerPolicy(t.db, host, policy, nowIso());
    const refused = mastodonFlag([writer.actor.id.href], 'from a server whose reports are refused');
    await mastodon.post('actor', inbox(), refused);
    await drained();
    expect(await reportsOf(refused.id)).toEqual([]);
    await saveServerPolicy(t.db, host, { ...policy, reject_media: 1, reject_reports: 0 }, nowIso());
    const taken = mastodonFlag([writer.actor.id.href], 'its media refused, its reports taken');
    await mastodon.post('actor', inbox(), taken);
    await drained();
    expect(await reportsOf(taken.id)).toHaveLength(1);
    await deleteDomainBlock(t.db, host);
  });

  it('from a blocked server: refused at the door, no case', async () => {
    await insertDomainBlock(t.db, new URL(mastodon.origin).hostname, nowIso());
    const flag = mastodonFlag([writer.actor.id.href], 'from a blocked server');
    await expect(mastodon.post('actor', inbox(), flag)).rejects.toThrow();
    await drained();
    expect(await reportsOf(flag.id)).toEqual([]);
  });

  it('is kept with migration 0064 (reports.reporter_server, ap_id), which goes with its down', async () => {
    await expectColumnRoundTrip('0063_writings_by_writer_time', 'reports', 'reporter_server');
    await expectColumnRoundTrip('0063_writings_by_writer_time', 'reports', 'ap_id');
  });
});
