import { MAX_ID } from '@inkwell/contract';
import type { Database } from '../db/database.ts';
import { type ActorRow, findActorMember } from './discovery.repository.ts';

/** The instance actor's identifier (an Application that signs the server's own fetches). */
export const INSTANCE_ACTOR = 'instance';

/**
 * The id written in an actor's identifier or an object's address, when it is digits of an id the id
 * columns can hold (MAX_ID): anything else, or a larger number, is nobody, on either database.
 */
export function numericId(text: string): number | undefined {
  return /^[1-9]\d{0,9}$/.test(text) && Number(text) <= MAX_ID ? Number(text) : undefined;
}

/** The member behind a member actor's identifier (digits only), when there is one with a username, deactivated or not. */
export async function actorMember(database: Database, identifier: string): Promise<ActorRow | undefined> {
  const id = numericId(identifier);
  const member = id === undefined ? undefined : await findActorMember(database.db, id);
  return member?.username ? member : undefined;
}

/** What a member without a username is told when they would act on the fediverse. */
export const NO_USERNAME = 'Choose a username in Settings first: it is how the fediverse knows you.';

/** The member behind an actor who federates: one with a username, not deactivated. */
export async function federatingMember(database: Database, identifier: string): Promise<ActorRow | undefined> {
  const member = await actorMember(database, identifier);
  return member && !member.deactivated_at ? member : undefined;
}
