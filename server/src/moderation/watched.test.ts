import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readAudit } from '../audit/audit.ts';
import { EMAIL_DOMAIN_REFUSED } from '../auth/sign-up-domains.ts';
import { defaultSpam } from '../config-spam.ts';
import { expectMigrationRoundTrip } from '../federation/federation.testkit.ts';
import { linkHosts, normaliseTerm, trippedBy, usesWord, withinDomain } from '../lib/watched-terms.ts';
import { HELD_FOR, SPAM_TEXT } from '../social/spam.ts';
import { type TestApp, buildTestApp } from '../test/app.ts';
import { type Session, aPost, aUser, aged, signIn } from '../test/factories.ts';
import { createCasesService } from './cases.service.ts';
import { createWatched } from './watched.service.ts';

/**
 * Watched words, link domains and e-mail domains (issue 47, ADR 0104), on SQLite or PostgreSQL: a
 * comment or reply from any account that uses one is held for review in a case or refused; a sign-up
 * from a blocked e-mail domain is refused; each change audited, counted at once.
 */
describe('matching a watched term', () => {
  it('takes a word or phrase whole and in any case, a domain with its subdomains only', () => {
    expect(usesWord('Buy CHEAP   pills now', 'cheap pills')).toBe(true);
    expect(usesWord('A class act', 'ass')).toBe(false);
    expect(usesWord('Ass.', 'ass')).toBe(true);
    expect(usesWord('Ça coûte cher', 'coûte')).toBe(true);
    expect(usesWord('regex (a+b)', 'a+b')).toBe(true);
    expect(withinDomain('eu.spam.example', 'spam.example')).toBe(true);
    expect(withinDomain('notspam.example', 'spam.example')).toBe(false);
    expect(linkHosts('see https://Shop.Spam.example/x?y and www.other.example/z, not plain.example')).toEqual(['shop.spam.example', 'www.other.example']);
    expect(normaliseTerm('link-domain', 'https://Spam.Example/path')).toBe('spam.example');
    expect(normaliseTerm('email-domain', '@mail.example.')).toBe('mail.example');
    expect(normaliseTerm('link-domain', 'not a domain')).toBeUndefined();
    expect(normaliseTerm('word', ' x ')).toBeUndefined();
    const terms = [
      { kind: 'word', term: 'pills', action: 'hold' },
      { kind: 'link-domain', term: 'spam.example', action: 'refuse' },
    ] as const;
    expect(trippedBy('pills at https://spam.example', terms)?.action).toBe('refuse');
    expect(trippedBy('pills', terms)?.action).toBe('hold');
    expect(trippedBy('nothing here', terms)).toBeUndefined();
  });
});

describe('watched terms on a server', () => {
  let t: TestApp;
  let writer: Session;
  let reader: Session;
  let postId: number;
  beforeAll(async () => {
    t = await buildTestApp({ config: { spam: defaultSpam } });
    const [first, second] = await Promise.all(['Writer', 'Reader'].map(async (name) => signIn(t.app, await aged(t.db, await aUser(t.db, { name })))));
    [writer, reader] = [first!, second!];
    postId = (await aPost(t.db, { userId: writer.id, title: 'On gardens' })).id;
  });
  afterAll(() => t?.close());

  const comment = (who: Session, text: string) =>
    t.app.inject({ method: 'POST', url: '/api/user/comment', payload: { user_id: who.id, post_id: postId, comments: text }, headers: who.headers });
  const visible = async () => {
    const res = await t.app.inject({ method: 'POST', url: '/api/user/post/details', payload: { post_id: postId } });
    return (res.json().post.comments as Array<{ comments: string }>).map((c) => c.comments);
  };

  it('holds a comment with a watched word, from an old account too, in a case that says which; refuses one linking to a refused domain', async () => {
    const watched = createWatched(t.db);
    const pills = await watched.watch('word', 'Cheap Pills', 'hold', 'command line');
    expect(pills).toMatchObject({ term: 'cheap pills', created: true });
    const shop = await watched.watch('link-domain', 'https://spam.example/', 'refuse', 'command line');

    const held = await comment(reader, 'Where do I get cheap pills for the roses?');
    expect(held.statusCode, held.body).toBe(200);
    expect(held.json().held).toBe(true);
    expect(await visible()).not.toContain('Where do I get cheap pills for the roses?');
    const open = await createCasesService(t.db).list({ status: 'open', limit: 100 });
    expect(open.find((c) => c.target.kind === 'comment' && c.target.id === held.json().id)).toMatchObject({ held_for: 'It uses a watched word: “cheap pills”.' });
    expect(HELD_FOR.watched({ kind: 'link-domain', term: 'x.example', action: 'hold' })).toBe('It links to a watched domain: x.example.');

    const refused = await comment(reader, 'Roses half price at https://eu.spam.example/roses');
    expect(refused.statusCode).toBe(422);
    expect(refused.json().errors.comments).toEqual([SPAM_TEXT.watched]);
    expect((await comment(reader, 'Compare https://notspam.example/roses first.')).statusCode).toBe(200);
    // The writer's own words on their own story are watched as anyone's.
    expect((await comment(writer, 'No cheap pills here, please.')).json().held).toBe(true);

    // Changed to refuse, then no longer watched: it counts at once.
    expect(await watched.watch('word', 'cheap pills', 'refuse', 'command line')).toMatchObject({ id: pills.id, created: false });
    expect((await comment(reader, 'cheap pills again')).statusCode).toBe(422);
    await watched.unwatch(pills.id, 'command line');
    await watched.unwatch(shop.id, 'command line');
    expect((await comment(reader, 'cheap pills, said in jest, at https://spam.example')).statusCode).toBe(200);
    await expect(watched.unwatch(shop.id, 'command line')).rejects.toThrow(`There is no watched term ${shop.id}.`);
    const lines = await readAudit(t.db, { limit: 4, actions: ['watch.set', 'watch.remove'] });
    expect(lines.map((l) => [l.action, l.target.label])).toEqual([
      ['watch.remove', 'link-domain: spam.example'],
      ['watch.remove', 'word: cheap pills'],
      ['watch.set', 'word: cheap pills'],
      ['watch.set', 'link-domain: spam.example'],
    ]);
  });

  it('refuses a sign-up from a blocked e-mail domain or its subdomains, and only refuses', async () => {
    const watched = createWatched(t.db);
    await expect(watched.watch('email-domain', 'spam.example', 'hold', 'command line')).rejects.toThrow(/only be refused/);
    await expect(watched.watch('link-domain', 'nope', 'refuse', 'command line')).rejects.toThrow('"nope" is not a domain name.');
    await watched.watch('email-domain', 'throwaway.example', 'refuse', 'command line');
    const register = (email: string) =>
      t.app.inject({ method: 'POST', url: '/api/user/register', payload: { email, password: 'Garden#2026', password_confirmation: 'Garden#2026' } });
    for (const email of ['ann@throwaway.example', 'Bob@Mail.Throwaway.Example']) {
      const res = await register(email);
      expect(res.statusCode, email).toBe(422);
      expect(res.json().errors.email).toEqual([EMAIL_DOMAIN_REFUSED]);
    }
    expect((await register('cleo@nothrowaway.example')).statusCode).toBe(201);
  });

  it('comes with migration 0072, which goes with its down', async () => {
    await expectMigrationRoundTrip('0071_appeals', 'watched_', ['watched_terms']);
  });
});
