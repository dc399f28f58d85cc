import { type DefaultTreeAdapterMap, parse } from 'parse5';
import { describe, expect, it } from 'vitest';
import { MAIL_KIND_TEXT, type MailKind } from '@inkwell/contract';
import { loadXssPayloads } from '../../../testdata/xss.ts';
import { DIGEST_ITEMS_SHOWN, type DigestActor, type DigestItem, type DigestMailInput, type DigestPost, notificationDigestMail } from './notification-templates.ts';

const BASE = 'https://inkwell.example';
const at = '2025-03-01T10:00:00.000Z';

const person = (id: number, name: string | null, pictureUrl: string | null = null): DigestActor => ({
  id,
  name,
  pictureUrl,
  profileUrl: `${BASE}/view-profile/${id}`,
});
const aPost = (id: number, title: string): DigestPost => ({ id, title, coverUrl: `${BASE}/storage/cover-${id}.webp`, url: `${BASE}/view-post/${id}` });
const said = (a: DigestActor) => a.name ?? 'Someone';
const like = (a: DigestActor, p: DigestPost): DigestItem => ({ actor: a, post: p, message: `${said(a)} liked your post “${p.title}”.`, excerpt: null, url: p.url, at });
const comment = (a: DigestActor, p: DigestPost, text: string, id = 1, reply = false): DigestItem => ({
  actor: a,
  post: p,
  message: reply ? `${said(a)} replied to your comment on “${p.title}”.` : `${said(a)} commented on “${p.title}”.`,
  excerpt: text,
  url: `${p.url}#comment-${id}`,
  at,
});
const follow = (a: DigestActor): DigestItem => ({ actor: a, post: null, message: `${said(a)} started following you.`, excerpt: null, url: a.profileUrl, at });
const answer = (text: string, request: string | null): DigestItem => ({
  actor: null,
  post: null,
  message: 'We answered your help request.',
  excerpt: text,
  request,
  url: `${BASE}/help`,
  at,
});

const mail = (kind: MailKind, items: DigestItem[], more: Partial<DigestMailInput> = {}) =>
  notificationDigestMail({
    to: 'maya@example.com',
    recipientName: 'Maya',
    kind,
    items,
    publicUrl: BASE,
    unsubscribeUrl: `${BASE}/unsubscribe?token=t0k.${kind}.sig`,
    settingsUrl: `${BASE}/settings`,
    ...more,
  });

const ines = person(1, 'Ines', `${BASE}/storage/ines.webp`);
const tom = person(2, 'Tom');
const others = [3, 4, 5, 6].map((id) => person(id, `Reader ${id}`));
const night = aPost(10, 'Night trains');
const sea = aPost(11, 'Sea');
const hills = aPost(12, 'Hills');

/** HTML character references back to characters (what a mail program shows). */
const decode = (s: string) =>
  s
    .replace(/&#(\d+);/g, (_, n: string) => String.fromCodePoint(Number(n)))
    .replace(/&amp;/g, '&')
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&quot;/g, '"');
const visibleText = (html: string) => decode(html.replace(/<[^>]*>/g, ' ')).replace(/\s+/g, ' ');

type Node = DefaultTreeAdapterMap['node'];
const TAGS = new Set(['html', 'head', 'meta', 'title', 'body', 'div', 'p', 'a', 'img', 'table', 'tbody', 'tr', 'td', 'h1', 'h2', 'br', 'strong']);
const ATTRS = new Set(['lang', 'charset', 'name', 'content', 'style', 'href', 'src', 'width', 'height', 'alt', 'role', 'cellpadding', 'cellspacing', 'border', 'valign']);

/** The elements as a browser parses them; hrefs and srcs of every element. */
function walk(html: string, visit: (tag: string, attrs: { name: string; value: string }[]) => void): void {
  const go = (node: Node): void => {
    if ('tagName' in node) visit(node.tagName, node.attrs);
    if ('childNodes' in node) node.childNodes.forEach(go);
  };
  go(parse(html) as unknown as Node);
}
const linksOf = (html: string) => {
  const links: string[] = [];
  walk(html, (tag, attrs) => {
    if (tag === 'a') links.push(attrs.find((a) => a.name === 'href')!.value);
  });
  return links;
};

describe('notification digest subjects', () => {
  it('names the actor, the post and the count, likes', () => {
    expect(mail('like', [like(ines, night)]).subject).toBe('Ines liked “Night trains”');
    expect(mail('like', [like(ines, night), like(tom, night)]).subject).toBe('Ines and Tom liked “Night trains”');
    expect(mail('like', [like(ines, night), like(tom, night), ...others.map((o) => like(o, night))]).subject).toBe('Ines and 5 others liked “Night trains”');
    expect(mail('like', [like(ines, night), ...others.map((o) => like(o, night))]).subject).toBe('Ines and 4 others liked “Night trains”');
    expect(mail('like', [like(ines, night), like(tom, sea), like(others[0]!, hills), ...others.slice(1, 3).map((o) => like(o, night))]).subject).toBe(
      'Ines and 4 others liked 3 of your posts',
    );
    expect(mail('like', [like(ines, night), like(ines, sea)]).subject).toBe('Ines liked 2 of your posts');
  });

  it('comments and replies', () => {
    expect(mail('comment', [comment(ines, night, 'Lovely')]).subject).toBe('Ines commented on “Night trains”');
    expect(mail('comment', [comment(tom, night, 'Yes', 2, true), comment(ines, night, 'Lovely')]).subject).toBe('Tom and Ines commented on “Night trains”');
    expect(mail('comment', [comment(ines, night, 'a'), comment(tom, sea, 'b', 2, true), ...others.map((o, i) => comment(o, hills, 'c', 3 + i))]).subject).toBe(
      'Ines and 5 others commented on 3 posts',
    );
  });

  it('follows and help answers', () => {
    expect(mail('follow', [follow(ines)]).subject).toBe('Ines started following you');
    expect(mail('follow', [follow(ines), follow(tom)]).subject).toBe('Ines and Tom started following you');
    expect(mail('follow', [follow(ines), ...others.map(follow)]).subject).toBe('Ines and 4 others started following you');
    expect(mail('help', [answer('Yes.', 'Can I?')]).subject).toBe('We answered your help request');
    expect(mail('help', [answer('Yes.', 'Can I?'), answer('No.', null)]).subject).toBe('We answered 2 of your help requests');
  });

  it("says 'Someone' for a member without a name, and puts a named one first", () => {
    const nameless = person(7, null);
    const blank = person(8, '   ');
    expect(mail('like', [like(nameless, night)]).subject).toBe('Someone liked “Night trains”');
    expect(mail('follow', [follow(blank)]).subject).toBe('Someone started following you');
    expect(mail('like', [like(nameless, night), like(ines, night)]).subject).toBe('Ines and 1 other liked “Night trains”');
    expect(mail('like', [like(nameless, night), like(blank, night)]).subject).toBe('Someone and 1 other liked “Night trains”');
    const m = mail('like', [like(nameless, night)]);
    expect(visibleText(m.html!)).toContain('Someone liked your post “Night trains”.');
  });

  it('counts distinct actors by id, not items', () => {
    const items = [like(ines, night), like(tom, night), like(ines, sea), like(tom, sea), like(ines, hills)];
    expect(mail('like', items).subject).toBe('Ines and Tom liked 3 of your posts');
    const twoInes = [like(ines, night), like(person(99, 'Ines'), night), like(ines, night)];
    expect(mail('like', twoInes).subject).toBe('Ines and Ines liked “Night trains”');
    const comments = [1, 2, 3, 4].map((n) => comment(ines, night, `comment ${n}`, n));
    expect(mail('comment', comments).subject).toBe('Ines commented on “Night trains”');
  });

  it('keeps subjects short: long titles and names are cut with …', () => {
    const long = aPost(20, 'A very long title about the slow pleasure of travelling across Europe by sleeper train in winter');
    const subject = mail('like', [like(ines, long)]).subject;
    expect(subject).toMatch(/^Ines liked “A very long title about the slow pleasure of travelling…”$/);
    expect(subject.length).toBeLessThanOrEqual(80);
    const longName = person(21, 'Karl-Friedrich Wilhelm von Hohenzollern-Sigmaringen der Dritte');
    expect(mail('follow', [follow(longName)]).subject.length).toBeLessThanOrEqual(70);
    expect(mail('like', [like(ines, aPost(22, 'Line\nbreak\tand  spaces'))]).subject).toBe('Ines liked “Line break and spaces”');
  });
});

describe('notification digest content', () => {
  it('has the RFC 8058 unsubscribe headers and the footer in both parts', () => {
    for (const kind of ['like', 'comment', 'follow', 'help'] as const) {
      const item = { like: like(ines, night), comment: comment(ines, night, 'Hi'), follow: follow(ines), help: answer('Yes', 'Q') }[kind];
      const m = mail(kind, [item]);
      const unsubscribe = `${BASE}/unsubscribe?token=t0k.${kind}.sig`;
      expect(m.to).toBe('maya@example.com');
      expect(m.headers).toEqual({ 'List-Unsubscribe': `<${unsubscribe}>`, 'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click' });
      const why = `You get this mail because you asked to hear when ${MAIL_KIND_TEXT[kind]}.`;
      expect(m.text).toContain(why);
      expect(visibleText(m.html!)).toContain(why);
      expect(m.text).toContain(`Unsubscribe from these mails: ${unsubscribe}`);
      expect(m.text).toContain(`Change all mail choices in Settings: ${BASE}/settings`);
      expect(m.html).toMatch(new RegExp(`<a href="${unsubscribe.replace(/[?.]/g, '\\$&')}"[^>]*>Unsubscribe from these mails</a>`));
      expect(m.html).toMatch(/<a href="https:\/\/inkwell\.example\/settings"[^>]*>Change all mail choices in Settings<\/a>/);
      expect(m.html).toContain('font-family:Georgia');
      expect(m.html).toContain('#4338ca');
    }
  });

  it('puts every link of the HTML into the plain-text part', () => {
    const samples = [
      mail('like', [like(ines, night), like(tom, sea), like(person(7, null), hills)]),
      mail('like', [like(ines, night), like(tom, night)]),
      mail('comment', [comment(ines, night, 'Lovely', 1), comment(tom, night, 'Indeed', 2, true), comment(tom, sea, 'Hm', 3)]),
      mail('follow', [follow(ines)]),
      mail('follow', [follow(ines), follow(tom), ...others.map(follow)]),
      mail('help', [answer('Use Settings.', 'Where is it?')]),
      mail(
        'like',
        Array.from({ length: 14 }, (_, i) => like(person(100 + i, `R${i}`), i % 2 ? night : sea)),
      ),
    ];
    for (const m of samples) {
      const links = linksOf(m.html!);
      expect(links.length).toBeGreaterThan(3);
      for (const link of links) expect(m.text, `${m.subject}: ${link}`).toContain(link);
    }
  });

  it('shows each post once with its cover, the actors with pictures or initials, and the button to the post', () => {
    const m = mail('like', [like(ines, night), like(tom, night)]);
    const images: Record<string, string>[] = [];
    walk(m.html!, (tag, attrs) => {
      if (tag === 'img') images.push(Object.fromEntries(attrs.map((a) => [a.name, a.value])));
    });
    const cover = images.find((i) => i.src === night.coverUrl)!;
    expect(cover).toMatchObject({ alt: 'Night trains', width: '510', height: '255' });
    expect(cover.style).toContain('max-width:510px');
    expect(cover.style).toContain('width:100%');
    expect(images.filter((i) => i.src === night.coverUrl)).toHaveLength(1);
    expect(images.find((i) => i.src === ines.pictureUrl)).toMatchObject({ width: '32', height: '32' });
    expect(m.html).toMatch(/>T<\/div>/); // Tom has no picture: his initial
    expect(m.html).toContain(`href="${tom.profileUrl}"`);
    expect(m.html).toMatch(/<a href="https:\/\/inkwell\.example\/view-post\/10"[^>]*>View your post<\/a>/);
    expect(m.text).toContain('View your post: https://inkwell.example/view-post/10');

    const several = mail('like', [like(ines, night), like(tom, sea)]);
    expect(several.html).toMatch(/<a href="https:\/\/inkwell\.example\/notifications"[^>]*>See your notifications<\/a>/);
    expect(several.html).toContain('width="88" height="62" alt="Sea"');
  });

  it('shows comments shortened to about 200 characters, linking to the comment', () => {
    const long = `${'word '.repeat(80)}END`;
    const m = mail('comment', [comment(ines, night, long, 42)]);
    const excerpt = visibleText(m.html!).match(/(word word[^…]*…)/)![1]!;
    expect(excerpt.length).toBeLessThanOrEqual(200);
    expect(m.html).not.toContain('END');
    expect(m.html).toContain(`href="${night.url}#comment-42"`);
    expect(m.text).toContain(`${night.url}#comment-42`);
    const replies = mail('comment', [comment(tom, night, 'Thanks!', 7, true)]);
    expect(visibleText(replies.html!)).toContain('Tom replied to your comment on “Night trains”.');
  });

  it('links one follower’s profile as the button, several to the notifications', () => {
    const one = mail('follow', [follow(ines)]);
    expect(one.html).toMatch(/<a href="https:\/\/inkwell\.example\/view-profile\/1"[^>]*>View Ines’s profile<\/a>/);
    const many = mail('follow', [follow(ines), follow(tom)]);
    expect(many.html).toMatch(/href="https:\/\/inkwell\.example\/notifications"[^>]*>See your notifications</);
    expect(visibleText(many.html!)).toContain('Tom started following you.');
  });

  it('quotes the help request above the answer, and leads to /help', () => {
    const m = mail('help', [answer('First line\nsecond line\n\nThe Inkwell team', 'How do I change my user name?')]);
    const text = visibleText(m.html!);
    const asked = text.indexOf('You asked');
    const answered = text.indexOf('Our answer');
    expect(asked).toBeGreaterThan(0);
    expect(text.indexOf('How do I change my user name?', asked)).toBeLessThan(answered);
    expect(text.indexOf('First line', answered)).toBeGreaterThan(answered);
    expect(m.html).toContain('First line<br>second line');
    expect(m.html).toMatch(/<a href="https:\/\/inkwell\.example\/help"[^>]*>Open Help<\/a>/);
    expect(m.text).toContain('> How do I change my user name?');
    expect(mail('help', [answer('Only the answer', null)]).html).not.toContain('You asked');
  });

  it(`shows at most ${DIGEST_ITEMS_SHOWN} items, then 'and N more' linking to the notifications`, () => {
    const items = Array.from({ length: DIGEST_ITEMS_SHOWN + 3 }, (_, i) => like(person(200 + i, `Reader ${i}`), night));
    const m = mail('like', items);
    expect(m.subject).toBe(`Reader 0 and ${DIGEST_ITEMS_SHOWN + 2} others liked “Night trains”`);
    expect(m.html!.match(/<\/a> liked your post/g)).toHaveLength(DIGEST_ITEMS_SHOWN);
    expect(m.html).toContain(`href="${items[DIGEST_ITEMS_SHOWN - 1]!.actor!.profileUrl}"`);
    expect(m.html).not.toContain(`href="${items[DIGEST_ITEMS_SHOWN]!.actor!.profileUrl}"`);
    expect(m.html).toMatch(/<a href="https:\/\/inkwell\.example\/notifications"[^>]*>and 3 more<\/a>/);
    expect(m.text).toContain('and 3 more: https://inkwell.example/notifications');
    expect(mail('like', items.slice(0, DIGEST_ITEMS_SHOWN)).html).not.toContain('more</a>');
  });
});

describe('notification digest escaping', () => {
  const payloads = [...loadXssPayloads(), '<img src=x onerror=alert(1)>', 'javascript:alert(1)', '"><svg/onload=alert(1)>', '</title><script>alert(1)</script>'];

  /** Nothing from member text may run, nor even read like markup in the HTML source. */
  function expectInert(html: string, payload: string): void {
    const lower = html.toLowerCase();
    for (const bad of ['<script', 'onerror=', 'javascript:', 'onload=', 'onfocus=']) expect(lower, payload).not.toContain(bad);
    walk(html, (tag, attrs) => {
      expect(TAGS.has(tag), `${payload}: <${tag}>`).toBe(true);
      for (const { name, value } of attrs) {
        expect(ATTRS.has(name), `${payload}: ${name}=`).toBe(true);
        if (name === 'href' || name === 'src') expect(value, payload).toMatch(/^https:\/\/inkwell\.example(\/|$)/);
      }
    });
  }

  it('escapes every known payload in names, titles, excerpts, answers and requests', () => {
    for (const payload of payloads) {
      const evil = person(66, payload, `${BASE}/storage/evil.webp`);
      const post = aPost(66, payload);
      const samples = [
        mail('like', [like(evil, post)], { recipientName: payload }),
        mail('like', [like(evil, post), like(tom, night)]),
        mail('comment', [comment(evil, post, payload), comment(ines, night, payload, 2, true)]),
        mail('follow', [follow(evil)]),
        mail('follow', [follow(evil), follow(person(67, payload))]),
        mail('help', [answer(payload, payload)]),
      ];
      for (const m of samples) {
        expectInert(m.html!, payload);
        expect(m.subject, payload).not.toMatch(/[\r\n]/);
      }
      // The member's words still read as they were written (plain text keeps them as they are).
      const shown = visibleText(samples[3]!.html!);
      const name = payload.replace(/\s+/g, ' ').trim();
      if (name && name.length <= 40) expect(shown, payload).toContain(name);
    }
  });

  it('links and loads only web addresses, whatever the URL fields hold', () => {
    const bad = ['javascript:alert(1)', ' JaVaScRiPt:alert(1)', 'data:text/html;base64,PHNjcmlwdD4=', 'https://x.example/"onmouseover="alert(1)', 'file:///etc/passwd'];
    for (const u of bad) {
      const actor: DigestActor = { id: 9, name: 'Eve', pictureUrl: u, profileUrl: u };
      const post: DigestPost = { id: 9, title: 'T', coverUrl: u, url: u };
      const item: DigestItem = { actor, post, message: 'Eve commented on “T”.', excerpt: 'hi', url: u, at };
      for (const m of [mail('comment', [item]), mail('follow', [{ ...item, post: null }])]) {
        expectInert(m.html!, u);
        expect(m.html).not.toMatch(/data:|file:|onmouseover/i);
      }
    }
  });

  it('escapes URLs for their attribute', () => {
    const m = mail('follow', [follow(ines)], { unsubscribeUrl: `${BASE}/unsubscribe?token=a.b&x=1` });
    expect(m.html).toContain(`href="${BASE}/unsubscribe?token=a.b&amp;x=1"`);
    expect(m.headers!['List-Unsubscribe']).toBe(`<${BASE}/unsubscribe?token=a.b&x=1>`);
  });

  it('has a checker that catches markup that could run', () => {
    expect(() => expectInert('<p><a href="javascript:x">a</a></p>', 'x')).toThrow();
    expect(() => expectInert('<p><img src="x" onerror="y"></p>', 'x')).toThrow();
    expect(() => expectInert('<p><iframe></iframe></p>', 'x')).toThrow();
  });
});
