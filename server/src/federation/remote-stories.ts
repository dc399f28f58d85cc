import type { Article, Note } from '@fedify/vocab';
import type { Database } from '../db/database.ts';
import { nowIso } from '../db/database.ts';
import { sanitizeDescription } from '../post-html/sanitize.ts';
import { storedTime } from './articles.ts';
import { noteText } from './note-text.ts';
import { webAddress } from './remote-actor.ts';
import { type StoryFields, addStory, editStory, followedAccountId, removeStory } from './remote-stories.repository.ts';

/** The longest title and summary kept (longer ones are cut); the content is cut at MAX_CONTENT characters of HTML. */
const MAX_TITLE = 300;
const MAX_SUMMARY = 1000;
const MAX_CONTENT = 200_000;

const cut = (text: string | null, max: number) => (text === null ? null : [...text].slice(0, max).join('') || null);

/**
 * What is kept of a story from elsewhere: its title and summary as plain text, its content sanitized
 * as a member's story is (sanitize-html, the editor's tags), without its images (this site's pages do
 * not load pictures from other servers); null when it says nothing.
 */
export function storyFields(object: Article | Note, now: string): StoryFields | null {
  const html = object.content?.toString() ?? '';
  const content = sanitizeDescription(html.slice(0, MAX_CONTENT)).replace(/<img\b[^>]*>/gi, '');
  if (!noteText(content) && !object.name) return null;
  const published = storedTime(object.published, now, now);
  return {
    url: webAddress(object.url as URL | { href?: URL | null } | null) ?? webAddress(object.id),
    title: cut(noteText(object.name?.toString() ?? '')?.replace(/\s+/g, ' ') ?? null, MAX_TITLE),
    summary: cut(noteText(object.summary?.toString() ?? ''), MAX_SUMMARY),
    content,
    published_at: published,
    updated_at: storedTime(object.updated, now, published),
  };
}

/**
 * A `Create` of a story (an Article or a Note answering nothing; inbox.ts reads it and checks it is the
 * actor's own) by an account a member follows: kept once for the site (remote_stories), shown to those
 * who follow it.
 */
export async function receiveStory(database: Database, actor: URL, story: Article | Note): Promise<void> {
  const accountId = story.id ? await followedAccountId(database.db, actor.href) : undefined;
  const fields = accountId === undefined ? null : storyFields(story, nowIso());
  if (accountId !== undefined && fields) await addStory(database.db, accountId, story.id!.href, fields);
}

/** An `Update` of a kept story by its account: its new text. */
export async function updateStory(database: Database, actor: URL, story: Article | Note): Promise<void> {
  const fields = storyFields(story, nowIso());
  if (!story.id || !fields) return;
  const { published_at: _published, ...changed } = fields;
  await editStory(database.db, story.id.href, actor.href, changed);
}

/** A `Delete` of a kept story (`id`: the object's), by its account. */
export async function deleteStory(database: Database, actor: URL, id: URL): Promise<void> {
  if (id.origin === actor.origin) await removeStory(database.db, id.href, actor.href);
}
