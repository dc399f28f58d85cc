import fs from 'node:fs';
import path from 'node:path';
import type { TestApp } from '../test/app.ts';
import type { Session } from '../test/factories.ts';
import { type FilePart, aJpeg, imagePart, multipart } from '../storage/testing.ts';

/** Test helpers for the writing calls: multipart posts through app.inject. */

export type Fields = Record<string, string | number | FilePart | undefined>;

export async function firstCategoryId(t: TestApp): Promise<number> {
  return (await t.db.selectFrom('categories').select('id').orderBy('id').executeTakeFirstOrThrow()).id;
}

export function send(t: TestApp, url: string, fields: Fields, session?: Session) {
  const body = multipart(fields);
  return t.app.inject({ method: 'POST', url: `/api/user/${url}`, payload: body.payload, headers: { ...session?.headers, ...body.headers } });
}

/** The fields of a valid new post by `session`'s user, with a fresh cover unless overridden. */
export async function postFields(t: TestApp, session: Session, overrides: Fields = {}): Promise<Fields> {
  return {
    user_id: session.id,
    title: 'On writing',
    sub_title: 'Short notes',
    category_id: await firstCategoryId(t),
    description: '<p>Hello world</p>',
    image: imagePart(await aJpeg()),
    ...overrides,
  };
}

/** Creates a post through the API and answers its id and cover path. */
export async function createPost(t: TestApp, session: Session, overrides: Fields = {}) {
  const res = await send(t, 'add-post', await postFields(t, session, overrides), session);
  if (res.statusCode !== 201) throw new Error(`add-post failed: ${res.statusCode} ${res.body}`);
  const { post } = res.json() as { post: { id: number; image: string; read_time: number } };
  return post;
}

export async function uploadImage(t: TestApp, session: Session): Promise<{ path: string; url: string }> {
  const res = await send(t, 'upload-image', { image: imagePart(await aJpeg()) }, session);
  if (res.statusCode !== 201) throw new Error(`upload failed: ${res.statusCode} ${res.body}`);
  return res.json();
}

export function stored(t: TestApp, storedPath: string): boolean {
  return fs.existsSync(path.join(t.config.dataDir, 'storage', ...storedPath.split('/')));
}
