import type { Kysely } from 'kysely';
import type { RateLimit } from '../config.ts';
import type { DB } from '../db/schema.ts';
import { tooManyRequests } from '../lib/errors.ts';
import { hashToken } from '../lib/tokens.ts';
import * as repo from './throttle.repository.ts';

export const TOO_MANY_FAILURES = 'Too many failed login attempts for this account. Please try again in 15 minutes.';
/** A place an account signed in from stays known this long after its last successful sign-in. */
const TRUST_MS = 90 * 24 * 60 * 60 * 1000;

export interface Place {
  ip: string | null;
  /** The long-lived HttpOnly device cookie, when the client keeps cookies. */
  device: string | null;
}

/** The counters a login attempt holds while its password is checked; a wrong password keeps them. */
export interface Ticket {
  held: Array<{ key: string; windowStart: string }>;
}

const deviceHash = (device: string) => hashToken(`device:${device}`);
const addressHash = (ip: string) => hashToken(`address:${ip}`);

/**
 * Brute force without lock-out by strangers (ARCHITECTURE.md, Security model). Every attempt is counted
 * before its password is checked, in one atomic statement per counter, so a parallel burst cannot pass
 * a limit. Which counters an attempt takes depends on where it comes from:
 * - a device cookie that signed in to this account before: its own counter (`perAddress` per window);
 *   nobody else can spend it, since nobody else holds the cookie;
 * - an address that signed in to this account before: that address's counter (`perAddress`);
 * - anywhere else: that address's counter and the account's counter for unknown places (`perAccount`),
 *   so guessing from many addresses buys no more than `perAccount` guesses per window, while the owner
 *   still signs in from their own browser or address.
 */
export function createLoginThrottle(db: Kysely<DB>, limits: { perAccount: RateLimit; perAddress: RateLimit }) {
  async function hold(ticket: Ticket, key: string, limit: RateLimit, now: Date): Promise<void> {
    const counted = await repo.bump(db, key, now.toISOString(), new Date(now.getTime() - limit.windowMs).toISOString());
    if (counted.failures <= limit.max) {
      ticket.held.push({ key, windowStart: counted.window_start });
      return;
    }
    // Refused: this attempt is no guess, so it does not count, and neither do the slots held so far.
    await repo.unbump(db, key, counted.window_start);
    await release(ticket.held.splice(0));
    const retryMs = Date.parse(counted.window_start) + limit.windowMs - now.getTime();
    throw tooManyRequests(TOO_MANY_FAILURES, Math.max(1, Math.ceil(retryMs / 1000)));
  }

  async function release(held: Ticket['held']): Promise<void> {
    for (const { key, windowStart } of held) await repo.unbump(db, key, windowStart);
  }

  return {
    /** Counts the attempt, or answers 429 (with Retry-After) when this place's limit is spent. */
    async begin(emailNormalized: string, userId: number | null, place: Place): Promise<Ticket> {
      const now = new Date();
      const device = place.device ? deviceHash(place.device) : null;
      const address = place.ip ? addressHash(place.ip) : null;
      const candidates = [device, address].filter((h): h is string => h !== null);
      const since = new Date(now.getTime() - TRUST_MS).toISOString();
      const known = userId === null ? [] : await repo.trustedPlaces(db, userId, candidates, since);
      const ticket: Ticket = { held: [] };
      if (device && known.includes(device)) {
        await hold(ticket, `device:${emailNormalized}|${device}`, limits.perAddress, now);
      } else {
        await hold(ticket, `address:${emailNormalized}|${place.ip ?? ''}`, limits.perAddress, now);
        if (!(address && known.includes(address))) await hold(ticket, `account:${emailNormalized}`, limits.perAccount, now);
      }
      if (Math.random() < 0.02) {
        const longest = Math.max(limits.perAccount.windowMs, limits.perAddress.windowMs);
        await repo.pruneThrottle(db, new Date(now.getTime() - 2 * longest).toISOString());
      }
      return ticket;
    },

    /** The password was right, so the attempt was no guess: this place starts afresh. */
    async passwordRight(ticket: Ticket): Promise<void> {
      const [own, ...rest] = ticket.held;
      if (own) await repo.clear(db, own.key);
      await release(rest);
    },

    /** The account signed in from this place: from now on it is a known address or device. */
    async trust(userId: number, place: Place): Promise<void> {
      const places = [place.device ? deviceHash(place.device) : null, place.ip ? addressHash(place.ip) : null].filter((h): h is string => h !== null);
      const now = Date.now();
      await repo.trust(db, userId, places, new Date(now).toISOString(), new Date(now - TRUST_MS).toISOString());
    },
  };
}

export type LoginThrottle = ReturnType<typeof createLoginThrottle>;
