import { CODE_LANGUAGES, PLAIN_CODE, codeLanguageId, escapeText } from '@inkwell/contract';
import hljs from 'highlight.js/lib/core';
import bash from 'highlight.js/lib/languages/bash';
import c from 'highlight.js/lib/languages/c';
import cpp from 'highlight.js/lib/languages/cpp';
import csharp from 'highlight.js/lib/languages/csharp';
import css from 'highlight.js/lib/languages/css';
import diff from 'highlight.js/lib/languages/diff';
import dockerfile from 'highlight.js/lib/languages/dockerfile';
import go from 'highlight.js/lib/languages/go';
import java from 'highlight.js/lib/languages/java';
import javascript from 'highlight.js/lib/languages/javascript';
import json from 'highlight.js/lib/languages/json';
import kotlin from 'highlight.js/lib/languages/kotlin';
import markdown from 'highlight.js/lib/languages/markdown';
import php from 'highlight.js/lib/languages/php';
import python from 'highlight.js/lib/languages/python';
import ruby from 'highlight.js/lib/languages/ruby';
import rust from 'highlight.js/lib/languages/rust';
import sql from 'highlight.js/lib/languages/sql';
import swift from 'highlight.js/lib/languages/swift';
import typescript from 'highlight.js/lib/languages/typescript';
import xml from 'highlight.js/lib/languages/xml';
import yaml from 'highlight.js/lib/languages/yaml';

/**
 * Code blocks of a post highlighted on the server when the body is saved (issue 13): readers get
 * `<span class="hljs-…">` inside `<pre>` and the post page's CSS colours them; no highlighter is shipped
 * to the browser. Only the core of highlight.js and the languages of contract's CODE_LANGUAGES are loaded.
 */
const GRAMMARS = { bash, c, cpp, csharp, css, diff, dockerfile, go, java, javascript, json, kotlin, markdown, php, python, ruby, rust, sql, swift, typescript, xml, yaml };
for (const [name, grammar] of Object.entries(GRAMMARS)) hljs.registerLanguage(name, grammar);

const LANGUAGE_IDS = CODE_LANGUAGES.map((language) => language.id);

/**
 * Longer code is left plain: highlighting costs time on every save (a draft's autosave too), and
 * guessing costs it once per language. Per block, and per body (blocks past the body's budget, in
 * order, stay plain: the same body always comes out the same).
 */
export const HIGHLIGHT_MAX_CHARS = 50_000;
export const GUESS_MAX_CHARS = 5_000;
export const BODY_HIGHLIGHT_MAX_CHARS = 100_000;
export const BODY_GUESS_MAX_CHARS = 10_000;

/** What is left of a body's highlighting and guessing. */
interface Budget {
  highlight: number;
  guess: number;
}
const bodyBudget = (): Budget => ({ highlight: BODY_HIGHLIGHT_MAX_CHARS, guess: BODY_GUESS_MAX_CHARS });
/**
 * How sure a guess must be: highlight.js's relevance of the best language, and its lead over the
 * second. Below either, a block without a chosen language stays plain rather than coloured wrongly.
 */
const GUESS_MIN_RELEVANCE = 5;
const GUESS_MIN_LEAD = 1;

const ENTITY = /&(amp|lt|gt|quot|#39|#x27);/g;
const DECODED: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', '#39': "'", '#x27': "'" };

/**
 * The text of a code block's inner HTML as sanitize-html writes it (text escapes &, < and >), its line
 * breaks as \n (a body sent as multipart form data arrives with \r\n).
 */
function codeText(inner: string): string {
  return inner
    .replace(/\r\n?/g, '\n')
    .replace(/<br\s*\/?>/gi, '\n')
    .replace(/<[^>]*>/g, '')
    .replace(ENTITY, (_match, name: string) => DECODED[name]!);
}

/**
 * highlight.js's markup with only its hljs-* classes (it also writes `title class_`, `language-xml`),
 * and quotes as plain characters, as sanitize-html writes text (the page's sanitiser then keeps it as is).
 */
function asSanitized(html: string): string {
  return html
    .replace(/<span class="([^"]*)">/g, (_tag, classes: string) => {
      const kept = classes.split(/\s+/).filter((name) => /^hljs-[a-z0-9-]+$/.test(name));
      return kept.length > 0 ? `<span class="${kept.join(' ')}">` : '<span>';
    })
    .replace(/&quot;/g, '"')
    .replace(/&#x27;/g, "'");
}

/**
 * The language to colour a block in: the one written (by id or alias; plain text or a language we do
 * not know stays plain), or, when none is, a confident guess among ours; null: plain.
 */
function chooseLanguage(written: string | null, code: string, budget: Budget): string | null {
  if (code.trim() === '' || code.length > HIGHLIGHT_MAX_CHARS || code.length > budget.highlight) return null;
  if (written) {
    const id = codeLanguageId(written);
    return id === PLAIN_CODE ? null : id;
  }
  if (code.length > GUESS_MAX_CHARS || code.length > budget.guess) return null;
  budget.guess -= code.length;
  const guess = hljs.highlightAuto(code, LANGUAGE_IDS);
  const second = guess.secondBest?.relevance ?? 0;
  if (!guess.language || guess.relevance < GUESS_MIN_RELEVANCE || guess.relevance - second < GUESS_MIN_LEAD) return null;
  return guess.language;
}

/** One code block's text, coloured in its language (or a guessed one) or escaped. */
export function highlightCode(code: string, language: string | null, budget = bodyBudget()): string {
  const chosen = chooseLanguage(language, code, budget);
  if (!chosen) return escapeText(code); // as sanitize-html writes text
  budget.highlight -= code.length;
  return asSanitized(hljs.highlight(code, { language: chosen, ignoreIllegals: true }).value);
}

const PRE_OPEN = /<pre\b([^>]*)>/g;
const PRE_TAG = /<(\/?)pre\b[^>]*>/g;

/**
 * Every <pre> of a body sanitised by sanitize-html (so every tag is well formed, attribute values are
 * quoted and escaped, text holds no raw < or >): its text (whatever tags it held) highlighted in its
 * `data-language` (kept as written: the export's code fences use it), or a guessed one when it has
 * none. Running it on its own output gives the same output, so a body saved again is never
 * highlighted twice.
 */
export function highlightCodeBlocks(sanitized: string): string {
  if (!sanitized.includes('<pre')) return sanitized;
  const budget = bodyBudget();
  let out = '';
  let at = 0;
  PRE_OPEN.lastIndex = 0;
  for (let open = PRE_OPEN.exec(sanitized); open; open = PRE_OPEN.exec(sanitized)) {
    // The matching </pre>: a <pre> inside one (sanitize-html keeps what the input nests) is its text.
    PRE_TAG.lastIndex = open.index + open[0].length;
    let depth = 1;
    let close: RegExpExecArray | null = null;
    for (let tag = PRE_TAG.exec(sanitized); tag; tag = PRE_TAG.exec(sanitized)) {
      depth += tag[1] ? -1 : 1;
      if (depth === 0) {
        close = tag;
        break;
      }
    }
    const end = close ? close.index : sanitized.length;
    const after = close ? close.index + close[0].length : sanitized.length;
    const language = /\sdata-language="([^"]+)"/.exec(open[1] ?? '')?.[1] ?? null;
    // Quill writes a newline after <pre> and before </pre> (so empty first and last lines survive).
    const code = codeText(sanitized.slice(open.index + open[0].length, end))
      .replace(/^\n/, '')
      .replace(/\n$/, '');
    const attribute = language ? ` data-language="${language}"` : '';
    out += `${sanitized.slice(at, open.index)}<pre${attribute}>\n${highlightCode(code, language, budget)}\n</pre>`;
    at = after;
    PRE_OPEN.lastIndex = after;
  }
  return out + sanitized.slice(at);
}
