import { z } from 'zod';
import { idField, requiredMessage } from './common.ts';

/** Limits of a post's fields (not in the spec: chosen so a long essay fits and abuse does not). */
export const TITLE_MAX_LENGTH = 150;
export const SUB_TITLE_MAX_LENGTH = 250;
/** Characters of body HTML; images are files referenced by URL, so this is text and markup only. */
export const DESCRIPTION_MAX_LENGTH = 300_000;
/** Uploads: at most this many bytes (413 beyond), images only (415 otherwise). */
export const MAX_IMAGE_BYTES = 10 * 1024 * 1024;
/**
 * The image types the server accepts (it sniffs the bytes; this list is what a file picker offers and
 * what the web app checks before sending). The server's 415 names the same five.
 */
export const ACCEPTED_IMAGE_TYPES = ['image/jpeg', 'image/png', 'image/webp', 'image/gif', 'image/avif'] as const;

const text = (field: string, label: string, max: number) =>
  z
    .string({ error: requiredMessage(label) })
    .trim()
    .min(1, `The ${label} field is required.`)
    .max(max, `The ${label} may not be greater than ${max} characters.`);

/** What the writer fills in; shared by the form and the server. */
export const postFormFields = z.object({
  title: text('title', 'title', TITLE_MAX_LENGTH),
  sub_title: text('sub_title', 'sub title', SUB_TITLE_MAX_LENGTH),
  category_id: idField('category id'),
  description: z
    .string({ error: requiredMessage('description') })
    .max(DESCRIPTION_MAX_LENGTH, `The description may not be greater than ${DESCRIPTION_MAX_LENGTH} characters.`)
    .default(''),
});
export type PostFormFields = z.infer<typeof postFormFields>;

/**
 * POST /api/user/add-post (multipart): the fields, user_id, and the cover `image` file, optional: SPEC §5
 * requires title, subtitle and category only, and a post without a cover shows the default image
 * (SPEC §8). A client's read_time is accepted and ignored: the server computes it.
 */
const postCallFields = postFormFields.extend({
  user_id: idField('user id'),
  image: z.unknown().optional(),
  read_time: z.unknown().optional(),
});

/**
 * "Publish and email" (true, the default: also when the field is not sent) or "Publish only" (false):
 * the new story mailed to the writer's newsletter subscribers or not (issue 29). A multipart form
 * sends it as text.
 */
export const emailSubscribersField = z
  .union([z.boolean(), z.enum(['true', 'false', '1', '0', 'on', 'off'])], { error: 'The email subscribers field must be true or false.' })
  .optional()
  .transform((value) => value === undefined || value === true || value === 'true' || value === '1' || value === 'on');

export const addPostBody = postCallFields.extend({ email_subscribers: emailSubscribersField });

/** POST /api/user/posts/update (multipart): as add-post plus the post's id; without an image the cover stays. */
export const updatePostBody = postCallFields.extend({ id: idField('id') });

/** POST /api/user/delete-posts: {id}. */
export const deletePostBody = z.object({ id: idField('id'), user_id: z.unknown().optional() });

/** Answer of add-post and posts/update: the message and the saved post's id (for the redirect). */
export const savePostResponse = z.object({
  message: z.string(),
  post: z.object({ id: z.number(), read_time: z.number(), image: z.string().nullable() }),
});
export type SavePostResponse = z.infer<typeof savePostResponse>;

/** POST /api/user/upload-image: the text fields beside the multipart file `image` (the server adds the file). */
export const uploadImageFields = z.object({ user_id: z.unknown().optional() });

/**
 * POST /api/user/upload-image (an addition, multipart {image}): stores an image for a post body and
 * answers its path under /storage and the URL to put in the HTML.
 */
export const uploadImageResponse = z.object({ message: z.string(), path: z.string(), url: z.string() });
export type UploadImageResponse = z.infer<typeof uploadImageResponse>;
