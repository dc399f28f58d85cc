import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';
import { beforeAll, describe, expect, it } from 'vitest';
import * as calls from '@inkwell/contract/calls';
import { COMPILE_HINT } from '../web/build/compile-hints.mjs';
import { JS_BUDGET } from './web-budget.ts';

/**
 * What a page may load before it works, gzipped (level 9), summed over the chunks it loads at once:
 * 150 KB of JavaScript (issue 26: React 19's runtime, react-dom and the scheduler, is ~66 KB of it;
 * e2e/bundle-budget.e2e.ts holds everything the page fetches in Chromium to it too) and 20 KB of CSS
 * (issue 11).
 */
export const FIRST_LOAD_JS_BUDGET = JS_BUDGET;
export const FIRST_LOAD_CSS_BUDGET = 20 * 1024;
/**
 * How many chunks a page may ask for before it works: each is a request, a preload link and a module
 * more for the phone's main thread (web/build/app-chunk.mjs keeps the app's own modules in a few; 18
 * and 23 before issue 45).
 */
export const FIRST_LOAD_CHUNKS = 13;
/** What the entry runs before the page is painted (web/src/main.ts and what it imports statically), gzipped. */
export const ENTRY_BUDGET = 4 * 1024;
/** The pages measured: the screen module each shows (the router loads it with the entry). */
export const BUDGETED_PAGES = { home: 'src/app/routes/home.tsx', post: 'src/app/routes/view-post.tsx' } as const;

const root = path.resolve(import.meta.dirname, '..');
const dist = path.join(root, 'web/dist');
const manifestFile = path.join(dist, '.vite/manifest.json');
/** The npm packages of each built chunk (web/build/chunk-packages.mjs). */
const packagesFile = path.join(dist, '.vite/packages.json');
/** The app's own modules (web/src) in each built chunk (the same plugin). */
const modulesFile = path.join(dist, '.vite/modules.json');

interface ManifestChunk {
  file: string;
  src?: string;
  name?: string;
  isEntry?: boolean;
  imports?: string[];
  dynamicImports?: string[];
  css?: string[];
}
type Manifest = Record<string, ManifestChunk>;

interface FirstLoad {
  chunks: ManifestChunk[];
  js: number;
  css: number;
}

let manifest: Manifest;
let packages: Record<string, string[]>;
let appModules: Record<string, string[]>;

function build(force: boolean) {
  const args = ['scripts/ensure-web-build.mjs', ...(force ? ['--force'] : [])];
  const result = spawnSync(process.execPath, args, { cwd: root, stdio: 'inherit' });
  if (result.status !== 0) throw new Error('The web app did not build.');
}

beforeAll(() => {
  build(false);
  // Built before the manifest or the packages were asked for: build again.
  if (!fs.existsSync(manifestFile) || !fs.existsSync(packagesFile) || !fs.existsSync(modulesFile)) build(true);
  manifest = JSON.parse(fs.readFileSync(manifestFile, 'utf8')) as Manifest;
  packages = JSON.parse(fs.readFileSync(packagesFile, 'utf8')) as Record<string, string[]>;
  appModules = JSON.parse(fs.readFileSync(modulesFile, 'utf8')) as Record<string, string[]>;
}, 300_000);

const gzippedSizes = new Map<string, number>();
/** A built file's size gzipped at level 9, counted once per run (the same chunks come back for every page). */
function gzipped(file: string): number {
  let size = gzippedSizes.get(file);
  if (size === undefined) {
    size = zlib.gzipSync(fs.readFileSync(path.join(dist, file)), { level: 9 }).length;
    gzippedSizes.set(file, size);
  }
  return size;
}

/**
 * The entry (index.html), the app it starts once the page is painted (its dynamic import, web/src/main.ts)
 * and the page's module, with everything they import statically; not what else they import().
 */
function firstLoad(pageModule: string): FirstLoad {
  const keys = new Set<string>();
  const visit = (key: string) => {
    if (keys.has(key)) return;
    const chunk = manifest[key];
    if (!chunk) throw new Error(`${key} is not in web/dist/.vite/manifest.json`);
    keys.add(key);
    for (const imported of chunk.imports ?? []) visit(imported);
  };
  visit('index.html');
  for (const app of manifest['index.html']?.dynamicImports ?? []) visit(app);
  visit(pageModule);
  const chunks = [...keys].map((key) => manifest[key]!);
  const cssFiles = new Set(chunks.flatMap((chunk) => chunk.css ?? []));
  return {
    chunks,
    js: chunks.reduce((sum, chunk) => sum + gzipped(chunk.file), 0),
    css: [...cssFiles].reduce((sum, file) => sum + gzipped(file), 0),
  };
}

/** The npm packages a built chunk's modules come from. */
function packagesOf(file: string): string[] {
  const names = packages[file];
  if (!names) throw new Error(`${file} is not in web/dist/.vite/packages.json`);
  return names;
}

const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} KB`;

describe('the first load of a page', () => {
  it.each(Object.entries(BUDGETED_PAGES))('%s stays within its budget', (page, pageModule) => {
    const load = firstLoad(pageModule);
    const sizes = load.chunks
      .map((chunk) => `${kb(gzipped(chunk.file)).padStart(9)}  ${chunk.file}`)
      .sort()
      .reverse();
    console.log(`${page}: JavaScript ${kb(load.js)} of ${kb(FIRST_LOAD_JS_BUDGET)}, CSS ${kb(load.css)} of ${kb(FIRST_LOAD_CSS_BUDGET)} (gzip -9)\n${sizes.join('\n')}`);
    expect(load.js, `${page}: first-load JavaScript, gzipped`).toBeLessThanOrEqual(FIRST_LOAD_JS_BUDGET);
    expect(load.css, `${page}: first-load CSS, gzipped`).toBeLessThanOrEqual(FIRST_LOAD_CSS_BUDGET);
  });

  it.each(Object.entries(BUDGETED_PAGES))('%s loads no editor (Quill comes with the writing screens only)', (_page, pageModule) => {
    const chunks = firstLoad(pageModule).chunks;
    const names = chunks.map((chunk) => `${chunk.src ?? ''} ${chunk.name ?? ''} ${chunk.file}`);
    expect(names.filter((name) => /quill|create-editor/i.test(name))).toEqual([]);
    const withQuill = chunks.filter((chunk) => /quill/i.test(fs.readFileSync(path.join(dist, chunk.file), 'utf8')));
    expect(withQuill.map((chunk) => chunk.file)).toEqual([]);
  });

  it.each(Object.entries(BUDGETED_PAGES))('%s loads no zod (it comes with the first API call)', (_page, pageModule) => {
    const chunks = firstLoad(pageModule).chunks;
    expect(chunks.map((chunk) => chunk.src)).not.toContain('src/lib/schemas.ts');
    const withZod = chunks.filter((chunk) => fs.readFileSync(path.join(dist, chunk.file), 'utf8').includes('ZodObject'));
    expect(withZod.map((chunk) => chunk.file)).toEqual([]);
  });

  it.each(Object.entries(BUDGETED_PAGES))('%s carries only the calls it names, not the endpoint table (web/build/inline-calls.mjs)', (_page, pageModule) => {
    const code = firstLoad(pageModule)
      .chunks.filter((chunk) => chunk.file.endsWith('.js'))
      .map((chunk) => fs.readFileSync(path.join(dist, chunk.file), 'utf8'));
    // The server's half of an entry (its body schema's name, its limit) never reaches the browser.
    const bodyNames = Object.values(calls).flatMap((entry) => ('body' in entry ? [entry.body] : []));
    expect(bodyNames.filter((name) => code.some((text) => new RegExp(`[\`'"]${name}[\`'"]`).test(text)))).toEqual([]);
    // A call no first load makes (the reading history's Clear) is not in it.
    expect(code.filter((text) => text.includes(calls.historyClear.path))).toEqual([]);
  });

  it.each(Object.entries(BUDGETED_PAGES))('%s loads no DOMPurify (PostBody keeps the body the server cleaned)', (_page, pageModule) => {
    const chunks = firstLoad(pageModule).chunks;
    expect(chunks.filter((chunk) => packagesOf(chunk.file).includes('dompurify')).map((chunk) => chunk.file)).toEqual([]);
  });

  it.each(Object.entries(BUDGETED_PAGES))("%s asks for few chunks: the app's own modules come in one", (_page, pageModule) => {
    const chunks = firstLoad(pageModule).chunks.filter((chunk) => chunk.file.endsWith('.js'));
    expect(chunks.length).toBeLessThanOrEqual(FIRST_LOAD_CHUNKS);
    // The route table, the API client, the providers and the state reader come in start.tsx's chunk.
    const start = Object.values(appModules).find((modules) => modules.includes('src/start.tsx')) ?? [];
    expect(start).toEqual(expect.arrayContaining(['src/app/routes.tsx', 'src/lib/api-client.ts', 'src/app/providers.tsx', 'src/ssr/state.ts']));
  });

  it.each(Object.entries(BUDGETED_PAGES))('%s takes from a barrel only what it imports: no code language, no icon of another screen', (_page, pageModule) => {
    // The contract's index and lucide-react's re-export everything (web/build/app-chunk.mjs): the editor's languages and its schedule icon are not a reader's.
    const code = firstLoad(pageModule)
      .chunks.filter((chunk) => chunk.file.endsWith('.js'))
      .map((chunk) => fs.readFileSync(path.join(dist, chunk.file), 'utf8'));
    expect(code.filter((text) => text.includes('gemspec') || text.includes('calendar-clock'))).toEqual([]);
  });

  it.each(Object.entries(BUDGETED_PAGES))("%s is compiled as it streams in: V8's compile hint heads each of its chunks", (_page, pageModule) => {
    // web/build/compile-hints.mjs: without it, hydrating compiles each function on the main thread.
    const chunks = firstLoad(pageModule).chunks.filter((chunk) => chunk.file.endsWith('.js'));
    const unhinted = chunks.filter((chunk) => !fs.readFileSync(path.join(dist, chunk.file), 'utf8').startsWith(`${COMPILE_HINT}\n`));
    expect(unhinted.map((chunk) => chunk.file)).toEqual([]);
    expect(chunks.length).toBeGreaterThan(3);
  });

  it.each(Object.entries(BUDGETED_PAGES))('%s runs on React 19: react-dom in its first load, in a chunk of its own', (_page, pageModule) => {
    const chunks = firstLoad(pageModule).chunks.filter((chunk) => packagesOf(chunk.file).includes('react-dom'));
    expect(chunks.map((chunk) => packagesOf(chunk.file))).toEqual([['react', 'react-dom', 'scheduler']]);
  });
});

describe('the built web app', () => {
  it('has an entry that imports nothing of the app or its libraries before it starts them', () => {
    const entry = manifest['index.html']!;
    const statics = (entry.imports ?? []).map((key) => manifest[key]!);
    expect(statics.flatMap((chunk) => packagesOf(chunk.file))).toEqual([]);
    expect(statics.flatMap((chunk) => chunk.imports ?? [])).toEqual([]);
    const size = [entry, ...statics].reduce((sum, chunk) => sum + gzipped(chunk.file), 0);
    expect(size).toBeLessThanOrEqual(ENTRY_BUDGET);
  });

  it('has no chunk that imports itself through others', () => {
    const cycles: string[] = [];
    const state = new Map<string, 'open' | 'done'>();
    const visit = (key: string, path: string[]) => {
      if (state.get(key) === 'open') cycles.push([...path, key].map((at) => manifest[at]?.file).join(' → '));
      if (state.has(key)) return;
      state.set(key, 'open');
      for (const imported of manifest[key]?.imports ?? []) visit(imported, [...path, key]);
      state.set(key, 'done');
    };
    for (const key of Object.keys(manifest)) visit(key, []);
    expect(cycles).toEqual([]);
  });

  it('holds no Preact, anywhere', () => {
    const withPreact = Object.entries(packages).filter(([, names]) => names.some((name) => /^preact($|-)|^@preact\/|^@testing-library\/preact$/.test(name)));
    expect(withPreact.map(([file]) => file)).toEqual([]);
    expect(Object.keys(packages).length).toBeGreaterThan(10); // the list is the build's, not an empty one
  });
});
