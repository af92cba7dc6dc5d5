import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { errorResponseSchema } from '../../src/contracts/errors';
import { operations, type OpenApiDocument } from '../../src/server/http/openapi';
import { minimalOcfPackage } from '../support/ocf';
import { createTestApp, type TestApp } from '../support/app';
import { equityBodies, equityFixture, FIXTURE_PDF, ok } from '../support/equity';

/**
 * Every field of every write names itself when refused (issue 11, decision 013). Where
 * input-fuzz.test.ts asserts that hostile input never answers 5xx, this one asserts the contract
 * side: each text field of each POST, PATCH and PUT of the OpenAPI document, attacked alone in an
 * otherwise valid body, is a 400 whose `fields` names exactly that field; the report upload
 * refuses every malformed form with 4xx. A new write fails the test until it has a valid body.
 */

type Json = Record<string, unknown>;
type Fixture = Awaited<ReturnType<typeof equityFixture>>;

let t: TestApp;
let cookie: string;
let doc: OpenApiDocument;
let params: Record<string, string>;
let bodies: Record<string, unknown>;

beforeAll(async () => {
  t = await createTestApp();
  ({ cookie } = await t.signUp());
  const f: Fixture = await equityFixture(t, cookie, 'Hostile Input B.V.');
  const template = await ok<{ id: string }>(t, cookie, '/vesting-templates', 'POST', {
    name: 'Four years, one-year cliff',
    terms: TIME_TERMS,
  });
  // A document template version (issue 14): our standard grant letter, uploaded.
  const standard = await t.request('/api/v1/document-templates/grant_letter/en/standard', {
    cookie,
  });
  const uploaded = await t.request('/api/v1/document-templates/grant_letter/en', {
    method: 'POST',
    rawBody: new Uint8Array(await standard.arrayBuffer()),
    headers: {
      'content-type': 'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
    },
    cookie,
  });
  expect(uploaded.status, await uploaded.clone().text()).toBe(201);
  params = {
    ...f.params,
    templateId: template.id,
    documentTemplateId: ((await uploaded.json()) as { id: string }).id,
    kind: 'grant_letter',
    language: 'en',
  };
  bodies = {
    ...equityBodies(f),
    'POST /company': {
      companyName: 'Nieuw B.V.',
      street: 'Keizersgracht',
      streetNumber: '1',
      postal: '1015 CJ',
      city: 'Amsterdam',
      contactName: 'Eva Smit',
      email: 'eva@example.nl',
      phone: '+31 20 123 4567',
      incorporationDate: '2020-01-01',
      notes: 'First line\nsecond line',
    },
    'PATCH /company/{companyId}': { city: 'Utrecht' },
    // A zip, not JSON: its contents meet hostile input in input-fuzz.test.ts.
    'POST /ocf-imports': minimalOcfPackage('Velden Import B.V.'),
    'POST /vesting/preview': { quantity: 48, vestingStartDate: '2024-01-15', terms: TIME_TERMS },
    'POST /vesting-templates': {
      name: 'Milestones',
      description: 'Two milestones',
      terms: {
        type: 'milestone',
        milestones: [
          { id: 'a', name: 'Launch', portion: { numerator: 1, denominator: 2 } },
          { id: 'b', name: 'Series A', quantity: 10, deadline: '2030-01-01' },
        ],
      },
    },
    'PATCH /vesting-templates/{templateId}': { description: 'Monthly' },
    // A template is a .docx body (bytes, like the report's PDF): its text is not fuzzed as JSON.
    'POST /document-templates/{kind}/{language}': 'docx',
    'PATCH /document-templates/{documentTemplateId}': { active: true },
    'PATCH /document-settings': { language: 'nl' },
    // Reminders and calendar feeds (issue 15).
    'PATCH /me/reminders': { digestEnabled: true, digestTime: '08:00' },
    'POST /calendar-feeds': { includeInstallments: true },
  };
  const res = await t.request('/api/v1/openapi.json');
  doc = (await res.json()) as OpenApiDocument;
}, 120_000);
afterAll(() => t.close());

const TIME_TERMS = {
  type: 'time',
  periodLength: 1,
  periodUnit: 'months',
  occurrences: 48,
  cliffPeriods: 12,
};

/** Text that no field may hold: NUL, lone surrogates, C0 and C1 controls, DEL. */
const HOSTILE_TEXT: Record<string, string> = {
  nul: 'Acme\u0000B.V.',
  'nul alone': '\u0000',
  'high surrogate': 'Acme \uD800',
  'low surrogate': '\uDC00 Acme',
  'reversed pair': 'x\uDC00\uD800x',
  'C0 control': 'Acme\u0001',
  escape: 'Acme\u001b[31m',
  DEL: 'Acme\u007f',
  'C1 control': 'Acme\u0085',
  'C1 CSI': 'Acme\u009b',
  'over-long': 'x'.repeat(20_001),
};
/** Dates outside what an ISO date with a four-digit year in 0001–9999 can say, or not a day. */
const HOSTILE_DATES = [
  '0000-01-01',
  '0000-12-31',
  '10000-01-01',
  '+010000-01-01',
  '-000001-01-01',
  '2023-02-29',
  '2024-02-30',
  '2024-13-01',
  '2024-00-10',
  '2024-1-1',
  '2024-01-01T00:00:00Z',
  '2024-01-01\u0000',
];

// A note's Markdown body (issue 15) is multi-line too.
const isMultiLine = (path: string[]) => /^(notes|description|reason|body)$/.test(path.at(-1)!);
const isDateField = (path: string[]) =>
  /(^|\.)(date|asOf|start|end|deadline|achievedDate|\w+Date)$/.test(path.join('.'));

/** Follows `$ref`s of the document. */
function resolve(node: unknown): Json | undefined {
  let current = node as Json | undefined;
  for (let i = 0; current && typeof current.$ref === 'string' && i < 10; i++) {
    const pointer = current.$ref.replace(/^#\//, '').split('/');
    current = pointer.reduce<unknown>((at, key) => (at as Json | undefined)?.[key], doc) as
      Json | undefined;
  }
  return current;
}

/** Whether a JSON schema (or one of its alternatives) admits a string. */
function takesString(schema: Json | undefined): boolean {
  if (!schema) return false;
  const type = schema.type;
  if (type === 'string' || (Array.isArray(type) && type.includes('string'))) return true;
  if (schema.enum && (schema.enum as unknown[]).some((v) => typeof v === 'string')) return true;
  const alternatives = [schema.anyOf, schema.oneOf, schema.allOf].flat().filter(Boolean);
  return alternatives.some((s) => takesString(resolve(s)));
}

/**
 * Where a body can hold text: every string-typed property of the request schema (top level,
 * whether or not the valid body sets it) and every string inside the valid body (nested terms,
 * milestones, parts).
 */
function textSlots(schema: Json | undefined, body: unknown): string[][] {
  const slots = new Map<string, string[]>();
  const props = (resolve(schema)?.properties ?? {}) as Record<string, unknown>;
  for (const [name, s] of Object.entries(props)) {
    if (takesString(resolve(s))) slots.set(name, [name]);
  }
  const walk = (value: unknown, path: string[]) => {
    if (typeof value === 'string') slots.set(path.join('.'), path);
    else if (Array.isArray(value)) value.forEach((v, i) => walk(v, [...path, String(i)]));
    else if (value && typeof value === 'object')
      for (const [k, v] of Object.entries(value)) walk(v, [...path, k]);
  };
  walk(body, []);
  return [...slots.values()];
}

/** A copy of the body with `value` at `path` (unchanged when an earlier change removed the path). */
function withValue(body: unknown, path: string[], value: unknown): unknown {
  const copy = structuredClone(body) as Json;
  let at: Json = copy;
  for (const key of path.slice(0, -1)) {
    const next = at[key];
    if (!next || typeof next !== 'object') return copy;
    at = next as Json;
  }
  at[path.at(-1)!] = value;
  return copy;
}

function fillPath(path: string, override?: [string, string]): string {
  return `/api/v1${path.replace(/\{(\w+)\}/g, (_, name: string) => {
    if (override && override[0] === name) return override[1];
    const id = params[name];
    if (!id) throw new Error(`No fixture id for path parameter {${name}} of ${path}`);
    return id;
  })}`;
}

interface Outcome {
  what: string;
  status: number;
  body: unknown;
}

async function send(
  method: string,
  url: string,
  init: { body?: unknown; rawBody?: string; headers?: Record<string, string> },
): Promise<{ status: number; json: unknown }> {
  const res = await t.request(url, { method: method.toUpperCase(), cookie, ...init });
  const text = await res.text();
  let json: unknown = text;
  try {
    json = text ? JSON.parse(text) : null;
  } catch {
    // Left as text: an error that is not JSON fails the shape check below.
  }
  return { status: res.status, json };
}

/** Answers that break the rules: any 5xx, and any error whose body is not the error shape. */
function problems(outcomes: Outcome[]): Outcome[] {
  return outcomes.filter(
    (o) => o.status >= 500 || (o.status >= 400 && !errorResponseSchema.safeParse(o.body).success),
  );
}

function report(list: Outcome[]): string {
  const lines = list
    .slice(0, 25)
    .map((o) => `${o.status} ${o.what} ${JSON.stringify(o.body).slice(0, 160)}`);
  return `${list.length} bad answers:\n${lines.join('\n')}`;
}

/** The POST, PATCH and PUT operations that take a body (a restore from the trash takes none). */
const writes = () =>
  operations(doc).filter(
    ([method, , op]) => ['post', 'patch', 'put'].includes(method) && op.requestBody,
  );
const jsonSchemaOf = (op: ReturnType<typeof operations>[number][2]) =>
  resolve(
    (op.requestBody?.content as Record<string, { schema?: unknown }> | undefined)?.[
      'application/json'
    ]?.schema,
  );

describe('every write of the OpenAPI document under hostile input', () => {
  it('has a valid body for every POST, PATCH and PUT', async () => {
    const missing = writes()
      .map(([m, p]) => `${m.toUpperCase()} ${p}`)
      .filter((key) => !(key in bodies));
    expect(missing, 'add a valid body for these operations').toEqual([]);
    expect(writes().length).toBeGreaterThanOrEqual(28);
  });

  it('refuses hostile text in every text field with 400 naming the field', async () => {
    const outcomes: Outcome[] = [];
    const unnamed: string[] = [];
    for (const [method, path, op] of writes()) {
      const base = bodies[`${method.toUpperCase()} ${path}`];
      if (typeof base === 'string') continue; // the report upload: bytes, below
      for (const slot of textSlots(jsonSchemaOf(op), base)) {
        const field = slot.join('.');
        const values = [
          ...Object.entries(HOSTILE_TEXT),
          // The input guard lets tab and line breaks through; single-line fields refuse them.
          ...(isMultiLine(slot)
            ? []
            : ([
                ['tab', 'Acme\tB.V.'],
                ['line break', 'Acme\nB.V.'],
                ['carriage return', 'Acme\rB.V.'],
              ] as const)),
          ...(isDateField(slot) ? HOSTILE_DATES.map((d) => [`date ${d}`, d] as const) : []),
        ];
        for (const [kind, value] of values) {
          const what = `${method.toUpperCase()} ${path} ${field} ← ${kind}`;
          const res = await send(method, fillPath(path), { body: withValue(base, slot, value) });
          outcomes.push({ what, status: res.status, body: res.json });
          // Only the field under attack is named: the rest of the body is valid.
          const fields = (res.json as { error?: { fields?: Json } })?.error?.fields ?? {};
          if (res.status !== 400 || Object.keys(fields).join() !== field)
            unnamed.push(`${res.status} ${what} ${JSON.stringify(res.json).slice(0, 200)}`);
        }
      }
    }
    const bad = problems(outcomes);
    expect.soft(bad.length, report(bad)).toBe(0);
    const counts = new Map<string, number>();
    for (const line of unnamed)
      counts.set(line.slice(0, 3), (counts.get(line.slice(0, 3)) ?? 0) + 1);
    const byStatus = [...counts].map(([status, n]) => `${status}: ${n}`);
    expect(unnamed, `not refused naming (only) the field: ${byStatus.join(', ')}`).toEqual([]);
    expect(outcomes.length).toBeGreaterThan(1000);
    // Over a thousand requests: takes 10-15 s alone, longer on a machine under load.
  }, 120_000);
});

describe('malformed multipart uploads', () => {
  it('answers every malformed upload on every multipart route with 4xx', async () => {
    const multipart = operations(doc).filter(([, , op]) =>
      Object.keys((op.requestBody?.content ?? {}) as Json).includes('multipart/form-data'),
    );
    expect(multipart.length).toBeGreaterThan(0);
    const b = 'XyZboundary';
    const part = (name: string, body: string, extra = '') =>
      `--${b}\r\nContent-Disposition: form-data; name="${name}"${extra}\r\n\r\n${body}\r\n`;
    const file = (body: string) =>
      part('report', body, '; filename="r.pdf"\r\nContent-Type: application/pdf');
    const cases: [string, string | undefined, string][] = [
      ['missing boundary', 'multipart/form-data', `${file(FIXTURE_PDF)}--${b}--\r\n`],
      ['empty boundary', 'multipart/form-data; boundary=', `${file(FIXTURE_PDF)}--${b}--\r\n`],
      ['wrong boundary', 'multipart/form-data; boundary=other', `${file(FIXTURE_PDF)}--${b}--\r\n`],
      ['truncated', `multipart/form-data; boundary=${b}`, file(FIXTURE_PDF).slice(0, 60)],
      ['no closing boundary', `multipart/form-data; boundary=${b}`, file(FIXTURE_PDF)],
      ['no parts', `multipart/form-data; boundary=${b}`, `--${b}--\r\n`],
      ['empty body', `multipart/form-data; boundary=${b}`, ''],
      ['garbage', `multipart/form-data; boundary=${b}`, '\u0000\u0001garbage'],
      ['empty file', `multipart/form-data; boundary=${b}`, `${file('')}--${b}--\r\n`],
      [
        'file as a text field',
        `multipart/form-data; boundary=${b}`,
        `${part('report', FIXTURE_PDF)}--${b}--\r\n`,
      ],
      [
        'wrong field',
        `multipart/form-data; boundary=${b}`,
        `${part('other', 'x', '; filename="r.pdf"')}--${b}--\r\n`,
      ],
      [
        'two files',
        `multipart/form-data; boundary=${b}`,
        `${file(FIXTURE_PDF)}${file('not a pdf')}--${b}--\r\n`,
      ],
      [
        'huge text field',
        `multipart/form-data; boundary=${b}`,
        `${part('note', 'x'.repeat(2_000_000))}${file(FIXTURE_PDF)}--${b}--\r\n`,
      ],
      [
        'no headers in part',
        `multipart/form-data; boundary=${b}`,
        `--${b}\r\n\r\n${FIXTURE_PDF}\r\n--${b}--\r\n`,
      ],
      [
        'NUL in field name',
        `multipart/form-data; boundary=${b}`,
        `${part('rep\u0000ort', FIXTURE_PDF, '; filename="r.pdf"')}--${b}--\r\n`,
      ],
      [
        'NUL in file name',
        `multipart/form-data; boundary=${b}`,
        `${part('report', FIXTURE_PDF, '; filename="r\u0000.pdf"')}--${b}--\r\n`,
      ],
      ['form-urlencoded', 'application/x-www-form-urlencoded', 'report=%25PDF-1.4'],
      ['text/plain', 'text/plain', FIXTURE_PDF],
      ['json', 'application/json', JSON.stringify({ report: FIXTURE_PDF })],
      ['no content type', undefined, ''],
    ];
    const outcomes: Outcome[] = [];
    const not4xx: string[] = [];
    for (const [method, path] of multipart) {
      for (const [kind, type, rawBody] of cases) {
        const res = await send(method, fillPath(path), {
          rawBody,
          headers: type ? { 'content-type': type } : {},
        });
        const what = `${method.toUpperCase()} ${path} ${kind}`;
        outcomes.push({ what, status: res.status, body: res.json });
        if (res.status < 400 || res.status >= 500) not4xx.push(`${res.status} ${what}`);
      }
    }
    const bad = problems(outcomes);
    expect.soft(bad.length, report(bad)).toBe(0);
    expect(not4xx).toEqual([]);
  });
});

describe('examples', () => {
  const post = (path: string, body: unknown) =>
    send('POST', `/api/v1${path}`, { body }) as Promise<{
      status: number;
      json: { error?: { fields?: Record<string, string> } } & Json;
    }>;

  it('a date in year 0000 is a 400 naming the field; 10000 and Feb 30 too', async () => {
    for (const [date, message] of [
      ['0000-01-01', 'Incorporation date must be a date in the years 0001–9999'],
      ['10000-01-01', 'Incorporation date must be a date (YYYY-MM-DD)'],
      ['2024-02-30', 'Incorporation date must be a date (YYYY-MM-DD)'],
    ]) {
      const res = await post('/company', { companyName: 'Dated B.V.', incorporationDate: date });
      expect(res.status, date).toBe(400);
      expect(res.json.error?.fields).toEqual({ incorporationDate: message });
    }
    const event = await post(`/company/${params.companyId}/plans`, {
      name: 'Year zero',
      planType: 'phantom_shares',
      poolSize: 1,
      boardApprovalDate: '0000-12-31',
    });
    expect(event.status).toBe(400);
    expect(Object.keys(event.json.error?.fields ?? {})).toEqual(['boardApprovalDate']);
  });

  it('accepts and returns the year 9999 and the year 0001', async () => {
    const company = await post('/company', {
      companyName: 'Far Future B.V.',
      incorporationDate: '9999-12-31',
    });
    expect(company.status).toBe(201);
    expect(company.json.incorporationDate).toBe('9999-12-31');
    const plan = await post(`/company/${company.json.id as string}/plans`, {
      name: 'Long plan',
      planType: 'phantom_shares',
      poolSize: 1,
      boardApprovalDate: '0001-01-01',
      shareholderApprovalDate: '9999-12-31',
    });
    expect(plan.status).toBe(201);
    expect(plan.json).toMatchObject({
      boardApprovalDate: '0001-01-01',
      shareholderApprovalDate: '9999-12-31',
    });
  });

  it('keeps tabs and line breaks in notes (CRLF becomes LF), and text beyond ASCII', async () => {
    const res = await post('/company', {
      companyName: 'Ærø Ünïcode 𝔄 B.V.',
      notes: 'Line one\r\n\tindented\rline three',
    });
    expect(res.status).toBe(201);
    expect(res.json).toMatchObject({
      companyName: 'Ærø Ünïcode 𝔄 B.V.',
      notes: 'Line one\n\tindented\nline three',
    });
    const tab = await post('/company', { companyName: 'Tab\tB.V.' });
    expect(tab.status).toBe(400);
  });
});
