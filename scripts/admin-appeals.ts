import type { Kysely } from 'kysely';
import type { DB } from '../server/src/db/schema.ts';
import { type AppealAnswer, createAppeals } from '../server/src/moderation/appeals.service.ts';
import { offlineEvents } from '../server/src/offline-events.ts';
import type { AdminResult } from './admin-commands.ts';
import { lasting, options, refused, until, whole } from './admin-words.ts';

/** The appeal commands of `npm run admin` (ADR 0103). */
export const APPEALS_USAGE = `  appeals:list [--status open|approved|rejected|changed|any] [--limit N]
                          appeals as JSON lines, oldest first (open ones, 100, by default), each with
                          the action it is about
  appeal:decide ID --approve|--reject|--change --note TEXT [--for DURATION]
                          answers an open appeal with the reasons TEXT, told to the appellant in the
                          app and by mail: --approve lifts the action, --reject leaves it, --change
                          gives it a new end, DURATION after it began (one already past lifts it)`;

const OUTCOMES = ['--approve', '--reject', '--change'] as const;

/** Runs an appeal command; undefined when the words are none of them. */
export async function runAppeals(command: string | undefined, rest: string[], db: Kysely<DB>, publicUrl: string, written: () => Promise<void>): Promise<AdminResult | undefined> {
  if (command === 'appeals:list') {
    const given = options(rest, ['status', 'limit']);
    const status = given?.status ?? 'open';
    const limit = given?.limit === undefined ? 100 : whole(given.limit, 10_000);
    if (!given || limit === undefined || !['open', 'approved', 'rejected', 'changed', 'any'].includes(status)) return undefined;
    const lines = await createAppeals(db, publicUrl, offlineEvents()).list(status as 'open', limit);
    return { code: 0, out: lines.length === 0 ? 'No appeals.' : lines.map((line) => JSON.stringify(line)).join('\n') };
  }
  if (command === 'appeal:decide' && rest.length >= 4) {
    const id = whole(rest[0], 2 ** 31 - 1);
    const outcome = OUTCOMES.find((o) => o === rest[1]);
    const given = options(rest.slice(2), ['note', 'for']);
    const forMs = given && lasting(given);
    if (id === undefined || !outcome || !given || given.note === undefined || forMs === null) return undefined;
    if ((outcome === '--change') !== (forMs !== undefined)) return undefined;
    const answer: AppealAnswer = outcome === '--approve' ? { outcome: 'approve' } : outcome === '--reject' ? { outcome: 'reject' } : { outcome: 'change', forMs: forMs! };
    try {
      const done = await createAppeals(db, publicUrl, offlineEvents()).decide(id, answer, given.note, 'command line');
      if (done.status !== 'rejected') await written();
      const stands = done.status === 'rejected' ? 'the action stays' : done.status === 'approved' ? 'the action is lifted' : `the action now lasts ${until(done.endsAt)}`;
      return { code: 0, out: `Appeal ${id} ${done.status}: ${stands}; the appellant is told in the app and by mail.` };
    } catch (err) {
      return refused(err);
    }
  }
  return undefined;
}
