import type { Kysely } from 'kysely';
import type { SpamConfig } from '../config-spam.ts';
import type { DB } from '../db/schema.ts';
import { tooManyRequests, validationError } from '../lib/errors.ts';
import { accountMadeAt, writingsSince } from './comments.repository.ts';
import { approvedHeldCount, watchedTermsOf } from '../db/shared.repository.ts';
import { type WatchedTerm, linksIn, trippedBy } from '../lib/watched-terms.ts';

/** What a refused writing is told (issue 47): the rule, in words, and what to do. */
export const SPAM_TEXT = {
  links: (max: number) =>
    max === 0
      ? 'New accounts cannot put links in comments yet. Try again tomorrow.'
      : `New accounts may put at most ${max} link${max === 1 ? '' : 's'} in a comment. Try again tomorrow.`,
  perHour: (max: number) => `New accounts may write ${max} comments and replies an hour. Please try again later.`,
  repeat: 'You wrote this a moment ago. Write something new, or wait a few minutes.',
  watched: 'This uses words or links that are not allowed here. Please change it and try again.',
};

/** Why a writing was held, as staff read it in its case (issue 47). */
export const HELD_FOR = {
  firstLink: 'A new account’s first comment or reply with a link, on someone else’s story.',
  watched: (term: WatchedTerm) => (term.kind === 'word' ? `It uses a watched word: “${term.term}”.` : `It links to a watched domain: ${term.term}.`),
};

export { linksIn };

/** Text compared for "the same again": case and spacing do not make it new. */
const same = (text: string) => text.replace(/\s+/g, ' ').trim().toLowerCase();

/** A member's comment or reply about to be written: by whom, its text, the form's field a refusal shows under, and whose story it is on. */
export interface NewWriting {
  userId: number;
  text: string;
  field: 'comments' | 'reply';
  postOwnerId: number;
}

/**
 * The spam defences of a member's comment or reply, in its transaction, before it is written: a new
 * account (younger than `newAccountMs`) may put at most `newAccountLinks` links in one and write at most
 * `newAccountCommentsPerHour` an hour — until `trustAfter` of its held writings were let through — (429 with Retry-After); nobody may write the same text again within
 * `repeatMs` (422). Then whether it is to be held for review: a new account's writing with a link on
 * someone else's story, until one of its links was let through (`holdFirstLink`); for anybody, one that
 * uses a word or links to a domain the moderators watch is refused or held (ADR 0104). The reason it is
 * held (HELD_FOR), or null.
 */
export async function screenWriting(trx: Kysely<DB>, config: SpamConfig, writing: NewWriting, now = Date.now()): Promise<string | null> {
  const { userId, text, field } = writing;
  const madeAt = await accountMadeAt(trx, userId);
  const young = madeAt !== undefined && config.newAccountMs > 0 && now - Date.parse(madeAt) < config.newAccountMs;
  // Trusted early once the moderators let enough of its held writings through.
  const isNew = young && (config.trustAfter === 0 || (await approvedHeldCount(trx, userId)) < config.trustAfter);
  const links = linksIn(text);
  if (isNew && links > config.newAccountLinks) throw validationError({ [field]: [SPAM_TEXT.links(config.newAccountLinks)] });
  await refuseRepeats(trx, config, writing, isNew, now);
  // The moderators' watched words and link domains (ADR 0104), for every account.
  const tripped = trippedBy(text, await watchedTermsOf(trx, ['word', 'link-domain']));
  if (tripped?.action === 'refuse') throw validationError({ [field]: [SPAM_TEXT.watched] });
  if (tripped) return HELD_FOR.watched(tripped);
  if (!isNew || madeAt === undefined || !config.holdFirstLink || links === 0 || writing.postOwnerId === userId) return null;
  // Held until one of its links was let through: while the first waits, so does every other.
  const earlier = await writingsSince(trx, userId, madeAt);
  return earlier.some((w) => w.hidden === null && linksIn(w.body) > 0) ? null : HELD_FOR.firstLink;
}

/** The same text again, and a new account's writings past its hour's number, are refused. */
async function refuseRepeats(trx: Kysely<DB>, config: SpamConfig, { userId, text, field }: NewWriting, isNew: boolean, now: number): Promise<void> {
  const window = Math.max(isNew ? 60 * 60_000 : 0, config.repeatMs);
  if (window === 0) return;
  const recent = await writingsSince(trx, userId, new Date(now - window).toISOString());
  if (config.repeatMs > 0) {
    const since = now - config.repeatMs;
    const mine = same(text);
    if (recent.some((w) => Date.parse(w.created_at) >= since && same(w.body) === mine)) throw validationError({ [field]: [SPAM_TEXT.repeat] });
  }
  if (isNew) {
    const lastHour = recent.filter((w) => Date.parse(w.created_at) >= now - 60 * 60_000);
    if (lastHour.length >= config.newAccountCommentsPerHour) {
      // Free again when the oldest of the hour's writings leaves it.
      const oldest = Date.parse(lastHour.at(-1)!.created_at);
      throw tooManyRequests(SPAM_TEXT.perHour(config.newAccountCommentsPerHour), Math.max(1, Math.ceil((oldest + 60 * 60_000 - now) / 1000)));
    }
  }
}
