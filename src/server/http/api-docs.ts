import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import type { Context, Hono } from 'hono';
import { chooseEncoding, compressBody } from './compression';
import type { AppEnv } from './context';

/**
 * The interactive API reference at `/api/docs` (issue 11): Swagger UI from the swagger-ui-dist
 * package, served by this server (no CDN), reading `/api/v1/openapi.json`. Public, like the
 * document it shows (decision 015); trying a request needs an API key or a session.
 */

/**
 * The page's Content-Security-Policy: scripts and styles only from this server, no inline script
 * or style, no `'unsafe-eval'`. Swagger UI's stylesheet draws its icons as data: SVG images,
 * hence `data:` for images; requests go to this server only (the document names APP_URL).
 */
export function apiDocsCsp(appUrl: string): string {
  const api = new URL(appUrl).origin;
  return [
    "default-src 'none'",
    "script-src 'self'",
    "style-src 'self'",
    "img-src 'self' data:",
    `connect-src 'self' ${api}`,
    "base-uri 'none'",
    "form-action 'none'",
    "frame-ancestors 'none'",
  ].join('; ');
}

const PAGE = `<!doctype html>
<html lang="en">
  <head>
    <meta charset="utf-8" />
    <meta name="viewport" content="width=device-width, initial-scale=1" />
    <title>ESOP CRM API reference</title>
    <link rel="icon" href="data:," />
    <link rel="stylesheet" href="/api/docs/swagger-ui.css" />
  </head>
  <body>
    <div id="swagger-ui"></div>
    <script src="/api/docs/swagger-ui-bundle.js"></script>
    <script src="/api/docs/init.js"></script>
  </body>
</html>
`;

// An external file, not an inline script: the CSP allows scripts from this server only.
const INIT = `window.ui = SwaggerUIBundle({
  url: '/api/v1/openapi.json',
  dom_id: '#swagger-ui',
  deepLinking: true,
  displayOperationId: true,
  // The default validator badge would send the document to validator.swagger.io.
  validatorUrl: null,
  presets: [SwaggerUIBundle.presets.apis],
  layout: 'BaseLayout',
});
`;

interface Asset {
  type: string;
  /** The file in each coding (the compression middleware leaves an answer with one alone). */
  body: { identity: Uint8Array; br: Uint8Array; gzip: Uint8Array };
}

async function asset(type: string, content: Buffer | string): Promise<Asset> {
  const identity = Buffer.isBuffer(content) ? content : Buffer.from(content);
  const [br, gzip] = await Promise.all([
    compressBody('br', identity),
    compressBody('gzip', identity),
  ]);
  return { type, body: { identity, br, gzip } };
}

/** swagger-ui-dist's directory (in node_modules, also for the bundled server). */
function swaggerUiDir(): string {
  const require = createRequire(import.meta.url);
  return path.dirname(require.resolve('swagger-ui-dist/package.json'));
}

export function registerApiDocs(app: Hono<AppEnv>, options: { appUrl: string }) {
  const csp = apiDocsCsp(options.appUrl);
  // Read and compressed (off the event loop) at the first request, kept in memory.
  let assets: Promise<Record<string, Asset>> | undefined;
  const load = async () => {
    const dir = swaggerUiDir();
    const entries = await Promise.all(
      [
        ['/api/docs', asset('text/html; charset=utf-8', PAGE)] as const,
        ['/api/docs/init.js', asset('text/javascript; charset=utf-8', INIT)] as const,
        [
          '/api/docs/swagger-ui-bundle.js',
          asset(
            'text/javascript; charset=utf-8',
            readFileSync(path.join(dir, 'swagger-ui-bundle.js')),
          ),
        ] as const,
        [
          '/api/docs/swagger-ui.css',
          asset('text/css; charset=utf-8', readFileSync(path.join(dir, 'swagger-ui.css'))),
        ] as const,
      ].map(async ([url, pending]) => [url, await pending] as const),
    );
    return Object.fromEntries(entries);
  };
  const serve = async (c: Context<AppEnv>) => {
    assets ??= load();
    const found = (await assets)[c.req.path];
    if (!found) {
      return c.json(
        { error: { code: 'NOT_FOUND', message: `No API route GET ${c.req.path}` } },
        404,
      );
    }
    const coding = chooseEncoding(c.req.header('accept-encoding'), ['br', 'gzip', 'identity']);
    c.header('Content-Type', found.type);
    c.header('Content-Security-Policy', csp);
    c.header('Cache-Control', 'no-cache');
    c.header('Vary', 'Accept-Encoding');
    if (coding !== 'identity') c.header('Content-Encoding', coding);
    return c.body(new Uint8Array(found.body[coding]), 200);
  };
  app.get('/api/docs', serve);
  app.get('/api/docs/*', serve);
}
