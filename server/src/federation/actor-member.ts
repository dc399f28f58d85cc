import { MAX_ID } from '@inkwell/contract';
import type { Database } from '../db/database.ts';
import { type ActorRow, findActorMember } from './discovery.repository.ts';

/** The member behind a member actor's identifier (digits only), when there is one with a username, deactivated or not. */
export async function actorMember(database: Database, identifier: string): Promise<ActorRow | undefined> {
  // Digits of an id the id columns can hold (MAX_ID): a larger number is nobody, on either database.
  if (!/^[1-9]\d{0,9}$/.test(identifier) || Number(identifier) > MAX_ID) return undefined;
  const member = await findActorMember(database.db, Number(identifier));
  return member?.username ? member : undefined;
}
