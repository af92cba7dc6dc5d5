import { fileURLToPath } from 'node:url';
import tailwindcss from '@tailwindcss/vite';
import { tanstackRouter } from '@tanstack/router-plugin/vite';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';
import { catalogChunkName, catalogs } from './scripts/vite-catalogs';
import { precompress } from './scripts/vite-precompress';

const repoRoot = fileURLToPath(new URL('.', import.meta.url));
const fromRoot = (path: string) => fileURLToPath(new URL(path, import.meta.url));

// The API server (src/server) listens on :3000 in development; the SPA talks to it same-origin
// through this proxy so auth cookies behave exactly as in production.
const apiTarget = 'http://localhost:3000';

export default defineConfig({
  // index.html lives next to the SPA's sources so the repo root stays free of web files.
  root: fromRoot('src/web'),
  base: '/',
  // .env files are read from the repo root, where the server reads its own.
  envDir: repoRoot,
  publicDir: fromRoot('src/web/public'),
  plugins: [
    // The router plugin must run before the React plugin so it can split route files.
    tanstackRouter({
      target: 'react',
      routesDirectory: fromRoot('src/web/routes'),
      generatedRouteTree: fromRoot('src/web/routeTree.gen.ts'),
      autoCodeSplitting: true,
      codeSplittingOptions: {
        // Loaders go into the lazy chunk with their component: they import the contracts' zod
        // schemas, which would otherwise land in the initial bundle (budget: 162 kB gzipped).
        defaultBehavior: [['loader', 'component'], ['errorComponent'], ['notFoundComponent']],
      },
      quoteStyle: 'single',
    }),
    react(),
    tailwindcss(),
    catalogs(),
    // Brotli and gzip copies of the built assets, served by Accept-Encoding (decision 019).
    precompress(),
  ],
  server: {
    proxy: {
      '/api': { target: apiTarget, changeOrigin: false },
      '/dev': { target: apiTarget, changeOrigin: false },
    },
  },
  preview: {
    proxy: {
      '/api': { target: apiTarget, changeOrigin: false },
      '/dev': { target: apiTarget, changeOrigin: false },
    },
  },
  build: {
    outDir: fromRoot('dist/web'),
    emptyOutDir: true,
    // dist/web/.vite/manifest.json: which source each chunk comes from (npm run bench finds the
    // language catalogs by it). The server never serves hidden paths.
    manifest: true,
    rollupOptions: {
      output: {
        // Each language's catalog is its own chunk, `catalog-<language>-<hash>.js` (decision 018).
        chunkFileNames: (chunk) =>
          `assets/${catalogChunkName(chunk.facadeModuleId) ?? '[name]'}-[hash].js`,
      },
    },
  },
});
