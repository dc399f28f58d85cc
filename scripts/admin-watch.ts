import type { Kysely } from 'kysely';
import type { DB } from '../server/src/db/schema.ts';
import { WATCHED_KINDS, createWatched } from '../server/src/moderation/watched.service.ts';
import type { AdminResult } from './admin-commands.ts';
import { refused, whole } from './admin-words.ts';

/** The watched-terms commands of `npm run admin` (ADR 0104). */
export const WATCH_USAGE = `  watch:list              the watched words, link domains and e-mail domains, as JSON lines
  watch:add word|link-domain|email-domain TERM --hold|--refuse
                          a comment or reply using the word (or phrase, as a whole word, in any case)
                          or linking to the domain (or a subdomain) is held for review in a case, or
                          refused; an e-mail domain refuses sign-ups from it (--refuse only). Again
                          with the other of --hold and --refuse changes what is done
  watch:remove ID         stops watching it`;

/** Runs a watched-terms command; undefined when the words are none of them. */
export async function runWatch(command: string | undefined, rest: string[], db: Kysely<DB>): Promise<AdminResult | undefined> {
  const watched = createWatched(db);
  if (command === 'watch:list' && rest.length === 0) {
    const list = await watched.list();
    return { code: 0, out: list.length === 0 ? 'Nothing is watched. Add a term: npm run admin -- watch:add word TERM --hold' : list.map((t) => JSON.stringify(t)).join('\n') };
  }
  if (command === 'watch:add' && rest.length === 3) {
    const kind = WATCHED_KINDS.find((k) => k === rest[0]);
    const action = rest[2] === '--hold' ? 'hold' : rest[2] === '--refuse' ? 'refuse' : undefined;
    if (!kind || !action) return undefined;
    try {
      const done = await watched.watch(kind, rest[1]!, action, 'command line');
      const what = action === 'hold' ? 'held for review' : 'refused';
      return {
        code: 0,
        out: `${done.created ? 'Watching' : 'Still watching'} ${kind} "${done.term}" (${done.id}): ${kind === 'email-domain' ? 'sign-ups from it are' : 'what uses it is'} ${what}.`,
      };
    } catch (err) {
      return refused(err);
    }
  }
  if (command === 'watch:remove' && rest.length === 1) {
    const id = whole(rest[0], 2 ** 31 - 1);
    if (id === undefined) return undefined;
    try {
      await watched.unwatch(id, 'command line');
      return { code: 0, out: `No longer watching term ${id}.` };
    } catch (err) {
      return refused(err);
    }
  }
  return undefined;
}
