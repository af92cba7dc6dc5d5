import { readdir, readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { promisify } from 'node:util';
import { brotliCompress, constants as zlib, gzip } from 'node:zlib';
import type { Plugin, ResolvedConfig } from 'vite';

/**
 * Writes a brotli (`.br`, quality 11) and a gzip (`.gz`, level 9) copy next to every compressible
 * file of the build, for the server to pick by Accept-Encoding (src/server/http/static-files.ts,
 * decision 019). `index.html` is left out: the server fills in a nonce per answer, so it is
 * compressed per answer. A copy that is not smaller than its original is not written.
 */

/** The extensions compressed at build time (text formats; images and fonts are compressed already). */
const COMPRESSIBLE = /\.(?:js|mjs|css|html|json|svg|txt|xml|map|webmanifest)$/i;

const brotli = promisify(brotliCompress);
const gzipAsync = promisify(gzip);

/** The files below `dir`, as paths relative to it, leaving out hidden ones (Vite's `.vite/`). */
async function filesUnder(dir: string): Promise<string[]> {
  const entries = await readdir(dir, { withFileTypes: true, recursive: true });
  return entries
    .filter((e) => e.isFile())
    .map((e) => path.relative(dir, path.join(e.parentPath, e.name)))
    .filter((file) => !file.split(path.sep).some((segment) => segment.startsWith('.')));
}

/** Compresses the compressible files of `dir`; returns how many copies were written. */
export async function precompressDirectory(dir: string): Promise<number> {
  const files = (await filesUnder(dir))
    .filter((file) => COMPRESSIBLE.test(file) && file !== 'index.html')
    .map((file) => path.join(dir, file));
  let written = 0;
  // The zlib calls run on libuv's thread pool (4 threads): all at once is fine.
  await Promise.all(
    files.map(async (file) => {
      const content = await readFile(file);
      const copies = await Promise.all([
        brotli(content, {
          params: {
            [zlib.BROTLI_PARAM_MODE]: zlib.BROTLI_MODE_TEXT,
            [zlib.BROTLI_PARAM_QUALITY]: zlib.BROTLI_MAX_QUALITY,
            [zlib.BROTLI_PARAM_SIZE_HINT]: content.byteLength,
          },
        }),
        gzipAsync(content, { level: zlib.Z_BEST_COMPRESSION }),
      ]);
      for (const [suffix, copy] of [
        ['.br', copies[0]],
        ['.gz', copies[1]],
      ] as const) {
        if (copy.byteLength >= content.byteLength) continue;
        await writeFile(file + suffix, copy);
        written += 1;
      }
    }),
  );
  return written;
}

/** The Vite plugin: precompresses the output directory once the build has written it. */
export function precompress(): Plugin {
  let config: ResolvedConfig;
  return {
    name: 'esop-precompress',
    apply: 'build',
    configResolved(resolved) {
      config = resolved;
    },
    closeBundle: {
      order: 'post',
      sequential: true,
      async handler() {
        const outDir = path.resolve(config.root, config.build.outDir);
        const written = await precompressDirectory(outDir);
        config.logger.info(`precompressed: ${written} .br/.gz files in ${outDir}`);
      },
    },
  };
}
