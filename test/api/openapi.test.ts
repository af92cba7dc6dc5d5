import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  API_KEY_SCHEME,
  operations,
  PUBLIC_PATHS,
  SESSION_COOKIE_SCHEME,
  type OpenApiDocument,
} from '../../src/server/http/openapi';
import { createTestApp, TEST_ORIGIN, type TestApp } from '../support/app';
import { allowConsoleError } from '../support/console';

let t: TestApp;
let doc: OpenApiDocument;

beforeAll(async () => {
  t = await createTestApp();
  const res = await t.request('/api/v1/openapi.json');
  expect(res.status).toBe(200);
  doc = (await res.json()) as OpenApiDocument;
});
afterAll(() => t.close());

const NIL = '00000000-0000-0000-0000-000000000000';
const ref = (name: string) => ({ $ref: `#/components/responses/${name}` });

describe('the OpenAPI document', () => {
  it('is OpenAPI 3.1 whose server entry puts every path under /api/v1', () => {
    expect(doc.openapi).toBe('3.1.0');
    expect(doc.servers).toEqual([{ url: `${TEST_ORIGIN}/api/v1`, description: 'This server' }]);
    const paths = Object.keys(doc.paths);
    expect(paths).toContain('/company');
    for (const p of paths) expect(p.startsWith('/api/')).toBe(false);
  });

  it('names every operation with a unique operationId', () => {
    const ids = operations(doc).map(([, , op]) => op.operationId);
    for (const id of ids) expect(id).toMatch(/^[a-z][A-Za-z]+$/);
    expect(new Set(ids).size).toBe(ids.length);
    // Stable names a generated client relies on.
    expect(doc.paths['/company']?.get?.operationId).toBe('listCompanies');
    expect(doc.paths['/company/{companyId}/share-classes']?.get?.operationId).toBe(
      'listShareClasses',
    );
  });

  it('requires the session cookie or an API key on every operation except the public ones', () => {
    const schemes = doc.components?.securitySchemes as Record<string, Record<string, string>>;
    expect(schemes[SESSION_COOKIE_SCHEME]).toMatchObject({
      type: 'apiKey',
      in: 'cookie',
      name: 'better-auth.session_token',
    });
    expect(schemes[API_KEY_SCHEME]).toMatchObject({
      type: 'apiKey',
      in: 'header',
      name: 'x-api-key',
    });
    for (const [method, path, op] of operations(doc)) {
      const expected = PUBLIC_PATHS.includes(path)
        ? []
        : [{ [SESSION_COOKIE_SCHEME]: [] }, { [API_KEY_SCHEME]: [] }];
      expect(op.security, `${method} ${path}`).toEqual(expected);
    }
    expect(doc.paths['/meta']?.get?.security).toEqual([]);
  });

  it('matches the server: every secured operation answers 401 without credentials, the public ones do not', async () => {
    allowConsoleError(/api key/i);
    for (const [method, path, op] of operations(doc)) {
      const url = `/api/v1${path.replace(/\{[^}]+\}/g, NIL)}`;
      const res = await t.request(url, {
        method: method.toUpperCase(),
        ...(op.requestBody ? { body: {} } : {}),
      });
      if (op.security?.length) expect(res.status, `${method} ${path}`).toBe(401);
      else expect(res.status, `${method} ${path}`).toBeLessThan(400);
      // A bad key is refused the same way.
      if (op.security?.length) {
        const keyed = await t.request(url, {
          method: method.toUpperCase(),
          headers: { 'x-api-key': 'esop_not_a_key' },
        });
        expect(keyed.status, `${method} ${path} with a bad key`).toBe(401);
      }
    }
  });

  it('documents the error responses of every operation with the shared error schema', () => {
    for (const [method, path, op] of operations(doc)) {
      const where = `${method} ${path}`;
      const responses = op.responses ?? {};
      expect(responses[500], where).toEqual(ref('InternalError'));
      if (PUBLIC_PATHS.includes(path)) continue;
      expect(responses[401], where).toEqual(ref('Unauthorized'));
      expect(responses[403], where).toEqual(ref('Forbidden'));
      expect(responses[429], where).toEqual(ref('RateLimited'));
      if (op.parameters?.length || op.requestBody) {
        expect(responses[400], where).toEqual(ref('ValidationError'));
      }
      if (path.includes('{')) expect(responses[404], where).toEqual(ref('NotFound'));
      if (op.requestBody) {
        expect(responses[413], where).toBeDefined();
        const types = Object.keys(op.requestBody.content ?? {});
        if (types.every((type) => type === 'application/json')) {
          expect(responses[415], where).toEqual(ref('UnsupportedMediaType'));
        }
      }
      // Every error response's body is the shared error schema.
      for (const [status, response] of Object.entries(responses)) {
        if (Number(status) < 400) continue;
        const resolved = (
          '$ref' in (response as object)
            ? doc.components?.responses?.[(response as { $ref: string }).$ref.split('/').pop()!]
            : response
        ) as { content: Record<string, { schema: { $ref: string } }> };
        expect(resolved.content['application/json']!.schema.$ref, `${where} ${status}`).toMatch(
          /^#\/components\/schemas\/(Error|ValidationError)$/,
        );
      }
    }
    const schemas = doc.components?.schemas as Record<string, { required: string[] }>;
    expect(schemas.Error?.required).toEqual(['error']);
    // Where the service can refuse a conflicting change, the 409 is documented.
    for (const id of [
      'createShareEvent',
      'deleteShareClass',
      'createGrant',
      'exerciseGrant',
      'createValuation',
      'deleteVestingTemplate',
    ]) {
      const op = operations(doc).find(([, , o]) => o.operationId === id)![2];
      expect(op.responses?.[409], id).toEqual(ref('Conflict'));
    }
    // The report upload has its own limit.
    const upload = doc.paths['/company/{companyId}/valuations/{valuationId}/report']?.put;
    expect((upload?.responses?.[413] as { description: string }).description).toContain('20 MB');
  });

  it('names the session cookie as the server sets it: with the __Secure- prefix on https', async () => {
    const secure = await createTestApp({
      env: { APP_URL: 'https://crm.example.com', TRUSTED_ORIGINS: TEST_ORIGIN },
    });
    try {
      const secureDoc = (await (
        await secure.request('/api/v1/openapi.json')
      ).json()) as OpenApiDocument;
      const scheme = (secureDoc.components?.securitySchemes as Record<string, { name: string }>)[
        SESSION_COOKIE_SCHEME
      ]!;
      expect(scheme.name).toBe('__Secure-better-auth.session_token');
      expect(secureDoc.servers).toEqual([
        { url: 'https://crm.example.com/api/v1', description: 'This server' },
      ]);
      // Signing in sets exactly that cookie, and it alone authenticates /api/v1.
      const user = await secure.signUp();
      const names = user.cookie.split('; ').map((c) => c.split('=')[0]);
      expect(names).toContain(scheme.name);
      const token = user.cookie.split('; ').find((c) => c.startsWith(`${scheme.name}=`))!;
      expect((await secure.request('/api/v1/me', { cookie: token })).status).toBe(200);
    } finally {
      await secure.close();
    }
  });
});

describe('the API reference at /api/docs', () => {
  it('is a page with its scripts and styles served from this server under a strict policy', async () => {
    const res = await t.request('/api/docs');
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toContain('text/html');
    const csp = res.headers.get('content-security-policy')!;
    expect(csp).toContain("script-src 'self'");
    expect(csp).toContain("default-src 'none'");
    expect(csp).toContain("frame-ancestors 'none'");
    expect(csp).not.toContain('unsafe-eval');
    expect(csp).not.toMatch(/script-src[^;]*unsafe-inline/);
    const html = await res.text();
    expect(html).not.toMatch(/<script>|<style>|\son\w+=/);
    const assets = [...html.matchAll(/(?:src|href)="(\/[^"]+)"/g)].map((m) => m[1]!);
    expect(assets).toEqual([
      '/api/docs/swagger-ui.css',
      '/api/docs/swagger-ui-bundle.js',
      '/api/docs/init.js',
    ]);
    for (const asset of assets) {
      const a = await t.request(asset, { headers: { 'accept-encoding': 'gzip' } });
      expect(a.status, asset).toBe(200);
      expect(a.headers.get('content-type'), asset).toMatch(/^text\/(css|javascript)/);
      expect(a.headers.get('content-encoding'), asset).toBe('gzip');
    }
    expect((await t.request('/api/docs/nothing.js')).status).toBe(404);
  });
});
