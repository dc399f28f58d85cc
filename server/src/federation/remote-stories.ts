import type { Context } from '@fedify/fedify';
import { Article, type Create, Note, type Update } from '@fedify/vocab';
import type { Database } from '../db/database.ts';
import { nowIso } from '../db/database.ts';
import { sanitizeDescription } from '../post-html/sanitize.ts';
import { isBlockedAddress } from './domain-blocks.ts';
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
  const instant = (value: { epochMilliseconds: number } | null) => (value ? new Date(value.epochMilliseconds).toISOString() : null);
  const published = instant(object.published) ?? now;
  const updated = instant(object.updated) ?? published;
  return {
    url: webAddress(object.url as URL | { href?: URL | null } | null) ?? webAddress(object.id),
    title: cut(noteText(object.name?.toString() ?? '')?.replace(/\s+/g, ' ') ?? null, MAX_TITLE),
    summary: cut(noteText(object.summary?.toString() ?? ''), MAX_SUMMARY),
    content,
    // Never in the future: a story does not sit on top of the list by saying so.
    published_at: published < now ? published : now,
    updated_at: updated < now ? updated : now,
  };
}

/** The Article or Note (not a reply) an activity carries, when its actor wrote it on its own server. */
async function ownStory(ctx: Context<void>, activity: Create | Update): Promise<Article | Note | null> {
  const actor = activity.actorId;
  const object = await activity.getObject(ctx).catch(() => null);
  if (!actor || !(object instanceof Article || object instanceof Note) || !object.id || object.replyTargetId) return null;
  if (object.attributionId?.href !== actor.href || object.id.origin !== actor.origin) return null;
  return object;
}

/**
 * A `Create` of a story (an Article or a Note answering nothing) by an account a member follows: kept
 * once for the site (remote_stories), shown to those who follow it. Resolves to whether the activity
 * was a story, so that inbox.ts hands anything else (a reply) on.
 */
export async function receiveStory(ctx: Context<void>, database: Database, create: Create): Promise<boolean> {
  if (!create.actorId || ctx.parseUri(create.actorId) || (await isBlockedAddress(database.db, create.actorId))) return false;
  const story = await ownStory(ctx, create);
  if (!story?.id) return false;
  const accountId = await followedAccountId(database.db, create.actorId.href);
  const fields = accountId === undefined ? null : storyFields(story, nowIso());
  if (accountId !== undefined && fields) await addStory(database.db, accountId, story.id.href, fields);
  return true;
}

/** An `Update` of a kept story by its account: its new text. */
export async function updateStory(ctx: Context<void>, database: Database, update: Update): Promise<void> {
  if (!update.actorId || (await isBlockedAddress(database.db, update.actorId))) return;
  const story = await ownStory(ctx, update);
  const fields = story ? storyFields(story, nowIso()) : null;
  if (!story?.id || !fields) return;
  const { published_at: _published, ...changed } = fields;
  await editStory(database.db, story.id.href, update.actorId.href, changed);
}

/** A `Delete` of a kept story (`id`: the object's), by its account. */
export async function deleteStory(database: Database, actor: URL, id: URL): Promise<void> {
  if (id.origin === actor.origin) await removeStory(database.db, id.href, actor.href);
}
