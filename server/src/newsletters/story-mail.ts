import { escapeHtml, paths } from '@inkwell/contract';
import juice from 'juice';
import { SANS, SERIF, colour, html, raw, url } from '../mail/layout.ts';
import { absoluteAddresses } from '../post-html/absolute.ts';
import { createMarkdownConverter } from '../post-html/markdown.ts';
import { sanitizeForMail } from '../post-html/sanitize.ts';
import { type ImageAddresses, absoluteImageUrl } from '../storage/addresses.ts';

/** A published story as its mail shows it. */
export interface MailStory {
  postId: number;
  title: string;
  subTitle: string;
  /** The stored (sanitised, highlighted) body. */
  description: string;
  /** The cover's stored path ("ab/cd/<hash>.webp"), or null. */
  image: string | null;
  topic: string | null;
  writer: { id: number; name: string };
}

/** One subscriber's copy of a story mail: the same story, their own unsubscribe link. */
export interface StoryMail {
  subject: string;
  html: string;
  text: string;
}

/** Stands for each subscriber's unsubscribe link while the story is rendered once for all of them. */
const UNSUBSCRIBE = 'https://unsubscribe.invalid/inkwell-newsletter';

/**
 * The body's look, inlined on each element by juice (mail programs drop or ignore most <style>):
 * readable prose, images no wider than the mail, code in a light box with highlight.js's colours
 * (GitHub's light palette, as on the post page). The dark-scheme rules stay in a <style> for the
 * mail programs that honour them (Apple Mail, iOS); others show the light mail as it is.
 */
const BODY_CSS = `
.story p { margin: 0 0 18px; }
.story h1 { font-family: ${SERIF}; font-size: 24px; line-height: 1.3; margin: 28px 0 12px; }
.story h2 { font-family: ${SERIF}; font-size: 20px; line-height: 1.35; margin: 24px 0 10px; }
.story a { color: ${colour.accent}; text-decoration: underline; }
.story img { display: block; max-width: 100%; height: auto; margin: 8px auto; border: 0; border-radius: 8px; }
.story figure { margin: 24px 0; }
.story figcaption { font-size: 14px; color: ${colour.muted}; text-align: center; margin-top: 6px; }
.story blockquote { margin: 0 0 18px; padding: 2px 0 2px 16px; border-left: 3px solid ${colour.border}; color: #3f3f46; font-style: italic; }
.story ul, .story ol { margin: 0 0 18px; padding-left: 24px; }
.story li { margin: 0 0 6px; }
.story hr { border: 0; border-top: 1px solid ${colour.border}; margin: 28px 0; }
.story pre { background: #f6f8fa; color: #1f2328; border: 1px solid #d0d7de; border-radius: 8px; padding: 12px 14px; margin: 0 0 18px; font-family: ui-monospace, SFMono-Regular, Menlo, Consolas, monospace; font-size: 13px; line-height: 1.5; white-space: pre-wrap; word-break: break-word; overflow-wrap: anywhere; }
.story code { font-family: ui-monospace, SFMono-Regular, Menlo, Consolas, monospace; font-size: 0.9em; background: #f4f4f5; border-radius: 4px; padding: 1px 4px; }
.story pre code { background: transparent; padding: 0; font-size: 13px; }
.hljs-keyword, .hljs-doctag, .hljs-template-tag, .hljs-template-variable, .hljs-type { color: #cf222e; }
.hljs-title { color: #8250df; }
.hljs-attr, .hljs-attribute, .hljs-literal, .hljs-meta, .hljs-number, .hljs-operator, .hljs-variable, .hljs-selector-attr, .hljs-selector-class, .hljs-selector-id, .hljs-section { color: #0550ae; }
.hljs-regexp, .hljs-string { color: #0a3069; }
.hljs-built_in, .hljs-symbol, .hljs-bullet { color: #953800; }
.hljs-comment, .hljs-code, .hljs-formula { color: #57606a; font-style: italic; }
.hljs-name, .hljs-quote, .hljs-selector-tag, .hljs-selector-pseudo { color: #116329; }
.hljs-addition { color: #116329; background: #dafbe1; }
.hljs-deletion { color: #82071e; background: #ffebe9; }
@media (prefers-color-scheme: dark) {
  .mail-page { background: #18181b !important; color: #e4e4e7 !important; }
  .mail-card { background: #09090b !important; border-color: #3f3f46 !important; color: #e4e4e7 !important; }
  .mail-ink, .story h1, .story h2 { color: #fafafa !important; }
  .mail-muted, .story blockquote, .story figcaption { color: #a1a1aa !important; }
  .story a, .mail-link { color: #a5b4fc !important; }
}
`;

/** Quill's own code markup (a div per line) as one <pre>, for bodies stored before it wrote semantic HTML. */
function quillCode(body: string): string {
  if (!body.includes('ql-code-block')) return body;
  return body.replace(/<div class="ql-code-block-container"[^>]*>([\s\S]*?)<\/div>(?=\s*(?:<(?!div class="ql-code-block")|$))/g, (_all, lines: string) => {
    const text = [...lines.matchAll(/<div class="ql-code-block"[^>]*>([\s\S]*?)<\/div>/g)].map((m) => m[1] ?? '').join('\n');
    return `<pre>${text}</pre>`;
  });
}

/**
 * The story's mail parts for everyone on the list; `forSubscriber` puts in one reader's unsubscribe link.
 * Links go to PUBLIC_URL; the cover and the body's images to where their files are read (`where`:
 * straight at STORAGE_PUBLIC_URL when it is set).
 */
export function renderStoryMail(story: MailStory, where: ImageAddresses, listFooter: string) {
  const { publicUrl } = where;
  const postUrl = `${publicUrl}${paths.viewPost.getHref(story.postId)}`;
  const profileUrl = `${publicUrl}${paths.viewProfile.getHref(story.writer.id)}`;
  const image = (src: string) => absoluteImageUrl(src, where);
  const body = absoluteAddresses(quillCode(sanitizeForMail(story.description)), publicUrl, image);
  const cover = story.image ? image(story.image) : null;
  const document =
    html`<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1"><meta name="color-scheme" content="light dark"><meta name="supported-color-schemes" content="light dark"><title>${story.title}</title><style>${raw(BODY_CSS)}</style></head>
<body style="margin:0;padding:0;background:${raw(colour.page)}">
<div style="display:none;max-height:0;overflow:hidden;opacity:0;color:transparent">${story.subTitle}</div>
<div class="mail-page" style="background:${raw(colour.page)};font-family:${raw(SANS)};color:${raw(colour.ink)};padding:24px 12px">
<div class="mail-card" style="max-width:640px;margin:0 auto;background:#ffffff;border:1px solid ${raw(colour.border)};border-radius:16px;padding:28px 24px;overflow-wrap:anywhere;word-break:break-word">
<p class="mail-muted" style="margin:0 0 16px;font-size:14px;color:${raw(colour.muted)}"><a class="mail-link" href="${url(profileUrl)}" style="color:${raw(colour.accent)};text-decoration:none;font-weight:600">${story.writer.name}</a>${story.topic ? html` in ${story.topic}` : ''}</p>
<h1 class="mail-ink" style="margin:0 0 8px;font-family:${raw(SERIF)};font-size:30px;line-height:1.25;color:${raw(colour.ink)}"><a class="mail-ink" href="${url(postUrl)}" style="color:${raw(colour.ink)};text-decoration:none">${story.title}</a></h1>
<p class="mail-muted" style="margin:0 0 20px;font-size:18px;line-height:1.5;color:${raw(colour.muted)}">${story.subTitle}</p>
${cover ? html`<p style="margin:0 0 24px"><a href="${url(postUrl)}"><img src="${url(cover)}" alt="" width="592" style="display:block;width:100%;max-width:592px;height:auto;border:0;border-radius:12px"></a></p>` : ''}
<div class="story mail-ink" style="font-family:${raw(SERIF)};font-size:18px;line-height:1.7;color:${raw(colour.ink)}">${raw(body)}</div>
<p style="margin:32px 0 4px;text-align:center"><a href="${url(postUrl)}" style="display:inline-block;background:${raw(colour.accent)};color:#ffffff;padding:12px 24px;border-radius:999px;font-weight:600;font-size:15px;line-height:1.4;text-decoration:none">Read on Inkwell</a></p>
</div>
<div class="mail-muted" style="max-width:640px;margin:20px auto 0;font-size:13px;line-height:1.6;color:${raw(colour.muted)};text-align:center">
<p style="margin:0 0 8px">${listFooter}</p>
<p style="margin:0"><a class="mail-link" href="${raw(UNSUBSCRIBE)}" style="color:${raw(colour.accent)};text-decoration:underline">Unsubscribe</a> &#183; <a class="mail-link" href="${url(postUrl)}" style="color:${raw(colour.accent)};text-decoration:underline">View in your browser</a></p>
</div>
</div>
</body></html>`.value;
  const inlined = juice(document, { preserveMediaQueries: true, removeStyleTags: true, applyWidthAttributes: false, applyHeightAttributes: false, preserveImportant: true });

  const markdown = createMarkdownConverter({ publicUrl }).toMarkdown(story.description, image);
  const text = [
    story.title,
    story.subTitle,
    `By ${story.writer.name}${story.topic ? ` in ${story.topic}` : ''}`,
    postUrl,
    '',
    ...(cover ? [`Cover: ${cover}`, ''] : []),
    markdown,
    '',
    `Read on Inkwell: ${postUrl}`,
    '',
    '--',
    listFooter,
    `Unsubscribe: ${UNSUBSCRIBE}`,
  ].join('\n');

  return {
    /** One subscriber's copy: their unsubscribe link in both parts. */
    forSubscriber(unsubscribe: string): StoryMail {
      return { subject: story.title, html: inlined.replaceAll(UNSUBSCRIBE, escapeHtml(unsubscribe)), text: text.replaceAll(UNSUBSCRIBE, unsubscribe) };
    },
  };
}
