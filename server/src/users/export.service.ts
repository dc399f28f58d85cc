import { Readable } from 'node:stream';
import { exportFileName, paths } from '@inkwell/contract';
import type { Kysely } from 'kysely';
import yazl from 'yazl';
import type { DB } from '../db/schema.ts';
import { notFound } from '../lib/errors.ts';
import { ownAccount, requireAccess } from '../access/policy.ts';
import type { Auth } from '../plugins/session.ts';
import type { Storage } from '../storage/storage.ts';
import { createMarkdownConverter } from '../post-html/markdown.ts';
import { frontMatter, slugify } from './export.markdown.ts';
import { readme } from './export.readme.ts';
import * as repo from './export.repository.ts';

/** The columns that name an account elsewhere in a row of the export (export.repository.ts ELSEWHERE). */
interface Elsewhere {
  domain: string | null;
  handle: string | null;
  page_url: string | null;
  ap_id: string | null;
}

/**
 * "Download your data": one zip, streamed as it is made. Entries are added lazily, so yazl asks for
 * each one only when the one before it has been written to the client: a post is read and converted,
 * a page of likes read, an image file opened, only as fast as the download goes. Memory holds the
 * list of post titles, the set of image paths and one page of rows, whatever the member wrote.
 */

export interface ExportArchive {
  filename: string;
  stream: Readable;
}

export interface ExportOptions {
  db: Kysely<DB>;
  storage: Storage;
  publicUrl: string;
  /** Rows per read of a long list, posts per read of bodies. */
  pageSize?: number;
  now?: () => Date;
}

interface ArchivedImage {
  /** The name inside the archive: images/<sha256>.webp. */
  name: string;
  /** Its stored path. */
  path: string;
  size: number;
  mtime: Date;
}

type Pager<T> = (db: Kysely<DB>, userId: number, after: number, limit: number) => Promise<T[]>;

/** A stored path from a column that holds "ab/cd/….webp" or "/storage/ab/cd/….webp". */
const storedPath = (value: string) => value.replace(/^\/storage\//, '');
const baseName = (p: string) => p.slice(p.lastIndexOf('/') + 1);

/** The images that are stored (looked up a few at a time), and the paths that are not. */
async function findImages(storage: Storage, candidates: readonly string[]) {
  const found = new Map<string, ArchivedImage>();
  const missing: string[] = [];
  for (let i = 0; i < candidates.length; i += 32) {
    await Promise.all(
      candidates.slice(i, i + 32).map(async (candidate) => {
        const stat = await storage.stat(candidate);
        if (stat) found.set(candidate, { name: `images/${baseName(candidate)}`, path: candidate, size: stat.size, mtime: stat.mtime });
        else missing.push(candidate);
      }),
    );
  }
  return { found, missing: missing.sort() };
}

export function createExportService(options: ExportOptions) {
  const { db, storage, publicUrl } = options;
  const pageSize = options.pageSize ?? 500;
  const now = options.now ?? (() => new Date());
  const markdown = createMarkdownConverter({ publicUrl });
  const postUrl = (id: number) => `${publicUrl}${paths.viewPost.getHref(id)}`;
  const profileUrl = (id: number) => `${publicUrl}${paths.viewProfile.getHref(id)}`;

  /** Every row of a list, a page at a time, keyed by a column the member has each value of once. */
  async function* rows<T>(userId: number, page: Pager<T>, key: (row: T) => number): AsyncGenerator<T[]> {
    let after = 0;
    for (;;) {
      const batch = await page(db, userId, after, pageSize);
      if (batch.length > 0) yield batch;
      if (batch.length < pageSize) return;
      after = key(batch[batch.length - 1]!);
    }
  }

  /** A JSON array, pretty-printed, written a page at a time; counts the items into `tally`. */
  async function* jsonArray<T>(pages: AsyncIterable<T[]>, map: (row: T) => object, tally: (n: number) => void, indent = '') {
    let first = true;
    yield '[';
    for await (const batch of pages) {
      const items = batch.map((row) => `${indent}  ${JSON.stringify(map(row), null, 2).replace(/\n/g, `\n${indent}  `)}`);
      yield `${first ? '\n' : ',\n'}${items.join(',\n')}`;
      first = false;
      tally(batch.length);
    }
    yield `${first ? ']' : `\n${indent}]`}${indent ? '' : '\n'}`;
  }

  return {
    async open(auth: Auth, userId: number): Promise<ExportArchive> {
      requireAccess(ownAccount(auth, userId));
      const member = await repo.findMember(db, userId);
      if (!member) throw notFound('User not found.');
      const madeAt = now();
      const outline = await repo.postOutline(db, userId);
      const drafts = await repo.draftOutline(db, userId);
      const picture = member.profile_picture && !/^https?:\/\//i.test(member.profile_picture) ? storedPath(member.profile_picture) : null;
      const used = [...(await repo.postImagePaths(db, userId)), ...(await repo.draftImagePaths(db, userId))];
      const candidates = [...new Set([...used.map(storedPath), ...(picture ? [picture] : [])])];
      const images = await findImages(storage, candidates);

      /** Where an image points from a post file (posts/…): the file beside it in the archive, else its address. */
      const fromPost = (src: string) => {
        const stored = storage.pathFromUrl(src);
        const image = stored ? images.found.get(stored) : undefined;
        if (image) return `../${image.name}`;
        return src.startsWith('/') ? `${publicUrl}${src}` : src;
      };
      /** Where an image column points from the archive's root. */
      const fromRoot = (value: string | null) => {
        if (!value) return null;
        if (/^https?:\/\//i.test(value)) return value;
        return images.found.get(storedPath(value))?.name ?? `${publicUrl}/storage/${storedPath(value)}`;
      };

      const counts: Record<string, number> = {};
      const tally = (file: string) => (n: number) => void (counts[file] = (counts[file] ?? 0) + n);
      const zip = new yazl.ZipFile();
      const output = zip.outputStream as Readable;
      zip.on('error', (err: Error) => output.destroy(err));
      /** A generated entry, produced only when yazl reaches it; its failure fails the download. */
      const lazy = (name: string, mtime: Date, produce: () => AsyncIterable<string>) =>
        zip.addReadStreamLazy(name, { mtime }, (cb) => {
          const stream = Readable.from(
            (async function* () {
              for await (const chunk of produce()) yield Buffer.from(chunk);
            })(),
            { objectMode: false },
          );
          stream.on('error', (err) => zip.emit('error', err));
          cb(null, stream);
        });
      /** An entry of one piece of text, made when yazl reaches it. */
      const lazyText = (name: string, mtime: Date, make: () => Promise<string>) =>
        lazy(name, mtime, async function* () {
          yield await make();
        });

      const profile = {
        id: member.id,
        email: member.email,
        email_verified: member.email_verified_at !== null,
        email_verified_at: member.email_verified_at,
        name: member.name,
        username: member.username,
        bio: member.bio,
        profile_picture: fromRoot(member.profile_picture),
        profile_url: profileUrl(member.id),
        sign_in: { password: Boolean(member.has_password), google: Boolean(member.has_google) },
        mail_notifications: {
          like: member.notify_like === 1,
          comment: member.notify_comment === 1,
          follow: member.notify_follow === 1,
          help: member.notify_help === 1,
          post: member.notify_post === 1,
        },
        // Whether Inkwell keeps the stories they open (reading_history.json holds them).
        keep_reading_history: member.keep_history === 1,
        counts: { posts: member.post_count, followers: member.followers_count, following: member.following_count },
        created_at: member.created_at,
        updated_at: member.updated_at,
      };
      zip.addBuffer(Buffer.from(`${JSON.stringify(profile, null, 2)}\n`), 'profile.json', { mtime: madeAt });

      // Posts: bodies are read a page of ids at a time, when yazl reaches the first post of the page.
      let loaded: { page: number; rows: Map<number, repo.PostRow> } | null = null;
      const postRow = async (index: number) => {
        const page = Math.floor(index / pageSize);
        if (loaded?.page !== page) {
          const ids = outline.slice(page * pageSize, (page + 1) * pageSize).map((p) => p.id);
          loaded = { page, rows: new Map((await repo.postsByIds(db, userId, ids)).map((row) => [row.id, row])) };
        }
        return loaded.rows.get(outline[index]!.id);
      };
      outline.forEach((post, index) => {
        lazyText(`posts/${post.id}-${slugify(post.title)}.md`, new Date(post.updated_at), async () => {
          const row = await postRow(index);
          if (!row) return `${frontMatter({ id: post.id, title: post.title, deleted: true })}\nThis post was deleted while the archive was being made.\n`;
          const head = frontMatter({
            id: row.id,
            title: row.title,
            subtitle: row.sub_title,
            category: row.category,
            created_at: row.created_at,
            updated_at: row.updated_at,
            likes_count: row.likes_count,
            comments_count: row.comments_count,
            read_time: row.read_time,
            cover_image: fromRoot(row.image),
            url: postUrl(row.id),
          });
          return `${head}\n${markdown.toMarkdown(row.description, fromPost)}\n`;
        });
      });

      // Drafts: unpublished, scheduled or not; each read when yazl reaches its file.
      for (const draft of drafts) {
        lazyText(`drafts/${draft.id}-${slugify(draft.title || 'untitled')}.md`, new Date(draft.updated_at), async () => {
          const row = await repo.draftById(db, userId, draft.id);
          if (!row) return `${frontMatter({ id: draft.id, title: draft.title, gone: true })}\nThis draft was published or deleted while the archive was being made.\n`;
          const head = frontMatter({
            id: row.id,
            title: row.title,
            subtitle: row.sub_title,
            category: row.category,
            scheduled_for: row.publish_at,
            created_at: row.created_at,
            updated_at: row.updated_at,
            cover_image: fromRoot(row.image),
          });
          return `${head}\n${markdown.toMarkdown(row.description, fromPost)}\n`;
        });
      }

      const onPost = <T extends { post_id: number }>(row: T) => ({ ...row, post_url: postUrl(row.post_id) });
      // A person: a member, with their profile here; an account elsewhere, with its handle and its page there.
      const person = <T extends { id: number } & Partial<Elsewhere>>(row: T) => {
        const { domain, handle, page_url, ap_id, ...rest } = row;
        return domain ? { ...rest, handle, profile_url: page_url ?? ap_id } : { ...rest, profile_url: profileUrl(row.id) };
      };
      const blocked = <T extends Elsewhere>(row: T) => {
        const { domain, handle, page_url, ap_id, ...rest } = row;
        return domain === null ? rest : { ...rest, blocked_handle: handle, blocked_profile_url: page_url ?? ap_id };
      };
      const list = <T>(file: string, page: Pager<T>, key: (row: T) => number, map: (row: T) => object = (row) => row as object) =>
        lazy(file, madeAt, () => jsonArray(rows(userId, page, key), map, tally(file)));
      list('comments.json', repo.commentsPage, (r) => r.id, onPost);
      list('replies.json', repo.repliesPage, (r) => r.id, onPost);
      list('likes.json', repo.likesPage, (r) => r.post_id, onPost);
      list('saves.json', repo.savesPage, (r) => r.post_id, onPost);
      lazy('follows.json', madeAt, async function* () {
        yield '{\n  "following": ';
        yield* jsonArray(
          rows(userId, repo.followingPage, (r) => r.id),
          person,
          tally('following'),
          '  ',
        );
        yield ',\n  "followers": ';
        yield* jsonArray(
          rows(userId, repo.followersPage, (r) => r.id),
          person,
          tally('followers'),
          '  ',
        );
        yield '\n}\n';
      });
      list('topics.json', repo.topicsPage, (r) => r.id);
      list('notifications.json', repo.notificationsPage, (r) => r.id);
      list('blocked.json', repo.blockedPage, (r) => r.blocked_id, blocked);
      list(
        'banned_from_comments.json',
        repo.bannedPage,
        (r) => r.reader_id,
        (row) => {
          const { domain, handle, page_url, ap_id, ...rest } = row;
          return domain === null ? rest : { ...rest, reader_handle: handle, reader_profile_url: page_url ?? ap_id };
        },
      );
      list('help_requests.json', repo.helpRequestsPage, (r) => r.id);
      list('reports.json', repo.reportsPage, (r) => r.id);
      list('reading_history.json', repo.readingHistoryPage, (r) => r.post_id, onPost);
      list('newsletter_subscribers.json', repo.newsletterSubscribersPage, (r) => r.id);
      lazy('feed_tuning.json', madeAt, async function* () {
        yield '{\n  "topics": ';
        yield* jsonArray(
          rows(userId, repo.topicTuningPage, (r) => r.id),
          (r) => r,
          tally('tuned topics'),
          '  ',
        );
        yield ',\n  "muted_authors": ';
        yield* jsonArray(
          rows(userId, repo.mutedAuthorsPage, (r) => r.id),
          person,
          tally('muted authors'),
          '  ',
        );
        yield '\n}\n';
      });

      for (const image of images.found.values()) {
        zip.addReadStreamLazy(image.name, { compress: false, size: image.size, mtime: image.mtime }, (cb) => {
          storage.open(image.path).then(
            (file) => {
              const gone = Object.assign(new Error(`${image.path} was removed while the archive was being made`), { code: 'ENOENT' });
              if (!file) return void zip.emit('error', gone);
              file.stream.on('error', (err) => zip.emit('error', err));
              cb(null, file.stream);
            },
            (err: unknown) => zip.emit('error', err),
          );
        });
      }

      // Last, when every count is known.
      lazyText('README.txt', madeAt, async () =>
        readme({
          madeAt,
          member: { id: member.id, username: member.username },
          posts: outline.length,
          drafts: drafts.length,
          images: images.found.size,
          missing: images.missing,
          counts,
          publicUrl,
        }),
      );
      zip.end();
      return { filename: exportFileName(member.username ?? String(member.id), madeAt), stream: output };
    },
  };
}

export type ExportService = ReturnType<typeof createExportService>;
