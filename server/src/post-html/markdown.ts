import sanitizeHtml from 'sanitize-html';
import TurndownService from 'turndown';

/**
 * A post's stored HTML (the editor's formats, as sanitize.ts keeps them) as clean Markdown: the files
 * of "Download your data" and the text part of a newsletter mail. Underline and colour have no
 * Markdown: their text stays.
 */

type Element = HTMLElement;

/** Where an image of the post points in the Markdown: a file inside the archive, or an absolute URL. */
export type ImageLink = (src: string) => string;

/** A fence longer than any run of backticks in the code, so the code can hold ``` itself. */
function fenced(code: string, language: string | null): string {
  const longest = Math.max(2, ...[...code.matchAll(/`+/g)].map((m) => m[0].length));
  const fence = '`'.repeat(longest + 1);
  const info = language && language !== 'plain' ? language : '';
  return `\n\n${fence}${info}\n${code.replace(/\n$/, '')}\n${fence}\n\n`;
}

/** A link destination Markdown reads back as one: <…> when it holds spaces or brackets. */
function destination(url: string): string {
  return /[\s()<>]/.test(url) ? `<${url.replace(/[<>]/g, encodeURIComponent)}>` : url;
}

/** The list kind of an item: Quill 2 writes every list as <ol> with li[data-list]; its semantic HTML uses ul/ol. */
function listKind(node: Element): 'bullet' | 'ordered' {
  const kind = node.getAttribute('data-list');
  if (kind === 'bullet' || kind === 'ordered') return kind;
  return node.parentNode?.nodeName === 'OL' ? 'ordered' : 'bullet';
}

const QUILL_LINES = 'data-quill-lines';

/**
 * Quill's code blocks (div.ql-code-block-container > div.ql-code-block, a div per line) as
 * <pre data-quill-lines><code>line</code>…</pre>: Turndown keeps the whitespace inside <pre> only, and
 * indentation is part of the code.
 */
function quillCodeAsPre(html: string): string {
  if (!html.includes('ql-code-block')) return html;
  const classes = (attribs: sanitizeHtml.Attributes) => (attribs.class ?? '').split(/\s+/);
  return sanitizeHtml(html, {
    allowedTags: false,
    allowedAttributes: false,
    allowVulnerableTags: true,
    transformTags: {
      div: (tagName, attribs) => {
        if (classes(attribs).includes('ql-code-block-container')) return { tagName: 'pre', attribs: { [QUILL_LINES]: '' } };
        if (classes(attribs).includes('ql-code-block')) {
          return { tagName: 'code', attribs: attribs['data-language'] ? { 'data-language': attribs['data-language'] } : {} };
        }
        return { tagName, attribs };
      },
    },
  });
}

export function createMarkdownConverter(options: { publicUrl: string }) {
  let imageLink: ImageLink = (src) => src;
  const service = new TurndownService({
    headingStyle: 'atx',
    codeBlockStyle: 'fenced',
    bulletListMarker: '-',
    emDelimiter: '_',
    strongDelimiter: '**',
    br: '\\',
  });

  service.addRule('preformatted', {
    filter: 'pre',
    replacement: (_content, node) => {
      if (node.hasAttribute(QUILL_LINES)) {
        const lines = Array.from(node.children).filter((line) => line.nodeName === 'CODE');
        return fenced(lines.map((line) => line.textContent ?? '').join('\n'), lines[0]?.getAttribute('data-language') ?? null);
      }
      const code = node.querySelector('code');
      const fromClass = /(?:^|\s)language-(\S+)/.exec(code?.getAttribute('class') ?? '')?.[1] ?? null;
      const text = (node.textContent ?? '').replace(/^\n/, '');
      return fenced(text, node.getAttribute('data-language') ?? fromClass);
    },
  });

  service.addRule('listItem', {
    filter: 'li',
    replacement: (content, node) => {
      const kind = listKind(node);
      let number = 1;
      let previous = node.previousElementSibling as Element | null;
      // A run of items of another kind before this one is another list: a blank line parts them.
      const startsRun = previous !== null && listKind(previous) !== kind;
      while (previous && previous.nodeName === 'LI' && listKind(previous) === kind) {
        number += 1;
        previous = previous.previousElementSibling as Element | null;
      }
      const prefix = kind === 'bullet' ? '- ' : `${number}. `;
      const body = content
        .replace(/^\n+/, '')
        .replace(/\n+$/, '')
        .replace(/\n/g, `\n${' '.repeat(prefix.length)}`);
      return `${startsRun ? '\n\n' : ''}${prefix}${body}${node.nextElementSibling ? '\n' : ''}`;
    },
  });

  service.addRule('strikethrough', {
    filter: (node) => ['S', 'DEL', 'STRIKE'].includes(node.nodeName),
    replacement: (content) => (content.trim() ? `~~${content}~~` : content),
  });

  service.addRule('image', {
    filter: 'img',
    replacement: (_content, node) => {
      const src = node.getAttribute('src') ?? '';
      if (!src) return '';
      const alt = (node.getAttribute('alt') ?? '').replace(/[[\]\\]/g, '\\$&').replace(/\s+/g, ' ');
      return `![${alt}](${destination(imageLink(src))})`;
    },
  });

  service.addRule('link', {
    filter: (node) => node.nodeName === 'A' && Boolean(node.getAttribute('href')),
    replacement: (content, node) => {
      const href = node.getAttribute('href')!;
      // A link to a page of the site itself stays usable outside it.
      const absolute = href.startsWith('/') && !href.startsWith('//') ? `${options.publicUrl}${href}` : href;
      return `[${content}](${destination(absolute)})`;
    },
  });

  // Quill's empty lines (<p><br></p>) are spacing, not content.
  service.addRule('emptyParagraph', {
    filter: (node) => node.nodeName === 'P' && !(node.textContent ?? '').trim() && !node.querySelector('img'),
    replacement: () => '\n\n',
  });

  return {
    /** The Markdown of a post body; `link` decides where each image points. */
    toMarkdown(html: string, link: ImageLink): string {
      imageLink = link;
      try {
        return service.turndown(quillCodeAsPre(html)).trim();
      } finally {
        imageLink = (src) => src;
      }
    },
  };
}
