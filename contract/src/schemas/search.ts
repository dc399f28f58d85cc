import { z } from 'zod';
import { htmlToPlainText } from '../html.ts';
import { requiredMessage } from './common.ts';

export const SEARCH_QUERY_MAX = 100;
/** How many people and how many posts one search answers. */
export const SEARCH_RESULTS_MAX = 8;

/** POST /api/user/search {query}: open to visitors; a blank query finds nothing. */
export const searchBody = z.object({
  query: z.string({ error: requiredMessage('query') }).max(SEARCH_QUERY_MAX, `The query may not be greater than ${SEARCH_QUERY_MAX} characters.`),
});
export const searchUser = z.object({ id: z.number(), name: z.string().nullable(), profile_picture: z.string().nullable() });
export const searchPost = z.object({ id: z.number(), title: z.string(), image: z.string().nullable() });
/** Users [id, name, profile_picture] and posts [id, title, image] (SPEC §3 Search result). */
export const searchResponse = z.object({ users: z.array(searchUser), posts: z.array(searchPost) });
export type SearchResponse = z.infer<typeof searchResponse>;

/** The results page's tabs (POST /api/user/search/results {type}). */
export const SEARCH_RESULT_TYPES = ['posts', 'people', 'topics'] as const;
export type SearchResultType = (typeof SEARCH_RESULT_TYPES)[number];
/** How many results one page of the results page holds. */
export const SEARCH_PAGE_SIZE = 10;
/** The longest cursor the results call takes (it only ever hands out short ones). */
export const SEARCH_CURSOR_MAX = 120;

/**
 * POST /api/user/search/results {query, type, cursor?} (issue 13): one page of posts, people or
 * topics for the results page, open to visitors; `cursor` is the previous page's next_cursor.
 */
export const searchResultsBody = searchBody.extend({
  type: z.enum(SEARCH_RESULT_TYPES, { error: 'The type must be posts, people or topics.' }).default('posts'),
  cursor: z.string({ error: 'The cursor field is invalid.' }).max(SEARCH_CURSOR_MAX, 'The cursor field is invalid.').nullish(),
});
export type SearchResultsBody = z.input<typeof searchResultsBody>;

/**
 * A text cut in pieces, the words the query matched marked (`mark`): the page shows marked pieces in
 * <mark>, every piece as text, never as HTML.
 */
export const textSegment = z.object({ text: z.string(), mark: z.boolean() });
export const markedText = z.array(textSegment);
export type MarkedText = z.infer<typeof markedText>;

export const searchResultPost = z.object({
  id: z.number(),
  title: markedText,
  sub_title: z.string(),
  /** About 160 characters of the body around the first word found there (its start when none is). */
  snippet: markedText,
  image: z.string().nullable(),
  image_width: z.number().nullable(),
  created_at: z.string(),
  read_time: z.number(),
  author: z.object({ id: z.number(), name: z.string().nullable(), profile_picture: z.string().nullable() }),
});
export type SearchResultPost = z.infer<typeof searchResultPost>;

export const searchResultPerson = z.object({
  id: z.number(),
  name: markedText,
  username: markedText,
  /** The bio, or about 160 characters of it around the first word found there. */
  bio: markedText,
  profile_picture: z.string().nullable(),
  followers_count: z.number(),
});
export type SearchResultPerson = z.infer<typeof searchResultPerson>;

export const searchResultTopic = z.object({
  id: z.number(),
  name: markedText,
  description: z.string().nullable(),
  followers_count: z.number(),
});
export type SearchResultTopic = z.infer<typeof searchResultTopic>;

/** One page: only the asked type's list is filled; next_cursor is null on the last page. */
export const searchResultsResponse = z.object({
  type: z.enum(SEARCH_RESULT_TYPES),
  posts: z.array(searchResultPost),
  people: z.array(searchResultPerson),
  topics: z.array(searchResultTopic),
  next_cursor: z.string().nullable(),
});
export type SearchResultsResponse = z.infer<typeof searchResultsResponse>;

/**
 * The text of a post's body as search indexes and snippets see it (posts.body_text): the HTML's text
 * (tags and attributes gone, entities decoded), runs of white space as one space. Written with the
 * post by its repository, and by migration 0019 for the posts before it.
 */
export function postBodyText(html: string): string {
  let text: string;
  try {
    text = htmlToPlainText(html);
  } catch {
    // A numeric entity past Unicode's last code point: the tags alone go.
    text = html.replace(/<[^>]*>/g, ' ');
  }
  return text.replace(/\s+/g, ' ').trim();
}
