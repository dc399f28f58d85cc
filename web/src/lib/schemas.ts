/**
 * Every schema the web app checks an answer with: the contract's, and the few of its own. Loaded only
 * through `loadSchemas()` (load-schemas.ts), never imported: zod and the schemas stay out of a page's
 * first load, and come with its first call (apiRequest asks for them as it sends).
 */
import { z } from 'zod';

export * from '@inkwell/contract';

/** An answer whose body does not matter (a delete's). */
export const anyAnswer = z.unknown();
/** POST /is-following: followers_count only when asked for another member. */
export const isFollowingResponse = z.object({ is_following: z.boolean(), followers_count: z.number().optional() });
/** POST /delete-posts: the server's message, when it sends one. */
export const deletePostResponse = z.object({ message: z.string().optional() });
