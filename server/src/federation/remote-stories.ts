import type { Article, Note } from '@fedify/vocab';
import { PUBLIC_COLLECTION } from '@fedify/vocab';
import { postBodyText, readTimeFromHtml } from '@inkwell/contract';
import type { Database } from '../db/database.ts';
import { nowIso } from '../db/database.ts';
import { sanitizeDescription } from '../post-html/sanitize.ts';
import { storedTime } from './articles.ts';
import { type StoryValues, addStoryPost, editStoryPost, followedAccountId, removeStoryPost } from './elsewhere-posts.repository.ts';
import { noteText } from './note-text.ts';
import { webAddress } from './remote-actor.ts';

/** The longest title and summary kept (longer ones are cut); the content is cut at MAX_CONTENT characters of HTML. */
const MAX_TITLE = 300;
const MAX_SUMMARY = 1000;
const MAX_CONTENT = 200_000;

const cut = (text: string | null, max: number) => (text === null ? '' : [...text].slice(0, max).join(''));

/** The ways a server names the public (`as:Public` compacted, or the bare word), besides the full address. */
const PUBLIC = new Set([PUBLIC_COLLECTION.href, 'as:Public', 'Public']);

/**
 * Whether the story is addressed to the public (in `to`, or in `cc` as Mastodon's unlisted posts are):
 * a followers-only post or a direct message is never kept, for a post here is readable by anyone.
 */
export function isPublic(object: Article | Note): boolean {
  return [...object.toIds, ...object.ccIds].some((id) => PUBLIC.has(id.href));
}

/**
 * What is kept of a story from elsewhere (ADR 0080: a post of its account, with no topic): its title
 * and summary as plain text, its content sanitized as a member's story is (sanitize-html, the editor's
 * tags), without its images (this site's pages do not load pictures from other servers); null when it
 * says nothing.
 */
export function storyValues(object: Article | Note, now: string): (StoryValues & { created_at: string }) | null {
  const html = object.content?.toString() ?? '';
  const description = sanitizeDescription(html.slice(0, MAX_CONTENT)).replace(/<img\b[^>]*>/gi, '');
  if (!noteText(description) && !object.name) return null;
  const created = storedTime(object.published, now, now);
  return {
    title: cut(noteText(object.name?.toString() ?? '')?.replace(/\s+/g, ' ') ?? null, MAX_TITLE),
    sub_title: cut(noteText(object.summary?.toString() ?? ''), MAX_SUMMARY),
    description,
    body_text: postBodyText(description),
    read_time: readTimeFromHtml(description),
    url: webAddress(object.url as URL | { href?: URL | null } | null) ?? webAddress(object.id),
    created_at: created,
    updated_at: storedTime(object.updated, now, created),
  };
}

/**
 * A `Create` of a story (an Article or a Note answering nothing; inbox.ts reads it and checks it is the
 * actor's own) by an account a member follows, addressed to the public: kept once for the site as a
 * post of the account, shown in Following to those who follow it and at its own address. `wrote` drops
 * the pages kept from before.
 */
export async function receiveStory(database: Database, wrote: () => Promise<void>, actor: URL, story: Article | Note): Promise<void> {
  if (!story.id || !isPublic(story)) return;
  const accountId = await followedAccountId(database.db, actor.href);
  const values = accountId === undefined ? null : storyValues(story, nowIso());
  if (accountId !== undefined && values && (await addStoryPost(database.db, accountId, story.id.href, values))) await wrote();
}

/** An `Update` of a kept story by its account: its new text; one no longer addressed to the public goes. */
export async function updateStory(database: Database, wrote: () => Promise<void>, actor: URL, story: Article | Note): Promise<void> {
  if (!story.id) return;
  if (!isPublic(story)) return deleteStory(database, wrote, actor, story.id);
  const values = storyValues(story, nowIso());
  if (!values) return;
  const { created_at: _created, ...changed } = values;
  if (await editStoryPost(database.db, story.id.href, actor.href, changed)) await wrote();
}

/** A `Delete` of a kept story (`id`: the object's), by its account: the post goes, with its likes and comments here. */
export async function deleteStory(database: Database, wrote: () => Promise<void>, actor: URL, id: URL): Promise<void> {
  if (id.origin === actor.origin && (await removeStoryPost(database.db, id.href, actor.href))) await wrote();
}
