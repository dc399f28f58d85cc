import { type CommentsFrom, type PostFormFields, type SavePostResponse, TEXT, readTimeFromHtml } from '@inkwell/contract';
import type { Kysely } from 'kysely';
import { isForeignKeyViolation, nowIso } from '../db/database.ts';
import type { DB } from '../db/schema.ts';
import type { DomainEventBus } from '../events/domain-events.ts';
import { canEditPost, requireAccess } from '../access/policy.ts';
import { notFound, unauthorized, validationError } from '../lib/errors.ts';
import type { Auth } from '../plugins/session.ts';
import type { StoredImages } from '../storage/stored-images.ts';
import * as repo from './posts.repository.ts';
import { sanitizeDescription, usedImagePaths } from '../post-html/sanitize.ts';
import { addToPostCount } from '../db/post-count.repository.ts';
import { audit } from '../audit/audit.ts';

export const POST_MESSAGES = {
  created: TEXT.postCreated,
  updated: TEXT.postUpdated,
  deleted: 'Post deleted successfully.',
  imageUploaded: 'Image uploaded successfully.',
  notFound: 'Post not found.',
  unknownCategory: 'The selected category id is invalid.',
  imageGone: 'An image in this post is no longer stored. Please upload it again.',
};

/** What the writer is told when they changed who may comment on a story (ADR 0115). */
export const commentsFromChanged = (from: CommentsFrom): string =>
  from === 'anyone' ? 'Anyone can comment on this story now.' : from === 'nobody' ? 'Comments are turned off on this story.' : `Only your ${from} can comment on this story now.`;

/** `email_subscribers`: "Publish and email" (the default) or "Publish only" (add-post only). */
export type PostInput = PostFormFields & { image?: Buffer; email_subscribers?: boolean };

/** A post's stored images went missing between the check and the save (swept meanwhile): 422. */
function imageGone(err: unknown): never {
  if (isForeignKeyViolation(err)) throw validationError({ description: [POST_MESSAGES.imageGone] });
  throw err;
}

export function createPostsService({ db, images, events }: { db: Kysely<DB>; images: StoredImages; events: DomainEventBus }) {
  function signedIn(auth: Auth | null): Auth {
    if (!auth) throw unauthorized();
    return auth;
  }

  /** The post, when it exists and the caller owns it: 404 otherwise, 403 for somebody else's. */
  async function ownPost(auth: Auth | null, id: number) {
    const caller = signedIn(auth);
    const post = await repo.findPostForWrite(db, id);
    if (!post) throw notFound(POST_MESSAGES.notFound);
    requireAccess(canEditPost(caller, post));
    return post;
  }

  /** Sanitised body, read time and the stored images it references (cover first). */
  async function prepare(input: PostInput, cover: string | null) {
    if (!(await repo.categoryExists(db, input.category_id))) throw validationError({ category_id: [POST_MESSAGES.unknownCategory] });
    const description = sanitizeDescription(input.description);
    const image = input.image ? (await images.put(input.image)).path : cover;
    const values: repo.PostValues = {
      category_id: input.category_id,
      title: input.title,
      sub_title: input.sub_title,
      description,
      image,
      read_time: readTimeFromHtml(description),
    };
    const paths = usedImagePaths(image, description);
    if ((await images.unknown(paths)).length > 0) throw validationError({ description: [POST_MESSAGES.imageGone] });
    return { values, paths };
  }

  /** What a post references now: its post_images rows and its cover (rows predating post_images have none). */
  async function referencedBy(trx: Kysely<DB>, id: number, cover: string | null): Promise<string[]> {
    const paths = await repo.postImagePaths(trx, id);
    return cover && !paths.includes(cover) ? [...paths, cover] : paths;
  }

  const answer = (message: string, id: number, values: repo.PostValues): SavePostResponse => ({
    message,
    post: { id, read_time: values.read_time, image: values.image },
  });

  return {
    /** Whose the post is, for the access policy (route() asks it: the endpoint table's `owns`). */
    ownerOf(id: number) {
      return repo.findPostForWrite(db, id);
    },

    async create(auth: Auth | null, input: PostInput): Promise<SavePostResponse> {
      const caller = signedIn(auth);
      const { values, paths } = await prepare(input, null);
      try {
        const published = await db.transaction().execute(async (trx) => {
          const postId = await repo.publishPost(trx, caller.userId, values, paths, nowIso());
          const event = { postId, writerId: caller.userId, email: input.email_subscribers ?? true };
          await events.emit(trx, 'story.published', event);
          return event;
        });
        const id = published.postId;
        events.committed('story.published', published); // after the commit: the followers are told in the background
        return answer(POST_MESSAGES.created, id, values);
      } catch (err) {
        if (values.image) await images.release([values.image]);
        return imageGone(err);
      }
    },

    async update(auth: Auth | null, id: number, input: PostInput): Promise<SavePostResponse> {
      const post = await ownPost(auth, id);
      const { values, paths } = await prepare(input, post.image);
      const before = await db
        .transaction()
        .execute(async (trx) => {
          const previous = await referencedBy(trx, id, post.image);
          await repo.updatePost(trx, id, values, nowIso());
          await repo.replacePostImages(trx, id, paths);
          await events.emit(trx, 'story.changed', { postId: id, writerId: post.user_id, kind: 'update' });
          return previous;
        })
        .catch(async (err: unknown) => {
          if (values.image && values.image !== post.image) await images.release([values.image]);
          return imageGone(err);
        });
      events.committed('story.changed', { postId: id, writerId: post.user_id, kind: 'update' });
      await images.release(before.filter((p) => !paths.includes(p)));
      return answer(POST_MESSAGES.updated, id, values);
    },

    async remove(auth: Auth | null, id: number): Promise<string> {
      const post = await ownPost(auth, id);
      const paths = await db.transaction().execute(async (trx) => {
        // The post row first, then what hangs on it: the order of the comment and reply writes.
        if (!(await repo.lockPostForDelete(trx, id))) throw notFound(POST_MESSAGES.notFound);
        const referenced = await referencedBy(trx, id, post.image);
        // Another delete of the same post may have won the race since ownPost read it: then this one
        // changes nothing, and the count must not move again.
        if (!(await repo.deletePostWithDependents(trx, id))) throw notFound(POST_MESSAGES.notFound);
        await addToPostCount(trx, post.user_id, -1);
        await events.emit(trx, 'story.changed', { postId: id, writerId: post.user_id, kind: 'delete' });
        return referenced;
      });
      events.committed('story.changed', { postId: id, writerId: post.user_id, kind: 'delete' });
      await images.release(paths);
      return POST_MESSAGES.deleted;
    },

    /**
     * POST /posts/comments-from: the story's writer says who may comment on it (ADR 0115; `owns: 'post'`
     * asked before this runs). A change is the writer's own act in the audit log (`writer.comments`,
     * apart from staff's), and the story's Update tells other servers; what was said stays.
     */
    async setCommentsFrom(auth: Auth | null, id: number, from: CommentsFrom): Promise<{ message: string; comments_from: CommentsFrom }> {
      const caller = signedIn(auth);
      const changed = await db.transaction().execute(async (trx) => {
        const now = await repo.findCommentsFrom(trx, id);
        if (!now) throw notFound(POST_MESSAGES.notFound);
        if (now.comments_from === from) return null;
        await repo.setCommentsFrom(trx, id, from);
        await audit(trx, {
          actor: { id: caller.userId, name: now.name?.trim() || `member ${caller.userId}` },
          action: 'writer.comments',
          target: { kind: 'post', id, label: `story ${id}` },
          before: now.comments_from,
          after: from,
        });
        // Other servers learn who may reply from the story's Update (its interaction policy: federation/articles.ts).
        const change = { postId: id, writerId: now.user_id, kind: 'update' as const };
        await events.emit(trx, 'story.changed', change);
        return change;
      });
      if (changed) events.committed('story.changed', changed);
      return { message: commentsFromChanged(from), comments_from: from };
    },

    /** An image for a post body (the editor inserts its URL); it is tied to a post when the post is saved. */
    async uploadImage(auth: Auth | null, bytes: Buffer) {
      signedIn(auth);
      const stored = await images.put(bytes);
      return { message: POST_MESSAGES.imageUploaded, path: stored.path, url: stored.url };
    },
  };
}

export type PostsService = ReturnType<typeof createPostsService>;
