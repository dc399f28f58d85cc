import { z } from 'zod';
import { idField, requiredMessage } from './common.ts';
import { DESCRIPTION_MAX_LENGTH, SUB_TITLE_MAX_LENGTH, TITLE_MAX_LENGTH, emailSubscribersField } from './posts.ts';

/**
 * Drafts (an addition, issue 13): a post in the making, kept on the server so that it continues on
 * another device. A draft is no post: it is in no feed, search, RSS feed, sitemap or count. It is
 * published now, or at a chosen time (scheduled), and may be shown before that through a secret
 * preview link.
 */

/** How many drafts (scheduled ones included) a member may keep. */
export const DRAFTS_MAX = 200;
/** How far ahead a post may be scheduled. */
export const SCHEDULE_MAX_DAYS = 365;

export const DRAFT_MESSAGES = {
  saved: 'Draft saved.',
  deleted: 'Draft deleted.',
  notFound: 'Draft not found.',
  tooMany: `You can keep at most ${DRAFTS_MAX} drafts. Publish or delete some first.`,
  scheduled: 'Post scheduled.',
  unscheduled: 'The post is a draft again.',
  scheduleInPast: 'Choose a time in the future.',
  scheduleTooFar: `Choose a time within ${SCHEDULE_MAX_DAYS} days.`,
  previewOn: 'Anyone with the link can read this draft.',
  previewOff: 'The preview link no longer works.',
  previewNotFound: 'This preview link does not work any more.',
  imageGone: 'An image in this draft is no longer stored. Please upload it again.',
} as const;

/** Text a draft may hold: like a post's, but possibly empty (a draft is saved as it is typed). */
const draftText = (label: string, max: number) =>
  z
    .string({ error: requiredMessage(label) })
    .max(max, `The ${label} may not be greater than ${max} characters.`)
    .default('');

/** A stored image's path as upload-image answered it (`ab/cd….webp`), or null for none. */
const storedPath = z
  .string()
  .max(200, 'The image field is invalid.')
  .regex(/^[a-z0-9][a-z0-9/_.-]*$/i, 'The image field is invalid.')
  .nullable()
  .default(null);

/** POST /api/user/drafts/save: creates a draft (no id) or replaces the caller's draft `id` (autosave calls it too). */
export const saveDraftBody = z.object({
  id: idField('id').optional(),
  title: draftText('title', TITLE_MAX_LENGTH),
  sub_title: draftText('sub title', SUB_TITLE_MAX_LENGTH),
  category_id: idField('category id').nullable().default(null),
  description: draftText('description', DESCRIPTION_MAX_LENGTH),
  /** The cover: a path from upload-image, or null. */
  image: storedPath,
  user_id: z.unknown().optional(),
});
export type SaveDraftBody = z.input<typeof saveDraftBody>;

/** A draft as its writer sees it. `publish_at` is set while it is scheduled; `preview_url` while a preview link works. */
export const draft = z.object({
  id: z.number(),
  title: z.string(),
  sub_title: z.string(),
  category_id: z.number().nullable(),
  description: z.string(),
  image: z.string().nullable(),
  publish_at: z.string().nullable(),
  /** Mailed to the writer's subscribers when it is published ("Publish and email"), or not. */
  email_subscribers: z.boolean(),
  preview_url: z.string().nullable(),
  created_at: z.string(),
  updated_at: z.string(),
});
export type Draft = z.infer<typeof draft>;

export const draftResponse = z.object({ message: z.string(), draft });
export type DraftResponse = z.infer<typeof draftResponse>;

/** POST /api/user/drafts: the caller's drafts, last changed first (body and full text left out). */
export const draftSummary = draft.omit({ description: true }).extend({ read_time: z.number() });
export type DraftSummary = z.infer<typeof draftSummary>;
/** POST /api/user/drafts {user_id?}: the caller's drafts (a user_id, when sent, names the caller). */
export const draftsBody = z.object({ user_id: z.unknown().optional() }).optional();
export const draftsResponse = z.object({ data: z.array(draftSummary) });
export type DraftsResponse = z.infer<typeof draftsResponse>;

/** POST /api/user/drafts/details and /drafts/delete: {id}. */
export const draftIdBody = z.object({ id: idField('id'), user_id: z.unknown().optional() });

/** POST /api/user/drafts/publish {id, email_subscribers?}: published now, mailed to subscribers unless told not to. */
export const publishDraftBody = draftIdBody.extend({ email_subscribers: emailSubscribersField });

/**
 * POST /api/user/drafts/schedule {id, publish_at}: publish_at an ISO 8601 time with its offset (the
 * browser sends its local choice as UTC), in the future and within SCHEDULE_MAX_DAYS; null makes it
 * a draft again. The draft must be complete as a post must (title, sub title, category).
 */
export const scheduleDraftBody = z.object({
  id: idField('id'),
  publish_at: z.iso.datetime({ offset: true, error: 'The publish at field must be a date and time.' }).nullable(),
  /** Kept with the draft: whether the scheduler's publishing mails it to subscribers (default true). */
  email_subscribers: emailSubscribersField,
  user_id: z.unknown().optional(),
});

/** POST /api/user/drafts/preview {id, enabled}: turns the secret preview link on (a new secret) or off. */
export const draftPreviewBody = z.object({ id: idField('id'), enabled: z.boolean(), user_id: z.unknown().optional() });

/**
 * POST /api/user/draft-preview {token}: open to anyone holding the link. The draft as a reader would
 * see it (body sanitised as a post's), its author, and no id.
 */
export const previewBody = z.object({ token: z.string().min(1).max(100) });
export const draftPreview = z.object({
  title: z.string(),
  sub_title: z.string(),
  category_id: z.number().nullable(),
  description: z.string(),
  image: z.string().nullable(),
  read_time: z.number(),
  updated_at: z.string(),
  publish_at: z.string().nullable(),
  author: z.object({ id: z.number(), name: z.string().nullable(), profile_picture: z.string().nullable() }),
});
export type DraftPreview = z.infer<typeof draftPreview>;
export const draftPreviewResponse = z.object({ preview: draftPreview });
export type DraftPreviewResponse = z.infer<typeof draftPreviewResponse>;

/** Answer of /drafts/details. */
export const draftDetailsResponse = z.object({ draft });
export type DraftDetailsResponse = z.infer<typeof draftDetailsResponse>;
