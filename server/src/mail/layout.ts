/**
 * The look of Inkwell's mails, shared by every template that wants it: the serif wordmark on a quiet
 * page, a white card with a light border, the indigo button, a small footer. Markup is built with the
 * `html` tag, which escapes every interpolated value unless it is already SafeHtml, so text that comes
 * from members can only ever land as text.
 */

import { escapeHtml, escapeMail } from '@inkwell/contract';

export const colour = {
  ink: '#18181b',
  muted: '#52525b',
  accent: '#4338ca',
  border: '#e4e4e7',
  page: '#fafafa',
  placeholder: '#e4e4e7',
} as const;
export const SANS = "-apple-system,'Segoe UI',Roboto,Helvetica,Arial,sans-serif";
export const SERIF = "Georgia,'Times New Roman',serif";

/** Markup that is safe to insert as it is. */
export class SafeHtml {
  readonly value: string;

  constructor(value: string) {
    this.value = value;
  }
  toString(): string {
    return this.value;
  }
}

/** Only web addresses are linked or loaded; anything else (javascript:, data:, file:) is refused. */
export function isWebUrl(url: string | null | undefined): url is string {
  return typeof url === 'string' && /^https?:\/\/[^\s"'<>`]+$/i.test(url.trim());
}

/** A URL for an attribute: a web address escaped for the attribute, else the fallback (or '#'). */
export function url(value: string | null | undefined, fallback?: string): SafeHtml {
  const chosen = isWebUrl(value) ? value.trim() : isWebUrl(fallback) ? fallback.trim() : '#';
  // A web address holds no quote, angle bracket or backtick (isWebUrl): `&` is what needs a reference.
  return new SafeHtml(escapeHtml(chosen));
}

/** Inserted as it is: only for the templates' own constant markup and styles. */
export const raw = (markup: string) => new SafeHtml(markup);

type Part = SafeHtml | string | number | null | undefined | false | readonly Part[];

function render(part: Part): string {
  if (part instanceof SafeHtml) return part.value;
  if (Array.isArray(part)) return part.map(render).join('');
  if (part === null || part === undefined || part === false) return '';
  return escapeMail(String(part)); // '=', ':' and the backtick too: inert for any mail filter
}

/** Template tag: the literal parts are markup, every value is escaped unless it is SafeHtml. */
export function html(strings: TemplateStringsArray, ...values: Part[]): SafeHtml {
  return new SafeHtml(strings.reduce((out, s, i) => out + render(values[i - 1]) + s));
}

/** Plain text as paragraphs (split at blank lines), single line breaks kept: an answer, a request. */
export function paragraphText(text: string, style = 'margin:0 0 12px'): SafeHtml {
  const paragraphs = text
    .replace(/\r\n?/g, '\n')
    .trim()
    .split(/\n\s*\n/);
  return raw(paragraphs.map((p) => `<p style="${style}">${escapeMail(p.trim()).replace(/\n/g, '<br>')}</p>`).join(''));
}

const link = `color:${colour.accent};text-decoration:underline`;
export const linkStyle = raw(link);

/** The indigo call to action, centred. */
export function button(label: string, href: string): SafeHtml {
  return html`<p style="margin:28px 0 4px;text-align:center"><a href="${url(href)}" style="display:inline-block;background:${raw(colour.accent)};color:#ffffff;padding:12px 24px;border-radius:999px;font-weight:600;font-size:15px;line-height:1.4;text-decoration:none">${label}</a></p>`;
}

export interface FooterLink {
  label: string;
  href: string;
}

export interface CardMailParts {
  /** The document's title (the subject). */
  title: string;
  /** The inbox preview line, hidden in the mail itself. */
  preheader?: string;
  /** The product's address, for the wordmark (a plain wordmark without it). */
  publicUrl?: string;
  /** The card's content. */
  body: SafeHtml;
  /** Small print under the card: sentences, then links. */
  footer: { lines: string[]; links: FooterLink[] };
}

/** A whole mail document: wordmark, card, footer. Tables only where mail programs need them. */
export function cardMail(parts: CardMailParts): string {
  const footerLinks = parts.footer.links.map((l, i) => html`${i > 0 ? raw(' &#183; ') : ''}<a href="${url(l.href)}" style="${linkStyle}">${l.label}</a>`);
  return html`<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1"><meta name="color-scheme" content="light"><meta name="supported-color-schemes" content="light"><title>${parts.title}</title></head>
<body style="margin:0;padding:0;background:${raw(colour.page)}">
${parts.preheader ? html`<div style="display:none;max-height:0;overflow:hidden;opacity:0;color:transparent">${parts.preheader}</div>` : ''}
<div style="background:${raw(colour.page)};font-family:${raw(SANS)};color:${raw(colour.ink)};max-width:560px;margin:0 auto;padding:32px 16px">
<p style="margin:0 0 24px;text-align:center;font-family:${raw(SERIF)};font-size:26px;font-weight:bold;letter-spacing:-0.5px;color:${raw(colour.ink)}">${parts.publicUrl ? html`<a href="${url(parts.publicUrl)}" style="color:${raw(colour.ink)};text-decoration:none">Inkwell</a>` : 'Inkwell'}</p>
<div style="background:#ffffff;border:1px solid ${raw(colour.border)};border-radius:16px;padding:32px 24px;overflow-wrap:anywhere;word-break:break-word">
${parts.body}
</div>
<div style="margin:24px 4px 0;font-size:13px;line-height:1.6;color:${raw(colour.muted)};overflow-wrap:anywhere;word-break:break-word">
${parts.footer.lines.map((line) => html`<p style="margin:0 0 8px">${line}</p>`)}
<p style="margin:0">${footerLinks}</p>
</div>
</div>
</body></html>`.value;
}
