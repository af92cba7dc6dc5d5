import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../support/app';

// Issue 11, finding 7: a Content-Security-Policy on every answer (decision 014).

/** The directives of a policy, by name. */
function directives(policy: string | null): Map<string, string[]> {
  const map = new Map<string, string[]>();
  for (const part of (policy ?? '').split(';')) {
    const [name, ...values] = part.trim().split(/\s+/);
    if (name) map.set(name, values);
  }
  return map;
}

/** A built SPA as Vite writes it: index.html with the nonce placeholder, a hashed asset. */
function fakeSpa(): string {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'esop-csp-'));
  mkdirSync(path.join(dir, 'assets'));
  writeFileSync(
    path.join(dir, 'index.html'),
    `<!doctype html><html><head><meta property="csp-nonce" nonce="__CSP_NONCE__" />
<script src="/csp-setup.js"></script><script type="module" src="/assets/index-abc123.js"></script>
</head><body><div id="root"></div></body></html>`,
  );
  writeFileSync(path.join(dir, 'csp-setup.js'), '/* set-up */');
  writeFileSync(path.join(dir, 'assets/index-abc123.js'), 'console.log(1)');
  return dir;
}

describe('Content-Security-Policy', () => {
  let app: TestApp;
  let spaDir: string;
  beforeAll(async () => {
    spaDir = fakeSpa();
    app = await createTestApp({ staticDir: spaDir });
  });
  afterAll(async () => {
    await app.close();
    rmSync(spaDir, { recursive: true, force: true });
  });

  it.each(['/', '/index.html', '/companies/4f6c1d2e-0000-4000-8000-000000000000/cap-table'])(
    'the SPA page %s gets the strict policy with a fresh style nonce',
    async (url) => {
      const res = await app.request(url);
      expect(res.status).toBe(200);
      const policy = res.headers.get('content-security-policy');
      const d = directives(policy);
      expect(d.get('default-src')).toEqual(["'self'"]);
      expect(d.get('script-src')).toEqual(["'self'"]);
      expect(d.get('object-src')).toEqual(["'none'"]);
      expect(d.get('base-uri')).toEqual(["'none'"]);
      expect(d.get('form-action')).toEqual(["'self'"]);
      expect(d.get('frame-ancestors')).toEqual(["'none'"]);
      expect(policy).not.toMatch(/unsafe-inline|unsafe-eval|\*/);
      // The page carries the nonce the policy names, in place of the build's placeholder.
      const nonce = d
        .get('style-src')
        ?.find((v) => v.startsWith("'nonce-"))
        ?.slice(7, -1);
      expect(nonce).toMatch(/^[A-Za-z0-9+/]{22}==$/);
      const html = await res.text();
      expect(html).toContain(`nonce="${nonce}"`);
      expect(html).not.toContain('__CSP_NONCE__');
      // A new nonce for every answer.
      const again = await app.request(url);
      expect(again.headers.get('content-security-policy')).not.toBe(policy);
      // The other security headers stay.
      expect(res.headers.get('x-frame-options')).toBe('SAMEORIGIN');
      expect(res.headers.get('x-content-type-options')).toBe('nosniff');
      expect(res.headers.get('referrer-policy')).toBe('no-referrer');
    },
  );

  it.each([
    ['a hashed asset', '/assets/index-abc123.js', 200],
    ['the set-up script', '/csp-setup.js', 200],
    ['the public meta endpoint', '/api/v1/meta', 200],
    ['an API answer needing a session', '/api/v1/company', 401],
    ['an unknown API path', '/api/nothing-here', 404],
    ['the health check', '/api/health', 200],
  ])('%s gets the restrictive policy', async (_what, url, status) => {
    const res = await app.request(url);
    expect(res.status).toBe(status);
    expect(res.headers.get('content-security-policy')).toBe(
      "default-src 'none'; frame-ancestors 'none'",
    );
    expect(res.headers.get('x-content-type-options')).toBe('nosniff');
  });

  it('the API reference keeps its own policy', async () => {
    const res = await app.request('/api/docs');
    expect(res.status).toBe(200);
    const d = directives(res.headers.get('content-security-policy'));
    expect(d.get('script-src')).toEqual(["'self'"]);
    expect(d.get('default-src')).toEqual(["'none'"]);
  });
});
