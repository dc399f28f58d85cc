import type { Kysely } from 'kysely';
import { readAudit } from '../server/src/audit/audit.ts';
import type { DB } from '../server/src/db/schema.ts';
import { createCasesService } from '../server/src/moderation/cases.service.ts';
import { CASE_DECISIONS } from '@inkwell/contract';
import { decideWave } from '../server/src/moderation/waves.ts';
import { createDecisions } from '../server/src/moderation/decisions.service.ts';
import { RoleError, createRolesService } from '../server/src/moderation/roles.service.ts';
import { findMemberNamed } from '../server/src/moderation/roles.repository.ts';
import { offlineEvents } from '../server/src/offline-events.ts';
import { createForwarding } from '../server/src/moderation/forwarding.service.ts';
import { createSuspensions } from '../server/src/moderation/suspensions.service.ts';
import { createHides } from '../server/src/moderation/hides.service.ts';
import { createLimits } from '../server/src/moderation/limits.service.ts';
import { createCommentStops } from '../server/src/moderation/comment-stops.service.ts';
import { createRules } from '../server/src/moderation/rules.service.ts';
import { createPresets } from '../server/src/moderation/presets.service.ts';
import type { AdminResult } from './admin-commands.ts';
import { lasting, options, paging, refused, until, whole } from './admin-words.ts';

/** The staff commands of `npm run admin` (ADR 0091, 0092, 0093, 0096): roles, the audit log, the cases read out and decided, suspensions. */
export const STAFF_USAGE = `  role:grant ROLE WHO      gives the member WHO (an address or a username) the role ROLE
                          (owner, admin or moderator), in place of any they held
  role:revoke WHO         takes the member's role away
  role:list               who holds which role
  audit:list [--limit N] [--before ID] [--action ACTION]
                          the audit log as JSON lines, newest first (50 by default)
  cases:list [--status open|resolved|all] [--limit N] [--before ID]
                          the moderators' cases as JSON lines, newest first (open ones, 50, by default):
                          what each is about, whom it concerns, its reports counted by category
  case:show ID            one case with its reports and who made them, as JSON
  case:resolve ID[,ID…] --action none|note|warn|hide|no-comments|limit|suspend [--for DURATION] [--rule RULE]
               [--preset NAME] [--note TEXT]
                          decides an open case: none (no rule broken; a held comment goes through),
                          note (kept on file), warn (the account is told, with the note, which a
                          warning needs), hide (a comment or reply, out of readers' sight for DURATION
                          or until lifted; its writer still sees it and is told why), no-comments (the
                          account it concerns may not comment or reply for DURATION or until lifted;
                          a member is told why, an account elsewhere's replies are not kept), limit (the
                          account's stories leave feeds, search and recommendations but for its
                          followers, for DURATION or until lifted; a member is told why), suspend (the
                          member it concerns, for DURATION or until lifted: see account:suspend); every
                          reporter is told the outcome and the note, in the app and by mail; --rule
                          names the rule it breaks (its id in rules:list), told to all of them;
                          --preset starts the note with a preset's words (TEXT follows them); several
                          IDs (a spam wave, at most 1 000) are each decided alike, and each refusal said
  rules:list              the server's rules as JSON lines, in the order /rules shows them
  rule:add --title TEXT [--body TEXT]
                          adds a rule at the end of the list
  rule:edit ID [--title TEXT] [--body TEXT]
                          changes a rule's words
  rule:remove ID          takes a rule off the list (the cases that named it keep it)
  presets:list            the statement presets as JSON lines
  preset:set NAME --text TEXT
                          makes or replaces the preset NAME (small letters, digits, dashes)
  preset:remove NAME      removes it (the cases decided with it keep their words)
  comments:allow WHO       lifts the stop of the member's comments (a timed one ends by itself)
  account:unlimit WHO     lifts the limit on the member's account (a timed one ends by itself)
  writing:unhide comment|reply ID
                          lifts the moderators' hide of a comment or reply (a timed one ends by
                          itself); it is back in readers' sight and its writer is told
  account:suspend WHO --note TEXT [--for DURATION]
                          suspends the member WHO (an address or a username) for DURATION (30m, 12h,
                          3d, 2w) or until lifted: out of sight everywhere, signed out, sign-in refused
                          with the reasons (TEXT), which are mailed to them; nothing is deleted
  account:unsuspend WHO   lifts it (a timed one ends by itself); the member is told by mail
  case:forward ID [--note TEXT]
                          sends a case about an account elsewhere to its server, once: a Flag from
                          this server naming the account (and what of theirs it is about), with the
                          category the reports gave and TEXT — never who reported it. A running
                          server with FEDERATION on delivers it`;

/**
 * Runs a staff command; undefined when the words are none of them.
 * `written`: after a change that shows (an account out of sight or back), the running servers drop
 * their cached pages (db/write-signal.ts).
 */
export async function runStaff(
  command: string | undefined,
  rest: string[],
  db: Kysely<DB>,
  publicUrl: string,
  written: () => Promise<void>,
  waveParallel = 1,
): Promise<AdminResult | undefined> {
  const roles = createRolesService(db);
  try {
    if (command === 'role:grant' && rest.length === 2) {
      const done = await roles.grant('command line', rest[0]!, rest[1]!);
      return { code: 0, out: `${done.member} is ${done.after} now${done.before ? ` (was ${done.before})` : ''}.` };
    }
    if (command === 'role:revoke' && rest.length === 1) {
      const done = await roles.revoke('command line', rest[0]!);
      return { code: 0, out: `${done.member} is no longer ${done.before}.` };
    }
  } catch (err) {
    if (err instanceof RoleError) return { code: 1, out: err.message };
    throw err;
  }
  if (command === 'role:list' && rest.length === 0) {
    const staff = await roles.staff();
    if (staff.length === 0) return { code: 0, out: 'Nobody holds a role. Make the first owner: npm run admin -- role:grant owner <address>' };
    return { code: 0, out: staff.map((s) => `${s.role.padEnd(10)} ${s.name?.trim() || 'No name'} <${s.email}>  since ${s.granted_at.slice(0, 16).replace('T', ' ')}`).join('\n') };
  }
  if (command === 'audit:list') {
    const given = options(rest, ['limit', 'before', 'action']);
    const page = given && paging(given);
    if (!given || !page) return undefined;
    const lines = await readAudit(db, { ...page, ...(given.action ? { actions: [given.action] } : {}) });
    return { code: 0, out: lines.map((line) => JSON.stringify(line)).join('\n') };
  }
  if (command === 'cases:list') {
    const given = options(rest, ['status', 'limit', 'before']);
    const page = given && paging(given);
    const status = given?.status ?? 'open';
    if (!given || !page || !['open', 'resolved', 'all'].includes(status)) return undefined;
    const lines = await createCasesService(db).list({ ...page, ...(status === 'all' ? {} : { status: status as 'open' | 'resolved' }) });
    return { code: 0, out: lines.length === 0 ? 'No cases.' : lines.map((line) => JSON.stringify(line)).join('\n') };
  }
  if (command === 'case:show' && rest.length === 1) {
    const id = whole(rest[0], 2 ** 31 - 1);
    if (id === undefined) return undefined;
    const found = await createCasesService(db).show(id);
    return found ? { code: 0, out: JSON.stringify(found, null, 2) } : { code: 1, out: `There is no case ${id}.` };
  }
  if (command === 'case:resolve' && rest.length >= 3) {
    // One case, or several at once (a spam wave): ID,ID,… each decided alike, each in its own transaction.
    const ids = rest[0]!.split(',').map((word) => whole(word, 2 ** 31 - 1));
    const given = options(rest.slice(1), ['action', 'note', 'for', 'rule', 'preset']);
    const decision = CASE_DECISIONS.find((d) => d === given?.action);
    const forMs = given && lasting(given);
    const ruleId = given?.rule === undefined ? undefined : whole(given.rule, 2 ** 31 - 1);
    if (ids.includes(undefined) || ids.length > 1000 || !given || !decision || forMs === null || (given.rule !== undefined && ruleId === undefined)) return undefined;
    const more = { ...(forMs === undefined ? {} : { forMs }), ...(ruleId === undefined ? {} : { ruleId }), ...(given.preset === undefined ? {} : { preset: given.preset }) };
    const decisions = createDecisions(db, publicUrl, offlineEvents());
    const lines: string[] = [];
    let refusals = 0;
    for (const outcome of await decideWave(db, decisions, ids as number[], decision, given.note ?? '', 'command line', more, { parallel: waveParallel })) {
      const id = outcome.id;
      if ('error' in outcome) {
        const said = refused(outcome.error);
        refusals += 1;
        lines.push(ids.length === 1 ? said.out : `Case ${id} not decided: ${said.out}`);
        continue;
      }
      const done = outcome.done;
      const told = `${done.reporters} reporter${done.reporters === 1 ? '' : 's'} told`;
      const warned = done.warned === null ? '' : `; member ${done.warned} warned`;
      const suspended = done.suspended ? `; member ${done.suspended.id} suspended ${until(done.suspended.endsAt)}` : '';
      const hidden = done.hidden ? `; ${done.hidden.kind} ${done.hidden.id} hidden ${until(done.hidden.endsAt)}` : '';
      const stopped = done.commentsStopped ? `; account ${done.commentsStopped.id} may not comment ${until(done.commentsStopped.endsAt)}` : '';
      lines.push(`Case ${id} decided: ${decision}; ${told}${warned}${hidden}${stopped}${suspended}.`);
    }
    if (refusals < lines.length) await written();
    return { code: refusals === 0 ? 0 : 1, out: lines.join('\n') };
  }
  if (command === 'account:suspend' && rest.length >= 3) {
    const given = options(rest.slice(1), ['note', 'for']);
    const forMs = given && lasting(given);
    if (!given || given.note === undefined || forMs === null) return undefined;
    const member = await findMemberNamed(db, rest[0]!);
    if (!member) return { code: 1, out: `No member is known as ${rest[0]}.` };
    try {
      const done = await createSuspensions(db, publicUrl).suspend(member.id, { forMs, reason: given.note, by: 'command line' });
      await written();
      return { code: 0, out: `${member.email} suspended ${until(done.endsAt)}; signed out, and told by mail.` };
    } catch (err) {
      return refused(err);
    }
  }
  if (command === 'case:forward' && rest.length >= 1) {
    const id = whole(rest[0], 2 ** 31 - 1);
    const given = options(rest.slice(1), ['note']);
    if (id === undefined || !given) return undefined;
    // The Flag is owed here as the app owes it; a running server hands it to the fediverse.
    try {
      const done = await createForwarding(db, offlineEvents()).forward(id, given.note ?? '', 'command line');
      return { code: 0, out: `Case ${id} forwarded to ${done.server}.` };
    } catch (err) {
      return refused(err);
    }
  }
  const rules = createRules(db);
  if (command === 'rules:list' && rest.length === 0) {
    const list = await rules.list();
    return {
      code: 0,
      out: list.length === 0 ? 'No rules yet. Add the first: npm run admin -- rule:add --title TEXT [--body TEXT]' : list.map((r) => JSON.stringify(r)).join('\n'),
    };
  }
  if (command === 'rule:add' || command === 'rule:edit' || command === 'rule:remove') {
    const id = command === 'rule:add' ? 0 : whole(rest[0], 2 ** 31 - 1);
    const given = options(command === 'rule:add' ? rest : rest.slice(1), command === 'rule:remove' ? [] : ['title', 'body']);
    if (id === undefined || !given || (command === 'rule:add' && given.title === undefined)) return undefined;
    try {
      if (command === 'rule:add') return { code: 0, out: `Rule ${await rules.add({ title: given.title!, body: given.body }, 'command line')} added.` };
      if (command === 'rule:edit') await rules.edit(id, given, 'command line');
      else await rules.remove(id, 'command line');
      return { code: 0, out: `Rule ${id} ${command === 'rule:edit' ? 'changed' : 'removed from the list'}.` };
    } catch (err) {
      return refused(err);
    }
  }
  const presets = createPresets(db);
  if (command === 'presets:list' && rest.length === 0) {
    const list = await presets.list();
    return { code: 0, out: list.length === 0 ? 'No presets yet. Make one: npm run admin -- preset:set NAME --text TEXT' : list.map((p) => JSON.stringify(p)).join('\n') };
  }
  if ((command === 'preset:set' && rest.length === 3) || (command === 'preset:remove' && rest.length === 1)) {
    const given = options(rest.slice(1), ['text']);
    if (!given || (command === 'preset:set' && given.text === undefined)) return undefined;
    try {
      if (command === 'preset:remove') await presets.remove(rest[0]!, 'command line');
      const done = command === 'preset:set' ? await presets.set(rest[0]!, given.text!, 'command line') : 'removed';
      return { code: 0, out: `Preset ${rest[0]} ${done}.` };
    } catch (err) {
      return refused(err);
    }
  }
  if ((command === 'comments:allow' || command === 'account:unlimit') && rest.length === 1) {
    const member = await findMemberNamed(db, rest[0]!);
    if (!member) return { code: 1, out: `No member is known as ${rest[0]}.` };
    try {
      if (command === 'comments:allow') await createCommentStops(db, publicUrl).lift(member.id, 'command line');
      else await createLimits(db, publicUrl).lift(member.id, 'command line');
      await written();
      return { code: 0, out: `${member.email} ${command === 'comments:allow' ? 'may comment again' : 'is no longer limited'}; told in the app.` };
    } catch (err) {
      return refused(err);
    }
  }
  if (command === 'writing:unhide' && rest.length === 2) {
    const kind = rest[0] === 'comment' || rest[0] === 'reply' ? rest[0] : undefined;
    const id = whole(rest[1], 2 ** 31 - 1);
    if (!kind || id === undefined) return undefined;
    try {
      await createHides(db, offlineEvents(), publicUrl).lift(kind, id, 'command line');
      await written();
      return { code: 0, out: `The ${kind} ${id} is back in readers' sight; its writer is told.` };
    } catch (err) {
      return refused(err);
    }
  }
  if (command === 'account:unsuspend' && rest.length === 1) {
    const member = await findMemberNamed(db, rest[0]!);
    if (!member) return { code: 1, out: `No member is known as ${rest[0]}.` };
    try {
      await createSuspensions(db, publicUrl).lift(member.id, 'command line');
      await written();
      return { code: 0, out: `${member.email} is no longer suspended; told by mail.` };
    } catch (err) {
      return refused(err);
    }
  }
  return undefined;
}
