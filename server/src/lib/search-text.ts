import type { MarkedText, SearchResultPost } from '@inkwell/contract';

/**
 * How the results page (search/) and the personal library (library/) compare words, the same on both
 * databases: runs of letters, digits and marks, lower case, the diacritics of Latin, Greek and
 * Cyrillic letters removed (as SQLite's unicode61 with remove_diacritics and PostgreSQL's
 * inkwell_search configuration with unaccent fold them, migration 0019). Other scripts keep their
 * marks (Hangul would decompose into other letters).
 */
export function fold(text: string): string {
  return text.toLowerCase().replace(/[\u00c0-\u1eff]+/g, (run) => run.normalize('NFD').replace(/\p{M}/gu, ''));
}

const WORD = /[\p{L}\p{N}\p{M}]+/gu;
const NOT_WORD = /[^\p{L}\p{N}\p{M}]+/u;

/** The words of a query for posts and topics: folded, each once, at most 8. */
export function foldedWords(query: string): string[] {
  return [...new Set(fold(query).match(WORD) ?? [])].slice(0, 8);
}

/**
 * A word of a title, subtitle or topic name matches a query word it starts with (a one-letter query
 * word only itself): the top bar's word prefixes. Bodies match whole words only (what their index holds).
 */
const matches = (token: string, word: string, prefix: boolean) => (prefix && word.length > 1 ? token.startsWith(word) : token === word);
export const prefixMatch = (words: readonly string[]) => (token: string) => words.some((w) => matches(token, w, true));
export const wholeMatch = (words: readonly string[]) => (token: string) => words.some((w) => matches(token, w, false));

interface Token {
  start: number;
  end: number;
  folded: string;
}

/** The words of text[from, to) with their places (marks stay with their letter, as unicode61 keeps them). */
function* tokens(text: string, from = 0, to = text.length): Generator<Token> {
  const word = new RegExp(WORD);
  word.lastIndex = from;
  for (let m = word.exec(text); m && m.index < to; m = word.exec(text)) {
    const folded = fold(m[0]);
    if (folded) yield { start: m.index, end: m.index + m[0].length, folded };
  }
}

/** Which of `words` the text holds (as word prefixes, or whole words). */
export function wordsIn(text: string, words: readonly string[], prefix: boolean): Set<string> {
  const found = new Set<string>();
  const folded = fold(text);
  const present = words.filter((w) => folded.includes(w));
  if (present.length === 0) return found;
  for (const token of folded.split(NOT_WORD)) {
    for (const w of present) if (matches(token, w, prefix)) found.add(w);
  }
  return found;
}

/** Pieces of text[from, to) with the words that match marked (neighbouring unmarked text joined). */
function segments(text: string, matches: (folded: string) => boolean, from = 0, to = text.length): MarkedText {
  const out: MarkedText = [];
  const push = (piece: string, mark: boolean) => {
    if (!piece) return;
    const last = out[out.length - 1];
    if (last && last.mark === mark && !mark) last.text += piece;
    else out.push({ text: piece, mark });
  };
  let at = from;
  for (const t of tokens(text, from, to)) {
    if (t.end > to || !matches(t.folded)) continue;
    push(text.slice(at, t.start), false);
    push(text.slice(t.start, t.end), true);
    at = t.end;
  }
  push(text.slice(at, to), false);
  return out;
}

/** The whole text, matched words marked. */
export function marked(text: string, matches: (folded: string) => boolean): MarkedText {
  return segments(text, matches);
}

export const SNIPPET_LENGTH = 160;

/**
 * About SNIPPET_LENGTH characters of the text around its first matching word (a third of it before
 * the word), cut at spaces, with … where text was left out; the text's start when no word matches.
 */
export function snippet(text: string, matches: (folded: string) => boolean, words: readonly string[], length = SNIPPET_LENGTH): MarkedText {
  if (text.length <= length) return segments(text, matches);
  let first: Token | undefined;
  // A text that holds none of the words anywhere has no word to look for.
  const folded = fold(text);
  for (const t of words.some((w) => folded.includes(w)) ? tokens(text) : []) {
    if (matches(t.folded)) {
      first = t;
      break;
    }
  }
  let start = first ? Math.max(0, first.start - Math.floor(length / 3)) : 0;
  let end = Math.min(text.length, start + length);
  if (end === text.length) start = Math.max(0, end - length);
  if (start > 0) {
    const space = text.indexOf(' ', start);
    if (space !== -1 && (!first || space < first.start)) start = space + 1;
  }
  if (end < text.length) {
    const space = text.lastIndexOf(' ', end);
    if (space > start && (!first || space >= first.end)) end = space;
  }
  const out = segments(text, matches, start, end);
  if (start > 0) out.unshift({ text: '…', mark: false });
  if (end < text.length) out.push({ text: '…', mark: false });
  return out;
}

/** Where each of `words` (lower case) occurs inside the text, marked, for people (substrings, as the trigram indexes find them). */
export function markedSubstrings(text: string, words: readonly string[]): MarkedText {
  const lower = text.toLowerCase();
  // toLowerCase can change a text's length (İ): then nothing is marked rather than the wrong letters.
  if (lower.length !== text.length) return text ? [{ text, mark: false }] : [];
  const hit = new Array<boolean>(text.length).fill(false);
  for (const w of words) {
    for (let i = lower.indexOf(w); w && i !== -1; i = lower.indexOf(w, i + 1)) hit.fill(true, i, i + w.length);
  }
  const out: MarkedText = [];
  for (let i = 0; i < text.length; i += 1) {
    const last = out[out.length - 1];
    if (last && last.mark === hit[i]) last.text += text[i];
    else out.push({ text: text[i]!, mark: hit[i]! });
  }
  return out;
}

/** A bio's part around its first marked piece, about SNIPPET_LENGTH characters, … where text was left out. */
export function around(pieces: MarkedText, length = SNIPPET_LENGTH): MarkedText {
  const text = pieces.map((p) => p.text).join('');
  if (text.length <= length) return pieces;
  let offset = 0;
  let firstMark = 0;
  for (const p of pieces) {
    if (p.mark) {
      firstMark = offset;
      break;
    }
    offset += p.text.length;
  }
  const start = Math.max(0, Math.min(firstMark - Math.floor(length / 3), text.length - length));
  const end = start + length;
  const out: MarkedText = start > 0 ? [{ text: '…', mark: false }] : [];
  let at = 0;
  for (const p of pieces) {
    const from = Math.max(at, start);
    const to = Math.min(at + p.text.length, end);
    if (from < to) out.push({ text: p.text.slice(from - at, to - at), mark: p.mark });
    at += p.text.length;
  }
  if (end < text.length) out.push({ text: '…', mark: false });
  return out;
}

/** Where a word is looked for: the title and subtitle (`heading`, as a word prefix) or the body (a whole word). */
export type SearchField = 'heading' | 'body';
/** A word as an FTS5 query: quoted (no FTS5 syntax gets through), a prefix in headings unless one letter. */
export const fts5Term = (word: string, field: SearchField) => `"${word.replace(/"/g, '""')}"${field === 'heading' && word.length > 1 ? '*' : ''}`;
/** The same as a tsquery: the word holds letters and digits only (foldedWords), so it is no tsquery syntax. */
export const tsTerm = (word: string, field: SearchField) => (field === 'heading' && word.length > 1 ? `${word}:*` : word);

/** What a found post's ranking read (its title and author) and what its shown page reads (its body and cover). */
export interface FoundPost {
  id: number;
  title: string;
  sub_title: string;
  created_at: string;
  user_id: number;
}
export interface FoundPostDetail {
  id: number;
  body_text: string;
  image: string | null;
  image_width: number | null;
  read_time: number;
  author_name: string | null;
  author_picture: string | null;
}

/**
 * The shown posts as results, their title and a snippet of their body with the words marked; a post
 * without details (deleted since the ranking's read) is left out. `extra` adds a field per post.
 */
export function resultPosts<R extends FoundPost, X extends object = object>(
  shown: readonly R[],
  details: readonly FoundPostDetail[],
  words: readonly string[],
  extra: (row: R) => X = () => ({}) as X,
): Array<SearchResultPost & X> {
  const byId = new Map(details.map((d) => [d.id, d]));
  const titleMatch = prefixMatch(words);
  const bodyMatch = wholeMatch(words);
  return shown.flatMap((row) => {
    const d = byId.get(row.id);
    if (!d) return [];
    return [
      {
        id: row.id,
        title: marked(row.title, titleMatch),
        sub_title: row.sub_title,
        snippet: snippet(d.body_text, bodyMatch, words),
        image: d.image,
        image_width: d.image_width,
        created_at: row.created_at,
        read_time: d.read_time,
        author: { id: row.user_id, name: d.author_name, profile_picture: d.author_picture },
        ...extra(row),
      },
    ];
  });
}
