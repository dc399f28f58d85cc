import { type Kysely, type Selectable, type Transaction } from 'kysely';
import { isPostgres } from '../db/database.ts';
import type { DB, DraftsTable } from '../db/schema.ts';

type Db = Kysely<DB> | Transaction<DB>;
export type DraftRow = Selectable<DraftsTable>;

/** What a save writes: the draft's fields as typed (the body already sanitised). */
export interface DraftValues {
  title: string;
  sub_title: string;
  category_id: number | null;
  description: string;
  image: string | null;
}

/** The member's row locked (PostgreSQL; SQLite has one writer), so that concurrent creates count one after another. */
export async function lockMember(db: Db, userId: number): Promise<void> {
  await db
    .selectFrom('users')
    .select('id')
    .where('id', '=', userId)
    .$if(isPostgres(db), (qb) => qb.forNoKeyUpdate())
    .executeTakeFirst();
}

export async function countDrafts(db: Db, userId: number): Promise<number> {
  const row = await db
    .selectFrom('drafts')
    .select((eb) => eb.fn.countAll<number | string>().as('n'))
    .where('user_id', '=', userId)
    .executeTakeFirst();
  return Number(row?.n ?? 0);
}

export async function insertDraft(db: Db, userId: number, values: DraftValues, now: string): Promise<DraftRow> {
  return db
    .insertInto('drafts')
    .values({ ...values, user_id: userId, publish_at: null, preview_token: null, created_at: now, updated_at: now })
    .returningAll()
    .executeTakeFirstOrThrow();
}

/** Replaces the fields of the member's own draft; undefined when they have no draft of that id. */
export function updateDraft(db: Db, userId: number, id: number, values: DraftValues, now: string): Promise<DraftRow | undefined> {
  return db
    .updateTable('drafts')
    .set({ ...values, updated_at: now })
    .where('id', '=', id)
    .where('user_id', '=', userId)
    .returningAll()
    .executeTakeFirst();
}

/** Whose a draft is (the access policy's question). */
export function draftOwner(db: Db, id: number): Promise<{ user_id: number } | undefined> {
  return db.selectFrom('drafts').select('user_id').where('id', '=', id).executeTakeFirst();
}

/** The member's own draft (undefined for anybody else's: a draft's existence is nobody else's business). */
export function ownDraft(db: Db, userId: number, id: number): Promise<DraftRow | undefined> {
  return db.selectFrom('drafts').selectAll().where('id', '=', id).where('user_id', '=', userId).executeTakeFirst();
}

/** The member's drafts, last changed first, without their bodies' text (but its length, for the read time). */
export function listDrafts(db: Db, userId: number) {
  return db
    .selectFrom('drafts')
    .select(['id', 'title', 'sub_title', 'category_id', 'image', 'publish_at', 'email_subscribers', 'preview_token', 'created_at', 'updated_at', 'description'])
    .where('user_id', '=', userId)
    .orderBy('updated_at', 'desc')
    .orderBy('id', 'desc')
    .execute();
}

/** Schedules (or, with null, unschedules) the member's own draft; `userId` undefined: any draft (the scheduler's own undo). */
/** Schedules (or unschedules, null) a draft; `email` ("Publish and email") is kept with it when given. */
export function setSchedule(db: Db, userId: number | undefined, id: number, publishAt: string | null, now: string, email?: boolean): Promise<DraftRow | undefined> {
  return db
    .updateTable('drafts')
    .set({ publish_at: publishAt, updated_at: now, ...(email === undefined ? {} : { email_subscribers: email ? 1 : 0 }) })
    .where('id', '=', id)
    .$if(userId !== undefined, (qb) => qb.where('user_id', '=', userId!))
    .returningAll()
    .executeTakeFirst();
}

export function setPreviewToken(db: Db, userId: number, id: number, token: string | null): Promise<DraftRow | undefined> {
  return db.updateTable('drafts').set({ preview_token: token }).where('id', '=', id).where('user_id', '=', userId).returningAll().executeTakeFirst();
}

/** A draft by its preview secret, with its author (an active one: a deactivated member's drafts show nowhere). */
export function draftByPreviewToken(db: Db, token: string) {
  return db
    .selectFrom('drafts as d')
    .innerJoin('users as u', 'u.id', 'd.user_id')
    .select([
      'd.title',
      'd.sub_title',
      'd.category_id',
      'd.description',
      'd.image',
      'd.updated_at',
      'd.publish_at',
      'u.id as author_id',
      'u.name as author_name',
      'u.profile_picture as author_picture',
    ])
    .where('d.preview_token', '=', token)
    .where('u.deactivated_at', 'is', null)
    .executeTakeFirst();
}

/**
 * Takes the draft out, answering its row only to the one caller that removed it: of a writer's
 * Publish and the scheduler (or two schedulers) only one publishes it. `due` (an ISO time) limits it to
 * a scheduled draft whose time has come.
 */
export function takeDraft(db: Db, id: number, owner: { userId: number } | { due: string }): Promise<DraftRow | undefined> {
  return db
    .deleteFrom('drafts')
    .where('id', '=', id)
    .$if('userId' in owner, (qb) => qb.where('user_id', '=', (owner as { userId: number }).userId))
    .$if('due' in owner, (qb) => qb.where('publish_at', 'is not', null).where('publish_at', '<=', (owner as { due: string }).due))
    .returningAll()
    .executeTakeFirst();
}

export async function deleteOwnDraft(db: Db, userId: number, id: number): Promise<boolean> {
  return (await db.deleteFrom('drafts').where('id', '=', id).where('user_id', '=', userId).returning('id').executeTakeFirst()) !== undefined;
}

/**
 * Scheduled drafts whose time has come, oldest first (the publish_at index), of writers in sight: a
 * deactivated (or suspended) writer's wait, scheduled, and go out when they are back — published while
 * away, a story would be told to nobody and show up later with its time long past.
 */
export async function dueDraftIds(db: Db, now: string, limit: number): Promise<number[]> {
  const rows = await db
    .selectFrom('drafts as d')
    .innerJoin('users as u', 'u.id', 'd.user_id')
    .select('d.id')
    .where('d.publish_at', 'is not', null)
    .where('d.publish_at', '<=', now)
    .where('u.deactivated_at', 'is', null)
    .orderBy('d.publish_at')
    .limit(limit)
    .execute();
  return rows.map((r) => r.id);
}

export async function draftImagePaths(db: Db, draftId: number): Promise<string[]> {
  return (await db.selectFrom('draft_images').select('path').where('draft_id', '=', draftId).execute()).map((r) => r.path);
}

export async function replaceDraftImages(db: Db, draftId: number, paths: readonly string[]): Promise<void> {
  await db.deleteFrom('draft_images').where('draft_id', '=', draftId).execute();
  if (paths.length > 0)
    await db
      .insertInto('draft_images')
      .values(paths.map((path) => ({ draft_id: draftId, path })))
      .execute();
}
