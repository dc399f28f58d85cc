import { z } from 'zod';
import { requiredMessage } from './common';

export const SEARCH_QUERY_MAX = 100;
/** How many people and how many posts one search answers. */
export const SEARCH_RESULTS_MAX = 8;

/** POST /api/user/search {query}: open to visitors; a blank query finds nothing. */
export const searchBody = z.object({
  query: z
    .string({ error: requiredMessage('query') })
    .max(SEARCH_QUERY_MAX, `The query may not be greater than ${SEARCH_QUERY_MAX} characters.`),
});
export const searchUser = z.object({ id: z.number(), name: z.string().nullable(), profile_picture: z.string().nullable() });
export const searchPost = z.object({ id: z.number(), title: z.string(), image: z.string().nullable() });
/** Users [id, name, profile_picture] and posts [id, title, image] (SPEC §3 Search result). */
export const searchResponse = z.object({ users: z.array(searchUser), posts: z.array(searchPost) });
export type SearchResponse = z.infer<typeof searchResponse>;
