import type { Database } from '../server/src/db/database.ts';
import { announceWrite } from '../server/src/db/write-signal.ts';
import { DomainEventBus } from '../server/src/events/domain-events.ts';
import { createDomainBlocks } from '../server/src/federation/domain-blocks.ts';
import { HelpAnswerError, createHelpService } from '../server/src/help/help.service.ts';
import { createFollowsService } from '../server/src/social/follows.service.ts';
import { APPEALS_USAGE, runAppeals } from './admin-appeals.ts';
import { WATCH_USAGE, runWatch } from './admin-watch.ts';
import { STAFF_USAGE, runStaff } from './admin-staff.ts';

export const USAGE = `Usage: npm run admin -- <command>

Commands:
  help:list               open help requests, oldest first
  help:answer ID "text"   answers request ID: the member gets it under Help in /notifications,
                          live in an open tab, and by mail if they ticked help mails
  domain:block DOMAIN     blocks a fediverse server and its subdomains: its activities are refused
                          and every follow between its accounts and members ends
  domain:unblock DOMAIN   lifts that block
  domain:list             the blocked domains, with what each refuses (the console's servers
                          page sets more: media, reports, comments; and imports Mastodon's CSV)
${STAFF_USAGE}
${APPEALS_USAGE}
${WATCH_USAGE}

Uses the same configuration as npm start (DATABASE_URL, or SQLite in DATA_DIR).`;

/** What a command prints and its exit code (0 done, 1 refused, 2 wrong words). */
export interface AdminResult {
  code: number;
  out: string;
}

const oneLine = (text: string, max: number) => {
  const flat = text.replace(/\s+/g, ' ').trim();
  return flat.length > max ? `${flat.slice(0, max - 1)}…` : flat;
};

/**
 * The follows a domain block ends, by the social service as every end of a follow (counters, the
 * notification taken back, requests gone). Its bus has none of the app's reactions: the only one to
 * an ended follow is the federation's Reject or Undo, which is never sent to a blocked server.
 */
function severing(db: Database['db']): (accountId: number) => Promise<number> {
  const follows = createFollowsService(db, new DomainEventBus(), { federates: true });
  return (accountId) => follows.severedFrom(accountId);
}

/** Runs one admin command (the words after `npm run admin --`) on an open database; `publicUrl`, the site's address, for the links in the mails it sends; `waveParallel`, how many cases of a wave are decided side by side. */
export async function runAdmin(args: string[], database: Database, publicUrl: string, waveParallel = 1): Promise<AdminResult> {
  const { db } = database;
  const help = createHelpService(db);
  const [command, ...rest] = args;
  if (command === 'help:list' && rest.length === 0) {
    const open = await help.open(500);
    if (open.length === 0) return { code: 0, out: 'No open help requests.' };
    const lines = open.map((r) => `#${r.id}  ${r.created_at.slice(0, 16).replace('T', ' ')}  ${r.name?.trim() || 'No name'} <${r.email}>\n      ${oneLine(r.message, 200)}`);
    return { code: 0, out: `${open.length} open help request${open.length === 1 ? '' : 's'}, oldest first:\n\n${lines.join('\n')}` };
  }
  if (command === 'help:answer' && rest.length === 2 && /^\d{1,9}$/.test(rest[0]!)) {
    try {
      const { userId } = await help.answer(Number(rest[0]), rest[1]!);
      return { code: 0, out: `Answered help request #${rest[0]} (member ${userId}). They see it under Help in /notifications; a mail follows if they ticked help mails.` };
    } catch (err) {
      if (err instanceof HelpAnswerError) return { code: 1, out: err.message };
      throw err;
    }
  }
  const domains = createDomainBlocks(db, severing(db));
  if (command === 'domain:block' && rest.length === 1) {
    const done = await domains.block(rest[0]!, 'command line');
    if (!done) return { code: 1, out: `"${rest[0]}" is not a domain name.` };
    // The app processes' cached pages (a profile's counts, the followers lists) go.
    if (done.endedFollows > 0) await announceWrite(database);
    const ended = done.endedFollows === 1 ? '1 follow' : `${done.endedFollows} follows`;
    return { code: 0, out: `Blocked ${done.domain} and its subdomains: their activities are refused; ${ended} between their accounts and members ended.` };
  }
  if (command === 'domain:unblock' && rest.length === 1) {
    return (await domains.unblock(rest[0]!, 'command line')) ? { code: 0, out: `Unblocked ${rest[0]!.trim().toLowerCase()}.` } : { code: 1, out: `${rest[0]} is not blocked.` };
  }
  if (command === 'domain:list' && rest.length === 0) {
    const blocked = await domains.list();
    if (blocked.length === 0) return { code: 0, out: 'No blocked domains.' };
    const refused = (b: (typeof blocked)[number]) => [b.reject_media === 1 ? 'media refused' : '', b.reject_reports === 1 ? 'reports refused' : ''].filter(Boolean);
    const line = (b: (typeof blocked)[number]) =>
      [b.domain, b.severity === 'suspend' ? 'suspended' : 'not blocked', ...refused(b), `since ${b.created_at.slice(0, 16).replace('T', ' ')}`].join('  ');
    return { code: 0, out: blocked.map(line).join('\n') };
  }
  const written = () => announceWrite(database);
  return (
    (await runStaff(command, rest, db, publicUrl, written, waveParallel)) ??
    (await runAppeals(command, rest, db, publicUrl, written)) ??
    (await runWatch(command, rest, db)) ?? { code: 2, out: USAGE }
  );
}
