// `npm run dev`: the API (restarted on change by tsx watch) on PORT (3000) and Vite with HMR on
// 5173, which proxies /api and /dev to the API.
import { spawn } from 'node:child_process';
import path from 'node:path';
import { root } from './build-lib.mjs';

const port = process.env.PORT ?? '3000';
const children = [
  spawn(
    process.execPath,
    [
      path.join(root, 'node_modules/tsx/dist/cli.mjs'),
      'watch',
      '--clear-screen=false',
      'src/server/main.ts',
    ],
    {
      cwd: root,
      stdio: 'inherit',
      // Links in mails must point at the Vite dev server, which proxies the API.
      env: {
        ...process.env,
        PORT: port,
        APP_URL: process.env.APP_URL ?? 'http://localhost:5173',
        NODE_ENV: 'development',
      },
    },
  ),
  spawn(
    process.execPath,
    [path.join(root, 'node_modules/vite/bin/vite.js'), '--port', '5173', '--strictPort'],
    {
      cwd: root,
      stdio: 'inherit',
      env: { ...process.env, API_PORT: port },
    },
  ),
];
const stop = (signal) => children.forEach((c) => c.exitCode === null && c.kill(signal));
process.on('SIGINT', () => stop('SIGINT'));
process.on('SIGTERM', () => stop('SIGTERM'));
for (const child of children)
  child.on('exit', (code) => {
    stop('SIGTERM');
    process.exitCode = code ?? 0;
  });
