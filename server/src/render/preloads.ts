import fs from 'node:fs';

/** A chunk of Vite's build manifest (web/dist/.vite/manifest.json). */
interface ManifestChunk {
  file: string;
  imports?: string[];
  dynamicImports?: string[];
}
type Manifest = Record<string, ManifestChunk>;

/** The template the entry (web/src/main.ts) takes the tags from, by this id. */
const MODULES_TEMPLATE_ID = 'inkwell-modules';

/**
 * The `<link rel="modulepreload">` tags of a rendered page: the app (what the entry imports once the
 * page is shown, web/src/main.ts) and the screens the page shows, so that the browser fetches them
 * all side by side instead of finding them one after the other as each chunk runs. They come inside
 * a <template>, inert: the entry moves them into the head on the load event, so no script
 * competes with the stylesheet and the first image before the first paint (Lighthouse counted
 * preloaded scripts as delaying it: FCP 2.1 s). What index.html already names (the entry and what it
 * imports) is left out. Screens are named as the manifest names them (`src/app/routes/home.tsx`); an
 * unknown one adds nothing. Without a manifest (no build) there is nothing.
 */
export function modulePreloads(manifestFile: string): (modules: readonly string[]) => string {
  let manifest: Manifest;
  try {
    manifest = JSON.parse(fs.readFileSync(manifestFile, 'utf8')) as Manifest;
  } catch {
    return () => '';
  }
  const filesOf = (keys: readonly string[], into = new Set<string>()) => {
    const visit = (key: string) => {
      const chunk = manifest[key];
      if (!chunk || into.has(chunk.file)) return;
      into.add(chunk.file);
      for (const imported of chunk.imports ?? []) visit(imported);
    };
    keys.forEach(visit);
    return into;
  };
  const preloadedByIndex = filesOf(['index.html']);
  const app = manifest['index.html']?.dynamicImports ?? [];
  const known = new Map<string, string>();
  return (modules) => {
    const key = modules.join(' ');
    let tags = known.get(key);
    if (tags === undefined) {
      const files = [...filesOf([...app, ...modules])].filter((file) => !preloadedByIndex.has(file));
      const links = files.map((file) => `<link rel="modulepreload" crossorigin href="/${file}">`).join('');
      tags = links ? `<template id="${MODULES_TEMPLATE_ID}">${links}</template>` : '';
      known.set(key, tags);
    }
    return tags;
  };
}
