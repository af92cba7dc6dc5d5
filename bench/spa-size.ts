import { readFileSync } from 'node:fs';
import path from 'node:path';
import { gzipSync } from 'node:zlib';

export interface AssetSize {
  file: string;
  bytes: number;
  gzipBytes: number;
}

export interface SpaSize {
  /** Entry script(s) plus every modulepreload: what the browser fetches before the first render. */
  initialJs: AssetSize[];
  initialJsGzipBytes: number;
  css: AssetSize[];
  cssGzipBytes: number;
}

function attr(tag: string, name: string): string | undefined {
  return new RegExp(`\\s${name}\\s*=\\s*["']([^"']+)["']`, 'i').exec(tag)?.[1];
}

function measure(webDir: string, href: string): AssetSize {
  const file = path.join(webDir, href.replace(/^\//, '').split(/[?#]/)[0]!);
  const content = readFileSync(file);
  return {
    file: path.relative(webDir, file),
    bytes: content.length,
    gzipBytes: gzipSync(content, { level: 9 }).length,
  };
}

/** Gzipped (level 9) size of the JS and CSS that dist/web/index.html loads up front. */
export function measureSpa(webDir: string): SpaSize {
  const html = readFileSync(path.join(webDir, 'index.html'), 'utf8');
  const js = new Set<string>();
  const css = new Set<string>();
  for (const [tag] of html.matchAll(/<script\b[^>]*>/gi)) {
    const src = attr(tag, 'src');
    if (src && attr(tag, 'type') === 'module') js.add(src);
  }
  for (const [tag] of html.matchAll(/<link\b[^>]*>/gi)) {
    const rel = attr(tag, 'rel')?.toLowerCase();
    const href = attr(tag, 'href');
    if (!href) continue;
    if (rel === 'modulepreload') js.add(href);
    if (rel === 'stylesheet') css.add(href);
  }
  if (js.size === 0) throw new Error(`no module script found in ${webDir}/index.html`);
  const initialJs = [...js].map((href) => measure(webDir, href));
  const cssSizes = [...css].map((href) => measure(webDir, href));
  const sum = (list: AssetSize[]) => list.reduce((n, a) => n + a.gzipBytes, 0);
  return {
    initialJs,
    initialJsGzipBytes: sum(initialJs),
    css: cssSizes,
    cssGzipBytes: sum(cssSizes),
  };
}
