import type { Page } from 'playwright-core';
import { expect } from 'vitest';
import { type PathName, paths } from '@inkwell/contract';
import { admin, caseOfComment } from './admin.ts';
import { type Session, type World, aStory, callApi, mailedToken, verifiedUser } from './world.ts';

/**
 * Every screen of the route table (`paths`) with what it needs to show something: a world with two
 * writers, a post each, a draft with its preview link, a topic, newsletter subscribers and the mailed
 * links (password reset, notification unsubscribe, newsletter confirm and unsubscribe) with real tokens.
 * The accessibility suite opens each screen as a visitor and as a member (`member`, Ada).
 */
export interface ScreenWorld {
  /** The signed-in reader of the suite: a writer with a post, a draft, subscribers and notifications. */
  member: Session;
  /** Another writer, whom the member follows. */
  other: Session;
  memberPost: number;
  otherPost: number;
  draftId: number;
  previewToken: string;
  topicId: number;
  resetToken: string;
  unsubscribeToken: string;
  newsletterConfirmToken: string;
  newsletterUnsubscribeToken: string;
  /** The appeal link of Ben's comment the moderators hid (ADR 0103). */
  appealToken: string;
  /** The open case of Ben's comment Ada reported; Ada is a moderator, so the console is hers (ADR 0105). */
  caseId: number;
}

/** One address opened as a reader: what it is called in the report, and what to wait for beyond the app being ready. */
export interface Visit {
  label: string;
  url: string;
  /** Waited for once the app is ready and nothing is busy (e.g. the editor's toolbar). */
  ready?: (page: Page) => Promise<unknown>;
  /** Only this reader (a state the other one cannot reach, e.g. one's own post). */
  only?: 'visitor' | 'member';
  /** Where a member lands when it is not this address (a sign-in page sends them home). */
  memberLands?: string;
}

export type ScreenEntry = { visits: (w: ScreenWorld) => Visit[] } | { skip: string };

/** The cast and the tokens, made through the API and the mails as a person would get them. */
export async function castScreens(world: World): Promise<ScreenWorld> {
  const ok = (answer: { status: number }) => expect(answer.status).toBeLessThan(300);
  const memberEmail = 'axe.reader@example.com';
  const member = await verifiedUser(world, memberEmail, 'Axe#reader2026');
  const other = await verifiedUser(world, 'axe.other@example.com', 'Axe#other2026');
  // Usernames: with federation on, their profiles show their fediverse handles.
  ok(await callApi(world, 'update-profile', { id: Number(member.id), name: 'Ada Checks', username: 'ada_checks' }, { ...member }));
  ok(await callApi(world, 'update-profile', { id: Number(other.id), name: 'Ben Reads', username: 'ben_reads' }, { ...other }));
  const memberPost = await aStory(world, member, { title: 'Reading in high contrast', sub_title: 'Ink on paper', description: '<p>Dark text, <strong>light</strong> page.</p>' });
  const otherPost = await aStory(world, other, { title: 'Margins worth keeping', sub_title: 'Notes in pencil', description: '<h2>Why</h2><p>Room to think.</p>' });
  // Ben follows, likes and answers: Ada's notifications have something to show, and the like is mailed
  // to her with its unsubscribe link. Ada follows Ben and saves his post.
  ok(await callApi(world, 'follow-unfollow', { user_id: Number(other.id), follow_id: Number(member.id), followType: 1 }, { ...other }));
  ok(await callApi(world, 'like', { user_id: Number(other.id), post_id: memberPost, status: 1 }, { ...other }));
  const said = await callApi(world, 'comment', { user_id: Number(other.id), post_id: memberPost, comments: 'Checked twice.' }, { ...other });
  ok(said);
  // Ada reports Ben's comment: her reports have one to show.
  ok(await callApi(world, 'report', { user_id: Number(member.id), kind: 'comment', target_id: Number(said.json.id), category: 'spam', note: 'Looks automated.' }, { ...member }));
  const caseId = caseOfComment(world, Number(said.json.id));
  // Ada moderates too: the console's screens are hers to see.
  const granted = admin(world, 'role:grant', 'moderator', memberEmail);
  expect(granted.code, granted.out).toBe(0);
  ok(await callApi(world, 'follow-unfollow', { user_id: Number(member.id), follow_id: Number(other.id), followType: 1 }, { ...member }));
  ok(await callApi(world, 'posts/save', { user_id: Number(member.id), post_id: otherPost, save_unsave: 1 }, { ...member }));

  const categories = (await (await fetch(`${world.server.url}/api/user/categories`)).json()) as { categories: Array<{ id: number }> };
  const topicId = categories.categories[0]!.id;
  const draft = { title: 'Half a thought', sub_title: 'Still in pencil', category_id: topicId, description: '<p>To be continued.</p>', image: null };
  const saved = await callApi(world, 'drafts/save', draft, { ...member });
  ok(saved);
  const draftId = (saved.json.draft as { id: number }).id;
  const preview = await callApi(world, 'drafts/preview', { id: draftId, enabled: true }, { ...member });
  ok(preview);
  const previewToken = decodeURIComponent(String((preview.json.draft as { preview_url: string }).preview_url).split('/preview/')[1]!);

  // Two readers subscribe to Ada's newsletter by address: one leaves it unconfirmed, one confirms.
  const pending = 'axe.pending@example.org';
  const confirmed = 'axe.confirmed@example.org';
  ok(await callApi(world, 'newsletter/subscribe', { writer_id: Number(member.id), email: pending }));
  ok(await callApi(world, 'newsletter/subscribe', { writer_id: Number(member.id), email: confirmed }));
  const newsletterConfirmToken = await mailedToken(world, pending, paths.newsletterConfirm.path);
  ok(await callApi(world, 'newsletter/confirm', { token: await mailedToken(world, confirmed, paths.newsletterConfirm.path) }));
  const newsletterUnsubscribeToken = await mailedToken(world, confirmed, paths.newsletterUnsubscribe.path);

  ok(await callApi(world, 'forgot-password', { email: memberEmail }));
  const resetToken = await mailedToken(world, memberEmail, paths.resetPassword.path);
  const unsubscribeToken = await mailedToken(world, memberEmail, paths.unsubscribe.path);

  // Ben's second comment, on his own story, reported by Ada and hidden by the operator at the command
  // line: the statement mailed to Ben carries the appeal link.
  const rude = await callApi(world, 'comment', { user_id: Number(other.id), post_id: otherPost, comments: 'Only fools skip margins.' }, { ...other });
  ok(rude);
  ok(await callApi(world, 'report', { user_id: Number(member.id), kind: 'comment', target_id: Number(rude.json.id), category: 'harassment' }, { ...member }));
  hideByCommandLine(world, Number(rude.json.id));
  const appealToken = await mailedToken(world, 'axe.other@example.com', paths.appeal.path);
  // Ben's third comment, hidden too, he appeals: the console's appeals have one waiting for Ada.
  const rant = await callApi(world, 'comment', { user_id: Number(other.id), post_id: otherPost, comments: 'Wide margins are for cowards.' }, { ...other });
  ok(rant);
  ok(await callApi(world, 'report', { user_id: Number(member.id), kind: 'comment', target_id: Number(rant.json.id), category: 'harassment' }, { ...member }));
  hideByCommandLine(world, Number(rant.json.id));
  ok(await callApi(world, 'appeal', { token: await newerToken(world, 'axe.other@example.com', appealToken), text: 'It was a joke between friends.' }));
  // Two servers blocked for the console's servers and the public list: one suspended at the command
  // line, one whose reports alone are refused, with comments and its domain in part (ADR 0108).
  expect(admin(world, 'domain:block', 'spam.example').code).toBe(0);
  const blocked = await fetch(`${world.server.url}/api/mod/servers/save`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...member },
    body: JSON.stringify({
      domain: 'reports-in-bad-faith.example',
      severity: 'noop',
      reject_reports: true,
      obfuscate: true,
      public_comment: 'Reports sent to silence writers.',
      private_comment: 'See the audit log.',
    }),
  });
  expect(blocked.status, await blocked.text()).toBe(200);
  // Ben asks the operators for help twice; Ada answers one in the console (ADR 0110): both lists have one.
  ok(await callApi(world, 'help', { user_id: Number(other.id), message: 'My cover does not upload.' }, { ...other }));
  ok(await callApi(world, 'help', { user_id: Number(other.id), message: 'How do I change my username?' }, { ...other }));
  const waiting = await fetch(`${world.server.url}/api/mod/help`, { method: 'POST', headers: { 'content-type': 'application/json', ...member }, body: '{}' });
  const firstHelp = ((await waiting.json()) as { requests: Array<{ id: number }> }).requests[0]!.id;
  const helped = await fetch(`${world.server.url}/api/mod/help/answer`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...member },
    body: JSON.stringify({ id: firstHelp, answer: 'Covers must be JPEG, PNG or WebP under 10 MB.' }),
  });
  expect(helped.status, await helped.text()).toBe(200);
  return {
    member,
    other,
    memberPost,
    otherPost,
    draftId,
    previewToken,
    topicId,
    resetToken,
    unsubscribeToken,
    newsletterConfirmToken,
    newsletterUnsubscribeToken,
    appealToken,
    caseId,
  };
}

/** The operator hides the comment: `case:resolve <its case> --action hide`. */
function hideByCommandLine(world: World, commentId: number): void {
  const done = admin(world, 'case:resolve', String(caseOfComment(world, commentId)), '--action', 'hide', '--note', 'Name-calling is not criticism.');
  expect(done.code, done.out).toBe(0);
}

/** The token of a mail with an appeal link that came after the one with `before`. */
async function newerToken(world: World, to: string, before: string): Promise<string> {
  const deadline = Date.now() + 40_000;
  for (;;) {
    const token = await mailedToken(world, to, paths.appeal.path);
    if (token !== before) return token;
    if (Date.now() > deadline) throw new Error(`no second mail to ${to} with an appeal link`);
    await new Promise((r) => setTimeout(r, 100));
  }
}

/** The body editor with Quill's toolbar, which comes in its own chunk after the app is ready. */
const editorReady = async (page: Page) => {
  await page.locator('.inkwell-editor .ql-toolbar').waitFor();
  await page.locator('.inkwell-editor .ql-editor').waitFor();
};

/**
 * What each path of the route table opens, or why it is not checked. Typed over every PathName, and the
 * suite checks it at run time too: a new screen must be added here to be covered.
 */
export const screens: Record<PathName, ScreenEntry> = {
  home: { visits: () => [{ label: 'home', url: paths.home.getHref() }] },
  login: { visits: () => [{ label: 'login', url: paths.login.getHref(), memberLands: paths.home.path }] },
  signup: { visits: () => [{ label: 'signup', url: paths.signup.getHref() }] },
  verified: {
    visits: () => [
      { label: 'verified', url: paths.verified.getHref() },
      { label: 'verified (a link that failed)', url: `${paths.verified.getHref()}?success=false&message=${encodeURIComponent('This link has expired.')}`, only: 'visitor' },
    ],
  },
  forgotPassword: { visits: () => [{ label: 'forgot password', url: paths.forgotPassword.getHref() }] },
  resetPassword: { visits: (w) => [{ label: 'reset password', url: paths.resetPassword.getHref(w.resetToken) }] },
  unsubscribe: { visits: (w) => [{ label: 'unsubscribe', url: paths.unsubscribe.getHref(w.unsubscribeToken) }] },
  newsletterConfirm: { visits: (w) => [{ label: 'newsletter confirm', url: paths.newsletterConfirm.getHref(w.newsletterConfirmToken) }] },
  newsletterUnsubscribe: { visits: (w) => [{ label: 'newsletter unsubscribe', url: paths.newsletterUnsubscribe.getHref(w.newsletterUnsubscribeToken) }] },
  createPost: {
    visits: (w) => [
      { label: 'create post', url: paths.createPost.getHref(), ready: editorReady },
      { label: 'create post (a draft)', url: paths.createPost.getHref(w.draftId), ready: editorReady, only: 'member' },
    ],
  },
  draftPreview: { visits: (w) => [{ label: 'draft preview', url: paths.draftPreview.getHref(w.previewToken) }] },
  search: { visits: () => [{ label: 'search', url: paths.search.getHref('contrast') }] },
  notifications: { visits: () => [{ label: 'notifications', url: paths.notifications.getHref() }] },
  profile: { visits: () => [{ label: 'own profile', url: paths.profile.getHref() }] },
  saved: { visits: () => [{ label: 'saved', url: paths.saved.getHref() }] },
  library: { visits: () => [{ label: 'library', url: paths.library.getHref() }] },
  subscribers: { visits: () => [{ label: 'subscribers', url: paths.subscribers.getHref() }] },
  stats: {
    visits: (w) => [
      { label: 'stats', url: paths.stats.getHref() },
      { label: "stats (a post's chart)", url: paths.stats.getHref(w.memberPost), only: 'member' },
    ],
  },
  settings: { visits: () => [{ label: 'settings', url: paths.settings.getHref() }] },
  help: { visits: () => [{ label: 'help', url: paths.help.getHref() }] },
  recommendation: { visits: () => [{ label: 'recommendation', url: paths.recommendation.getHref() }] },
  report: { visits: (w) => [{ label: 'report a story', url: paths.report.getHref('post', w.otherPost) }] },
  reports: { visits: () => [{ label: 'your reports', url: paths.reports.getHref() }] },
  rules: { visits: () => [{ label: 'the rules', url: paths.rules.getHref() }] },
  moderation: { visits: () => [{ label: 'moderation year by year', url: paths.moderation.getHref() }] },
  appeal: {
    visits: (w) => [
      { label: 'appeal', url: paths.appeal.getHref(w.appealToken) },
      { label: 'appeal (a link that is not valid)', url: paths.appeal.getHref('not-a-token'), only: 'visitor' },
    ],
  },
  mod: {
    visits: () => [
      { label: 'moderation queue', url: paths.mod.getHref() },
      { label: 'moderation queue (decided)', url: paths.mod.getHref({ status: 'resolved' }), only: 'member' },
    ],
  },
  modCase: { visits: (w) => [{ label: 'a case', url: paths.modCase.getHref(w.caseId) }] },
  modAccount: { visits: (w) => [{ label: 'an account in the console', url: paths.modAccount.getHref(Number(w.other.id)) }] },
  modAppeals: {
    visits: () => [
      { label: 'appeals', url: paths.modAppeals.getHref() },
      { label: 'appeals (answered)', url: paths.modAppeals.getHref('answered'), only: 'member' },
    ],
  },
  modServers: { visits: () => [{ label: 'servers', url: paths.modServers.getHref() }] },
  modHelp: {
    visits: () => [
      { label: 'help requests', url: paths.modHelp.getHref() },
      { label: 'help requests (answered)', url: paths.modHelp.getHref('answered'), only: 'member' },
    ],
  },
  modAudit: {
    visits: () => [
      { label: 'audit log', url: paths.modAudit.getHref() },
      { label: 'audit log (filtered)', url: paths.modAudit.getHref({ action: 'case.decide' }), only: 'member' },
    ],
  },
  categoryPosts: { visits: (w) => [{ label: 'topic', url: paths.categoryPosts.getHref(w.topicId) }] },
  viewProfile: {
    visits: (w) => [
      { label: 'profile', url: paths.viewProfile.getHref(Number(w.member.id)) },
      { label: "another's profile", url: paths.viewProfile.getHref(Number(w.other.id)), only: 'member' },
    ],
  },
  viewPost: {
    visits: (w) => [
      { label: 'post', url: paths.viewPost.getHref(w.memberPost) },
      { label: "another's post", url: paths.viewPost.getHref(w.otherPost), only: 'member' },
    ],
  },
  editPost: { visits: (w) => [{ label: 'edit post', url: paths.editPost.getHref(w.memberPost), ready: editorReady }] },
  postsAlias: { visits: () => [{ label: 'posts', url: paths.postsAlias.getHref(), memberLands: paths.library.path }] },
};

/** Not in the route table: any other address, the not-found page. */
export const notFound: Visit = { label: 'not found', url: '/no-such-page' };
