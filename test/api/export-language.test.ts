import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../support/app';
import { ok } from '../support/equity';

/*
 * Issue 12: the cap table CSV in the caller's language (Accept-Language, then the saved
 * language, then English): translated headers; for Dutch Excel semicolons and decimal commas;
 * UTF-8 with a byte-order mark; named after the company and the date.
 */

let t: TestApp;
let dutch: Awaited<ReturnType<TestApp['signUp']>>;
let base: string;
beforeAll(async () => {
  t = await createTestApp();
  dutch = await t.signUp({ name: 'Daan Dutch' });
  const saved = await t.request('/api/auth/update-user', {
    method: 'POST',
    body: { locale: 'nl' },
    cookie: dutch.cookie,
  });
  expect(saved.status).toBe(200);
  const company = await ok<{ id: string }>(t, dutch.cookie, '/company', 'POST', {
    companyName: 'Zoë & Straße B.V.',
  });
  base = `/company/${company.id}`;
  const person = async (name: string, relationship: string) =>
    (
      await ok<{ id: string }>(t, dutch.cookie, `${base}/stakeholders`, 'POST', {
        name,
        relationship,
      })
    ).id;
  const anna = await person('Anna de Vries', 'founder');
  const bart = await person('Vries, Bart de', 'investor');
  const common = await ok<{ id: string }>(t, dutch.cookie, `${base}/share-classes`, 'POST', {
    name: 'Gewone aandelen',
    nominalValue: '0.01',
  });
  for (const [to, shareCount] of [
    [anna, 2],
    [bart, 1],
  ] as const) {
    await ok(t, dutch.cookie, `${base}/share-events`, 'POST', {
      type: 'issue',
      date: '2024-01-01',
      shareClassId: common.id,
      shareCount,
      toStakeholderId: to,
    });
  }
});
afterAll(() => t.close());

const exportCsv = (headers: Record<string, string> = {}) =>
  t.request(`/api/v1${base}/cap-table/export?asOf=2026-11-24`, { cookie: dutch.cookie, headers });

/** The body as bytes and as lines (the BOM kept, which Response.text() would drop). */
async function read(res: Response) {
  const bytes = new Uint8Array(await res.arrayBuffer());
  const text = new TextDecoder('utf-8', { ignoreBOM: true }).decode(bytes);
  return { bytes, lines: text.trimEnd().split('\r\n') };
}

describe('the cap table CSV (issue 12)', () => {
  it('in Dutch: semicolons, Dutch headers, decimal commas, BOM, the company in the file name', async () => {
    const res = await exportCsv({ 'accept-language': 'nl-NL,nl;q=0.9' });
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('text/csv; charset=utf-8');
    expect(res.headers.get('vary')).toMatch(/Accept-Language/i);
    expect(res.headers.get('content-disposition')).toBe(
      `attachment; filename="captabel-zoe-strasse-bv-2026-11-24.csv"; ` +
        `filename*=UTF-8''captabel-zoe-stra%C3%9Fe-bv-2026-11-24.csv`,
    );
    const { bytes, lines } = await read(res);
    expect([...bytes.slice(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    expect(lines).toEqual([
      '\uFEFFHouder;Groep;Gewone aandelen;Rechten gevest;Rechten niet-gevest;Volledig verwaterd;Volledig verwaterd %',
      'Anna de Vries;oprichters;2;0;0;2;66,6667',
      // A comma is no separator here: not quoted.
      'Vries, Bart de;investeerders;1;0;0;1;33,3333',
      'Totaal;;3;;;3;100,0000',
    ]);
  });

  it('in English: commas, English headers, decimal points', async () => {
    const res = await exportCsv({ 'accept-language': 'en-GB,en;q=0.9' });
    expect(res.status).toBe(200);
    expect(res.headers.get('content-disposition')).toBe(
      `attachment; filename="cap-table-zoe-strasse-bv-2026-11-24.csv"; ` +
        `filename*=UTF-8''cap-table-zoe-stra%C3%9Fe-bv-2026-11-24.csv`,
    );
    const { bytes, lines } = await read(res);
    expect([...bytes.slice(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    expect(lines).toEqual([
      '\uFEFFHolder,Group,Gewone aandelen,Awards vested,Awards unvested,Fully diluted,Fully diluted %',
      'Anna de Vries,founders,2,0,0,2,66.6667',
      '"Vries, Bart de",investors,1,0,0,1,33.3333',
      'Total,,3,,,3,100.0000',
    ]);
  });

  it('without Accept-Language (a plain link): the saved language', async () => {
    const res = await exportCsv();
    expect(res.status).toBe(200);
    expect(res.headers.get('content-disposition')).toContain('filename="captabel-');
    const { lines } = await read(res);
    expect(lines[0]).toMatch(/^\uFEFFHouder;Groep;/);
    expect(lines.at(-1)).toBe('Totaal;;3;;;3;100,0000');
  });

  it('a language without a catalog falls back to the saved one', async () => {
    const res = await exportCsv({ 'accept-language': 'de-DE' });
    const { lines } = await read(res);
    expect(lines[0]).toMatch(/^\uFEFFHouder;/);
  });
});
