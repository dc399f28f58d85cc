// @ts-check

/** V8's explicit compile hint (Chrome 136+): every function of the file is compiled as it loads. */
export const COMPILE_HINT = '//# allFunctionsCalledOnLoad';

/**
 * Puts Chrome's explicit compile hint at the top of every chunk of the browser build. Without it, V8
 * compiles a function the first time it is called, on the main thread: hydrating a page calls most of
 * React's, the router's and the screen's functions, and compiling them there took a median 258 ms of
 * the home page's main thread after its first paint at 4× CPU throttling, 1 ms with the hint
 * (`npm run bench:hydration`, bench/RESULTS.md). With it, V8 compiles each file whole as it streams
 * in, off the main thread. A chunk is only ever loaded to run (the routes load a screen's code when
 * the reader goes there), so the hint holds for each. Other browsers read it as a comment.
 *
 * Added after Vite's own additions to a chunk (its preload list comes first otherwise: the hint must be
 * the file's first line), and counted in the file's hash.
 * @returns {import('vite').Plugin}
 */
export function compileHints() {
  return {
    name: 'inkwell:compile-hints',
    apply: (_config, env) => env.command === 'build' && !env.isSsrBuild,
    augmentChunkHash: () => COMPILE_HINT,
    generateBundle: {
      order: 'post',
      handler(_options, bundle) {
        for (const output of Object.values(bundle)) {
          if (output.type !== 'chunk' || output.code.startsWith(COMPILE_HINT)) continue;
          output.code = `${COMPILE_HINT}\n${output.code}`;
          // A source map (none by default) starts one line lower.
          if (output.map) output.map.mappings = `;${output.map.mappings}`;
        }
      },
    },
  };
}
