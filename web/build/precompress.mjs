// @ts-check
import fs from 'node:fs/promises';
import path from 'node:path';
import { promisify } from 'node:util';
import zlib from 'node:zlib';

const brotli = promisify(zlib.brotliCompress);
const gzip = promisify(zlib.gzip);

/** What is worth compressing; images (png, jpg, webp, avif, gif, ico) and fonts already are. */
const COMPRESSIBLE = /\.(?:js|mjs|css|html|svg|json|webmanifest|txt|xml|map|wasm)$/i;

/** @param {string} dir */
async function filesUnder(dir) {
  const entries = await fs.readdir(dir, { withFileTypes: true, recursive: true });
  return entries.filter((e) => e.isFile()).map((e) => path.join(e.parentPath, e.name));
}

/**
 * Writes file.br (brotli, quality 11) and file.gz (gzip, level 9) beside it, each only when smaller.
 * @param {string} file
 */
export async function precompressFile(file) {
  const bytes = await fs.readFile(file);
  const [br, gz] = await Promise.all([
    brotli(bytes, {
      params: {
        [zlib.constants.BROTLI_PARAM_QUALITY]: zlib.constants.BROTLI_MAX_QUALITY,
        [zlib.constants.BROTLI_PARAM_SIZE_HINT]: bytes.length,
      },
    }),
    gzip(bytes, { level: zlib.constants.Z_BEST_COMPRESSION }),
  ]);
  // A variant no smaller than the file would only cost: the server sends the file itself then.
  await Promise.all([
    br.length < bytes.length ? fs.writeFile(`${file}.br`, br) : fs.rm(`${file}.br`, { force: true }),
    gz.length < bytes.length ? fs.writeFile(`${file}.gz`, gz) : fs.rm(`${file}.gz`, { force: true }),
  ]);
  return { br: br.length, gz: gz.length, size: bytes.length };
}

/**
 * Once the browser build is written, every compressible file of the output gets its .br and .gz, which
 * the server sends to clients that accept them (@fastify/static `preCompressed`): the best compression,
 * paid once at build time instead of per request. Not for the server-rendering build (`--ssr`), nor
 * Vite's own `.vite/` folder (the manifest), which is never served.
 * (JavaScript, so that Vite can load its config natively; precompress.d.mts gives its types.)
 * @returns {import('vite').Plugin}
 */
export function precompress() {
  let outDir = '';
  return {
    name: 'inkwell:precompress',
    apply: (_config, env) => env.command === 'build' && !env.isSsrBuild,
    configResolved(config) {
      outDir = path.resolve(config.root, config.build.outDir);
    },
    async closeBundle() {
      const files = (await filesUnder(outDir)).filter((file) => COMPRESSIBLE.test(file) && !path.relative(outDir, file).split(path.sep).includes('.vite'));
      // A few at a time: brotli 11 is slow and the machine may be shared.
      for (let i = 0; i < files.length; i += 4) await Promise.all(files.slice(i, i + 4).map(precompressFile));
    },
  };
}
