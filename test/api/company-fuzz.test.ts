import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { errorResponseSchema } from '../../src/contracts/errors';
import { createTestApp, type TestApp } from '../support/app';

let t: TestApp;
let user: Awaited<ReturnType<TestApp['signUp']>>;
let existingId: string;

beforeAll(async () => {
  t = await createTestApp();
  user = await t.signUp();
  const res = await t.request('/api/v1/company', {
    method: 'POST',
    body: { companyName: 'Fuzz Target B.V.' },
    cookie: user.cookie,
  });
  existingId = (await res.json()).id;
});
afterAll(() => t.close());

const fieldNames = [
  'companyName',
  'vat',
  'companyType',
  'street',
  'streetNumber',
  'postal',
  'city',
  'country',
  'contactName',
  'email',
  'phone',
  'id',
  '__proto__',
  'constructor',
];
const anyJson = fc.jsonValue({ maxDepth: 3 });
const companyish = fc.dictionary(
  fc.constantFrom(...fieldNames),
  fc.oneof(anyJson, fc.string(), fc.constant(null)),
  { maxKeys: 8 },
);
const rawBody = fc.oneof(
  companyish.map((v) => JSON.stringify(v)),
  anyJson.map((v) => JSON.stringify(v)),
  fc.string(),
  fc.constantFrom(
    '',
    '{',
    '[]',
    'null',
    '"x"',
    '{"companyName":',
    '\u0000',
    '{"companyName":"a","companyName":1}',
  ),
);
const idSegment = fc.oneof(
  fc.constant('EXISTING'),
  fc.uuid(),
  fc.string({ maxLength: 40 }).map((s) => encodeURIComponent(s)),
  fc.constantFrom('%', '..', '%2F', 'null', '0', '-1', "' OR 1=1 --"),
);
const query = fc.dictionary(
  fc.constantFrom('limit', 'cursor', 'q', 'sort', 'order', 'x'),
  fc.oneof(
    fc.string({ maxLength: 30 }),
    fc.integer().map(String),
    fc.constantFrom('-1', '1e9', 'NaN', '%', 'name', 'desc'),
  ),
  { maxKeys: 4 },
);
const contentType = fc.constantFrom(
  'application/json',
  'text/plain',
  'application/x-www-form-urlencoded',
  'multipart/form-data; boundary=x',
  undefined,
);

describe('company routes under random and malformed input', () => {
  it('never answer 5xx, and every error is JSON with the error shape', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.constantFrom('GET', 'POST', 'PATCH', 'DELETE', 'PUT'),
        fc.constantFrom('list', 'one', 'activity'),
        idSegment,
        query,
        rawBody,
        contentType,
        fc.boolean(),
        async (method, shape, id, q, body, type, signedIn) => {
          const seg = id === 'EXISTING' ? existingId : id;
          const base =
            shape === 'list'
              ? '/api/v1/company'
              : shape === 'one'
                ? `/api/v1/company/${seg}`
                : `/api/v1/company/${seg}/activity`;
          const search = new URLSearchParams(q).toString();
          const headers: Record<string, string> = {};
          if (type) headers['content-type'] = type;
          const res = await t.request(`${base}${search ? `?${search}` : ''}`, {
            method,
            rawBody: method === 'GET' || method === 'DELETE' ? undefined : body,
            headers,
            cookie: signedIn ? user.cookie : undefined,
          });
          expect(
            res.status,
            `${method} ${base}?${search} ${type} ${body.slice(0, 80)}`,
          ).toBeLessThan(500);
          if (res.status >= 400) {
            const json = await res.json();
            expect(errorResponseSchema.safeParse(json).success, JSON.stringify(json)).toBe(true);
          }
        },
      ),
      { numRuns: 300 },
    );
  });
});
