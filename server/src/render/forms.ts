import { type FormEcho, HONEYPOT_FIELD, SHOWN_AT_FIELD, TEXT, decodeId, paths, safeNextPath } from '@inkwell/contract';
import { filledSince } from '../lib/form-guard.ts';
import { REMOTE_FOLLOW_FORM } from '@inkwell/contract/federation';
import { NEWSLETTER_SUBSCRIBE_FORM } from '@inkwell/contract/newsletters';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { type ApiAnswer, callApi, echoOf, textFields } from './form-calls.ts';

/** Sends `url`'s page with a refused form's fields and errors in it, with this status (web.ts). */
export type SendFormPage = (request: FastifyRequest, reply: FastifyReply, url: string, form: FormEcho, status: number) => Promise<FastifyReply>;

/**
 * The server-rendered forms, sent by the browser itself: a reader on a slow phone may press LOGIN
 * before the app's scripts run (they start after the first paint), and the browser then submits the
 * form as its markup says. Each form posts here (never a GET: a password must not end up in an address,
 * a history or an access log), and each route does its job through the JSON API itself, injected with
 * the caller's address, cookies and headers: the same validation, rate-limit counters, CSRF check,
 * login throttle and session cookies as the app's own calls, with no second copy of any of them.
 *
 * Done: a 303 to the page the app would show. Refused: the same page rendered again with the API's
 * messages (SPEC wording) and the fields that are no secret, with the API's 4xx status.
 */
/**
 * A plain form's guard (issue 47, ADR 0098) as the API takes it: the honeypot as it came, and how long
 * the form was open, from the render time its page carried to now, both on this server's clock.
 */
function guarded(form: Record<string, string>): { website?: string; filled_ms?: number } {
  const filled = filledSince(form[SHOWN_AT_FIELD]);
  return { ...(form[HONEYPOT_FIELD] ? { website: form[HONEYPOT_FIELD] } : {}), ...(filled === undefined ? {} : { filled_ms: filled }) };
}

export function registerFormRoutes(app: FastifyInstance, sendPage: SendFormPage): void {
  /** A comment on a post as the caller (session: the one a login just started), answered by the API. */
  const postComment = (request: FastifyRequest, postCode: string, text: string, session?: { token: string; id: number }, guard: ReturnType<typeof guarded> = {}) =>
    callApi(app, request, '/api/user/comment', { user_id: session?.id ?? request.cookies.id, post_id: decodeId(postCode) ?? 0, comments: text, ...guard }, session);

  /** Back to the post, at the comment just made (its #comment-{id} anchor opens and highlights it). */
  const toComment = (reply: FastifyReply, postCode: string, answer: ApiAnswer) =>
    reply.redirect(`${paths.viewPost.path.replace(':id', encodeURIComponent(postCode))}#comment-${String(answer.body.id)}`, 303);

  app.post('/login', async (request, reply) => {
    const form = textFields(request.body, ['email', 'password', 'next', 'comment', 'comment_post']);
    const next = safeNextPath(form.next);
    // A visitor's comment, sent from a post before signing in: it travels in the login page's hidden
    // fields (in no address, in no store on the server) and is posted by the login below.
    const comment = form.comment.trim() && decodeId(form.comment_post) !== null ? { post: form.comment_post, text: form.comment } : null;
    const kept = { email: form.email.trim(), ...(next ? { next } : {}), ...(comment ? { comment: comment.text, comment_post: comment.post } : {}) };
    const loginPage = next ? `${paths.login.path}?${new URLSearchParams({ next }).toString()}` : paths.login.path;

    if (comment && form.email === '' && form.password === '') {
      // Straight from the post's box: signed in already (in another tab), it is simply posted.
      const posted = await postComment(request, comment.post, comment.text);
      if (posted.status === 200) return toComment(reply, comment.post, posted);
      return sendPage(request, reply, loginPage, { path: paths.login.path, values: kept, errors: {}, message: null }, 200);
    }

    const answer = await callApi(app, request, '/api/user/login', { email: form.email.trim(), password: form.password });
    if (answer.status === 200) {
      reply.header('set-cookie', answer.cookies);
      if (comment && answer.body.token && answer.body.user) {
        const posted = await postComment(request, comment.post, comment.text, { token: answer.body.token, id: answer.body.user.id });
        if (posted.status === 200) return toComment(reply, comment.post, posted);
        request.log.warn({ status: posted.status }, 'a comment kept through login was refused after it');
      }
      return reply.redirect(next ?? '/', 303);
    }
    // Not verified yet: the Verified screen says so, as the app's login does (a suspended account's 403,
    // with `errors.account`, is shown on the form).
    if (answer.status === 403 && !answer.body.errors?.account) {
      const query = new URLSearchParams({ success: 'false', message: answer.body.message || TEXT.notVerifiedDefault });
      return reply.redirect(`${paths.verified.path}?${query.toString()}`, 303);
    }
    return sendPage(request, reply, loginPage, echoOf(paths.login.path, kept, answer, TEXT.loginFailedDefault), answer.status);
  });

  app.post('/signup', async (request, reply) => {
    const form = textFields(request.body, ['email', 'password', 'password_confirmation', HONEYPOT_FIELD, SHOWN_AT_FIELD]);
    const kept = { email: form.email.trim() };
    // The app blocks a mismatch before sending (SPEC §2); so does this.
    if (form.password !== form.password_confirmation) {
      const errors = { password_confirmation: TEXT.passwordMismatchSignup };
      return sendPage(request, reply, paths.signup.path, { path: paths.signup.path, values: kept, errors, message: null }, 422);
    }
    const answer = await callApi(app, request, '/api/user/register', {
      email: kept.email,
      password: form.password,
      password_confirmation: form.password_confirmation,
      ...guarded(form),
    });
    if (answer.status === 201) {
      const query = new URLSearchParams({ success: 'true', message: answer.body.message ?? '' });
      return reply.redirect(`${paths.verified.path}?${query.toString()}`, 303);
    }
    return sendPage(request, reply, paths.signup.path, echoOf(paths.signup.path, kept, answer, TEXT.loginFailedDefault), answer.status);
  });

  // Resend the verification link: done, the Verified screen says so in its message (as the app's notice does).
  app.post(paths.verified.path, async (request, reply) => {
    const kept = { email: textFields(request.body, ['email']).email.trim() };
    const answer = await callApi(app, request, '/api/user/resend-verification', kept);
    if (answer.status === 200) {
      const query = new URLSearchParams({ success: 'true', message: answer.body.message ?? '' });
      return reply.redirect(`${paths.verified.path}?${query.toString()}`, 303);
    }
    return sendPage(request, reply, paths.verified.path, echoOf(paths.verified.path, kept, answer, null), answer.status);
  });

  // The welcome's name, on home for a new member (web: WelcomePanel): saved, home again without the panel.
  app.post(paths.home.path, async (request, reply) => {
    const kept = { name: textFields(request.body, ['name']).name };
    const answer = await callApi(app, request, '/api/user/update-profile', { id: Number(request.cookies.id ?? 0), name: kept.name.trim() });
    if (answer.status === 200) return reply.redirect(paths.home.path, 303);
    return sendPage(request, reply, paths.home.path, echoOf(paths.home.path, kept, answer, null), answer.status);
  });

  // A newsletter's Confirm button (issue 29): confirmed, the same page again, which now says so.
  app.post(paths.newsletterConfirm.path, async (request, reply) => {
    const { token } = textFields(request.body, ['token']);
    const page = paths.newsletterConfirm.getHref(token.trim());
    const answer = await callApi(app, request, '/api/user/newsletter/confirm', { token: token.trim() });
    if (answer.status === 200) return reply.redirect(page, 303);
    return sendPage(request, reply, page, echoOf(paths.newsletterConfirm.path, {}, answer, null), answer.status);
  });

  // An appeal (issue 47): sent, the page again, which shows it; refused, the page again with the words kept.
  app.post(paths.appeal.path, async (request, reply) => {
    const form = textFields(request.body, ['token', 'text']);
    const page = paths.appeal.getHref(form.token.trim());
    const answer = await callApi(app, request, '/api/user/appeal', { token: form.token.trim(), text: form.text });
    if (answer.status === 201) return reply.redirect(page, 303);
    return sendPage(request, reply, page, echoOf(paths.appeal.path, { text: form.text }, answer, null), answer.status);
  });

  // The subscribe box of a profile or a story (issue 29): subscribed (or asked to confirm), back to that
  // page, which says which; refused (a bad address), the page again with the address and the message.
  app.post(NEWSLETTER_SUBSCRIBE_FORM, async (request, reply) => {
    const form = textFields(request.body, ['writer_id', 'email', 'source', 'back', HONEYPOT_FIELD, SHOWN_AT_FIELD]);
    const back = safeNextPath(form.back) ?? paths.home.path;
    const email = form.email.trim();
    const answer = await callApi(app, request, '/api/user/newsletter/subscribe', {
      writer_id: form.writer_id,
      ...(email ? { email } : {}),
      ...(form.source ? { source: form.source } : {}),
      ...guarded(form),
    });
    const [pathname = '/', query = ''] = back.split('#')[0]!.split('?');
    if (answer.status === 200) {
      const params = new URLSearchParams(query);
      params.set('newsletter', (answer.body as { status?: string }).status === 'confirmed' ? 'confirmed' : 'pending');
      return reply.redirect(`${pathname}?${params.toString()}#newsletter`, 303);
    }
    return sendPage(request, reply, back, echoOf(pathname, { email }, answer, null), answer.status);
  });

  // "Follow from the fediverse" on a profile (issue 30): off to the reader's own server to confirm the
  // follow (303); refused, the profile again with the handle and the message, under the handle's field.
  app.post(REMOTE_FOLLOW_FORM, async (request, reply) => {
    const form = textFields(request.body, ['user_id', 'handle', 'back']);
    const back = safeNextPath(form.back) ?? paths.home.path;
    const handle = form.handle.trim();
    const answer = await callApi(app, request, '/api/user/remote-follow', { user_id: form.user_id, handle });
    const url = (answer.body as { url?: unknown }).url;
    if (answer.status === 200 && typeof url === 'string') return reply.redirect(url, 303);
    const [pathname = '/'] = back.split('#')[0]!.split('?');
    const message = answer.body.errors?.handle?.[0] ?? answer.body.errors?.user_id?.[0] ?? answer.body.message ?? 'Something went wrong. Please try again.';
    return sendPage(request, reply, back, { path: pathname, values: { handle }, errors: { handle: message }, message: null }, answer.status);
  });

  // A reader's report (issue 47): sent, to their reports with its receipt; refused (no category, a note
  // too long, reported already, gone), the form again with what they chose and wrote, and the message.
  app.post(paths.report.path, async (request, reply) => {
    const params = request.params as { kind: string; id: string };
    const page = `/report/${encodeURIComponent(params.kind)}/${encodeURIComponent(params.id)}`;
    const form = textFields(request.body, ['category', 'note']);
    const answer = await callApi(app, request, '/api/user/report', {
      user_id: Number(request.cookies.id ?? 0),
      kind: params.kind,
      target_id: decodeId(params.id) ?? 0,
      category: form.category,
      ...(form.note.trim() ? { note: form.note } : {}),
    });
    const reportId = (answer.body as { report_id?: unknown }).report_id;
    if (answer.status === 201 && typeof reportId === 'number') return reply.redirect(paths.reports.getHref(reportId), 303);
    const errors = answer.body.errors?.category ? { ...answer.body, errors: { category: ['Choose what is wrong with it.'] } } : answer.body;
    return sendPage(request, reply, page, echoOf(page, form, { ...answer, body: errors }, null), answer.status);
  });

  // A member's comment, posted to the post's own address (a visitor's goes to /login, above).
  app.post(paths.viewPost.path, async (request, reply) => {
    const postCode = (request.params as { id: string }).id;
    const postPage = paths.viewPost.path.replace(':id', encodeURIComponent(postCode));
    const form = textFields(request.body, ['comments', HONEYPOT_FIELD, SHOWN_AT_FIELD]);
    const answer = await postComment(request, postCode, form.comments.trim(), undefined, guarded(form));
    if (answer.status === 200) return toComment(reply, postCode, answer);
    // Refused (too long, empty, the session gone): the post again with the text still in its box.
    return sendPage(request, reply, postPage, echoOf(postPage, { comments: form.comments }, answer, null), answer.status);
  });
}
