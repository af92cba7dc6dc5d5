import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { serve, type ServerType } from '@hono/node-server';
import openapiTS, { astToString } from 'openapi-typescript';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { OpenApiDocument } from '../../src/server/http/openapi';
import { createTestApp, TEST_ORIGIN, type TestApp } from '../support/app';
import { responseValidator } from '../support/openapi';
import { freePort } from '../support/process';

// A client generated from the live document (openapi-typescript types + openapi-fetch), type-checked
// with tsc and run against the real app listening on a port, with an API key; every answer it
// gets is checked against the document's schemas, so the test fails when the two drift apart.

const root = path.resolve(import.meta.dirname, '../..');
let t: TestApp;
let server: ServerType;
let baseUrl: string;
let dir: string;

beforeAll(async () => {
  const port = await freePort();
  baseUrl = `http://localhost:${port}`;
  t = await createTestApp({ env: { APP_URL: baseUrl, TRUSTED_ORIGINS: TEST_ORIGIN } });
  server = await new Promise<ServerType>((resolve) => {
    const s = serve({ fetch: t.app.fetch, port, hostname: '127.0.0.1' }, () => resolve(s));
  });
  dir = mkdtempSync(path.join(tmpdir(), 'esop-openapi-client-'));
  // The generated client resolves openapi-fetch (and tsc its types) from the project.
  symlinkSync(path.join(root, 'node_modules'), path.join(dir, 'node_modules'), 'dir');
});
afterAll(async () => {
  await new Promise((resolve) => server?.close(resolve));
  await t?.close();
  if (dir) rmSync(dir, { recursive: true, force: true });
});

/** The program a client author would write against the generated types. */
const CLIENT = `import createClient from 'openapi-fetch';
import type { paths } from './api';

export interface Seen { method: string; url: string; status: number; body: unknown }

export async function run(baseUrl: string, apiKey: string, seen: Seen[]) {
  const client = createClient<paths>({
    baseUrl,
    headers: { 'x-api-key': apiKey },
    fetch: async (request: Request) => {
      const response = await fetch(request);
      const text = await response.clone().text();
      seen.push({
        method: request.method,
        url: request.url,
        status: response.status,
        body: text ? JSON.parse(text) : undefined,
      });
      return response;
    },
  });

  const created = await client.POST('/company', {
    body: { companyName: 'Typed Client B.V.', country: 'NL', city: 'Utrecht' },
  });
  if (!created.data) throw new Error('create failed: ' + JSON.stringify(created.error));
  const id: string = created.data.id;

  const fetched = await client.GET('/company/{companyId}', { params: { path: { companyId: id } } });
  if (!fetched.data) throw new Error('get failed');
  const city: string | null = fetched.data.city;

  const listed = await client.GET('/company', { params: { query: { q: 'Typed Client' } } });
  if (!listed.data) throw new Error('list failed');
  const names: string[] = listed.data.items.map((c) => c.companyName);

  // Errors are typed too: the shared error body.
  const invalid = await client.POST('/company', { body: { companyName: '' } });
  const invalidFields: Record<string, string> | undefined = invalid.error?.error.fields;
  const missing = await client.GET('/company/{companyId}', {
    params: { path: { companyId: '00000000-0000-0000-0000-000000000000' } },
  });
  const missingCode: string | undefined = missing.error?.error.code;

  // @ts-expect-error -- the generated types know companyName is a string
  void (() => client.POST('/company', { body: { companyName: 42 } }));
  // @ts-expect-error -- and which paths exist
  void (() => client.GET('/companies'));

  return {
    id,
    city,
    names,
    createdStatus: created.response.status,
    invalidStatus: invalid.response.status,
    invalidFields,
    missingStatus: missing.response.status,
    missingCode,
  };
}
`;

const TSCONFIG = {
  compilerOptions: {
    target: 'ES2022',
    lib: ['ES2022', 'DOM'],
    module: 'ESNext',
    moduleResolution: 'bundler',
    strict: true,
    noEmit: true,
    skipLibCheck: true,
    types: [],
  },
  files: ['client.ts'],
};

function tsc(project: string) {
  return spawnSync(
    process.execPath,
    [path.join(root, 'node_modules/typescript/bin/tsc'), '-p', project],
    {
      encoding: 'utf8',
    },
  );
}

describe('a client generated from the OpenAPI document', () => {
  it('type-checks and calls list, create and get with an API key; the answers match the document', async () => {
    const doc = (await (await fetch(`${baseUrl}/api/v1/openapi.json`)).json()) as OpenApiDocument;
    const serverUrl = (doc.servers as { url: string }[])[0]!.url;
    expect(serverUrl).toBe(`${baseUrl}/api/v1`);

    writeFileSync(path.join(dir, 'api.d.ts'), astToString(await openapiTS(doc as never)));
    writeFileSync(path.join(dir, 'client.ts'), CLIENT);
    writeFileSync(path.join(dir, 'tsconfig.json'), JSON.stringify(TSCONFIG));
    const checked = tsc(path.join(dir, 'tsconfig.json'));
    expect(checked.stdout + checked.stderr).toBe('');
    expect(checked.status).toBe(0);

    const owner = await t.signUp({ name: 'Tess Typed' });
    const { key } = await t.auth.api.createApiKey({
      body: {
        userId: owner.userId,
        name: 'generated client',
        metadata: { organizationId: owner.organizationId },
        permissions: { company: ['read', 'create'] },
      },
    });

    const client = (await import(pathToFileURL(path.join(dir, 'client.ts')).href)) as {
      run: (
        baseUrl: string,
        key: string,
        seen: { method: string; url: string; status: number; body: unknown }[],
      ) => Promise<Record<string, unknown>>;
    };
    const seen: { method: string; url: string; status: number; body: unknown }[] = [];
    const result = await client.run(serverUrl, key, seen);
    expect(result).toMatchObject({
      city: 'Utrecht',
      names: ['Typed Client B.V.'],
      createdStatus: 201,
      invalidStatus: 400,
      invalidFields: { companyName: expect.any(String) },
      missingStatus: 404,
      missingCode: 'NOT_FOUND',
    });

    // Every answer the client got is what the document says it would be.
    const check = responseValidator(doc);
    expect(seen.map((s) => `${s.method} ${new URL(s.url).pathname} ${s.status}`)).toHaveLength(5);
    for (const s of seen) expect(check(s.method, s.url, s.status, s.body)).toEqual([]);

    // The check itself catches a drift: a company whose id is a number does not match.
    const get = seen.find(
      (s) => s.method === 'GET' && s.status === 200 && /[0-9a-f-]{36}$/.test(s.url),
    )!;
    const drifted = { ...(get.body as object), id: 42 };
    expect(check('GET', get.url, 200, drifted).join()).toMatch(/\/id must be string/);
    expect(check('GET', get.url, 418, {}).join()).toMatch(/status not documented/);
  }, 120_000);
});
