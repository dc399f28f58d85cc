import type { Context, Federation } from '@fedify/fedify';
import { Article, Create, Hashtag, InteractionPolicy, InteractionRule, type Note, PUBLIC_COLLECTION } from '@fedify/vocab';
import { Temporal } from '@js-temporal/polyfill';
import { escapeHtml, paths } from '@inkwell/contract';
import type { Database } from '../db/database.ts';
import { absoluteAddresses } from '../post-html/absolute.ts';
import { sanitizeDescription } from '../post-html/sanitize.ts';
import { federatingMember, numericId } from './actor-member.ts';
import { type ArticleRow, countWriterArticles, findArticle, listWriterArticles } from './articles.repository.ts';
import { picture } from './pictures.ts';

/** Where a story lives as an ActivityPub object. */
export const ARTICLE_PATH = '/ap/posts/{id}';
/** Stories on one page of a writer's outbox. */
export const OUTBOX_PAGE_SIZE = 20;

/** A stored time as the vocabulary's instant (an Article's or a Note's `published` and `updated`). */
export const instant = (iso: string) => Temporal.Instant.from(iso) as unknown as NonNullable<ConstructorParameters<typeof Article>[0]['published']>;

/**
 * A time another server gave (an object's `published` or `updated`) as stored, never after `now`: what
 * it says of itself does not put it on top of a list. `fallback` when it gave none.
 */
export function storedTime(value: { epochMilliseconds: number } | null | undefined, now: string, fallback: string): string {
  const iso = value ? new Date(value.epochMilliseconds).toISOString() : fallback;
  return iso < now ? iso : now;
}

/** A topic as a hashtag: its letters and digits (`Machine Learning` → `#MachineLearning`). */
function hashtag(topic: string, publicUrl: string): Hashtag | null {
  const name = topic.replace(/[^\p{L}\p{N}_]/gu, '');
  return name ? new Hashtag({ name: `#${name}`, href: new URL(paths.search.getHref(topic, 'posts'), publicUrl) }) : null;
}

/** Whether the story federates: it is there, and its writer has a username and is not deactivated. */
export const federates = (row: ArticleRow | undefined): row is ArticleRow => row !== undefined && row.username !== null && row.deactivated_at === null;

/** The story an activity's object names: one of our Articles, published, whose writer federates; else undefined. */
export async function storyOf(ctx: Context<void>, database: Database, object: URL | null): Promise<ArticleRow | undefined> {
  const target = object ? ctx.parseUri(object) : null;
  if (target?.type !== 'object' || target.class !== Article) return undefined;
  const id = numericId(target.values.id ?? '');
  const story = id === undefined ? undefined : await findArticle(database.db, id);
  return federates(story) ? story : undefined;
}

/**
 * A story as an `Article` (FEP-b2b8): name = title, summary = subtitle, the whole sanitised body with
 * absolute addresses as content, url = the post page, attributedTo its writer, published and
 * updated, the cover as image, the topic as a Hashtag; addressed to the public and the writer's followers;
 * who may reply to it as its interaction policy (below).
 */
export function toArticle(ctx: Context<void>, row: ArticleRow, publicUrl: string): Article {
  const writer = String(row.user_id);
  const tag = hashtag(row.topic, publicUrl);
  return new Article({
    id: ctx.getObjectUri(Article, { id: String(row.id) }),
    attribution: ctx.getActorUri(writer),
    name: row.title,
    summary: row.sub_title.trim() ? escapeHtml(row.sub_title) : null,
    content: absoluteAddresses(sanitizeDescription(row.description), publicUrl),
    mediaType: 'text/html',
    url: new URL(paths.viewPost.getHref(row.id), publicUrl),
    published: instant(row.created_at),
    updated: row.updated_at > row.created_at ? instant(row.updated_at) : null,
    image: row.image ? picture(row.image, publicUrl) : null,
    tags: tag ? [tag] : [],
    to: PUBLIC_COLLECTION,
    cc: ctx.getFollowersUri(writer),
    interactionPolicy: replyPolicy(ctx, row),
  });
}

/**
 * Who may reply to the story, told to other servers (ADR 0115) as GoToSocial's interaction policy
 * (`canReply`'s automatic approval; Mastodon reads it for quotes, GoToSocial and others for replies):
 * anyone (the public), the writer's followers, or the writer alone (nobody else; a newsletter's
 * subscribers are known here only). A reply from one who may not is dropped here whatever their server
 * does. Likes and boosts stay open to anyone.
 */
function replyPolicy(ctx: Context<void>, row: ArticleRow): InteractionPolicy {
  const writer = ctx.getActorUri(String(row.user_id));
  const approved = row.comments_from === 'anyone' ? [PUBLIC_COLLECTION] : row.comments_from === 'followers' ? [ctx.getFollowersUri(String(row.user_id)), writer] : [writer];
  return new InteractionPolicy({ canReply: new InteractionRule({ automaticApprovals: approved }) });
}

/** The Create that publishes the story (its id is the article's with `#create`, so every server sees one Create). */
export function createOf(ctx: Context<void>, row: ArticleRow, publicUrl: string): Create {
  return creationOf(toArticle(ctx, row, publicUrl));
}

/** The Create of an object of ours (a story, a member's answer): its id the object's with `#create`, addressed as the object is. */
export function creationOf(object: Article | Note): Create {
  return new Create({ id: new URL(`${object.id!.href}#create`), actor: object.attributionId, object, published: object.published, tos: object.toIds, ccs: object.ccIds });
}

/**
 * Stories as objects (`/ap/posts/<id>`) and each writer's outbox (their stories' Creates, newest
 * first, OUTBOX_PAGE_SIZE a page, the cursor the last story's id). A story whose writer does not
 * federate is not found.
 */
export function serveArticles(federation: Federation<void>, database: Database, publicUrl: string): void {
  const { db } = database;
  federation.setObjectDispatcher(Article, ARTICLE_PATH, async (ctx, { id }) => {
    const story = numericId(id);
    const row = story === undefined ? undefined : await findArticle(db, story);
    return federates(row) ? toArticle(ctx, row, publicUrl) : null;
  });

  const writer = (identifier: string) => federatingMember(database, identifier);
  federation
    .setOutboxDispatcher('/ap/users/{identifier}/outbox', async (ctx, identifier, cursor) => {
      const member = await writer(identifier);
      if (!member || cursor === null || !/^\d{1,10}$/.test(cursor)) return null;
      const rows = await listWriterArticles(db, member.id, cursor === '0' ? null : Number(cursor), OUTBOX_PAGE_SIZE);
      return { items: rows.map((row) => createOf(ctx, row, publicUrl)), nextCursor: rows.length === OUTBOX_PAGE_SIZE ? String(rows.at(-1)!.id) : null };
    })
    .setCounter(async (_ctx, identifier) => {
      const member = await writer(identifier);
      return member ? countWriterArticles(db, member.id) : null;
    })
    .setFirstCursor(async (_ctx, identifier) => ((await writer(identifier)) ? '0' : null));
}
