import { parse, type DefaultTreeAdapterMap } from 'parse5';
import { describe, expect, it } from 'vitest';
import { MAIL_KIND_TEXT } from '@inkwell/contract';
import { loadXssPayloads } from '../../../testdata/xss.ts';
import { type DigestActor, type DigestItem, type DigestPost, notificationDigestMail } from './notification-templates.ts';

/** The digest of new stories by people one follows (the fifth mail choice). */
const BASE = 'https://inkwell.example';
const at = '2025-03-01T10:00:00.000Z';

const person = (id: number, name: string | null, pictureUrl: string | null = null): DigestActor => ({ id, name, pictureUrl, profileUrl: `${BASE}/view-profile/${id}` });
const aStory = (id: number, title: string, subtitle: string | null = 'A line about it'): DigestPost => ({
  id,
  title,
  subtitle,
  coverUrl: `${BASE}/storage/cover-${id}.webp`,
  url: `${BASE}/view-post/${id}`,
});
const published = (a: DigestActor, p: DigestPost): DigestItem => ({
  actor: a,
  post: p,
  message: `${a.name ?? 'Someone'} published a new story: “${p.title}”.`,
  excerpt: null,
  url: p.url,
  at,
});
const mail = (items: DigestItem[], recipientName: string | null = 'Maya') =>
  notificationDigestMail({
    to: 'maya@example.com',
    recipientName,
    kind: 'post',
    items,
    publicUrl: BASE,
    unsubscribeUrl: `${BASE}/unsubscribe?token=7.post.sig`,
    settingsUrl: `${BASE}/settings`,
  });

const ana = person(1, 'Ana', `${BASE}/storage/ana.webp`);
const tom = person(2, 'Tom');
const night = aStory(10, 'Night trains', 'Sleeping through the mountains');
const sea = aStory(11, 'Sea', null);
const hills = aStory(12, 'Hills');

type Node = DefaultTreeAdapterMap['node'];
function elements(html: string): Array<{ tag: string; attrs: Record<string, string> }> {
  const out: Array<{ tag: string; attrs: Record<string, string> }> = [];
  const go = (node: Node): void => {
    if ('tagName' in node) out.push({ tag: node.tagName, attrs: Object.fromEntries(node.attrs.map((a) => [a.name, a.value])) });
    if ('childNodes' in node) node.childNodes.forEach(go);
  };
  go(parse(html) as unknown as Node);
  return out;
}
const visibleText = (html: string) =>
  html
    .replace(/<[^>]*>/g, ' ')
    .replace(/&#(\d+);/g, (_, n: string) => String.fromCodePoint(Number(n)))
    .replace(/&amp;/g, '&')
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&quot;/g, '"')
    .replace(/\s+/g, ' ');

describe('new stories digest', () => {
  it('says who published what: one story, several by one author, several by several', () => {
    expect(mail([published(ana, night)]).subject).toBe('Ana published a new story: “Night trains”');
    expect(mail([published(ana, night), published(ana, sea)]).subject).toBe('Ana published 2 new stories');
    expect(mail([published(tom, hills), published(ana, night), published(ana, sea)]).subject).toBe('3 new stories from Tom and Ana');
    expect(mail([published(person(3, null), night)]).subject).toBe('Someone published a new story: “Night trains”');
  });

  it('shows one story large: the author, the cover, the title and sub title, and a button to read it', () => {
    const m = mail([published(ana, night)]);
    const all = elements(m.html!);
    expect(all.find((e) => e.tag === 'img' && e.attrs.src === night.coverUrl)?.attrs).toMatchObject({ width: '510', alt: 'Night trains' });
    expect(all.find((e) => e.tag === 'img' && e.attrs.src === ana.pictureUrl)?.attrs).toMatchObject({ width: '28', height: '28' });
    const text = visibleText(m.html!);
    expect(text).toContain('Ana published a new story');
    expect(text).toContain('Sleeping through the mountains');
    expect(m.html).toMatch(/<a href="https:\/\/inkwell\.example\/view-post\/10"[^>]*>Read the story<\/a>/);
    expect(m.text).toContain('Read the story: https://inkwell.example/view-post/10');
    expect(m.text).toContain('Sleeping through the mountains');
    // The preheader (the line a mail program shows beside the subject) is the sub title.
    expect(m.html!.indexOf('Sleeping through the mountains')).toBeLessThan(m.html!.indexOf('<h1'));
    const why = `You get this mail because you asked to hear when ${MAIL_KIND_TEXT.post}.`;
    expect(m.text).toContain(why);
    expect(text).toContain(why);
    expect(m.headers).toEqual({ 'List-Unsubscribe': `<${BASE}/unsubscribe?token=7.post.sig>`, 'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click' });
  });

  it('lists several stories small, each linked, every HTML link also in the plain text', () => {
    const m = mail([published(tom, hills), published(ana, night), published(ana, sea)]);
    const links = elements(m.html!)
      .filter((e) => e.tag === 'a')
      .map((e) => e.attrs.href!);
    for (const story of [hills, night, sea]) expect(links).toContain(story.url);
    for (const link of links) expect(m.text, link).toContain(link);
    expect(m.html).toContain('width="88" height="62" alt="Hills"');
    expect(m.html).toMatch(/<a href="https:\/\/inkwell\.example\/notifications"[^>]*>See your notifications<\/a>/);
    expect(m.html).toMatch(/>T<\/div>/); // Tom has no picture: his initial
  });

  it('escapes every known payload in names, titles and sub titles', () => {
    const payloads = [...loadXssPayloads(), '<img src=x onerror=alert(1)>', '"><svg/onload=alert(1)>'];
    for (const payload of payloads) {
      const evil = person(66, payload, `${BASE}/storage/evil.webp`);
      for (const m of [mail([published(evil, aStory(66, payload, payload))], payload), mail([published(evil, aStory(66, payload, payload)), published(ana, night)])]) {
        const lower = m.html!.toLowerCase();
        for (const bad of ['<script', 'onerror=', 'javascript:', 'onload=']) expect(lower, payload).not.toContain(bad);
        for (const { tag, attrs } of elements(m.html!)) {
          expect(['iframe', 'svg', 'script', 'object'], payload).not.toContain(tag);
          for (const name of ['href', 'src']) if (attrs[name] !== undefined) expect(attrs[name], payload).toMatch(/^https:\/\/inkwell\.example(\/|$)/);
        }
        expect(m.subject, payload).not.toMatch(/[\r\n]/);
      }
    }
  });
});
