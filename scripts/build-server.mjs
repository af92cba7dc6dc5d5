import { buildServerIfStale } from './build-lib.mjs';

await buildServerIfStale({ force: true });
console.log('Built dist/server/main.mjs');
