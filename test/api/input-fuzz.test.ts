import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { errorResponseSchema } from '../../src/contracts/errors';
import { createTestApp, type TestApp } from '../support/app';
import { equityBodies, equityFixture, ok } from '../support/equity';
import { manifest, minimalOcfPackage, zipJson } from '../support/ocf';

// Issue 11, "Bad input never causes a 5xx": every POST/PATCH/PUT operation of the OpenAPI document
// (and every GET's query parameters) gets the hostile input classes that once answered 500 — NUL
// and other control characters, lone UTF-16 surrogates, years 0000 and 10000, impossible dates,
// over-long text, wrong types, malformed multipart — on PGlite and on PostgreSQL. Zero 5xx, and
// every error has the error shape (the test app also checks each answer against the document).

let t: TestApp;
let cookie: string;
let params: Record<string, string>;
let bodies: Record<string, unknown>;
let doc: {
  paths: Record<string, Record<string, Operation>>;
  components: { schemas: Record<string, Schema> };
};

interface Schema {
  $ref?: string;
  type?: string | string[];
  properties?: Record<string, Schema>;
  anyOf?: Schema[];
  oneOf?: Schema[];
  allOf?: Schema[];
  format?: string;
}
interface Operation {
  parameters?: { in: string; name: string }[];
  requestBody?: { content?: Record<string, { schema?: Schema }> };
}

const TEMPLATE_TERMS = {
  type: 'time',
  periodLength: 1,
  periodUnit: 'months',
  occurrences: 48,
  cliffPeriods: 12,
};

beforeAll(async () => {
  t = await createTestApp();
  const user = await t.signUp({ name: 'Fuzz Lawyer' });
  cookie = user.cookie;
  const fixture = await equityFixture(t, cookie);
  const template = await ok<{ id: string }>(t, cookie, '/vesting-templates', 'POST', {
    name: 'Fuzz template',
    terms: TEMPLATE_TERMS,
  });
  // A dry run of an import (multipart), for the routes that name one.
  const form = new FormData();
  form.set('file', new File(['Name,Relationship\nFuzz Person,advisor\n'], 'people.csv'));
  form.set('kind', 'stakeholders');
  const dryRun = await t.request(`/api/v1/company/${fixture.companyId}/imports`, {
    method: 'POST',
    rawBody: form,
    cookie,
  });
  expect(dryRun.status, await dryRun.clone().text()).toBe(201);
  params = {
    ...fixture.params,
    templateId: template.id,
    kind: 'company',
    id: fixture.companyId,
    importId: ((await dryRun.json()) as { id: string }).id,
  };
  bodies = {
    ...equityBodies(fixture),
    'POST /company': { companyName: 'Fuzz Holding B.V.', notes: 'line one\nline two' },
    // An OCF package (a zip body, like the report's PDF: not fuzzed as JSON; see below).
    'POST /ocf-imports': minimalOcfPackage('Fuzz Import B.V.'),
    'PATCH /company/{companyId}': { city: 'Haarlem' },
    'POST /vesting-templates': { name: 'Fuzz template 2', terms: TEMPLATE_TERMS },
    'PATCH /vesting-templates/{templateId}': { description: 'Standard' },
    'PATCH /document-templates/{documentTemplateId}': { active: false },
    'PATCH /document-settings': { language: 'nl' },
    // Reminders and calendar feeds (issue 15).
    'PATCH /me/reminders': { digestEnabled: true, digestTime: '08:00' },
    'POST /calendar-feeds': { includeInstallments: true },
    'POST /vesting/preview': {
      quantity: 4800,
      vestingStartDate: '2024-01-01',
      terms: TEMPLATE_TERMS,
    },
  };
  doc = await (await t.request('/api/v1/openapi.json')).json();
}, 120_000);
afterAll(() => t.close());

/** Hostile strings for text fields. */
const HOSTILE_TEXT = [
  'a\u0000b',
  '\u0000',
  '\uD800',
  'x\uDC00y',
  '\uDBFF\uDBFF',
  'bell\u0007',
  'c1\u0085',
  'del\u007F',
  'x'.repeat(70_000),
];
/** Hostile values for date fields. */
const HOSTILE_DATES = ['0000-01-01', '10000-01-01', '2024-02-30', '2024-13-01', '0000-00-00'];
/** Values of the wrong type. */
const WRONG_TYPES: unknown[] = [null, 1e308, -1, true, [], {}, [['\u0000']], { '\u0000': 1 }];

const DATE_NAME = /date$|^date|^start$|^end$|asOf|until/i;

function resolve(schema: Schema | undefined, depth = 0): Schema | undefined {
  if (!schema || depth > 8) return schema;
  if (schema.$ref) {
    const name = schema.$ref.split('/').at(-1)!;
    return resolve(doc.components.schemas[name], depth + 1);
  }
  return schema;
}

/** The property names of a request body schema (top level, through anyOf/oneOf/allOf). */
function bodyFields(op: Operation): string[] {
  const names = new Set<string>();
  const walk = (s: Schema | undefined, depth: number) => {
    const r = resolve(s);
    if (!r || depth > 4) return;
    for (const key of Object.keys(r.properties ?? {})) names.add(key);
    for (const sub of [...(r.anyOf ?? []), ...(r.oneOf ?? []), ...(r.allOf ?? [])])
      walk(sub, depth + 1);
  };
  walk(op.requestBody?.content?.['application/json']?.schema, 0);
  return [...names];
}

/** Dotted paths of every string leaf of a JSON value. */
function stringLeaves(value: unknown, path: string[] = []): string[][] {
  if (typeof value === 'string') return [path];
  if (value === null || typeof value !== 'object') return [];
  return Object.entries(value as Record<string, unknown>).flatMap(([k, v]) =>
    stringLeaves(v, [...path, k]),
  );
}

function setAt(value: unknown, path: string[], leaf: unknown): unknown {
  if (path.length === 0) return leaf;
  const copy: Record<string, unknown> = Array.isArray(value)
    ? ([...value] as unknown as Record<string, unknown>)
    : { ...((value as Record<string, unknown> | null) ?? {}) };
  copy[path[0]!] = setAt(copy[path[0]!], path.slice(1), leaf);
  return copy;
}

const WRITE_METHODS = ['post', 'patch', 'put'];

function operations(methods: string[]) {
  return Object.entries(doc.paths).flatMap(([path, ops]) =>
    Object.entries(ops)
      .filter(([method]) => methods.includes(method))
      .map(([method, op]) => ({ method: method.toUpperCase(), path, op })),
  );
}

const url = (path: string, values: Record<string, string> = params) =>
  `/api/v1${path.replace(/\{(\w+)\}/g, (_, name: string) => encodeURIComponent(values[name] ?? 'x'))}`;

let requests = 0;
async function expectNo5xx(
  label: string,
  path: string,
  init: Parameters<TestApp['request']>[1],
): Promise<number> {
  requests += 1;
  const res = await t.request(path, { cookie, ...init });
  const text = await res.text();
  expect(res.status, `${label}: ${text.slice(0, 300)}`).toBeLessThan(500);
  if (res.status >= 400) {
    expect(errorResponseSchema.safeParse(JSON.parse(text)).success, `${label}: ${text}`).toBe(true);
  }
  return res.status;
}

describe('every write operation of the OpenAPI document under hostile input', () => {
  it('enumerates the write operations (and knows a valid body for each)', () => {
    const writes = operations(WRITE_METHODS);
    expect(writes.length).toBeGreaterThan(25);
    const unknown = writes
      .filter(({ op }) => op.requestBody?.content?.['application/json'])
      .map(({ method, path }) => `${method} ${path}`)
      .filter((key) => !(key in bodies));
    // Operations whose body is empty or optional need none; any other must be listed above.
    expect(unknown.filter((k) => !k.includes('/trash/'))).toEqual([]);
  });

  it('answers 4xx, never 5xx, for hostile text, dates and types in every field', async () => {
    let refused = 0;
    for (const { method, path, op } of operations(WRITE_METHODS)) {
      const key = `${method} ${path}`;
      const base = bodies[key];
      if (typeof base === 'string' || !op.requestBody?.content?.['application/json']) continue;
      const leaves = new Set(stringLeaves(base ?? {}).map((p) => p.join('.')));
      for (const field of bodyFields(op)) leaves.add(field);
      for (const leaf of leaves) {
        const at = leaf.split('.');
        const values = DATE_NAME.test(at.at(-1)!) ? [...HOSTILE_DATES, '\u0000'] : HOSTILE_TEXT;
        for (const value of [...values, ...WRONG_TYPES.slice(0, 3)]) {
          const status = await expectNo5xx(
            `${key} ${leaf}=${JSON.stringify(value).slice(0, 40)}`,
            url(path),
            {
              method,
              body: setAt(base ?? {}, at, value),
            },
          );
          if (status >= 400) refused += 1;
        }
      }
      // Hostile keys and values anywhere in the body.
      for (const extra of [{ '\u0000': 'x' }, { note: '\uD800' }, ['\u0000']]) {
        await expectNo5xx(`${key} extra ${JSON.stringify(extra)}`, url(path), {
          method,
          body: Array.isArray(extra) ? extra : { ...(base as object), ...extra },
        });
      }
    }
    expect(refused).toBeGreaterThan(500);
  }, 600_000);

  it('answers 4xx for malformed multipart and foreign content types on every write', async () => {
    const bodiesByType: [string | undefined, string][] = [
      ['multipart/form-data', '--x\r\nContent-Disposition: form-data; name="report"\r\n\r\n'],
      [
        'multipart/form-data; boundary=x',
        '--x\r\nContent-Disposition: form-data; name="report"; filename="a.pdf"\r\n\r\n%PDF',
      ],
      ['multipart/form-data; boundary=x', 'garbage without a boundary'],
      ['multipart/form-data; boundary=x', ''],
      ['multipart/form-data; boundary=', '--\r\n'],
      ['text/plain', 'a\u0000b'],
      ['application/json', '{"name":"\\u0000"'],
      ['application/json', '\u0000'],
    ];
    for (const { method, path } of operations(WRITE_METHODS)) {
      for (const [type, raw] of bodiesByType) {
        await expectNo5xx(`${method} ${path} ${type}`, url(path), {
          method,
          rawBody: raw,
          headers: type ? { 'content-type': type } : {},
        });
      }
    }
  }, 300_000);

  it('answers 4xx for a report whose multipart file name carries a NUL', async () => {
    const body =
      '--b\r\nContent-Disposition: form-data; name="report"; filename="r\u0000.pdf"\r\n' +
      'Content-Type: application/pdf\r\n\r\n%PDF-1.4\n%%EOF\n\r\n--b--\r\n';
    const status = await expectNo5xx(
      'report NUL file name',
      url('/company/{companyId}/valuations/{valuationId}/report'),
      {
        method: 'PUT',
        rawBody: body,
        headers: { 'content-type': 'multipart/form-data; boundary=b' },
      },
    );
    expect(status).toBe(400);
  });
});

describe('the spreadsheet import under hostile input (issue 13)', () => {
  const importForm = (fields: Record<string, string | File>) => {
    const form = new FormData();
    for (const [k, v] of Object.entries(fields)) form.set(k, v);
    return form;
  };
  const csv = (text: string | Uint8Array<ArrayBuffer>, name = 'rows.csv') => new File([text], name);

  it.each([
    ['a NUL in the file name', { file: csv('Name\nA\n', 'r\u0000.csv'), kind: 'stakeholders' }],
    [
      'a C1 control in the file name',
      { file: csv('Name\nA\n', 'r\u0085.csv'), kind: 'stakeholders' },
    ],
    ['a NUL in kind', { file: csv('Name\nA\n'), kind: 'stake\u0000holders' }],
    ['a NUL in the sheet', { file: csv('Name\nA\n'), kind: 'stakeholders', sheet: 'S\u0000' }],
    [
      'a NUL in the mapping',
      { file: csv('Name\nA\n'), kind: 'stakeholders', mapping: '{"name":"\u0000"}' },
    ],
    ['a mapping that is no JSON', { file: csv('Name\nA\n'), kind: 'stakeholders', mapping: '{' }],
    ['the file as text', { file: 'Name\nA\n', kind: 'stakeholders' }],
    ['an unknown field', { file: csv('Name\nA\n'), kind: 'stakeholders', other: 'x' }],
    ['no file', { kind: 'stakeholders' }],
  ])('refuses %s with a 400', async (_label, fields) => {
    const status = await expectNo5xx(`import ${_label}`, url('/company/{companyId}/imports'), {
      method: 'POST',
      rawBody: importForm(fields as Record<string, string | File>),
    });
    expect(status).toBe(400);
  });

  it('stores hostile cells as cell errors, never a 5xx', async () => {
    const bytes = new Uint8Array([
      ...new TextEncoder().encode('Name,Relationship,Notes\n'),
      // Invalid UTF-8 (read as Windows-1252), a C1 control and a NUL in a cell.
      0xff,
      0xfe,
      0x41,
      0x2c,
      0x61,
      0x64,
      0x76,
      0x69,
      0x73,
      0x6f,
      0x72,
      0x2c,
      0x81,
      0x0a,
    ]);
    await expectNo5xx('import hostile CSV bytes', url('/company/{companyId}/imports'), {
      method: 'POST',
      rawBody: importForm({ file: csv(bytes), kind: 'stakeholders' }),
    });
    const nul = 'Name,Relationship,Notes\nA\u0000B,advisor,\uD800x\nC,advisor,bell\u0007\n';
    const status = await expectNo5xx('import NUL cells', url('/company/{companyId}/imports'), {
      method: 'POST',
      rawBody: importForm({ file: csv(nul), kind: 'stakeholders' }),
    });
    expect(status).toBe(400);
  });
});

describe('an OCF package under hostile input', () => {
  it('answers 201 or 4xx, never 5xx, for hostile text, dates and types in its objects', async () => {
    const good = {
      object_type: 'STAKEHOLDER',
      id: 'sh-1',
      name: { legal_name: 'Fuzz Person' },
      stakeholder_type: 'INDIVIDUAL',
      current_relationship: 'EMPLOYEE',
      contact_info: {
        name: { legal_name: 'Fuzz' },
        emails: [{ email_address: 'a@b.nl', email_type: 'PERSONAL' }],
      },
    };
    const leaves = stringLeaves(good).map((p) => p.join('.'));
    const m = manifest('Fuzz Import B.V.', { stakeholders_files: ['Stakeholders.ocf.json'] });
    for (const leaf of leaves)
      for (const value of [
        ...HOSTILE_TEXT.slice(0, 8),
        ...HOSTILE_DATES.slice(0, 2),
        ...WRONG_TYPES.slice(0, 4),
      ]) {
        const item = setAt(good, leaf.split('.'), value);
        const status = await expectNo5xx(
          `OCF ${leaf}=${JSON.stringify(value).slice(0, 30)}`,
          url('/ocf-imports'),
          {
            method: 'POST',
            rawBody: zipJson({
              'Manifest.ocf.json': m,
              'Stakeholders.ocf.json': { file_type: 'OCF_STAKEHOLDERS_FILE', items: [item] },
            }),
            headers: { 'content-type': 'application/zip' },
          },
        );
        expect([201, 400]).toContain(status);
      }
    // The issuer's fields too (a refused company name refuses the package).
    for (const value of HOSTILE_TEXT.slice(0, 8)) {
      const bad = manifest('x');
      (bad.issuer as Record<string, unknown>).legal_name = value;
      await expectNo5xx(`OCF issuer ${JSON.stringify(value).slice(0, 30)}`, url('/ocf-imports'), {
        method: 'POST',
        rawBody: zipJson({ 'Manifest.ocf.json': bad }),
        headers: { 'content-type': 'application/zip' },
      });
    }
  }, 300_000);
});

describe('query parameters and path ids under hostile input', () => {
  it('answers 4xx, never 5xx, for NUL, bad UTF-8 and impossible dates in every query parameter', async () => {
    const hostile = [
      '%00',
      'a%00b',
      '%ED%A0%80',
      '%C3%28',
      '%FF',
      '0000-01-01',
      '10000-01-01',
      '%E2%80%8F%07',
    ];
    for (const { method, path, op } of operations(['get'])) {
      const names = new Set([
        ...(op.parameters ?? []).filter((p) => p.in === 'query').map((p) => p.name),
        'q',
        'x',
      ]);
      for (const name of names) {
        for (const value of hostile) {
          await expectNo5xx(`${method} ${path}?${name}=${value}`, `${url(path)}?${name}=${value}`, {
            method,
          });
        }
      }
    }
  }, 300_000);

  it('answers 4xx for NUL and bad UTF-8 in every path id', async () => {
    const hostileIds = ['a%00b', '%ED%A0%80', '%00', '0000-01-01'];
    for (const { method, path } of operations(['get', 'post', 'patch', 'put', 'delete'])) {
      const names = [...path.matchAll(/\{(\w+)\}/g)].map((m) => m[1]!);
      for (const name of names) {
        for (const bad of hostileIds) {
          const target = `/api/v1${path.replace(/\{(\w+)\}/g, (_, n: string) =>
            n === name ? bad : encodeURIComponent(params[n] ?? 'x'),
          )}`;
          const status = await expectNo5xx(`${method} ${path} ${name}=${bad}`, target, {
            method,
            body: method === 'GET' || method === 'DELETE' ? undefined : {},
          });
          expect(status, `${method} ${target}`).toBeGreaterThanOrEqual(400);
        }
      }
    }
  }, 300_000);

  it('random combinations of hostile fields on random write operations never answer 5xx', async () => {
    const writes = operations(WRITE_METHODS).filter(
      ({ method, path, op }) =>
        op.requestBody?.content?.['application/json'] &&
        typeof bodies[`${method} ${path}`] !== 'string',
    );
    const hostile = fc.oneof(
      fc.constantFrom(...HOSTILE_TEXT.slice(0, -1), ...HOSTILE_DATES),
      fc.string({ unit: 'binary', maxLength: 20 }),
      fc.jsonValue({ maxDepth: 2 }),
    );
    await fc.assert(
      fc.asyncProperty(
        fc.constantFrom(...writes),
        fc.array(fc.tuple(fc.nat(), hostile), { minLength: 1, maxLength: 4 }),
        async ({ method, path, op }, changes) => {
          const base = (bodies[`${method} ${path}`] ?? {}) as object;
          const fields = [...new Set([...Object.keys(base), ...bodyFields(op)])];
          let body: unknown = base;
          for (const [i, value] of changes) {
            if (fields.length > 0) body = setAt(body, [fields[i % fields.length]!], value);
          }
          await expectNo5xx(`${method} ${path} ${JSON.stringify(body).slice(0, 200)}`, url(path), {
            method,
            body,
          });
        },
      ),
      { numRuns: 200 },
    );
  }, 300_000);

  afterAll(() => {
    // Recorded in the closing note: how many hostile requests one run sends.
    console.info(`input fuzz: ${requests} hostile requests`);
  });
});

describe('the text and date rules, by example (each answered 500 before)', () => {
  it('a NUL in a company name is a 400 naming the field', async () => {
    const res = await t.request('/api/v1/company', {
      method: 'POST',
      body: { companyName: 'Acme\u0000 B.V.' },
      cookie,
    });
    expect(res.status).toBe(400);
    expect((await res.json()).error.fields).toEqual({
      companyName: 'companyName must not contain control characters',
    });
  });

  it('a lone surrogate in a stakeholder name is a 400 naming the field', async () => {
    const res = await t.request(`/api/v1/company/${params.companyId}/stakeholders`, {
      method: 'POST',
      body: { name: 'Anna \uD800', relationship: 'employee' },
      cookie,
    });
    expect(res.status).toBe(400);
    expect((await res.json()).error.fields).toEqual({
      name: 'name must be well-formed Unicode text',
    });
  });

  it('dates: year 0000 is refused, years 0001 and 9999 are accepted', async () => {
    const event = (date: string) =>
      t.request(`/api/v1/company/${params.companyId}/plans/${params.planId}/pool-adjustments`, {
        method: 'POST',
        body: { date, shareCount: 1 },
        cookie,
      });
    const zero = await event('0000-01-01');
    expect(zero.status).toBe(400);
    expect(Object.keys((await zero.json()).error.fields)).toEqual(['date']);
    expect((await event('9999-12-31')).status).toBe(201);
    expect((await event('0001-01-01')).status).toBe(201);
  });

  it('notes keep their line breaks; a single-line field refuses them', async () => {
    const created = await t.request('/api/v1/company', {
      method: 'POST',
      body: { companyName: 'Lines B.V.', notes: 'first\nsecond\tindented' },
      cookie,
    });
    expect(created.status).toBe(201);
    expect((await created.json()).notes).toBe('first\nsecond\tindented');
    const city = await t.request('/api/v1/company', {
      method: 'POST',
      body: { companyName: 'Lines Two B.V.', city: 'Den\nHaag' },
      cookie,
    });
    expect(city.status).toBe(400);
    expect(Object.keys((await city.json()).error.fields)).toEqual(['city']);
  });

  it('a NUL in a query parameter is a 400 naming it', async () => {
    const res = await t.request('/api/v1/company?q=a%00b', { cookie });
    expect(res.status).toBe(400);
    expect((await res.json()).error.fields).toEqual({ q: 'q must not contain control characters' });
  });

  it('auth: a NUL or a lone surrogate in a sign-up name or an organization slug is a 400', async () => {
    const signUp = await t.request('/api/auth/sign-up/email', {
      method: 'POST',
      body: { name: 'Eve\u0000', email: 'eve-nul@example.com', password: 'correct-horse-9' },
    });
    expect(signUp.status).toBe(400);
    expect((await signUp.json()).fields).toEqual({
      name: 'name must not contain control characters',
    });
    const org = await t.request(
      '/api/auth/organization/get-full-organization?organizationSlug=%ED%A0%80%00',
      { cookie },
    );
    expect(org.status).toBe(400);
    const key = await t.request('/api/auth/api-key/create', {
      method: 'POST',
      body: { name: 'k'.repeat(40) },
      cookie,
    });
    expect(key.status).toBe(400);
  });
});
