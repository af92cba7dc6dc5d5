// What a browser receives for three pages of the SPA (issue 12, "Over the wire"; decision 019):
// the built server on a small seeded workspace, each page loaded in a fresh context of the system
// Chromium (no cache), every HTML, JS and CSS answer from our server until the page has settled
// (the lazily mounted toaster included) summed as sent on the wire (compressed) and as decoded,
// with the gzip -9 size of the JS files it ran. Also the sizes of the language catalogs (chunks
// named catalog-*, or built from a locales directory).
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { brotliCompressSync, constants as zlib, gzipSync } from 'node:zlib';
import { chromium, type Request } from '@playwright/test';
import { asc, eq } from 'drizzle-orm';
import { openPglite } from '../src/server/db/client';
import { company } from '../src/server/db/schema';
import { seedWorkspace } from './seed';
import { freePort, signIn, spawnBuiltServer, waitForFirst200 } from './server-process';

export const CHROMIUM_PATH = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

/** The pages measured: the landing page signed out, the two others signed in. */
export const SPA_PAGES = [
  { name: 'landing', path: () => '/', signedIn: false },
  { name: 'companies', path: () => '/companies', signedIn: true },
  {
    name: 'grants tab',
    path: (companyId: string) => `/companies/${companyId}/grants`,
    signedIn: true,
  },
] as const;

type Kind = 'html' | 'js' | 'css';

export interface WireAnswer {
  url: string;
  kind: Kind;
  /** Content-Encoding of the answer (null: identity). */
  encoding: string | null;
  /** Body bytes as received (what the server sent). */
  wireBytes: number;
  /** Body bytes once decoded (what the server sent before issue 12). */
  bytes: number;
}

export interface KindTotal {
  files: number;
  wireBytes: number;
  bytes: number;
}

export interface PageWire {
  name: string;
  path: string;
  /** What Chromium asked for. */
  acceptEncoding: string;
  /** How many HTML, JS and CSS answers came in each coding, e.g. `{ br: 33, identity: 1 }`. */
  codings: Record<string, number>;
  html: KindTotal;
  js: KindTotal & { gzipBytes: number };
  css: KindTotal;
  /** HTML + JS + CSS as received, and decoded. */
  wireBytes: number;
  bytes: number;
}

export interface CatalogSize {
  file: string;
  /** The source it was built from (manifest key), when known. */
  source: string | null;
  bytes: number;
  gzipBytes: number;
  brotliBytes: number;
}

export type SpaWire =
  { measured: true; chromium: string; pages: PageWire[] } | { measured: false; reason: string };

const KIND: Record<string, Kind | undefined> = {
  document: 'html',
  script: 'js',
  stylesheet: 'css',
};

function total(answers: WireAnswer[], kind: Kind): KindTotal {
  const of = answers.filter((a) => a.kind === kind);
  return {
    files: of.length,
    wireBytes: of.reduce((n, a) => n + a.wireBytes, 0),
    bytes: of.reduce((n, a) => n + a.bytes, 0),
  };
}

/** gzip -9 of a built file named by its URL path (the figure the JS budget is kept in). */
function gzipOfBuilt(webDir: string, urlPath: string): number {
  return gzipSync(readFileSync(path.join(webDir, urlPath.replace(/^\//, ''))), { level: 9 }).length;
}

/** A small workspace: the bench lawyer with 25 companies (the list page has rows). */
async function seedSmall(dataDir: string) {
  const handle = await openPglite(dataDir);
  try {
    await handle.migrate();
    const seeded = await seedWorkspace(handle.db, 25);
    const [first] = await handle.db
      .select({ id: company.id })
      .from(company)
      .where(eq(company.organizationId, seeded.organizationId))
      .orderBy(asc(company.companyName))
      .limit(1);
    const companyId = first?.id;
    if (!companyId) throw new Error('the seeded workspace has no company');
    return { seeded, companyId };
  } finally {
    await handle.close();
  }
}

async function answerOf(request: Request, origin: string): Promise<WireAnswer | null> {
  const kind = KIND[request.resourceType()];
  const url = new URL(request.url());
  if (!kind || url.origin !== origin) return null;
  const response = await request.response();
  if (!response) throw new Error(`no answer to ${request.url()}`);
  if (response.status() !== 200) {
    throw new Error(`${request.url()} answered ${response.status()}`);
  }
  const headers = await response.allHeaders();
  const body = await response.body();
  const { responseBodySize } = await request.sizes();
  // Chromium's count of the body bytes received; the server states them too (every answer of
  // ours carries Content-Length). They must agree, or the figure is not what went over the wire.
  const stated = Number(headers['content-length']);
  if (Number.isFinite(stated) && stated !== responseBodySize) {
    throw new Error(
      `${url.pathname}: Chromium counted ${responseBodySize} body bytes, Content-Length says ${stated}`,
    );
  }
  return {
    url: url.pathname,
    kind,
    encoding: headers['content-encoding'] ?? null,
    wireBytes: responseBodySize,
    bytes: body.length,
  };
}

/**
 * Loads the pages in Chromium against the built server (dist/server, dist/web) on a seeded data
 * dir under `scratch`. Without Chromium at {@link CHROMIUM_PATH} nothing is measured (the reason is
 * returned); a page that fails to load throws.
 */
export async function measurePagesOnTheWire(opts: {
  scratch: string;
  webDir: string;
  problems: string[];
}): Promise<SpaWire> {
  if (!existsSync(CHROMIUM_PATH)) {
    return { measured: false, reason: `no Chromium at ${CHROMIUM_PATH} (set CHROMIUM_PATH)` };
  }
  const dataDir = path.join(opts.scratch, 'spa-data');
  const { seeded, companyId } = await seedSmall(dataDir);
  const server = spawnBuiltServer({ port: await freePort(), dataDir });
  const browser = await chromium.launch({
    executablePath: CHROMIUM_PATH,
    args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-quic'],
  });
  try {
    await waitForFirst200(server);
    const cookie = await signIn(server.url, seeded.email, seeded.password);
    const origin = new URL(server.url).origin;
    const pages: PageWire[] = [];
    for (const spec of SPA_PAGES) {
      const pagePath = spec.path(companyId);
      // A fresh context: nothing cached, as on a first visit.
      const context = await browser.newContext({ baseURL: server.url });
      try {
        if (spec.signedIn) {
          await context.addCookies(
            cookie.split('; ').map((pair) => {
              const at = pair.indexOf('=');
              return { name: pair.slice(0, at), value: pair.slice(at + 1), url: server.url };
            }),
          );
        }
        const page = await context.newPage();
        const finished: Promise<WireAnswer | null>[] = [];
        let acceptEncoding = '';
        let inFlight = 0;
        let lastActivity = Date.now();
        const started = () => {
          inFlight++;
          lastActivity = Date.now();
        };
        const ended = () => {
          inFlight--;
          lastActivity = Date.now();
        };
        page.on('request', started);
        page.on('requestfailed', ended);
        const onFinished = (request: Request) => {
          ended();
          finished.push(answerOf(request, origin));
          if (request.resourceType() === 'document') {
            // The network stack adds Accept-Encoding: only the raw headers show it.
            finished.push(
              request.allHeaders().then((headers) => {
                acceptEncoding = headers['accept-encoding'] ?? '';
                return null;
              }),
            );
          }
        };
        page.on('requestfinished', onFinished);
        const failed: string[] = [];
        page.on('requestfailed', (request) => failed.push(request.url()));
        await page.goto(pagePath, { waitUntil: 'networkidle' });
        // What the page loads after start-up belongs to the visit: the toaster (sonner, mounted
        // when the browser is first idle; decision 005) and what follows it. Counted once the
        // toaster is in and nothing has moved for half a second, so the figure does not depend
        // on timing, and no answer is still being read when the context closes.
        await page.locator('section[aria-live]').first().waitFor({ state: 'attached' });
        const settleBy = Date.now() + 15_000;
        while (inFlight > 0 || Date.now() - lastActivity < 500) {
          if (Date.now() > settleBy) throw new Error(`${spec.name}: requests still in flight`);
          await page.waitForTimeout(100);
        }
        page.off('requestfinished', onFinished);
        const landed = new URL(page.url()).pathname;
        if (landed !== pagePath) {
          throw new Error(`${spec.name}: ${pagePath} ended on ${landed} (not signed in?)`);
        }
        if (failed.length > 0)
          throw new Error(`${spec.name}: failed requests ${failed.join(', ')}`);
        const answers = (await Promise.all(finished)).filter((a): a is WireAnswer => a !== null);
        const js = total(answers, 'js');
        const html = total(answers, 'html');
        const css = total(answers, 'css');
        if (html.files !== 1 || js.files === 0) {
          throw new Error(`${spec.name}: ${html.files} HTML and ${js.files} JS answers`);
        }
        pages.push({
          name: spec.name,
          path: pagePath,
          acceptEncoding,
          codings: Object.fromEntries(
            [...new Set(answers.map((a) => a.encoding ?? 'identity'))].map((coding) => [
              coding,
              answers.filter((a) => (a.encoding ?? 'identity') === coding).length,
            ]),
          ),
          html,
          js: {
            ...js,
            gzipBytes: answers
              .filter((a) => a.kind === 'js')
              .reduce((n, a) => n + gzipOfBuilt(opts.webDir, a.url), 0),
          },
          css,
          wireBytes: html.wireBytes + js.wireBytes + css.wireBytes,
          bytes: html.bytes + js.bytes + css.bytes,
        });
      } finally {
        await context.close();
      }
    }
    return {
      measured: true,
      chromium: `${browser.browserType().name()} ${browser.version()}`,
      pages,
    };
  } finally {
    await browser.close();
    const exit = await server.stop();
    if (exit.code !== 0) {
      opts.problems.push(
        `SPA on the wire: server exited with ${exit.code ?? exit.signal} on SIGTERM:\n${server.output()}`,
      );
    }
  }
}

interface ManifestChunk {
  file: string;
  name?: string;
  src?: string;
}

/**
 * The language catalogs of the build: chunks whose file or name starts with `catalog-`, or built
 * from a `locales` directory (dist/web/.vite/manifest.json), plus any `assets/catalog-*` file.
 */
export function measureCatalogs(webDir: string): CatalogSize[] {
  const found = new Map<string, string | null>();
  const manifestFile = path.join(webDir, '.vite/manifest.json');
  if (existsSync(manifestFile)) {
    const manifest = JSON.parse(readFileSync(manifestFile, 'utf8')) as Record<
      string,
      ManifestChunk
    >;
    for (const [key, chunk] of Object.entries(manifest)) {
      // Virtual modules (decision 018's `virtual:catalog/<language>`) come as `../../virtual:…`.
      const source = (chunk.src ?? key).replace(/^(?:\.\.\/)+(?=virtual:)/, '');
      const isCatalog =
        path.basename(chunk.file).startsWith('catalog-') ||
        chunk.name?.startsWith('catalog-') ||
        source.split('/').includes('locales');
      if (isCatalog && chunk.file.endsWith('.js')) found.set(chunk.file, source);
    }
  }
  const assets = path.join(webDir, 'assets');
  if (existsSync(assets)) {
    for (const file of readdirSync(assets)) {
      if (/^catalog-.*\.js$/.test(file) && !found.has(`assets/${file}`)) {
        found.set(`assets/${file}`, null);
      }
    }
  }
  return [...found].sort().map(([file, source]) => {
    const content = readFileSync(path.join(webDir, file));
    return {
      file,
      source,
      bytes: content.length,
      gzipBytes: gzipSync(content, { level: 9 }).length,
      brotliBytes: brotliCompressSync(content, {
        params: { [zlib.BROTLI_PARAM_QUALITY]: zlib.BROTLI_MAX_QUALITY },
      }).length,
    };
  });
}
