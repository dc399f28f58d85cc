import { randomBytes } from 'node:crypto';
import { coalesced } from '../lib/concurrency.ts';
import type { Database } from './database.ts';
import { type Listener, listenOnPostgres } from './listen.ts';
import { WRITES_CHANNEL, notifyWrite, raiseWriteEpoch, writeEpochNow } from './shared.repository.ts';

interface Logger {
  warn(obj: object, msg: string): void;
}

/**
 * How the app processes (on one machine or many) learn that another one wrote, so each drops its
 * cached pages:
 * - PostgreSQL: announce() sends NOTIFY on WRITES_CHANNEL with this process's random origin; every
 *   other process LISTENs on a connection of its own and marks its caches stale when one arrives
 *   (and after a lost connection, when some may have been missed).
 * - SQLite (the processes of one machine share the file): announce() raises the write epoch row; each
 *   process compares it, on its read-only connection, at the first cache lookup of each turn of its
 *   event loop (a prepared one-row read, no promise). A request handled in a turn arrived before the
 *   turn began, so a write committed before a request was sent is seen by that request, everywhere;
 *   the many requests of one busy turn share one read.
 */
export interface WriteSignal {
  /**
   * After a committed write: tells the other processes. Never throws (a failure is logged). Writes
   * that finish while an announcement is under way share the next one (lib/concurrency.ts `coalesced`):
   * each still resolves only after one was made after it was asked for, so a caller's next read
   * anywhere sees its write, but a burst of writes costs a few announcements, not one each.
   */
  announce(): Promise<void>;
  /** true once after another process wrote (on SQLite, after any write, this process's included). */
  changedElsewhere(): boolean;
  stop(): Promise<void>;
}

export function createWriteSignal(database: Database, log: Logger): WriteSignal {
  const origin = randomBytes(9).toString('base64url');
  const failed = (err: unknown) => log.warn({ err: (err as Error).message }, 'could not announce a write to the other app processes');
  if (database.connectionString) {
    let stale = false;
    const listener: Listener = listenOnPostgres(
      database.connectionString,
      WRITES_CHANNEL,
      {
        onPayload: (payload) => {
          if (payload !== origin) stale = true;
        },
        onReconnect: () => {
          stale = true;
        },
      },
      log,
    );
    return {
      announce: coalesced(() => notifyWrite(database.db, origin).catch(failed)),
      changedElsewhere() {
        const was = stale;
        stale = false;
        return was;
      },
      stop: () => listener.stop(),
    };
  }
  let seen = writeEpochNow(database);
  let checkedThisTurn = false;
  const nextTurn = () => {
    checkedThisTurn = false;
  };
  return {
    announce: coalesced(() => raiseWriteEpoch(database.db).catch(failed)),
    changedElsewhere() {
      // Already compared in this turn (and said so then, when it had changed).
      if (checkedThisTurn) return false;
      checkedThisTurn = true;
      setImmediate(nextTurn);
      let now: number | undefined;
      try {
        now = writeEpochNow(database);
      } catch {
        return true; // cannot tell: the caches go
      }
      if (now === seen) return false;
      seen = now;
      return true;
    },
    stop: async () => {},
  };
}

/**
 * Tells every app process that something was written, from a process that keeps no caches of its own
 * (an operator's command, `npm run admin`): each drops its cached pages as after another's write.
 */
export function announceWrite(database: Database): Promise<void> {
  return database.connectionString ? notifyWrite(database.db, 'command') : raiseWriteEpoch(database.db);
}
