import { randomBytes } from 'node:crypto';
import {
  DRAFTS_MAX,
  DRAFT_MESSAGES,
  type Draft,
  type DraftPreview,
  type DraftSummary,
  type SavePostResponse,
  SCHEDULE_MAX_DAYS,
  TEXT,
  paths,
  postFormFields,
  readTimeFromHtml,
} from '@inkwell/contract';
import type { Kysely } from 'kysely';
import { isForeignKeyViolation, nowIso } from '../db/database.ts';
import type { DB } from '../db/schema.ts';
import type { DomainEventBus, DomainEvents } from '../events/domain-events.ts';
import { HttpError, notFound, validationError } from '../lib/errors.ts';
import type { StoredImages } from '../storage/stored-images.ts';
import * as drafts from './drafts.repository.ts';
import * as posts from './posts.repository.ts';
import { POST_MESSAGES } from './posts.service.ts';
import { sanitizeDescription, usedImagePaths } from '../post-html/sanitize.ts';

const DAY_MS = 24 * 60 * 60 * 1000;

export interface DraftInput {
  id?: number;
  title: string;
  sub_title: string;
  category_id: number | null;
  description: string;
  image: string | null;
}

/** The stored images a draft or post uses: its cover, then its body's. */
const imagesOf = (v: { image: string | null; description: string }) => usedImagePaths(v.image, v.description);

/** The draft's fields checked as a post's (title, sub title, category required): 422 with the add-post messages. */
function asPost(row: drafts.DraftValues): posts.PostValues {
  const parsed = postFormFields.safeParse(row);
  if (!parsed.success) {
    const errors: Record<string, string[]> = {};
    for (const issue of parsed.error.issues) {
      const field = String(issue.path[0] ?? 'draft');
      (errors[field] ??= []).push(issue.message);
    }
    throw validationError(errors);
  }
  const { title, sub_title, category_id, description } = parsed.data;
  return { title, sub_title, category_id, description, image: row.image, read_time: readTimeFromHtml(description) };
}

/** Drafts: saved as typed, listed, scheduled, shown through a secret link, and published (now or when due). */
export function createDraftsService({ db, images, publicUrl, events }: { db: Kysely<DB>; images: StoredImages; publicUrl: string; events: DomainEventBus }) {
  const previewUrl = (token: string | null) => (token ? `${publicUrl}${paths.draftPreview.getHref(token)}` : null);

  const toDraft = (row: drafts.DraftRow): Draft => ({
    id: row.id,
    title: row.title,
    sub_title: row.sub_title,
    category_id: row.category_id,
    description: row.description,
    image: row.image,
    publish_at: row.publish_at,
    email_subscribers: row.email_subscribers === 1,
    preview_url: previewUrl(row.preview_token),
    created_at: row.created_at,
    updated_at: row.updated_at,
  });

  async function own(userId: number, id: number): Promise<drafts.DraftRow> {
    const row = await drafts.ownDraft(db, userId, id);
    if (!row) throw notFound(DRAFT_MESSAGES.notFound);
    return row;
  }

  /** The body sanitised, the category and every image checked: what a save may write. */
  async function prepare(input: DraftInput): Promise<{ values: drafts.DraftValues; paths: string[] }> {
    if (input.category_id !== null && !(await posts.categoryExists(db, input.category_id))) {
      throw validationError({ category_id: [POST_MESSAGES.unknownCategory] });
    }
    const values = { title: input.title, sub_title: input.sub_title, category_id: input.category_id, description: sanitizeDescription(input.description), image: input.image };
    const used = imagesOf(values);
    if ((await images.unknown(used)).length > 0) throw validationError({ image: [DRAFT_MESSAGES.imageGone] });
    return { values, paths: used };
  }

  /**
   * A post made of the draft `row` (already taken out of drafts in `trx`), counted and tied to its
   * images; it is emitted as published (its followers told once the caller's transaction committed:
   * `event`, for events.committed), with `email` to its writer's subscribers too.
   */
  async function publishRow(
    trx: Kysely<DB>,
    row: drafts.DraftRow,
    now: string,
    email: boolean,
  ): Promise<{ id: number; values: posts.PostValues; event: DomainEvents['story.published'] }> {
    const values = asPost(row);
    const id = await posts.publishPost(trx, row.user_id, values, imagesOf(values), now);
    const event = { postId: id, writerId: row.user_id, email };
    await events.emit(trx, 'story.published', event);
    return { id, values, event };
  }

  const imageGone = (err: unknown): never => {
    if (isForeignKeyViolation(err)) throw validationError({ image: [DRAFT_MESSAGES.imageGone] });
    throw err;
  };

  return {
    /** Whose the draft is, for the access policy (route() asks it: the endpoint table's `owns`). */
    ownerOf(id: number | undefined) {
      return id === undefined ? Promise.resolve(undefined) : drafts.draftOwner(db, id);
    },

    /** Creates (no id) or replaces the caller's draft. A scheduled draft must stay complete enough to publish. */
    async save(userId: number, input: DraftInput): Promise<{ created: boolean; draft: Draft }> {
      const { values, paths: used } = await prepare(input);
      const now = nowIso();
      const id = input.id;
      let before: string[] = [];
      const row = await db
        .transaction()
        .execute(async (trx) => {
          if (id === undefined) {
            await drafts.lockMember(trx, userId);
            if ((await drafts.countDrafts(trx, userId)) >= DRAFTS_MAX) throw validationError({ draft: [DRAFT_MESSAGES.tooMany] });
            const created = await drafts.insertDraft(trx, userId, values, now);
            await drafts.replaceDraftImages(trx, created.id, used);
            return created;
          }
          const current = await drafts.ownDraft(trx, userId, id);
          if (!current) throw notFound(DRAFT_MESSAGES.notFound);
          if (current.publish_at !== null) asPost(values);
          before = await drafts.draftImagePaths(trx, id);
          const updated = await drafts.updateDraft(trx, userId, id, values, now);
          if (!updated) throw notFound(DRAFT_MESSAGES.notFound);
          await drafts.replaceDraftImages(trx, id, used);
          return updated;
        })
        .catch(imageGone);
      await images.release(before.filter((p) => !used.includes(p)));
      return { created: id === undefined, draft: toDraft(row) };
    },

    async list(userId: number): Promise<DraftSummary[]> {
      const rows = await drafts.listDrafts(db, userId);
      return rows.map(({ description, preview_token, email_subscribers, ...row }) => ({
        ...row,
        email_subscribers: email_subscribers === 1,
        preview_url: previewUrl(preview_token),
        read_time: readTimeFromHtml(description),
      }));
    },

    details: async (userId: number, id: number): Promise<Draft> => toDraft(await own(userId, id)),

    async remove(userId: number, id: number): Promise<string> {
      const used = await drafts.draftImagePaths(db, id);
      if (!(await drafts.deleteOwnDraft(db, userId, id))) throw notFound(DRAFT_MESSAGES.notFound);
      await images.release(used);
      return DRAFT_MESSAGES.deleted;
    },

    /** Publishes the caller's draft now: it becomes a post (and is a draft no more), mailed to subscribers with `email`. */
    async publish(userId: number, id: number, email = true): Promise<SavePostResponse> {
      asPost(await own(userId, id)); // a clear 422 before anything is taken
      const {
        id: postId,
        values,
        event,
      } = await db
        .transaction()
        .execute(async (trx) => {
          const row = await drafts.takeDraft(trx, id, { userId });
          if (!row) throw notFound(DRAFT_MESSAGES.notFound); // published meanwhile (by the scheduler, or another tab)
          return publishRow(trx, row, nowIso(), email);
        })
        .catch(imageGone);
      events.committed('story.published', event);
      return { message: TEXT.postCreated, post: { id: postId, read_time: values.read_time, image: values.image } };
    },

    /** Schedules the draft for `publishAt` (future, within SCHEDULE_MAX_DAYS), or makes it a draft again (null). */
    async schedule(userId: number, id: number, publishAt: string | null, email?: boolean): Promise<{ message: string; draft: Draft }> {
      const current = await own(userId, id);
      let at: string | null = null;
      if (publishAt !== null) {
        const time = Date.parse(publishAt);
        if (time <= Date.now()) throw validationError({ publish_at: [DRAFT_MESSAGES.scheduleInPast] });
        if (time > Date.now() + SCHEDULE_MAX_DAYS * DAY_MS) throw validationError({ publish_at: [DRAFT_MESSAGES.scheduleTooFar] });
        asPost(current);
        at = new Date(time).toISOString();
      }
      const row = await drafts.setSchedule(db, userId, id, at, nowIso(), email);
      if (!row) throw notFound(DRAFT_MESSAGES.notFound);
      return { message: at ? DRAFT_MESSAGES.scheduled : DRAFT_MESSAGES.unscheduled, draft: toDraft(row) };
    },

    /** Turns the secret preview link on (a new secret each time, so an old link stops working) or off. */
    async preview(userId: number, id: number, enabled: boolean): Promise<{ message: string; draft: Draft }> {
      const row = await drafts.setPreviewToken(db, userId, id, enabled ? randomBytes(18).toString('base64url') : null);
      if (!row) throw notFound(DRAFT_MESSAGES.notFound);
      return { message: enabled ? DRAFT_MESSAGES.previewOn : DRAFT_MESSAGES.previewOff, draft: toDraft(row) };
    },

    async byPreviewToken(token: string): Promise<DraftPreview> {
      const row = await drafts.draftByPreviewToken(db, token);
      if (!row) throw notFound(DRAFT_MESSAGES.previewNotFound);
      return {
        title: row.title,
        sub_title: row.sub_title,
        category_id: row.category_id,
        description: row.description,
        image: row.image,
        read_time: readTimeFromHtml(row.description),
        updated_at: row.updated_at,
        publish_at: row.publish_at,
        author: { id: row.author_id, name: row.author_name, profile_picture: row.author_picture },
      };
    },

    /**
     * Publishes every scheduled draft whose time has come, each in its own transaction; of several app
     * processes doing this at once, each draft goes to the one whose DELETE took it. A draft that can no
     * longer be a post (its category was removed) is made a plain draft again. Answers how many went out.
     */
    async publishDue(now = nowIso()): Promise<number> {
      let published = 0;
      for (const id of await drafts.dueDraftIds(db, now, 50)) {
        try {
          const done = await db.transaction().execute(async (trx) => {
            const row = await drafts.takeDraft(trx, id, { due: now });
            return row ? publishRow(trx, row, nowIso(), row.email_subscribers === 1) : null;
          });
          if (done) {
            published += 1;
            events.committed('story.published', done.event);
          }
        } catch (err) {
          if (!(err instanceof HttpError) && !isForeignKeyViolation(err)) throw err;
          // Not publishable any more: the transaction put it back; it waits as a draft for its writer.
          await drafts.setSchedule(db, undefined, id, null, nowIso());
        }
      }
      return published;
    },
  };
}

export type DraftsService = ReturnType<typeof createDraftsService>;
