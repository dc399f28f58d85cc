import { paths, safeNextPath } from '@inkwell/contract';
import type { FastifyInstance } from 'fastify';
import { callApi, echoOf, textFields } from './form-calls.ts';
import type { SendFormPage } from './forms.ts';

/** The decision's fields of the console's forms, as the API takes them ('' left out: not chosen). */
const DECISION_FIELDS = ['decision', 'for', 'rule_id', 'preset', 'note'] as const;

/** The case numbers of a form's `ids` checkboxes: one box ticked sends a string, several an array. */
function idsOf(body: unknown): string[] {
  const value = body && typeof body === 'object' ? (body as Record<string, unknown>).ids : undefined;
  return (Array.isArray(value) ? value : [value]).filter((v): v is string => typeof v === 'string' && v !== '');
}

/**
 * The moderation console's forms (issue 47, ADRs 0105, 0106, 0108, 0110), sent before the app's scripts run: a decision
 * on one case (its page) or on the cases ticked in the queue, an answer to an appeal or to a help request, a server's block or a CSV of them, through the JSON API as the caller (the
 * same gate, audit row and messages). Done, back to the queue; refused, or only some decided, the page
 * again with the choices kept and what was not decided, and why.
 */
export function registerConsoleForms(app: FastifyInstance, sendPage: SendFormPage): void {
  const decide = async (request: Parameters<SendFormPage>[0], ids: Array<string | number>) => {
    const form = textFields(request.body, DECISION_FIELDS);
    const chosen = Object.fromEntries(Object.entries(form).filter(([field, value]) => value !== '' || field === 'note'));
    const answer = await callApi(app, request, '/api/mod/cases/resolve', { ...chosen, ids });
    const refused = (answer.body as { refused?: Array<{ id: number; message: string }> }).refused ?? [];
    return { form, answer, refused };
  };

  // The queue's bulk decision: back to the same queue (its filters in the action's query).
  app.post(paths.mod.path, async (request, reply) => {
    const back = safeNextPath(request.url) ?? paths.mod.path;
    const ids = idsOf(request.body);
    const { form, answer, refused } = await decide(request, ids);
    if (answer.status === 200 && refused.length === 0) return reply.redirect(back, 303);
    // The boxes ticked come back ticked (the ones decided are no longer listed).
    const echo = echoOf(paths.mod.path, { ...form, ids: ids.join(',') }, answer, null);
    // Some decided, some not: the answer's message, and each case not decided with why (the page lists them, not as an error).
    if (answer.status === 200) {
      echo.message = String(answer.body.message);
      echo.values.refused = JSON.stringify(refused);
    }
    return sendPage(request, reply, back, echo, answer.status);
  });

  // An answer to an appeal, from the list of appeals (the appeal's number in the form): back to the list.
  app.post(paths.modAppeals.path, async (request, reply) => {
    const back = safeNextPath(request.url) ?? paths.modAppeals.path;
    const form = textFields(request.body, ['id', 'answer', 'for', 'reply'] as const);
    const chosen = Object.fromEntries(Object.entries(form).filter(([field, value]) => value !== '' || field === 'reply'));
    const answer = await callApi(app, request, '/api/mod/appeals/answer', { ...chosen, ...(/^\d{1,15}$/.test(form.id) ? { id: Number(form.id) } : {}) });
    if (answer.status === 200) return reply.redirect(back, 303);
    return sendPage(request, reply, back, echoOf(paths.modAppeals.path, form, answer, null), answer.status);
  });

  // An answer to a member's help request, from the list (the request's number in the form): back to the list.
  app.post(paths.modHelp.path, async (request, reply) => {
    const back = safeNextPath(request.url) ?? paths.modHelp.path;
    const form = textFields(request.body, ['id', 'answer'] as const);
    const answer = await callApi(app, request, '/api/mod/help/answer', { answer: form.answer, ...(/^\d{1,15}$/.test(form.id) ? { id: Number(form.id) } : {}) });
    if (answer.status === 200) return reply.redirect(back, 303);
    return sendPage(request, reply, back, echoOf(paths.modHelp.path, form, answer, null), answer.status);
  });

  // The servers' forms (ADR 0108), told apart by their `form` field: a block saved or lifted, back to
  // the list; a CSV imported, the page again with what was taken and what was skipped.
  app.post(paths.modServers.path, async (request, reply) => {
    const page = paths.modServers.path;
    const form = textFields(request.body, ['form', 'domain', 'severity', 'reject_media', 'reject_reports', 'obfuscate', 'public_comment', 'private_comment', 'csv'] as const);
    const sent = (names: ReadonlyArray<keyof typeof form>) => Object.fromEntries(names.filter((n) => form[n] !== '').map((n) => [n, form[n]]));
    const calls: Record<string, () => [string, Record<string, unknown>]> = {
      import: () => ['/api/mod/servers/import', { csv: form.csv }],
      remove: () => ['/api/mod/servers/remove', { domain: form.domain }],
    };
    const save = (): [string, Record<string, unknown>] => [
      '/api/mod/servers/save',
      sent(['domain', 'severity', 'reject_media', 'reject_reports', 'obfuscate', 'public_comment', 'private_comment']),
    ];
    const [url, payload] = (Object.hasOwn(calls, form.form) ? calls[form.form]! : save)();
    const answer = await callApi(app, request, url, payload);
    if (answer.status === 200 && form.form !== 'import') return reply.redirect(page, 303);
    // A CSV of a megabyte is not sent back into the page: what was skipped says what to mend.
    const echo = echoOf(page, { ...form, form: form.form || 'save', csv: form.csv.length > 20_000 ? '' : form.csv }, answer, null);
    if (answer.status === 200) {
      echo.message = String(answer.body.message);
      echo.values.csv = '';
      echo.values.skipped = JSON.stringify((answer.body as { skipped?: unknown[] }).skipped ?? []);
    }
    return sendPage(request, reply, page, echo, answer.status);
  });

  // One case's decision, from its page: decided, to the queue.
  app.post(paths.modCase.path, async (request, reply) => {
    const caseId = Number((request.params as { id: string }).id);
    const page = paths.modCase.getHref(caseId);
    const { form, answer } = await decide(request, [Number.isSafeInteger(caseId) ? caseId : 0]);
    if (answer.status === 200) return reply.redirect(paths.mod.getHref(), 303);
    return sendPage(request, reply, page, echoOf(page, form, answer, null), answer.status);
  });
}
