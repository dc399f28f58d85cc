import { TEXT, decodeId, paths } from '@inkwell/contract';
import type { Database } from '../db/database.ts';
import { sanitizeDescription } from '../post-html/sanitize.ts';
import { AnswerCache } from './cache.ts';
import { feedPaths } from './feed-links.ts';
import { absoluteAddresses } from '../post-html/absolute.ts';
import { type RssChannel, rssDocument } from './rss.ts';
import { type FeedItemRow, createSeoRepository } from './seo.repository.ts';
import { SITEMAP_PROTOCOL_MAX, type SitemapEntry, idRange, pageCount, pageNumber, robotsTxt, sitemapIndex, urlSet } from './sitemap.ts';
import { later } from './xml.ts';

/**
 * What the feeds and sitemaps say, by URL. Each answer is text (null: there is no such feed or page,
 * 404), kept by the AnswerCache for a few seconds. The rules: a deactivated author has no feed and
 * their posts and profile show in none; sitemap pages are id ranges of `sitemapPageSize` ids, and the
 * index lists those that hold at least one address.
 */

export type SitemapKind = 'posts' | 'people';

export interface SeoOptions {
  publicUrl: string;
  sitemapPageSize: number;
  /** How long an answer is kept (0: computed every time). */
  cacheMs: number;
}

/** Thrown inside a cached read for a 404: never kept. */
class Missing extends Error {}

const SITE_DESCRIPTION = 'The newest posts on Inkwell.';

export function createSeoService(database: Database, options: SeoOptions) {
  const repo = createSeoRepository(database);
  const cache = new AnswerCache(options.cacheMs);
  const { publicUrl, sitemapPageSize: size } = options;
  const absolute = (path: string) => `${publicUrl}${path}`;

  const cached = async (key: string, make: () => Promise<string>): Promise<string | null> => {
    try {
      return await cache.remember(key, make);
    } catch (error) {
      if (error instanceof Missing) return null;
      throw error;
    }
  };

  function feed(channel: Omit<RssChannel, 'updated'>, rows: readonly FeedItemRow[]): string {
    const updated = rows.reduce<string | null>((latest, row) => later(latest, row.updated_at), null) ?? new Date().toISOString();
    const items = rows.map((row) => ({
      title: row.title,
      link: absolute(paths.viewPost.getHref(row.id)),
      published: row.created_at,
      author: row.author_name?.trim() || TEXT.anonymous,
      category: row.category_name,
      summary: row.sub_title,
      html: absoluteAddresses(sanitizeDescription(row.description), publicUrl),
    }));
    return rssDocument({ ...channel, updated }, items);
  }

  /** Which pages of a kind hold an address: one bounded probe per id range (sitemap.xml only). */
  async function filledPages(kind: SitemapKind): Promise<number[]> {
    const maxId = kind === 'posts' ? await repo.maxPostId() : await repo.maxUserId();
    const any = kind === 'posts' ? repo.anyPostIn : repo.anyPersonIn;
    const pages: number[] = [];
    for (let n = 1; n <= Math.min(pageCount(maxId, size), SITEMAP_PROTOCOL_MAX); n += 1) {
      const range = idRange(n, size);
      if (range && (await any(range.after, range.upTo))) pages.push(n);
    }
    return pages;
  }

  return {
    robots: () => robotsTxt(publicUrl),

    siteFeed: () =>
      cached('rss', async () =>
        feed({ title: 'Inkwell', link: absolute(paths.home.getHref()), description: SITE_DESCRIPTION, selfUrl: absolute(feedPaths.site) }, await repo.latest()),
      ),

    /** `sqid`: the author's encoded id as the address holds it. */
    authorFeed: (sqid: string) => {
      const id = decodeId(sqid);
      if (id === null) return Promise.resolve(null);
      return cached(`rss/author/${id}`, async () => {
        const author = await repo.author(id);
        if (!author || author.deactivated_at !== null) throw new Missing();
        const name = author.name?.trim() || TEXT.anonymous;
        const channel = {
          title: `Inkwell: posts by ${name}`,
          link: absolute(paths.viewProfile.getHref(id)),
          description: `The newest posts by ${name} on Inkwell.`,
          selfUrl: absolute(feedPaths.author(id)),
        };
        return feed(channel, await repo.byAuthor(id));
      });
    },

    /** `catogary`: the category's encoded id as the address holds it. */
    categoryFeed: (catogary: string) => {
      const id = decodeId(catogary);
      if (id === null) return Promise.resolve(null);
      return cached(`rss/category/${id}`, async () => {
        const category = await repo.category(id);
        if (!category) throw new Missing();
        const channel = {
          title: `Inkwell: ${category.name}`,
          link: absolute(paths.categoryPosts.getHref(id)),
          description: `The newest posts in ${category.name} on Inkwell.`,
          selfUrl: absolute(feedPaths.category(id)),
        };
        return feed(channel, await repo.byCategory(id));
      });
    },

    sitemapIndex: () =>
      cached('sitemap', async () => {
        const entries: SitemapEntry[] = [{ loc: absolute('/sitemap/pages.xml'), lastmod: await repo.newestPostAt() }];
        for (const kind of ['posts', 'people'] as const) {
          for (const n of await filledPages(kind)) entries.push({ loc: absolute(`/sitemap/${kind}-${n}.xml`) });
        }
        return sitemapIndex(entries.slice(0, SITEMAP_PROTOCOL_MAX));
      }),

    /**
     * The pages a visitor can read that are neither a post nor a profile: home. Category pages need a
     * session (SPEC §2), so a crawler would only meet Login there; they are not listed.
     */
    sitemapPages: () => cached('sitemap/pages', async () => urlSet([{ loc: absolute(paths.home.getHref()), lastmod: await repo.newestPostAt() }])),

    /** `page`: the page number as the address holds it; out of range, or a range with nothing: null. */
    sitemap: (kind: SitemapKind, page: string) => {
      const n = pageNumber(page);
      const range = n === null ? null : idRange(n, size);
      if (range === null) return Promise.resolve(null);
      return cached(`sitemap/${kind}-${n}`, async () => {
        const { after, upTo } = range;
        const entries: SitemapEntry[] =
          kind === 'posts'
            ? (await repo.postRange(after, upTo)).map((r) => ({ loc: absolute(paths.viewPost.getHref(r.id)), lastmod: r.lastmod }))
            : (await repo.peopleRange(after, upTo)).map((r) => ({
                loc: absolute(paths.viewProfile.getHref(r.id)),
                lastmod: later(r.lastmod, r.last_post_at),
              }));
        if (entries.length === 0) throw new Missing();
        return urlSet(entries);
      });
    },
  };
}

export type SeoService = ReturnType<typeof createSeoService>;
