import { MAIL_KIND_TEXT, TEXT, paths } from '@inkwell/contract';
import { SERIF, type SafeHtml, button, cardMail, colour, html, isWebUrl, linkStyle, paragraphText, raw, url } from './layout.ts';
import type { DigestActor, DigestItem, DigestMailInput, DigestPost } from './digest-types.ts';
import type { NewMail } from './outbox.repository.ts';

export type { DigestActor, DigestItem, DigestMailInput, DigestPost } from './digest-types.ts';

/** Items shown in full; the rest are counted ('and 3 more') with a link to /notifications. */
export const DIGEST_ITEMS_SHOWN = 10;
const TITLE_IN_SUBJECT = 60;
const NAME_IN_SUBJECT = 40;
const EXCERPT_MAX = 200;
const TITLE_IN_BODY = 150;
const REQUEST_MAX = 1000;

/** Text cut to at most `max` characters (code points), at a word end when one is near, with '…'. */
export function shorten(text: string, max: number, keepLines = false): string {
  const flat = keepLines
    ? text
        .replace(/[^\S\n]+/g, ' ')
        .replace(/\n{3,}/g, '\n\n')
        .trim()
    : text.replace(/\s+/g, ' ').trim();
  const chars = Array.from(flat);
  if (chars.length <= max) return flat;
  const cut = chars.slice(0, max - 1).join('');
  const space = cut.lastIndexOf(' ');
  return `${(space > cut.length * 0.75 ? cut.slice(0, space) : cut).trimEnd()}…`;
}

const named = (actor: DigestActor | null) => Boolean(actor?.name?.trim());
const nameOf = (actor: DigestActor | null) => actor?.name?.trim() || 'Someone';
const titleOf = (post: DigestPost) => post.title.trim() || TEXT.titleMissing;
const quoted = (title: string) => `“${shorten(title, TITLE_IN_SUBJECT)}”`;

/** Distinct actors (by id) in order of appearance, those with a name first. */
function distinctActors(items: DigestItem[]): DigestActor[] {
  const byId = new Map<number, DigestActor>();
  for (const { actor } of items) if (actor && !byId.has(actor.id)) byId.set(actor.id, actor);
  const all = [...byId.values()];
  return [...all.filter(named), ...all.filter((a) => !named(a))];
}

/** 'Ines', 'Ines and Tom', 'Ines and 1 other' (the second has no name), 'Ines and 4 others'. */
function whoDidIt(actors: DigestActor[]): string {
  const [first, second] = actors;
  const name = (a: DigestActor | undefined) => shorten(nameOf(a ?? null), NAME_IN_SUBJECT);
  if (actors.length <= 1) return name(first);
  if (actors.length === 2) return named(second ?? null) ? `${name(first)} and ${name(second)}` : `${name(first)} and 1 other`;
  return `${name(first)} and ${actors.length - 1} others`;
}

interface Digest {
  input: DigestMailInput;
  base: string;
  notificationsUrl: string;
  actors: DigestActor[];
  /** Posts of the shown items, each once, newest first, with their items. */
  groups: { post: DigestPost | null; items: DigestItem[] }[];
  shown: DigestItem[];
  more: number;
  summary: string;
  action: { label: string; href: string };
}

/**
 * A 'help' mail's heading: answers to help requests, the moderators' decisions on the reader's reports
 * (issue 47), or a word from them (a warning); "We answered you" when it holds more than one of these.
 */
function helpSummary(items: readonly DigestItem[]): string {
  const reports = items.filter((i) => i.from === 'report').length;
  const warnings = items.filter((i) => i.from === 'moderators').length;
  const answers = items.length - reports - warnings;
  if (answers === items.length) return items.length > 1 ? `We answered ${items.length} of your help requests` : 'We answered your help request';
  if (reports === items.length) return items.length > 1 ? `The moderators decided on ${items.length} of your reports` : 'The moderators decided on your report';
  if (warnings === items.length) return 'A word from the moderators';
  return 'We answered you';
}

function digestOf(input: DigestMailInput): Digest {
  const base = input.publicUrl.replace(/\/+$/, '');
  const notificationsUrl = `${base}/notifications`;
  const { kind, items } = input;
  const actors = distinctActors(items);
  const who = whoDidIt(actors);
  const posts = [...new Map(items.flatMap((i) => (i.post ? [[i.post.id, i.post] as const] : []))).values()];
  const onePost = posts.length === 1 ? posts[0]! : null;
  const where = onePost ? quoted(titleOf(onePost)) : posts.length === 0 ? 'your post' : null;
  const summary = {
    like: `${who} liked ${where ?? `${posts.length} of your posts`}`,
    comment: `${who} commented on ${where ?? `${posts.length} posts`}`,
    follow: `${who} started following you`,
    help: helpSummary(items),
    post: onePost
      ? `${who} published a new story: ${quoted(titleOf(onePost))}`
      : actors.length === 1
        ? `${who} published ${posts.length} new stories`
        : `${posts.length} new stories from ${who}`,
  }[kind];
  const everything = { label: 'See your notifications', href: notificationsUrl };
  const single = actors.length === 1 ? actors[0]! : null;
  const action = {
    like: onePost ? { label: 'View your post', href: onePost.url } : everything,
    comment: onePost ? { label: 'Read the comments', href: onePost.url } : everything,
    follow: single ? { label: named(single) ? `View ${shorten(nameOf(single), 30)}’s profile` : 'View their profile', href: single.profileUrl } : everything,
    help: items.every((i) => i.from === 'report')
      ? { label: 'See your reports', href: `${base}${paths.reports.getHref()}` }
      : items.every((i) => i.from === 'moderators')
        ? everything
        : { label: 'Open Help', href: `${base}/help` },
    post: onePost ? { label: 'Read the story', href: onePost.url } : everything,
  }[kind];
  const shown = items.slice(0, DIGEST_ITEMS_SHOWN);
  const groups: Digest['groups'] = [];
  for (const item of shown) {
    const group = item.post ? groups.find((g) => g.post?.id === item.post!.id) : undefined;
    if (group) group.items.push(item);
    else groups.push({ post: item.post, items: [item] });
  }
  if (!isWebUrl(action.href)) action.href = notificationsUrl;
  return { input, base, notificationsUrl, actors, groups, shown, more: items.length - shown.length, summary, action };
}

// ---- HTML ----

function avatar(actor: DigestActor | null, size: number): SafeHtml {
  const box = `display:block;width:${size}px;height:${size}px;border-radius:50%;background:${colour.placeholder}`;
  if (actor && isWebUrl(actor.pictureUrl)) {
    return html`<img src="${url(actor.pictureUrl)}" width="${size}" height="${size}" alt="" style="${raw(`${box};object-fit:cover;border:0`)}">`;
  }
  const initial = named(actor) ? (Array.from(nameOf(actor))[0] ?? '').toUpperCase() : '';
  const letter = `color:#3f3f46;font-size:${Math.round(size * 0.45)}px;font-weight:bold;line-height:${size}px;text-align:center`;
  return html`<div style="${raw(`${box};${letter}`)}">${initial || raw('&#160;')}</div>`;
}

/** One notification: the picture, the linked name and the rest of the message, the excerpt. */
function itemRow(item: DigestItem, d: Digest, size: number): SafeHtml {
  const name = nameOf(item.actor);
  const who = item.actor
    ? html`<a href="${url(item.actor.profileUrl, d.base)}" style="color:${raw(colour.ink)};font-weight:600;text-decoration:none">${name}</a>`
    : html`<strong>${name}</strong>`;
  const message = item.message.trim();
  const line = message.startsWith(`${name} `) ? html`${who}${message.slice(name.length)}` : html`${who}<br>${message}`;
  const excerpt = item.excerpt?.trim()
    ? html`<a href="${url(item.url, d.base)}" style="display:block;margin:8px 0 4px;padding:2px 0 2px 12px;border-left:3px solid ${raw(colour.border)};color:#3f3f46;text-decoration:none">${shorten(item.excerpt, EXCERPT_MAX)}</a><a href="${url(item.url, d.base)}" style="${linkStyle};font-size:14px">View and reply</a>`
    : '';
  const pad = Math.max(0, Math.round((size - 24) / 2));
  return html`<table role="presentation" width="100%" cellpadding="0" cellspacing="0" border="0" style="border-collapse:collapse;margin:0 0 14px"><tr>
<td width="${size + 12}" valign="top" style="width:${size + 12}px;padding:0;vertical-align:top">${avatar(item.actor, size)}</td>
<td valign="top" style="padding:${pad}px 0 0;vertical-align:top;font-size:15px;line-height:24px;color:${raw(colour.ink)};overflow-wrap:anywhere;word-break:break-word">${line}${excerpt}</td>
</tr></table>`;
}

/** The post's cover and title (large: the cover above; else a thumbnail beside), and under the title `below` (a story's sub title). */
function postHead(post: DigestPost, d: Digest, large: boolean, below: SafeHtml | '' = ''): SafeHtml {
  const href = url(post.url, d.base);
  const title = shorten(titleOf(post), TITLE_IN_BODY);
  const heading = html`<a href="${href}" style="color:${raw(colour.ink)};text-decoration:none">${title}</a>`;
  const cover = isWebUrl(post.coverUrl) ? post.coverUrl : null;
  if (large) {
    return html`${cover ? html`<a href="${href}" style="display:block;text-decoration:none"><img src="${url(cover)}" width="510" height="255" alt="${title}" style="display:block;width:100%;max-width:510px;height:auto;border:0;border-radius:12px;background:${raw(colour.placeholder)}"></a>` : ''}
<h2 style="margin:16px 0 ${below ? '6px' : '16px'};font-family:${raw(SERIF)};font-size:20px;line-height:1.3">${heading}</h2>${below ? html`<div style="margin:0 0 18px">${below}</div>` : ''}`;
  }
  return html`<table role="presentation" width="100%" cellpadding="0" cellspacing="0" border="0" style="border-collapse:collapse;margin:0 0 14px"><tr>
<td valign="top" style="padding:0 12px 0 0;vertical-align:top;overflow-wrap:anywhere;word-break:break-word"><h2 style="margin:0;font-family:${raw(SERIF)};font-size:18px;line-height:1.35">${heading}</h2>${below ? html`<div style="margin:4px 0 0">${below}</div>` : ''}</td>
${cover ? html`<td width="88" valign="top" style="width:88px;padding:0;vertical-align:top"><a href="${href}"><img src="${url(cover)}" width="88" height="62" alt="${title}" style="display:block;width:88px;height:62px;object-fit:cover;border:0;border-radius:8px;background:${raw(colour.placeholder)}"></a></td>` : ''}
</tr></table>`;
}

const label = (text: string) =>
  html`<p style="margin:0 0 6px;font-size:13px;font-weight:600;letter-spacing:0.04em;text-transform:uppercase;color:${raw(colour.muted)}">${text}</p>`;
const separator = raw(`<div style="border-top:1px solid ${colour.border};margin:8px 0 22px;font-size:0;line-height:0">&#160;</div>`);

/** A new story: who published it, then its title (and cover) and sub title. */
function story(post: DigestPost, item: DigestItem, d: Digest, large: boolean): SafeHtml {
  const name = item.actor
    ? html`<a href="${url(item.actor.profileUrl, d.base)}" style="color:${raw(colour.ink)};font-weight:600;text-decoration:none">${nameOf(item.actor)}</a>`
    : html`<strong>${nameOf(item.actor)}</strong>`;
  const byline = html`<table role="presentation" cellpadding="0" cellspacing="0" border="0" style="border-collapse:collapse;margin:0 0 12px"><tr>
<td width="38" valign="middle" style="width:38px;padding:0;vertical-align:middle">${avatar(item.actor, 28)}</td>
<td valign="middle" style="padding:0;vertical-align:middle;font-size:14px;line-height:20px;color:${raw(colour.muted)};overflow-wrap:anywhere;word-break:break-word">${name} published a new story</td>
</tr></table>`;
  const subtitle = post.subtitle?.trim()
    ? html`<p style="margin:0;font-size:15px;line-height:1.5;color:#3f3f46;overflow-wrap:anywhere">${shorten(post.subtitle, EXCERPT_MAX)}</p>`
    : '';
  return html`${byline}${postHead(post, d, large, subtitle)}`;
}

const quoteStyle = `margin:0 0 20px;padding:2px 0 2px 12px;border-left:3px solid ${colour.border};color:#3f3f46;font-size:15px;line-height:1.6`;

/** The member's request quoted, then the answer; the moderators' word under its own label. */
function helpAnswer(item: DigestItem): SafeHtml {
  // The moderators' word leads where the mail's button does (the reader's reports, or the notifications).
  if (item.from) return html`${label('From the moderators')}<div style="margin:0 0 8px;font-size:16px;line-height:1.6">${paragraphText(item.message)}</div>`;
  const request = item.request?.trim()
    ? html`${label('You asked')}<div style="${raw(quoteStyle)}">${paragraphText(shorten(item.request, REQUEST_MAX, true), 'margin:0 0 4px')}</div>`
    : '';
  const answer = paragraphText(item.excerpt?.trim() || item.message);
  return html`${request}${label('Our answer')}<div style="margin:0 0 8px;font-size:16px;line-height:1.6">${answer}</div>`;
}

function bodyHtml(d: Digest): SafeHtml {
  const { kind, recipientName } = d.input;
  let content: SafeHtml[];
  if (kind === 'help') {
    content = d.shown.map((item, i) => html`${i > 0 ? separator : ''}${helpAnswer(item)}`);
  } else if (kind === 'follow') {
    content = d.shown.map((item) => itemRow(item, d, 40));
  } else if (kind === 'post') {
    const large = d.groups.length === 1;
    content = d.groups.flatMap((g, i) => (g.post && g.items[0] ? [html`${i > 0 ? separator : ''}${story(g.post, g.items[0], d, large)}`] : []));
  } else {
    const large = d.groups.length === 1;
    content = d.groups.map((g, i) => html`${i > 0 ? separator : ''}${g.post ? postHead(g.post, d, large) : ''}${g.items.map((item) => itemRow(item, d, 32))}`);
  }
  const more = d.more > 0 ? html`<p style="margin:16px 0 0;font-size:15px"><a href="${url(d.notificationsUrl)}" style="${linkStyle}">and ${d.more} more</a></p>` : '';
  return html`${recipientName?.trim() ? html`<p style="margin:0 0 8px;font-size:15px;color:${raw(colour.muted)}">Hi ${shorten(recipientName, NAME_IN_SUBJECT)},</p>` : ''}
<h1 style="margin:0 0 24px;font-family:${raw(SERIF)};font-size:24px;line-height:1.3">${d.summary}</h1>
${content}${more}
${button(d.action.label, d.action.href)}`;
}

// ---- Plain text ----

function textPart(d: Digest, footer: string[]): string {
  const out: string[] = [];
  const web = (u: string | null | undefined) => (isWebUrl(u) ? u.trim() : d.base);
  if (d.input.recipientName?.trim()) out.push(`Hi ${shorten(d.input.recipientName, NAME_IN_SUBJECT)},`, '');
  out.push(d.summary, '');
  const itemLines = (item: DigestItem) => {
    out.push(`- ${item.message.trim()}`);
    if (item.actor) out.push(`  ${nameOf(item.actor)}: ${web(item.actor.profileUrl)}`);
    if (item.excerpt?.trim()) out.push(`  “${shorten(item.excerpt, EXCERPT_MAX)}”`, `  View and reply: ${web(item.url)}`);
  };
  if (d.input.kind === 'help') {
    for (const item of d.shown) {
      if (item.from) {
        out.push('From the moderators:', item.message.trim(), '');
        continue;
      }
      if (item.request?.trim())
        out.push(
          'You asked:',
          ...shorten(item.request, REQUEST_MAX, true)
            .split('\n')
            .map((l) => `> ${l}`),
          '',
        );
      out.push('Our answer:', (item.excerpt?.trim() || item.message).trim(), '');
    }
  } else {
    for (const g of d.groups) {
      if (g.post) out.push(`“${shorten(titleOf(g.post), TITLE_IN_BODY)}”`, web(g.post.url));
      if (g.post?.subtitle?.trim() && d.input.kind === 'post') out.push(shorten(g.post.subtitle, EXCERPT_MAX));
      g.items.forEach(itemLines);
      out.push('');
    }
  }
  if (d.more > 0) out.push(`and ${d.more} more: ${d.notificationsUrl}`, '');
  out.push(`${d.action.label}: ${web(d.action.href)}`, '', '--', ...footer);
  return out.join('\n');
}

/**
 * The mail of one member's notifications of one kind gathered within MAIL_DIGEST_MINUTES
 * ('Ines and 4 others liked “Night trains”'). HTML and plain text, List-Unsubscribe headers (RFC 8058).
 */
export function notificationDigestMail(input: DigestMailInput): NewMail {
  const d = digestOf(input);
  const why = `You get this mail because you asked to hear when ${MAIL_KIND_TEXT[input.kind]}.`;
  const unsubscribe = { label: 'Unsubscribe from these mails', href: input.unsubscribeUrl };
  const settings = { label: 'Change all mail choices in Settings', href: input.settingsUrl };
  const first = d.shown[0];
  // The line a mail program shows beside the subject: the answer, one story's sub title, or the first message.
  const lead =
    input.kind === 'help' ? first?.excerpt || first?.message : input.kind === 'post' && d.groups.length === 1 ? first?.post?.subtitle?.trim() || first?.message : first?.message;
  const preheader = lead ? shorten(lead, 140) : undefined;
  const html = cardMail({
    title: d.summary,
    preheader,
    publicUrl: d.base,
    body: bodyHtml(d),
    footer: { lines: [why], links: [unsubscribe, settings] },
  });
  const text = textPart(d, [why, `${unsubscribe.label}: ${input.unsubscribeUrl}`, `${settings.label}: ${input.settingsUrl}`, `Inkwell: ${d.base}`]);
  return {
    to: input.to,
    subject: d.summary,
    text,
    html,
    headers: { 'List-Unsubscribe': `<${input.unsubscribeUrl}>`, 'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click' },
  };
}
