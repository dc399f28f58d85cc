import { type Env, bad, readNonNegativeInt, readPositiveInt, readSwitch } from './config-readers.ts';

/**
 * The spam defences (issue 47), none of them an outside service: what a new account may write in
 * comments and replies, the same text again, and how soon a sign-up or subscribe form may come back. Each an environment variable (README's configuration table).
 */
export interface SpamConfig {
  /** An account younger than this is new (SPAM_NEW_ACCOUNT_HOURS, 24; 0 turns the new-account limits off). */
  newAccountMs: number;
  /** Links a new account may put in one comment or reply (SPAM_NEW_ACCOUNT_LINKS, 2). */
  newAccountLinks: number;
  /** Comments and replies a new account may write in an hour (SPAM_NEW_ACCOUNT_COMMENTS_PER_HOUR, 10). */
  newAccountCommentsPerHour: number;
  /**
   * A new account's comment or reply with a link on someone else's story is held for review (a case)
   * until one of its links was let through (SPAM_HOLD_FIRST_LINK, on).
   */
  holdFirstLink: boolean;
  /**
   * A new account with this many of its held writings let through by the moderators is trusted as an
   * older one: no new-account limits, no hold of its links (SPAM_TRUST_AFTER, 3; 0: never before it is old).
   */
  trustAfter: number;
  /** The same text again from one account within this window is refused (SPAM_REPEAT_MINUTES, 10; 0: off). */
  repeatMs: number;
  /**
   * A sign-up or subscribe form sent back sooner than this after it was shown was filled by a program
   * (SPAM_MIN_FILL_SECONDS, 3; 0: off): answered as a success, and nothing done.
   */
  minFillMs: number;
}

const MINUTE = 60_000;

/** 0 is a real limit here (no links at all), not "off". */
function readLinks(env: Env): number {
  const raw = env.SPAM_NEW_ACCOUNT_LINKS;
  if (raw === undefined || raw === '') return 2;
  if (!/^\d+$/.test(raw)) bad('SPAM_NEW_ACCOUNT_LINKS', raw, 'a whole number of links (0: none)');
  return Number(raw);
}

export function readSpam(env: Env): SpamConfig {
  return {
    newAccountMs: readNonNegativeInt(env, 'SPAM_NEW_ACCOUNT_HOURS', 24, 'hours') * 60 * MINUTE,
    newAccountLinks: readLinks(env),
    newAccountCommentsPerHour: readPositiveInt(env, 'SPAM_NEW_ACCOUNT_COMMENTS_PER_HOUR', 10),
    holdFirstLink: readSwitch(env, 'SPAM_HOLD_FIRST_LINK', true),
    trustAfter: readNonNegativeInt(env, 'SPAM_TRUST_AFTER', 3, 'writings let through'),
    repeatMs: readNonNegativeInt(env, 'SPAM_REPEAT_MINUTES', 10, 'minutes') * MINUTE,
    minFillMs: readNonNegativeInt(env, 'SPAM_MIN_FILL_SECONDS', 3, 'seconds') * 1000,
  };
}

export const defaultSpam: SpamConfig = readSpam({});
