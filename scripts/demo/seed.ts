import { postBodyText, readTimeFromHtml } from '@inkwell/contract';
import { type Insertable, sql } from 'kysely';
import { hashPassword } from '../../server/src/identity/passwords.ts';
import { highlightCodeBlocks } from '../../server/src/post-html/highlight.ts';
import type { Database } from '../../server/src/db/database.ts';
import type { NotificationsTable } from '../../server/src/db/schema.ts';
import { actorName, noticeText } from '../../server/src/notify/notify.ts';
import type { Storage } from '../../server/src/storage/storage.ts';
import { createStoredImages } from '../../server/src/storage/stored-images.ts';
import { FIRST_NAMES, LAST_NAMES, bioFor, bodyFor, commentText, replyText, titleFor } from './content.ts';
import { avatarPng, coverPng } from './images.ts';
import { insertMany } from './insert.ts';
import { createRandom } from './random.ts';

export const DEMO_PASSWORD = 'Inkwell#2026';

/**
 * Fills the database with a believable community: authors with names, bios and photos; posts of varied
 * length with headings, lists, code blocks and images; follows, likes, saves, comments and replies,
 * with every counter consistent. New rows get ids past every existing row.
 */
export async function seedDemo(options: {
  database: Database;
  storage: Storage;
  posts: number;
  likes: number;
  seed: number;
  log?: (message: string) => void;
}): Promise<{ email: string; password: string }> {
  const started = Date.now();
  const { database, storage, posts, likes } = options;
  const { db } = database;
  const random = createRandom(options.seed);
  const users = Math.max(40, Math.min(5000, Math.ceil(posts / 20)));
  const log = (message: string) => options.log?.(`[${((Date.now() - started) / 1000).toFixed(1)} s] ${message}`);

  const categories = await db.selectFrom('categories').select(['id', 'slug', 'name']).orderBy('id').execute();
  const firstUserId =
    ((
      await db
        .selectFrom('users')
        .select((eb) => eb.fn.max('id').as('m'))
        .executeTakeFirst()
    )?.m ?? 0) + 1;
  const firstPostId =
    ((
      await db
        .selectFrom('posts')
        .select((eb) => eb.fn.max('id').as('m'))
        .executeTakeFirst()
    )?.m ?? 0) + 1;

  // Ids are given explicitly (past every existing row), so rows can point at each other before insert.
  // Images: distinct avatars for up to 300 authors, 24 covers, reused; stored as uploads are, with
  // their ledger rows (post_images rows need them). Only put() is used, so no grace period applies.
  const images = createStoredImages(db, storage, { graceMs: 0 });
  const avatars: string[] = [];
  for (let i = 0; i < Math.min(users, 300); i += 1) avatars.push((await images.put(await avatarPng(random))).path);
  const covers: string[] = [];
  for (let i = 0; i < 24; i += 1) covers.push((await images.put(await coverPng(random))).path);
  log(`${avatars.length} avatars and ${covers.length} covers stored`);

  const passwordHash = await hashPassword(DEMO_PASSWORD);
  const span = 2 * 365 * 24 * 3600 * 1000;
  const now = Date.now();
  const userRows = Array.from({ length: users }, (_, i) => {
    const first = random.pick(FIRST_NAMES);
    const last = random.pick(LAST_NAMES);
    const category = random.pick(categories);
    const email = `${first}.${last}.${firstUserId + i}@demo.inkwell.test`.toLowerCase();
    const at = new Date(now - span - (users - i) * 60_000).toISOString();
    return {
      id: firstUserId + i,
      email,
      email_normalized: email,
      name: `${first} ${last}`,
      username: `${first}${last}${firstUserId + i}`.toLowerCase(),
      bio: bioFor(random, category.name),
      profile_picture: avatars[i % avatars.length]!,
      password_hash: passwordHash,
      google_id: null,
      email_verified_at: at,
      post_count: 0,
      followers_count: 0,
      following_count: 0,
      deactivated_at: null,
      created_at: at,
      updated_at: at,
    };
  });

  // Follows: each reader follows a few authors, popular ones more often.
  const follows = new Map<number, Set<number>>();
  for (let u = 0; u < users; u += 1) {
    const set = new Set<number>();
    for (let k = random.int(3, 25); k > 0; k -= 1) {
      const target = random.skewed(users);
      if (target !== u) set.add(target);
    }
    follows.set(u, set);
    userRows[u]!.following_count = set.size;
    for (const target of set) userRows[target]!.followers_count += 1;
  }

  // Posts, oldest first so ids grow with time; authors skewed so some write a lot.
  const postRows = Array.from({ length: posts }, (_, i) => {
    const author = random.skewed(users, 1.6);
    userRows[author]!.post_count += 1;
    const category = random.pick(categories);
    const { title, subTitle, word } = titleFor(random, category.slug);
    // Code highlighted as the server does when a body is saved (post-html/highlight.ts).
    const description = highlightCodeBlocks(
      bodyFor(
        random,
        word,
        category.slug,
        covers.slice(0, 8).map((c) => `/storage/${c}`),
      ),
    );
    const at = new Date(now - span + Math.floor(((i + 1) / (posts + 1)) * span)).toISOString();
    return {
      id: firstPostId + i,
      user_id: firstUserId + author,
      category_id: category.id,
      title,
      sub_title: subTitle,
      description,
      // What search indexes (migration 0019), as the posts repository writes it.
      body_text: postBodyText(description),
      image: random.next() < 0.9 ? random.pick(covers) : null,
      read_time: readTimeFromHtml(description),
      likes_count: 0,
      comments_count: 0,
      created_at: at,
      updated_at: at,
    };
  });

  // Likes: distinct (post, user) pairs, popular posts getting most of them.
  const likeRows: Array<{ post_id: number; user_id: number; created_at: string }> = [];
  const seen = new Set<number>();
  const maxPairs = posts * users;
  while (likeRows.length < Math.min(likes, Math.floor(maxPairs * 0.5))) {
    const p = random.skewed(posts, 1.3);
    const u = random.int(0, users - 1);
    const key = p * users + u;
    if (seen.has(key)) continue;
    seen.add(key);
    postRows[p]!.likes_count += 1;
    likeRows.push({ post_id: firstPostId + p, user_id: firstUserId + u, created_at: postRows[p]!.created_at });
  }
  seen.clear();

  await insertMany(db, 'users', userRows);
  log(`${users} authors and readers`);
  await insertMany(
    db,
    'follows',
    [...follows.entries()].flatMap(([u, set]) => [...set].map((t) => ({ follower_id: firstUserId + u, following_id: firstUserId + t, created_at: userRows[u]!.created_at }))),
  );

  const commentRows: Array<{ id: number; post_id: number; user_id: number; body: string; created_at: string; updated_at: string }> = [];
  const replyPlan: Array<{ commentIndex: number; post: number; user: number }> = [];
  for (let c = Math.floor(posts * 0.6); c > 0; c -= 1) {
    const p = random.skewed(posts, 1.5);
    const at = postRows[p]!.created_at;
    commentRows.push({ id: 0, post_id: firstPostId + p, user_id: firstUserId + random.int(0, users - 1), body: commentText(random), created_at: at, updated_at: at });
    postRows[p]!.comments_count += 1;
    if (random.next() < 0.4) {
      replyPlan.push({ commentIndex: commentRows.length - 1, post: p, user: postRows[p]!.user_id });
      postRows[p]!.comments_count += 1;
    }
  }

  await insertMany(db, 'posts', postRows, 200);
  // Which stored images each post uses, so deleting one post never removes a file others still show.
  const postImages = postRows.flatMap((row) => {
    const paths = new Set<string>();
    if (row.image) paths.add(row.image);
    for (const match of row.description.matchAll(/src="\/storage\/([^"]+)"/g)) paths.add(match[1]!);
    return [...paths].map((p) => ({ post_id: row.id, path: p }));
  });
  await insertMany(db, 'post_images', postImages, 2000);
  log(`${posts} posts`);
  await insertMany(db, 'likes', likeRows, 2000);
  log(`${likeRows.length} likes`);

  const firstCommentId =
    ((
      await db
        .selectFrom('comments')
        .select((eb) => eb.fn.max('id').as('m'))
        .executeTakeFirst()
    )?.m ?? 0) + 1;
  commentRows.forEach((row, i) => (row.id = firstCommentId + i));
  await insertMany(db, 'comments', commentRows, 1000);
  await insertMany(
    db,
    'replies',
    replyPlan.map((r) => ({
      comment_id: firstCommentId + r.commentIndex,
      post_id: firstPostId + r.post,
      user_id: r.user,
      body: replyText(random),
      created_at: commentRows[r.commentIndex]!.created_at,
      updated_at: commentRows[r.commentIndex]!.created_at,
    })),
    1000,
  );
  log(`${commentRows.length} comments and ${replyPlan.length} replies`);

  // Notifications as the app writes them, of each member's latest likes, comments and follows
  // (at most NOTICES_PER_KIND of each kind per member), so the bell and its screen have something to say.
  const NOTICES_PER_KIND = 12;
  const nameOf = (userId: number) => actorName(userRows[userId - firstUserId]!.name);
  const kept = new Map<string, number>();
  const noticeRows: Array<Insertable<NotificationsTable>> = [];
  // The text is only written for the notifications kept (a few per member, out of a million likes).
  const notice = (recipient: number, actor: number, type: 'like' | 'comment' | 'follow', at: string, message: () => string, ids: { post?: number; comment?: number } = {}) => {
    if (recipient === actor) return;
    const key = `${recipient}:${type}`;
    const count = kept.get(key) ?? 0;
    if (count >= NOTICES_PER_KIND) return;
    kept.set(key, count + 1);
    noticeRows.push({
      user_id: recipient,
      actor_id: actor,
      type,
      post_id: ids.post ?? null,
      comment_id: ids.comment ?? null,
      reply_id: null,
      message: message(),
      read_at: null,
      created_at: at,
      updated_at: at,
    });
  };
  const postOf = (postId: number) => postRows[postId - firstPostId]!;
  for (let i = likeRows.length - 1; i >= 0; i -= 1) {
    const like = likeRows[i]!;
    const post = postOf(like.post_id);
    notice(post.user_id, like.user_id, 'like', like.created_at, () => noticeText.like(nameOf(like.user_id), post.title), { post: post.id });
  }
  for (let i = commentRows.length - 1; i >= 0; i -= 1) {
    const comment = commentRows[i]!;
    const post = postOf(comment.post_id);
    notice(post.user_id, comment.user_id, 'comment', comment.created_at, () => noticeText.comment(nameOf(comment.user_id), post.title), {
      post: post.id,
      comment: comment.id,
    });
  }
  for (const [u, set] of follows) {
    for (const t of set) notice(firstUserId + t, firstUserId + u, 'follow', userRows[u]!.created_at, () => noticeText.follow(nameOf(firstUserId + u)));
  }
  await insertMany(db, 'notifications', noticeRows, 1000);
  log(`${noticeRows.length} notifications`);

  const saveKeys = new Set<string>();
  const saveRows = [];
  for (let s = Math.floor(posts * 0.5); s > 0; s -= 1) {
    const p = random.skewed(posts, 1.4);
    const u = random.int(0, users - 1);
    if (saveKeys.has(`${p}:${u}`)) continue;
    saveKeys.add(`${p}:${u}`);
    saveRows.push({ user_id: firstUserId + u, post_id: firstPostId + p, created_at: postRows[p]!.created_at });
  }
  await insertMany(db, 'saves', saveRows, 2000);
  // The demo member follows the first three topics; the others up to three each, the popular ones more
  // often; every topic's followers_count then counts its rows.
  const topics = categories.slice(0, 3).map((c) => ({ user_id: firstUserId, category_id: c.id, created_at: userRows[0]!.created_at }));
  for (let u = 1; u < users; u += 1) {
    const chosen = new Set<number>();
    for (let k = random.int(0, 3); k > 0; k -= 1) chosen.add(categories[random.skewed(categories.length, 1.2)]!.id);
    for (const id of chosen) topics.push({ user_id: firstUserId + u, category_id: id, created_at: userRows[u]!.created_at });
  }
  await insertMany(db, 'user_categories', topics, 2000);
  await sql`UPDATE categories SET followers_count = (SELECT COUNT(*) FROM user_categories uc WHERE uc.category_id = categories.id)`.execute(db);
  log(`${saveRows.length} saves`);

  if (database.dialect === 'postgres') {
    // Ids were given explicitly; move each sequence past them so the app's next insert does not collide.
    for (const table of ['users', 'posts', 'comments']) {
      await sql`SELECT setval(pg_get_serial_sequence(${table}, 'id'), (SELECT MAX(id) FROM ${sql.table(table)}))`.execute(db);
    }
  }
  return { email: userRows[0]!.email, password: DEMO_PASSWORD };
}
