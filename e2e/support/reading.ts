import type { Page } from 'playwright-core';
import sharp from 'sharp';
import { type Session, type World, verifiedUser } from './world.ts';

/** The reading journeys' shared cast (an author with POSTS covered posts, a reader) and their page helpers. */
export const POSTS = 25;
export const READING_PASSWORD = 'Reader#2026';

export interface ReadingCast {
  author: Session;
  reader: Session;
  readerEmail: string;
  /** The first category, which every journey post is in. */
  categoryName: string;
  /** The journey's posts, oldest ('Reading journey 01') first. */
  postIds: number[];
}

/** A 480×270 PNG whose colour follows `hue`. */
export function aPicture(hue: number): Promise<Buffer> {
  const r = (hue * 53) % 200;
  const g = (hue * 97) % 200;
  return sharp({ create: { width: 480, height: 270, channels: 3, background: { r, g, b: 180 } } })
    .png()
    .toBuffer();
}

/** 'Reading journey NN' with a cover, added through the API as the web app sends it (multipart); `description`: its body's HTML. */
export async function addPost(world: World, session: Session, index: number, categoryId: number, description?: string): Promise<number> {
  const form = new FormData();
  form.set('user_id', session.id);
  form.set('title', `Reading journey ${String(index).padStart(2, '0')}`);
  form.set('sub_title', `Notes on slow reading, part ${index}`);
  form.set('category_id', String(categoryId));
  form.set('description', description ?? `<p>${'Words worth reading. '.repeat(40 + index)}</p>`);
  form.set('image', new Blob([new Uint8Array(await aPicture(index))], { type: 'image/png' }), `cover-${index}.png`);
  const res = await fetch(`${world.server.url}/api/user/add-post`, { method: 'POST', headers: { ...session }, body: form });
  const json = (await res.json()) as { post?: { id: number }; message?: string };
  if (!res.ok || !json.post) throw new Error(`add-post answered ${res.status}: ${JSON.stringify(json)}`);
  return json.post.id;
}

/** The author and the reader (verified), and the author's POSTS posts in the first category. */
export async function castReading(world: World): Promise<ReadingCast> {
  const author = await verifiedUser(world, 'reading.author@example.com', READING_PASSWORD);
  const readerEmail = 'reading.reader@example.com';
  const reader = await verifiedUser(world, readerEmail, READING_PASSWORD);
  const categories = (await (await fetch(`${world.server.url}/api/user/categories`)).json()) as { categories: Array<{ id: number; name: string }> };
  const category = categories.categories[0]!;
  const postIds: number[] = [];
  for (let i = 1; i <= POSTS; i++) postIds.push(await addPost(world, author, i, category.id));
  return { author, reader, readerEmail, categoryName: category.name, postIds };
}

export const cards = (page: Page) => page.getByTestId('post-card');
export const cardTitled = (page: Page, title: string) => cards(page).filter({ has: page.getByRole('heading', { name: title, exact: true }) });
/** The newest journey post's title. */
export const newest = () => `Reading journey ${String(POSTS).padStart(2, '0')}`;
