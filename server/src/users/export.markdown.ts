/** The YAML front matter and file names of the posts in a member's export (the Markdown itself: post-html/markdown.ts). */

/** A YAML scalar a program reads back exactly: JSON (a subset of YAML) with YAML's non-printables escaped. */
export function yamlValue(value: string | number | boolean | null): string {
  if (typeof value !== 'string') return JSON.stringify(value);
  return JSON.stringify(value).replace(/[\u007f-\u009f\u2028\u2029\ufeff]/g, (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`);
}

export function frontMatter(fields: Record<string, string | number | boolean | null>): string {
  const lines = Object.entries(fields).map(([key, value]) => `${key}: ${yamlValue(value)}`);
  return `---\n${lines.join('\n')}\n---\n`;
}

/** The file-name part of a title: lower-case ASCII words joined by '-', at most 60 characters. */
export function slugify(title: string): string {
  const words = title
    .normalize('NFKD')
    .replace(/\p{M}/gu, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '');
  const cut = words.length > 60 ? words.slice(0, 60).replace(/-[^-]*$/, '') || words.slice(0, 60) : words;
  return cut.replace(/-+$/, '') || 'post';
}
