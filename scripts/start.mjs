// `npm start` (and `npm run demo` with --demo): build what is stale, then run the server.
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { buildServerIfStale, buildWebIfStale, root } from './build-lib.mjs';

if (process.argv.includes('--demo')) process.env.DEMO = 'on';
buildWebIfStale();
await buildServerIfStale();
await import(pathToFileURL(path.join(root, 'dist/server/main.mjs')).href);
