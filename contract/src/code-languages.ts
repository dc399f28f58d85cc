/**
 * The languages a code block of a post may be written in (issue 13): the editor's language select and
 * its ```lang shortcut offer these, and the server highlights them (server/src/post-html/highlight.ts).
 * `id` is highlight.js's name of the language and what a block stores as `data-language`.
 */
export interface CodeLanguage {
  id: string;
  label: string;
  /** Other names writers type after ``` (lower case). */
  aliases: readonly string[];
}

export const CODE_LANGUAGES: readonly CodeLanguage[] = [
  { id: 'bash', label: 'Bash / Shell', aliases: ['sh', 'shell', 'zsh', 'console', 'shellsession'] },
  { id: 'c', label: 'C', aliases: ['h'] },
  { id: 'cpp', label: 'C++', aliases: ['c++', 'cc', 'cxx', 'hpp', 'hh', 'hxx'] },
  { id: 'csharp', label: 'C#', aliases: ['c#', 'cs'] },
  { id: 'css', label: 'CSS', aliases: [] },
  { id: 'diff', label: 'Diff', aliases: ['patch'] },
  { id: 'dockerfile', label: 'Dockerfile', aliases: ['docker'] },
  { id: 'go', label: 'Go', aliases: ['golang'] },
  { id: 'xml', label: 'HTML / XML', aliases: ['html', 'xhtml', 'svg', 'rss'] },
  { id: 'java', label: 'Java', aliases: ['jsp'] },
  { id: 'javascript', label: 'JavaScript', aliases: ['js', 'jsx', 'mjs', 'cjs', 'node'] },
  { id: 'json', label: 'JSON', aliases: ['jsonc'] },
  { id: 'kotlin', label: 'Kotlin', aliases: ['kt', 'kts'] },
  { id: 'markdown', label: 'Markdown', aliases: ['md', 'mkd'] },
  { id: 'php', label: 'PHP', aliases: [] },
  { id: 'python', label: 'Python', aliases: ['py', 'python3', 'gyp'] },
  { id: 'ruby', label: 'Ruby', aliases: ['rb', 'gemspec'] },
  { id: 'rust', label: 'Rust', aliases: ['rs'] },
  { id: 'sql', label: 'SQL', aliases: ['postgresql', 'postgres', 'mysql', 'sqlite'] },
  { id: 'swift', label: 'Swift', aliases: [] },
  { id: 'typescript', label: 'TypeScript', aliases: ['ts', 'tsx', 'mts', 'cts'] },
  { id: 'yaml', label: 'YAML', aliases: ['yml'] },
];

/** A code block the writer marked as plain text: stored as data-language="plain", never highlighted. */
export const PLAIN_CODE = 'plain';

/** Built on first use, so pages that never ask (readers) carry no work for it. */
let byName: Map<string, string> | null = null;

function names(): Map<string, string> {
  if (byName) return byName;
  const map = new Map<string, string>();
  for (const language of CODE_LANGUAGES) {
    map.set(language.id, language.id);
    for (const alias of language.aliases) map.set(alias, language.id);
  }
  for (const name of ['plain', 'text', 'txt', 'plaintext']) map.set(name, PLAIN_CODE);
  byName = map;
  return map;
}

/**
 * The stored name of a language written as an id or an alias (any case): one of CODE_LANGUAGES' ids or
 * PLAIN_CODE; null for a name we do not know (the server then guesses the language from the code).
 */
export function codeLanguageId(name: string | null | undefined): string | null {
  if (!name) return null;
  return names().get(name.trim().toLowerCase()) ?? null;
}
