import { paths } from '@inkwell/contract';
import { type DefaultTreeAdapterTypes, parse } from 'parse5';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type ParsedMail, parseMail } from '../notifications/testkit.ts';
import { addSubscribers } from '../newsletters/testing.ts';
import { aJpeg } from '../storage/testing.ts';
import { type TestApp, buildRenderingTestApp } from '../test/app.ts';
import { type Session, aUser, signIn } from '../test/factories.ts';
import { freePort } from '../test/ports.ts';
import { type S3Server, startS3 } from '../test/s3.ts';
import { TestSmtpServer } from '../test/smtp.ts';
import { smtpTransport } from './transport.ts';

/**
 * Issue 45: the mails that show stored images, as their readers get them. A writer publishes a story
 * with a real uploaded cover (and an image in its body) over HTTP; the story mail to a confirmed
 * subscriber and the new-story digest to a follower are taken from a real SMTP server, and every src
 * and href in their HTML (and the text part's Cover line) is followed over the socket: an image must
 * answer 200 with an image type, a link 2xx or 3xx. Once with the files on disk, once with
 * STORAGE_PUBLIC_URL, where the images must point straight at the CDN (here the S3 bucket's own public
 * address on a local S3 server), not at /storage and its 308.
 */

const WINDOW = 15 * 60_000;

interface Address {
  url: string;
  /** img src (an image) or a href (a page). */
  kind: 'image' | 'link';
}

/** Every src and href of a mail's HTML, parsed as a browser would. */
function addressesOf(html: string): Address[] {
  const found: Address[] = [];
  const walk = (node: DefaultTreeAdapterTypes.ParentNode) => {
    for (const child of node.childNodes) {
      if (!('tagName' in child)) continue;
      for (const { name, value } of child.attrs) {
        if (name === 'src') found.push({ url: value, kind: 'image' });
        if (name === 'href') found.push({ url: value, kind: 'link' });
      }
      walk(child);
    }
  };
  walk(parse(html));
  return found;
}

const setups = [
  { name: 'files on disk', cdn: false },
  { name: 'STORAGE_PUBLIC_URL (a CDN in front of the S3 bucket)', cdn: true },
] as const;

describe.each(setups)('the mails of a story with a cover, $name', ({ cdn }) => {
  const smtp = new TestSmtpServer();
  let s3: S3Server | undefined;
  let t: TestApp;
  let site: string;
  let cdnUrl: string | undefined;
  let writer: Session;
  let storyMail: ParsedMail;
  let digestMail: ParsedMail;
  let cover: string;

  /** A call of the API over the socket, signed in as `as`. */
  const api = async (path: string, body: FormData | object, as: Session) => {
    const form = body instanceof FormData;
    const res = await fetch(`${site}/api/user/${path}`, {
      method: 'POST',
      headers: { ...as.headers, ...(form ? {} : { 'content-type': 'application/json' }) },
      body: form ? body : JSON.stringify(body),
    });
    const answer = (await res.json()) as Record<string, unknown>;
    expect(res.status, `${path}: ${JSON.stringify(answer)}`).toBeLessThan(300);
    return answer;
  };
  const jpeg = async (width: number, height: number) => new Blob([new Uint8Array(await aJpeg(width, height))], { type: 'image/jpeg' });

  beforeAll(async () => {
    await smtp.start(0);
    s3 = cdn ? await startS3() : undefined;
    // What a CDN in front of the bucket answers: the objects, read anonymously at the bucket's address.
    cdnUrl = s3 ? `${s3.url}/${s3.bucket}` : undefined;
    const port = await freePort();
    site = `http://127.0.0.1:${port}`;
    t = await buildRenderingTestApp(
      {
        publicUrl: site,
        notifications: { digestMs: WINDOW, digestPollMs: 10_000 },
        ...(s3 ? { storage: { ...s3.storage, publicUrl: cdnUrl } } : {}),
      },
      { transport: smtpTransport(smtp.url), newsletterTransport: smtpTransport(smtp.url, { connections: 1, ratePerSecond: 1000 }) },
    );
    await t.app.listen({ port, host: '127.0.0.1' });

    writer = await signIn(t.app, await aUser(t.db, { name: 'Wren Writer', email: `wren-${cdn}@example.com` }));
    const picture = new FormData();
    picture.append('id', String(writer.id));
    picture.append('profile_picture', await jpeg(200, 200), 'me.jpg');
    await api('update-profile', picture, writer);
    await addSubscribers(t.db, writer.id, ['reader@example.com']);
    const follower = await signIn(t.app, await aUser(t.db, { name: 'Finn Follower', email: 'finn@example.com' }));
    await api('update-profile', { id: follower.id, notify_post: true }, follower);
    await api('follow-unfollow', { user_id: follower.id, follow_id: writer.id, followType: 1 }, follower);

    const upload = new FormData();
    upload.append('image', await jpeg(900, 500), 'inside.jpg');
    const inside = (await api('upload-image', upload, writer)) as { url: string };
    const story = new FormData();
    story.append('user_id', String(writer.id));
    story.append('title', 'Harbour lights');
    story.append('sub_title', 'A walk along the quay at dusk');
    story.append('category_id', String((await t.db.selectFrom('categories').select('id').orderBy('id').executeTakeFirstOrThrow()).id));
    story.append(
      'description',
      `<p>The boats came in <a href="${paths.viewProfile.getHref(writer.id)}">late</a>.</p><figure><img src="${inside.url}" alt="The quay"><figcaption>The quay</figcaption></figure>`,
    );
    story.append('image', await jpeg(1200, 600), 'cover.jpg');
    const { post } = (await api('add-post', story, writer)) as { post: { id: number; image: string } };
    cover = post.image;

    await t.app.newsletterSender.runOnce();
    await t.app.postFanout.settled();
    await t.app.notificationMailer.flush(Date.now() + WINDOW);
    await t.app.outbox.drain();
    const mails = await Promise.all(smtp.received.map(parseMail));
    storyMail = mails.find((m) => m.to.includes('reader@example.com'))!;
    digestMail = mails.find((m) => m.to.includes('finn@example.com'))!;
  }, 300_000);
  afterAll(async () => {
    await t?.close();
    await smtp.stop();
    await s3?.stop();
  });

  /** Follows each address of a mail that points at this server or its CDN; any other host fails. */
  async function follow(addresses: Address[]) {
    const allowed = [new URL(site).origin, ...(cdnUrl ? [new URL(cdnUrl).origin] : [])];
    for (const { url, kind } of addresses) {
      if (url.startsWith('mailto:')) continue;
      expect(url, 'an absolute web address').toMatch(/^https?:\/\//);
      expect(allowed, url).toContain(new URL(url).origin);
      const res = await fetch(url, { redirect: 'manual' });
      await res.arrayBuffer();
      if (kind === 'image') {
        expect(res.status, url).toBe(200);
        expect(res.headers.get('content-type'), url).toMatch(/^image\//);
        // With a CDN, straight there: not /storage on the site, which would only redirect.
        if (cdnUrl) expect(url.startsWith(`${cdnUrl}/`), url).toBe(true);
      } else {
        expect(res.status, url).toBeGreaterThanOrEqual(200);
        expect(res.status, url).toBeLessThan(400);
      }
    }
  }

  it('mails the story with its cover at an absolute address that loads, and every link and image of it answers', async () => {
    expect(storyMail, 'the story mail reached the SMTP server').toBeDefined();
    const addresses = addressesOf(storyMail.html);
    const images = addresses.filter((a) => a.kind === 'image').map((a) => a.url);
    const coverUrl = `${cdnUrl ?? `${site}/storage`}/${cover}`;
    expect(images[0]).toBe(coverUrl);
    expect(images).toHaveLength(2); // the cover and the body's image
    expect(images).not.toContain('#');
    expect(storyMail.text).toContain(`Cover: ${coverUrl}\n`);
    expect(addresses.filter((a) => a.kind === 'link').length).toBeGreaterThanOrEqual(5);
    await follow([...addresses, { url: coverUrl, kind: 'image' }]);
  });

  it('mails the new-story digest to a follower with the cover and the writer’s picture, all of it answering', async () => {
    expect(digestMail, 'the digest reached the SMTP server').toBeDefined();
    const addresses = addressesOf(digestMail.html);
    const images = addresses.filter((a) => a.kind === 'image').map((a) => a.url);
    expect(images).toContain(`${cdnUrl ?? `${site}/storage`}/${cover}`);
    expect(
      images.some((src) => src !== `${cdnUrl ?? `${site}/storage`}/${cover}`),
      'the writer’s picture',
    ).toBe(true);
    await follow(addresses);
  });
});
