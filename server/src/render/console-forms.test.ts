import { JSDOM } from 'jsdom';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { STAFF_ONLY, paths } from '@inkwell/contract';
import { type TestApp, buildRenderingTestApp } from '../test/app.ts';
import { type Session, aPost, aUser, signIn } from '../test/factories.ts';
import { reportedCase } from '../moderation/moderation.testkit.ts';
import { createRolesService } from '../moderation/roles.service.ts';

/**
 * The moderation console before the app's scripts run (issue 47, ADRs 0105, 0106, 0108): the queue, a case, the appeals and the servers are
 * rendered for a moderator with their data and forms, sent as a browser sends them (urlencoded), and
 * answered with a 303 to the queue, or the page again with the choices kept and the message.
 */
let t: TestApp;
let moderator: Session;
let reader: Session;
let writer: Session;

beforeAll(async () => {
  t = await buildRenderingTestApp();
  writer = await signIn(t.app, await aUser(t.db, { name: 'Wren Writer' }));
  reader = await signIn(t.app, await aUser(t.db, { name: 'Rae Reader' }));
  const mod = await aUser(t.db, { name: 'Mo Derator' });
  await createRolesService(t.db).grant('command line', 'moderator', mod.email);
  moderator = await signIn(t.app, mod);
}, 240_000);
afterAll(async () => {
  await t?.close();
});

const ORIGIN = 'http://localhost:3000';
const cookieOf = (who: Session) => `token=${who.token}; id=${who.id}`;
const send = (url: string, body: string, who = moderator) =>
  t.app.inject({
    method: 'POST',
    url,
    headers: { 'content-type': 'application/x-www-form-urlencoded', origin: ORIGIN, 'sec-fetch-site': 'same-origin', cookie: cookieOf(who) },
    payload: body,
  });
const page = async (url: string, who = moderator) => {
  const res = await t.app.inject({ method: 'GET', url, headers: { accept: 'text/html', cookie: cookieOf(who) } });
  return { status: res.statusCode, document: new JSDOM(res.body).window.document };
};
const statusOf = async (id: number) => (await t.db.selectFrom('cases').select(['status', 'decision']).where('id', '=', id).executeTakeFirstOrThrow()).status;

describe('the console without the app', () => {
  it('renders the queue with each open case, a box to tick it and the decision’s fields, posting to /mod', async () => {
    const post = await aPost(t.db, { userId: writer.id, title: 'Casino links, again' });
    const caseId = await reportedCase(t, reader, 'post', post.id, 'spam');
    const { status, document } = await page(paths.mod.getHref());
    expect(status).toBe(200);
    expect(document.querySelector('h1')?.textContent).toBe('Moderation');
    expect(document.body.textContent).toContain('Casino links, again');
    const form = document.querySelector<HTMLFormElement>('form[action^="/mod"][method="post"]')!;
    expect(form).not.toBeNull();
    expect(form.querySelector(`input[name="ids"][value="${caseId}"]`)).not.toBeNull();
    expect([...form.querySelectorAll<HTMLInputElement>('input[name="decision"]')].map((i) => i.value)).toContain('none');
    expect(form.querySelector('textarea[name="note"]')).not.toBeNull();
    expect(document.querySelector(`a[href="${paths.modCase.getHref(caseId)}"]`)).not.toBeNull();
  });

  it('renders a case with its reports and the decision form, and decides it with a 303 to the queue', async () => {
    const post = await aPost(t.db, { userId: writer.id, title: 'Pills by the dozen' });
    const caseId = await reportedCase(t, reader, 'post', post.id, 'spam');
    const { document } = await page(paths.modCase.getHref(caseId));
    expect(document.querySelector('h1')?.textContent).toContain(`Case ${caseId}`);
    expect(document.body.textContent).toContain('Rae Reader');
    const form = document.querySelector<HTMLFormElement>(`form[action="${paths.modCase.getHref(caseId)}"]`)!;
    expect(form.getAttribute('method')).toBe('post');
    const done = await send(paths.modCase.getHref(caseId), new URLSearchParams({ decision: 'note', note: 'Watching this one.', for: '', rule_id: '', preset: '' }).toString());
    expect(done.statusCode, done.body.slice(0, 300)).toBe(303);
    expect(done.headers.location).toBe(paths.mod.getHref());
    expect(await statusOf(caseId)).toBe('resolved');
  });

  it('refuses a warning without a note with the case again, the choice kept and the reason under the note', async () => {
    const post = await aPost(t.db, { userId: writer.id, title: 'Needs a note' });
    const caseId = await reportedCase(t, reader, 'post', post.id, 'spam');
    const refused = await send(paths.modCase.getHref(caseId), new URLSearchParams({ decision: 'warn', note: '' }).toString());
    expect(refused.statusCode).toBe(422);
    const document = new JSDOM(refused.body).window.document;
    expect(document.body.textContent).toMatch(/A warning needs a note/);
    expect(document.querySelector<HTMLInputElement>('input[name="decision"][value="warn"]')?.checked).toBe(true);
    expect(await statusOf(caseId)).toBe('open');
  });

  it('decides the ticked cases of the queue at once, back to the queue', async () => {
    const post = await aPost(t.db, { userId: writer.id, title: 'A wave' });
    const first = await reportedCase(t, reader, 'post', post.id, 'spam');
    const other = await aPost(t.db, { userId: writer.id, title: 'A wave, again' });
    const second = await reportedCase(t, reader, 'post', other.id, 'spam');
    const body = `ids=${first}&ids=${second}&decision=none&note=&for=`;
    const done = await send(`${paths.mod.getHref({ kind: 'post' })}`, body);
    expect(done.statusCode, done.body.slice(0, 300)).toBe(303);
    expect(done.headers.location).toBe(paths.mod.getHref({ kind: 'post' }));
    expect([await statusOf(first), await statusOf(second)]).toEqual(['resolved', 'resolved']);
  });

  it('shows a bulk decision that left some cases open as a result naming each, with the boxes still ticked, not as an error', async () => {
    const post = await aPost(t.db, { userId: writer.id, title: 'Half a wave' });
    const open = await reportedCase(t, reader, 'post', post.id, 'spam');
    const other = await aPost(t.db, { userId: writer.id, title: 'Decided already' });
    const decided = await reportedCase(t, reader, 'post', other.id, 'spam');
    expect((await send(paths.mod.path, `ids=${decided}&decision=none&note=`)).statusCode).toBe(303);
    const partly = await send(paths.mod.path, `ids=${open}&ids=${decided}&decision=none&note=`);
    expect(partly.statusCode).toBe(200);
    const document = new JSDOM(partly.body).window.document;
    const status = [...document.querySelectorAll('[role="status"]')].find((node) => node.textContent?.includes('1 case decided; 1 case not.'));
    expect(status?.textContent).toContain(`Case ${decided}:`);
    expect(status?.querySelector(`a[href="${paths.modCase.getHref(decided)}"]`)).not.toBeNull();
    expect([...document.querySelectorAll('[role="alert"]')].map((node) => node.textContent)).toEqual([]);
    expect(await statusOf(open)).toBe('resolved');
  });

  it('renders the appeals with a form each, keeps a refused answer in its form, and answers with a 303 to the list', async () => {
    const member = await aUser(t.db, { name: 'Sam Spammer' });
    const caseId = await reportedCase(t, reader, 'account', member.id, 'spam');
    const api = { method: 'POST' as const, url: '/api/mod/cases/resolve', headers: moderator.headers };
    const suspended = await t.app.inject({ ...api, payload: { ids: [caseId], decision: 'suspend', for: '7d', note: 'Pills in every comment.' } });
    expect(suspended.statusCode, suspended.body).toBe(200);
    const action = await t.db.selectFrom('moderation_actions').select('id').where('subject_id', '=', member.id).executeTakeFirstOrThrow();
    const { id: appealId } = await t.db
      .insertInto('appeals')
      .values({ action_id: action.id, appellant_id: member.id, text: 'Those were my own shop’s links.', created_at: new Date().toISOString() })
      .returning('id')
      .executeTakeFirstOrThrow();

    const { status, document } = await page(paths.modAppeals.getHref());
    expect(status).toBe(200);
    expect(document.querySelector('h1')?.textContent).toBe('Appeals');
    expect(document.body.textContent).toContain('Those were my own shop’s links.');
    const form = document.querySelector<HTMLFormElement>(`form[action="${paths.modAppeals.path}"][method="post"]`)!;
    expect(form.querySelector<HTMLInputElement>('input[name="id"]')?.value).toBe(String(appealId));

    const refused = await send(paths.modAppeals.path, new URLSearchParams({ id: String(appealId), answer: 'change', for: '', reply: 'A week is long.' }).toString());
    expect(refused.statusCode).toBe(422);
    const again = new JSDOM(refused.body).window.document;
    expect(again.body.textContent).toContain('Choose how long the action lasts, from its start.');
    expect(again.querySelector<HTMLInputElement>('input[name="answer"][value="change"]')?.checked).toBe(true);
    expect(again.querySelector('textarea[name="reply"]')?.textContent).toBe('A week is long.');

    const done = await send(paths.modAppeals.path, new URLSearchParams({ id: String(appealId), answer: 'reject', for: '', reply: 'The links sold pills.' }).toString());
    expect(done.statusCode, done.body.slice(0, 300)).toBe(303);
    expect(done.headers.location).toBe(paths.modAppeals.path);
    expect(await t.db.selectFrom('appeals').select(['status', 'reply']).where('id', '=', appealId).executeTakeFirstOrThrow()).toEqual({
      status: 'rejected',
      reply: 'The links sold pills.',
    });
  });

  it('renders the servers with their forms; a block saved and lifted with a 303, a refused one kept in its form, a CSV imported to the page with what was skipped', async () => {
    const form = (fields: Record<string, string>) => new URLSearchParams(fields).toString();
    const saved = await send(paths.modServers.path, form({ form: 'save', domain: 'Spam.Example', severity: 'noop', reject_reports: 'on', public_comment: 'Bad-faith reports.' }));
    expect(saved.statusCode, saved.body.slice(0, 300)).toBe(303);
    expect(saved.headers.location).toBe(paths.modServers.path);
    expect(
      await t.db.selectFrom('federation_domain_blocks').select(['severity', 'reject_reports', 'reject_media']).where('domain', '=', 'spam.example').executeTakeFirst(),
    ).toEqual({
      severity: 'noop',
      reject_reports: 1,
      reject_media: 0,
    });

    const { status, document } = await page(paths.modServers.getHref());
    expect(status).toBe(200);
    expect(document.querySelector('h1')?.textContent).toBe('Servers');
    expect(document.body.textContent).toContain('Bad-faith reports.');
    const edit = document.querySelector<HTMLFormElement>('form[aria-label="Change the block on spam.example"]')!;
    expect(edit.querySelector<HTMLInputElement>('input[name="reject_reports"]')?.checked).toBe(true);
    expect(document.querySelector('a[href="/api/mod/servers.csv"]')).not.toBeNull();

    const refused = await send(paths.modServers.path, form({ form: 'save', domain: 'not a domain!', severity: 'suspend', public_comment: 'Kept.' }));
    expect(refused.statusCode).toBe(422);
    const again = new JSDOM(refused.body).window.document;
    const add = again.querySelector<HTMLFormElement>('form[aria-label="Add a block"]')!;
    expect(add.textContent).toContain('“not a domain!” is not a domain name.');
    expect(add.querySelector<HTMLInputElement>('input[name="domain"]')?.value).toBe('not a domain!');
    expect(add.querySelector('textarea[name="public_comment"]')?.textContent).toBe('Kept.');

    const imported = await send(paths.modServers.path, form({ form: 'import', csv: '#domain,#severity\nimported.example,suspend\nquiet.example,sandbox' }));
    expect(imported.statusCode).toBe(200);
    const result = new JSDOM(imported.body).window.document;
    expect(result.body.textContent).toContain('1 server blocked; 1 line skipped.');
    expect(result.body.textContent).toContain('quiet.example');
    expect(result.body.textContent).toContain('imported.example');

    const lifted = await send(paths.modServers.path, form({ form: 'remove', domain: 'imported.example' }));
    expect(lifted.statusCode).toBe(303);
    expect(await t.db.selectFrom('federation_domain_blocks').select('domain').where('domain', '=', 'imported.example').executeTakeFirst()).toBeUndefined();
    expect((await send(paths.modServers.path, form({ form: 'remove', domain: 'spam.example' }), reader)).statusCode).toBe(403);
  });

  it('renders the help requests with a form each, keeps a refused answer in its form, and answers with a 303 to the list', async () => {
    const asked = await t.app.inject({ method: 'POST', url: '/api/user/help', payload: { user_id: reader.id, message: 'Where did my draft go?' }, headers: reader.headers });
    expect(asked.statusCode).toBe(201);
    const { id } = await t.db.selectFrom('help_requests').select('id').where('message', '=', 'Where did my draft go?').executeTakeFirstOrThrow();
    const { status, document } = await page(paths.modHelp.getHref());
    expect(status).toBe(200);
    expect(document.querySelector('h1')?.textContent).toBe('Help requests');
    expect(document.body.textContent).toContain('Where did my draft go?');
    const form = document.querySelector<HTMLFormElement>(`form[action="${paths.modHelp.path}"][method="post"]`)!;
    expect(form.querySelector<HTMLInputElement>('input[name="id"]')?.value).toBe(String(id));

    const refused = await send(paths.modHelp.path, new URLSearchParams({ id: String(id), answer: '   ' }).toString());
    expect(refused.statusCode).toBe(422);
    expect(new JSDOM(refused.body).window.document.body.textContent).toContain('Write the answer: it is what the member reads.');

    const done = await send(paths.modHelp.path, new URLSearchParams({ id: String(id), answer: 'Drafts are under Write.' }).toString());
    expect(done.statusCode, done.body.slice(0, 300)).toBe(303);
    expect(done.headers.location).toBe(paths.modHelp.path);
    expect(await t.db.selectFrom('help_requests').select(['status', 'answer']).where('id', '=', id).executeTakeFirstOrThrow()).toEqual({
      status: 'answered',
      answer: 'Drafts are under Write.',
    });
  });

  it('shows a member who is not staff the refusal, not the queue, and decides nothing', async () => {
    const post = await aPost(t.db, { userId: writer.id, title: 'Not yours' });
    const caseId = await reportedCase(t, reader, 'post', post.id, 'spam');
    const { document } = await page(paths.mod.getHref(), reader);
    expect(document.body.textContent).toContain(STAFF_ONLY);
    expect(document.body.textContent).not.toContain('Not yours');
    const refused = await send(paths.mod.getHref(), `ids=${caseId}&decision=none`, reader);
    expect(refused.statusCode).toBe(403);
    expect(await statusOf(caseId)).toBe('open');
  });
});
