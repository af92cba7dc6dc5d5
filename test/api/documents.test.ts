import { createHash } from 'node:crypto';
import { strFromU8, strToU8, unzipSync, zipSync } from 'fflate';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { organization } from '../../src/server/db/schema';
import { settleDocumentJobs } from '../../src/server/modules/documents/service';
import { createTestApp, type TestApp } from '../support/app';
import { ok } from '../support/equity';
import { pdfText } from '../support/pdf-text';

// Documents (issue 14): every kind in both languages from the standard templates, the DOCX read
// back as XML and the PDFs as text; custom templates and every bad one; a 50-grant batch;
// signed copies marking grants accepted (the Belgian 60 days); workspace scoping.

let t: TestApp;
let ann: Awaited<ReturnType<TestApp['signUp']>>;
let bob: Awaited<ReturnType<TestApp['signUp']>>;

interface Doc {
  id: string;
  kind: string;
  language: string;
  format: string;
  fileName: string;
  contentType: string;
  sha256: string;
  createdBy: string | null;
  createdByName: string;
  templateVersion: number | null;
  templateId: string | null;
  grantIds: string[];
  stakeholderName: string | null;
  status: string;
  sentAt: string | null;
  signedAt: string | null;
  jobId: string | null;
  signedCopy: { sha256: string } | null;
}

/** An answer read loosely: its fields are checked by the assertions. */
// eslint-disable-next-line @typescript-eslint/no-explicit-any
type Loose = Record<string, any>;

const DOCX = 'application/vnd.openxmlformats-officedocument.wordprocessingml.document';
const sha = (bytes: Uint8Array) => createHash('sha256').update(bytes).digest('hex');

/** The text of a DOCX's body: its runs joined, paragraphs on lines. */
function docxText(bytes: Uint8Array): string {
  const xml = strFromU8(unzipSync(bytes)['word/document.xml']!);
  return xml
    .replace(/<\/w:p>/g, '\n')
    .replace(/<w:tab\/>/g, '\t')
    .replace(/<[^>]+>/g, '')
    .replace(/&amp;/g, '&')
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&quot;/g, '"')
    .replace(/&apos;/g, "'");
}

async function bytesOf(path: string, cookie = ann.cookie, language?: string) {
  const res = await t.request(`/api/v1${path}`, {
    cookie,
    headers: language ? { 'accept-language': language } : {},
  });
  expect(res.status, path).toBe(200);
  return { bytes: new Uint8Array(await res.arrayBuffer()), headers: res.headers };
}

async function post(base: string, body: unknown, cookie = ann.cookie, language = 'en') {
  const res = await t.request(`/api/v1${base}/documents`, {
    method: 'POST',
    body,
    cookie,
    headers: { 'accept-language': language },
  });
  return { status: res.status, body: (await res.json()) as Doc & Loose };
}

async function generate(base: string, body: unknown, cookie = ann.cookie) {
  const res = await post(base, body, cookie);
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  return res.body;
}

/** A company with a board member, a holder with a grant (offered), an exercise and a valuation. */
async function company(cookie: string, name: string, country = 'NL') {
  const c = await ok<{ id: string }>(t, cookie, '/company', 'POST', {
    companyName: name,
    country,
    companyType: country === 'BE' ? 'BV/SRL' : 'BV',
    street: 'Keizersgracht',
    streetNumber: '1',
    postal: country === 'BE' ? '1000' : '1015 AA',
    city: country === 'BE' ? 'Brussel' : 'Amsterdam',
  });
  const base = `/company/${c.id}`;
  const person = (body: Record<string, unknown>) =>
    ok<{ id: string }>(t, cookie, `${base}/stakeholders`, 'POST', body);
  await person({ name: 'Bert Bestuurder', relationship: 'board_member' });
  const zoe = await person({
    name: 'Zoë Müller',
    relationship: 'employee',
    street: 'Dorpsstraat 2',
    postal: '3511 AB',
    city: 'Utrecht',
    country: 'NL',
  });
  const jan = await person({
    name: 'Jan de Nederlander',
    relationship: 'employee',
    language: 'nl',
  });
  const cls = await ok<{ id: string }>(t, cookie, `${base}/share-classes`, 'POST', {
    name: 'Common',
    nominalValue: '0.01',
  });
  await ok(t, cookie, `${base}/share-events`, 'POST', {
    type: 'issue',
    date: '2024-01-01',
    shareClassId: cls.id,
    shareCount: 100000,
    toStakeholderId: zoe.id,
    firstShareNumber: 1,
    lastShareNumber: 100000,
    deedDate: '2024-01-01',
    notary: 'Mr. Notaris',
  });
  await ok(t, cookie, `${base}/share-events`, 'POST', {
    type: 'transfer',
    date: '2024-06-01',
    shareClassId: cls.id,
    shareCount: 2500,
    fromStakeholderId: zoe.id,
    toStakeholderId: jan.id,
    firstShareNumber: 97501,
    lastShareNumber: 100000,
  });
  const plan = await ok<{ id: string }>(t, cookie, `${base}/plans`, 'POST', {
    name: 'ESOP 2024',
    planType: 'stock_options',
    shareClassId: cls.id,
    poolSize: 200000,
    boardApprovalDate: '2024-01-01',
  });
  await ok(t, cookie, `${base}/valuations`, 'POST', {
    effectiveDate: '2024-01-01',
    purpose: 'tax_fmv',
    method: 'opm',
    enterpriseValue: '1000000',
  });
  const grantBody = (stakeholderId: string, over: Record<string, unknown> = {}) => ({
    stakeholderId,
    planId: plan.id,
    quantity: 4800,
    exercisePrice: '0.10',
    grantDate: '2024-02-01',
    vestingStartDate: '2024-02-01',
    terms: {
      type: 'time',
      periodLength: 1,
      periodUnit: 'months',
      occurrences: 48,
      cliffPeriods: 12,
    },
    ...over,
  });
  const grant = await ok<{ id: string }>(
    t,
    cookie,
    `${base}/grants`,
    'POST',
    grantBody(zoe.id, { status: 'offered', offerDate: '2024-01-20' }),
  );
  const janGrant = await ok<{ id: string }>(t, cookie, `${base}/grants`, 'POST', grantBody(jan.id));
  const exercised = await ok<{ exercises: { id: string }[] }>(
    t,
    cookie,
    `${base}/grants/${janGrant.id}/exercises`,
    'POST',
    { date: '2025-03-01', quantity: 1200 },
  );
  return {
    id: c.id,
    base,
    plan: plan.id,
    zoe: zoe.id,
    jan: jan.id,
    grant: grant.id,
    janGrant: janGrant.id,
    exercise: exercised.exercises[0]!.id,
    grantBody,
  };
}

let nl: Awaited<ReturnType<typeof company>>;

beforeAll(async () => {
  t = await createTestApp();
  ann = await t.signUp({ name: 'Ann Advocaat' });
  bob = await t.signUp({ name: 'Bob Jurist' });
  nl = await company(ann.cookie, 'Acme B.V.');
}, 120_000);
afterAll(async () => {
  await settleDocumentJobs();
  await t.close();
});

describe('generating each kind from the standard templates', () => {
  it('a grant letter in English and in Dutch, its text merged', async () => {
    const en = await generate(nl.base, {
      kind: 'grant_letter',
      grantIds: [nl.grant],
      language: 'en',
    });
    expect(en).toMatchObject({
      kind: 'grant_letter',
      language: 'en',
      format: 'docx',
      contentType: DOCX,
      templateVersion: 0,
      templateId: null,
      grantIds: [nl.grant],
      stakeholderName: 'Zoë Müller',
      createdBy: ann.userId,
      createdByName: 'Ann Advocaat',
      status: 'generated',
    });
    const file = await bytesOf(`${nl.base}/documents/${en.id}/file`);
    expect(sha(file.bytes)).toBe(en.sha256);
    expect(file.headers.get('content-type')).toBe(DOCX);
    expect(file.headers.get('content-disposition')).toContain('grant-letter-acme-bv-zoe-muller');
    const text = docxText(file.bytes);
    expect(text).toContain('Zoë Müller');
    expect(text).toContain('Acme B.V.');
    expect(text).toContain('4,800');
    expect(text).toContain('EUR 0.10');
    // The schedule table: the cliff, then 36 monthly installments.
    expect(text).toContain('1 February 2025');
    expect(text).toContain('1,200');
    expect(text).not.toMatch(/[{}]/);

    const nlDoc = await generate(nl.base, {
      kind: 'grant_letter',
      grantIds: [nl.grant],
      language: 'nl',
    });
    const nlText = docxText((await bytesOf(`${nl.base}/documents/${nlDoc.id}/file`)).bytes);
    expect(nlText).toContain('4.800');
    expect(nlText).toContain('1 februari 2025');
    expect(nlText).toContain('EUR 0,10');
    expect(nlDoc.fileName).toMatch(/^toekenningsbrief-acme-bv-zoe-muller-\d{4}-\d{2}-\d{2}\.docx$/);
  });

  it('writes to the holder in their language, else the workspace’s, unless the body says', async () => {
    const jan = await generate(nl.base, { kind: 'grant_letter', grantIds: [nl.janGrant] });
    expect(jan.language).toBe('nl');
    const zoe = await generate(nl.base, { kind: 'grant_letter', grantIds: [nl.grant] });
    // No preference and no workspace setting: the caller's language (English here).
    expect(zoe.language).toBe('en');
    const setting = await ok<{ language: string }>(t, ann.cookie, '/document-settings', 'PATCH', {
      language: 'nl',
    });
    expect(setting.language).toBe('nl');
    const again = await generate(nl.base, { kind: 'grant_letter', grantIds: [nl.grant] });
    expect(again.language).toBe('nl');
    const forced = await generate(nl.base, {
      kind: 'grant_letter',
      grantIds: [nl.janGrant],
      language: 'en',
    });
    expect(forced.language).toBe('en');
    await ok(t, ann.cookie, '/document-settings', 'PATCH', { language: 'en' });
  });

  it('a board resolution for several grants', async () => {
    for (const language of ['en', 'nl']) {
      const doc = await generate(nl.base, {
        kind: 'board_resolution',
        grantIds: [nl.grant, nl.janGrant],
        language,
      });
      expect(doc.grantIds).toEqual([nl.grant, nl.janGrant]);
      const text = docxText((await bytesOf(`${nl.base}/documents/${doc.id}/file`)).bytes);
      expect(text).toContain('Zoë Müller');
      expect(text).toContain('Jan de Nederlander');
      expect(text).toContain('Bert Bestuurder');
      expect(text).toContain(language === 'en' ? '9,600' : '9.600');
      expect(text).not.toMatch(/[{}]/);
    }
  });

  it('an exercise notice', async () => {
    for (const language of ['en', 'nl']) {
      const doc = await generate(nl.base, {
        kind: 'exercise_notice',
        exerciseId: nl.exercise,
        language,
      });
      expect(doc).toMatchObject({ grantIds: [nl.janGrant], stakeholderName: 'Jan de Nederlander' });
      const text = docxText((await bytesOf(`${nl.base}/documents/${doc.id}/file`)).bytes);
      expect(text).toContain(language === 'en' ? '1,200' : '1.200');
      expect(text).toContain(language === 'en' ? 'EUR 120.00' : 'EUR 120,00');
      expect(text).toContain(language === 'en' ? '1 March 2025' : '1 maart 2025');
      expect(text).not.toMatch(/[{}]/);
    }
  });

  it('a register extract equal to the register, as DOCX and PDF', async () => {
    for (const language of ['en', 'nl']) {
      const docx = await generate(nl.base, {
        kind: 'register_extract',
        language,
        asOf: '2025-01-01',
      });
      const text = docxText((await bytesOf(`${nl.base}/documents/${docx.id}/file`)).bytes);
      expect(text).toContain(language === 'en' ? '97,500' : '97.500');
      expect(text).toContain(language === 'en' ? '97,501–100,000' : '97.501–100.000');
      expect(text).toContain('Mr. Notaris');
      expect(text).not.toMatch(/[{}]/);

      const pdf = await generate(nl.base, {
        kind: 'register_extract',
        language,
        format: 'pdf',
        asOf: '2025-01-01',
      });
      expect(pdf).toMatchObject({
        format: 'pdf',
        contentType: 'application/pdf',
        templateVersion: null,
      });
      const file = await bytesOf(`${nl.base}/documents/${pdf.id}/file`);
      expect(sha(file.bytes)).toBe(pdf.sha256);
      const pages = (await pdfText(file.bytes)).join('\n');
      expect(pages).toContain('Zoë Müller');
      expect(pages).toContain('Jan de Nederlander');
      expect(pages).toContain(language === 'en' ? '97,500' : '97.500');
      expect(pages).toMatch(language === 'en' ? /Page 1 of \d/ : /Pagina 1 van \d/);
    }
  });

  it('a register extract as of a date before a transfer leaves it out', async () => {
    const doc = await generate(nl.base, {
      kind: 'register_extract',
      language: 'en',
      asOf: '2024-03-01',
    });
    const text = docxText((await bytesOf(`${nl.base}/documents/${doc.id}/file`)).bytes);
    expect(text).toContain('100,000');
    expect(text).not.toContain('Jan de Nederlander');
  });

  it('a cap-table report as DOCX and PDF', async () => {
    for (const language of ['en', 'nl']) {
      const docx = await generate(nl.base, { kind: 'cap_table_report', language });
      const text = docxText((await bytesOf(`${nl.base}/documents/${docx.id}/file`)).bytes);
      expect(text).toContain('ESOP 2024');
      expect(text).toContain(language === 'en' ? '97,500' : '97.500');
      expect(text).not.toMatch(/[{}]/);
      const pdf = await generate(nl.base, { kind: 'cap_table_report', language, format: 'pdf' });
      const pages = (
        await pdfText((await bytesOf(`${nl.base}/documents/${pdf.id}/file`)).bytes)
      ).join('\n');
      expect(pages).toContain('ESOP 2024');
      expect(pages).toContain('Zoë Müller');
      expect(pages).toContain(language === 'en' ? '97,500' : '97.500');
    }
  });

  it('refuses a body that does not fit the kind, naming the field', async () => {
    const cases: [unknown, string][] = [
      [{ kind: 'grant_letter' }, 'grantIds'],
      [{ kind: 'grant_letter', grantIds: [nl.grant], format: 'pdf' }, 'format'],
      [{ kind: 'exercise_notice' }, 'exerciseId'],
      [{ kind: 'register_extract', grantIds: [nl.grant] }, 'grantIds'],
      [{ kind: 'grant_letter', grantIds: [nl.grant, nl.grant] }, 'grantIds'],
      [{ kind: 'grant_letter', grantIds: ['00000000-0000-4000-8000-000000000000'] }, 'grantIds'],
      [
        { kind: 'exercise_notice', exerciseId: '00000000-0000-4000-8000-000000000000' },
        'exerciseId',
      ],
      [{ kind: 'memo' }, 'kind'],
      [{ kind: 'register_extract', asOf: '2024-02-30' }, 'asOf'],
    ];
    for (const [body, field] of cases) {
      const res = await post(nl.base, body);
      expect(res.status, JSON.stringify(body)).toBe(400);
      expect(Object.keys(res.body.error.fields ?? {}), JSON.stringify(res.body)).toContain(field);
    }
  });
});

describe('listing, marking sent, deleting', () => {
  it('lists newest first, filters by grant, marks sent, deletes', async () => {
    const doc = await generate(nl.base, { kind: 'grant_letter', grantIds: [nl.janGrant] });
    const all = await ok<{ items: Doc[] }>(t, ann.cookie, `${nl.base}/documents`);
    expect(all.items[0]!.id).toBe(doc.id);
    const forGrant = await ok<{ items: Doc[] }>(
      t,
      ann.cookie,
      `${nl.base}/documents?grantId=${nl.janGrant}`,
    );
    expect(forGrant.items.every((d) => d.grantIds.includes(nl.janGrant))).toBe(true);
    expect(forGrant.items.map((d) => d.id)).toContain(doc.id);
    const sent = await ok<Doc>(t, ann.cookie, `${nl.base}/documents/${doc.id}`, 'PATCH', {
      sentAt: '2025-01-02',
    });
    expect(sent).toMatchObject({ status: 'sent', sentAt: '2025-01-02' });
    const future = await t.request(`/api/v1${nl.base}/documents/${doc.id}`, {
      method: 'PATCH',
      body: { sentAt: '2999-01-01' },
      cookie: ann.cookie,
    });
    expect(future.status).toBe(400);
    const del = await t.request(`/api/v1${nl.base}/documents/${doc.id}`, {
      method: 'DELETE',
      cookie: ann.cookie,
    });
    expect(del.status).toBe(204);
    const gone = await t.request(`/api/v1${nl.base}/documents/${doc.id}/file`, {
      cookie: ann.cookie,
    });
    expect(gone.status).toBe(404);
  });
});

// ------------------------------------------------------------------------------------ templates

async function standard(kind: string, language: string) {
  return (await bytesOf(`/document-templates/${kind}/${language}/standard`)).bytes;
}

/** The template with its body's XML changed by `edit`. */
function edited(
  template: Uint8Array,
  edit: (xml: string) => string,
  extra: Record<string, Uint8Array> = {},
) {
  const files = unzipSync(template);
  files['word/document.xml'] = strToU8(edit(strFromU8(files['word/document.xml']!)));
  return zipSync({ ...files, ...extra });
}

/** A paragraph with one run of `text`, put at the start of the body. */
const prepend = (text: string) => (xml: string) =>
  xml.replace(/<w:body>/, `<w:body><w:p><w:r><w:t xml:space="preserve">${text}</w:t></w:r></w:p>`);

async function upload(
  kind: string,
  language: string,
  bytes: Uint8Array,
  options: { cookie?: string; type?: string; accept?: string } = {},
) {
  const res = await t.request(`/api/v1/document-templates/${kind}/${language}?filename=mine.docx`, {
    method: 'POST',
    rawBody: bytes as Uint8Array<ArrayBuffer>,
    headers: { 'content-type': options.type ?? DOCX, 'accept-language': options.accept ?? 'en' },
    cookie: options.cookie ?? ann.cookie,
  });
  return { status: res.status, body: (await res.json()) as Loose };
}

describe('templates', () => {
  it('a custom grant letter is used once uploaded, in its version, until set aside', async () => {
    const mine = edited(
      await standard('grant_letter', 'en'),
      prepend('Custom letter of {firm.name} for {stakeholder.name}'),
    );
    const v1 = await upload('grant_letter', 'en', mine);
    expect(v1.status, JSON.stringify(v1.body)).toBe(201);
    expect(v1.body).toMatchObject({
      kind: 'grant_letter',
      language: 'en',
      version: 1,
      active: true,
      fileName: 'mine.docx',
    });
    const doc = await generate(nl.base, {
      kind: 'grant_letter',
      grantIds: [nl.grant],
      language: 'en',
    });
    expect(doc).toMatchObject({ templateVersion: 1, templateId: v1.body.id });
    const text = docxText((await bytesOf(`${nl.base}/documents/${doc.id}/file`)).bytes);
    const [org] = await t.db
      .select({ name: organization.name })
      .from(organization)
      .where(eq(organization.id, ann.organizationId));
    expect(text).toContain(`Custom letter of ${org!.name} for Zoë Müller`);
    expect(text).toContain('for Zoë Müller');

    const v2 = await upload('grant_letter', 'en', edited(mine, prepend('Second version')));
    expect(v2.body.version).toBe(2);
    const list = await ok<{
      items: {
        kind: string;
        language: string;
        activeVersion: number | null;
        versions: { version: number; active: boolean }[];
      }[];
    }>(t, ann.cookie, '/document-templates');
    const entry = list.items.find((i) => i.kind === 'grant_letter' && i.language === 'en')!;
    expect(entry.activeVersion).toBe(2);
    expect(entry.versions.map((v) => [v.version, v.active])).toEqual([
      [2, true],
      [1, false],
    ]);
    // The Dutch letter is still ours.
    expect(
      list.items.find((i) => i.kind === 'grant_letter' && i.language === 'nl')!.activeVersion,
    ).toBeNull();

    const back = await bytesOf(`/document-templates/${v1.body.id}/file`);
    expect(sha(back.bytes)).toBe(v1.body.sha256);
    await ok(t, ann.cookie, `/document-templates/${v1.body.id}`, 'PATCH', { active: true });
    expect(
      (await generate(nl.base, { kind: 'grant_letter', grantIds: [nl.grant], language: 'en' }))
        .templateVersion,
    ).toBe(1);
    await ok(t, ann.cookie, `/document-templates/${v1.body.id}`, 'PATCH', { active: false });
    expect(
      (await generate(nl.base, { kind: 'grant_letter', grantIds: [nl.grant], language: 'en' }))
        .templateVersion,
    ).toBe(0);
    const del = await t.request(`/api/v1/document-templates/${v2.body.id}`, {
      method: 'DELETE',
      cookie: ann.cookie,
    });
    expect(del.status).toBe(204);
    // A document keeps its version number when its template version is deleted.
    const after = await ok<Doc>(t, ann.cookie, `${nl.base}/documents/${doc.id}`);
    expect(after.templateVersion).toBe(1);
  });

  it('every standard template passes its own check', async () => {
    for (const kind of [
      'grant_letter',
      'board_resolution',
      'exercise_notice',
      'register_extract',
      'cap_table_report',
    ])
      for (const language of ['en', 'nl']) {
        const res = await upload(kind, language, await standard(kind, language));
        expect(res.status, `${kind} ${language}: ${JSON.stringify(res.body)}`).toBe(201);
        await ok(t, ann.cookie, `/document-templates/${res.body.id}`, 'PATCH', { active: false });
      }
  });

  it('refuses bad templates with the reason and the paragraph', async () => {
    const base = await standard('grant_letter', 'en');
    const paragraphs = (xml: string) => (xml.match(/<w:p[\s>]/g) ?? []).length;
    const body = strFromU8(unzipSync(base)['word/document.xml']!);
    const last = paragraphs(body.slice(0, body.lastIndexOf('</w:body>'))) + 1;
    const atEnd = (text: string) => (xml: string) =>
      xml.replace(
        /<w:sectPr/,
        `<w:p><w:r><w:t xml:space="preserve">${text}</w:t></w:r></w:p><w:sectPr`,
      );
    const cases: [string, Uint8Array, RegExp][] = [
      [
        'unknown field',
        edited(base, prepend('Dear {employee.nickname}')),
        /Unknown field “employee\.nickname” in paragraph 1 \(“Dear \{employee\.nickname\}”\)/,
      ],
      [
        'unknown field at the end',
        edited(base, atEnd('{foo}')),
        new RegExp(`Unknown field “foo” in paragraph ${last}\\b`),
      ],
      [
        'a group as a value',
        edited(base, prepend('{company}')),
        /“company” is a group or list, not a value in paragraph 1/,
      ],
      [
        'a field of a loop outside it',
        edited(base, prepend('{cumulative}')),
        /Unknown field “cumulative” in paragraph 1/,
      ],
      [
        'unclosed tag',
        edited(base, prepend('Hello {company.name')),
        /The field “company\.name.*” is not closed .* in paragraph 1/,
      ],
      [
        'unclosed loop',
        edited(base, prepend('{#schedule}{date}')),
        /The section “#schedule” is not closed with “\/schedule” in paragraph 1/,
      ],
      [
        'unopened loop',
        edited(base, prepend('{/schedule}')),
        /“\/schedule” closes a section that was never opened in paragraph 1/,
      ],
      [
        'mismatched loop',
        edited(base, prepend('{#schedule}{date}{/signatories}')),
        /(The section “#schedule” is closed by “\/signatories”|“\/signatories” closes a section that was never opened) in paragraph 1/,
      ],
      [
        'unknown loop',
        edited(base, prepend('{#employees}{name}{/employees}')),
        /Unknown section “#employees” in paragraph 1/,
      ],
      ['not a docx', strToU8('just text, not a zip'), /not a Word document/],
      [
        'a spreadsheet',
        zipSync({ '[Content_Types].xml': strToU8('<Types/>'), 'xl/workbook.xml': strToU8('<x/>') }),
        /not a Word document/,
      ],
      [
        'macros',
        (() => {
          const files = unzipSync(base);
          files['[Content_Types].xml'] = strToU8(
            strFromU8(files['[Content_Types].xml']!).replace(
              'wordprocessingml.document.main+xml',
              'application/vnd.ms-word.document.macroEnabled.main+xml',
            ),
          );
          files['word/vbaProject.bin'] = new Uint8Array([1, 2, 3]);
          return zipSync(files);
        })(),
        /contains macros/,
      ],
      [
        'a zip bomb',
        zipSync({ ...unzipSync(base), 'word/media/bomb.bin': new Uint8Array(50 * 1024 * 1024) }),
        /zip bomb/,
      ],
      ['empty', new Uint8Array(0), /empty/],
      ['over 10 MB', new Uint8Array(10 * 1024 * 1024 + 1), /larger than 10 MB/],
    ];
    for (const [label, bytes, message] of cases) {
      const res = await upload('grant_letter', 'en', bytes);
      expect(res.status, label).toBe(400);
      expect(res.body.error.fields?.file, `${label}: ${JSON.stringify(res.body)}`).toMatch(message);
    }
    // In Dutch, with the position.
    const dutch = await upload('grant_letter', 'en', edited(base, prepend('Beste {medewerker}')), {
      accept: 'nl',
    });
    expect(dutch.body.error.fields.file).toMatch(
      /Onbekend veld “medewerker” in alinea 1 \(“Beste \{medewerker\}”\)/,
    );
    // Far over the limit: the body limit answers before the file is read.
    const huge = await upload('grant_letter', 'en', new Uint8Array(11 * 1024 * 1024));
    expect(huge.status).toBe(413);
    // Nothing was stored.
    const list = await ok<{ items: { kind: string; language: string; versions: unknown[] }[] }>(
      t,
      ann.cookie,
      '/document-templates',
    );
    expect(
      list.items.find((i) => i.kind === 'exercise_notice' && i.language === 'en')!.versions,
    ).toHaveLength(1);
  });

  it('takes the template as multipart too, and refuses other content types', async () => {
    const form = new FormData();
    form.set('file', new File([await standard('exercise_notice', 'nl')], 'kennisgeving.docx'));
    const res = await t.request('/api/v1/document-templates/exercise_notice/nl', {
      method: 'POST',
      rawBody: form,
      cookie: ann.cookie,
    });
    expect(res.status).toBe(201);
    expect((await res.json()).fileName).toBe('kennisgeving.docx');
    const text = await upload('exercise_notice', 'nl', strToU8('x'), { type: 'text/plain' });
    expect(text.status).toBe(415);
  });
});

// ------------------------------------------------------------------------------------- batches

describe('a batch of grant letters', () => {
  it('makes 50 letters with progress, stores each and zips them', async () => {
    const ids: string[] = [];
    for (let i = 0; i < 50; i++) {
      const g = await ok<{ id: string }>(
        t,
        ann.cookie,
        `${nl.base}/grants`,
        'POST',
        nl.grantBody(i % 2 ? nl.zoe : nl.jan, { quantity: 10 + i }),
      );
      ids.push(g.id);
    }
    const started = await post(nl.base, { kind: 'grant_letter', grantIds: ids });
    expect(started.status, JSON.stringify(started.body)).toBe(202);
    expect(started.body).toMatchObject({ status: 'running', total: 50 });
    await settleDocumentJobs();
    const job = await ok<{ status: string; done: number; progress: number; fileName: string }>(
      t,
      ann.cookie,
      `${nl.base}/document-jobs/${started.body.id}`,
    );
    expect(job).toMatchObject({ status: 'done', done: 50, progress: 1 });
    expect(job.fileName).toMatch(/\.zip$/);
    const zip = unzipSync(
      (await bytesOf(`${nl.base}/document-jobs/${started.body.id}/file`)).bytes,
    );
    const names = Object.keys(zip);
    expect(names).toHaveLength(50);
    expect(new Set(names).size).toBe(50);
    // Jan's letters in Dutch (his language), Zoë's in the caller's.
    expect(names.filter((n) => n.startsWith('toekenningsbrief-'))).toHaveLength(25);
    const docs = await ok<{ items: Doc[] }>(
      t,
      ann.cookie,
      `${nl.base}/documents?kind=grant_letter`,
    );
    const batch = docs.items.filter((d) => d.jobId === started.body.id);
    expect(batch).toHaveLength(50);
    expect(new Set(batch.map((d) => d.grantIds[0]))).toEqual(new Set(ids));
    // Each stored letter is the file in the zip.
    const hashes = new Set(Object.values(zip).map(sha));
    expect(batch.every((d) => hashes.has(d.sha256))).toBe(true);
  }, 180_000);

  it('answers 409 for the zip of a batch still running, 404 for another company’s', async () => {
    const other = await ok<{ id: string }>(t, ann.cookie, '/company', 'POST', {
      companyName: 'Other B.V.',
    });
    const started = await post(nl.base, {
      kind: 'grant_letter',
      grantIds: [nl.grant, nl.janGrant],
    });
    expect(started.status).toBe(202);
    const elsewhere = await t.request(
      `/api/v1/company/${other.id}/document-jobs/${started.body.id}`,
      { cookie: ann.cookie },
    );
    expect(elsewhere.status).toBe(404);
    await settleDocumentJobs();
    const done = await t.request(`/api/v1${nl.base}/document-jobs/${started.body.id}/file`, {
      cookie: ann.cookie,
    });
    expect(done.status).toBe(200);
  });
});

// -------------------------------------------------------------------------------- signed copies

const PDF = strToU8('%PDF-1.4\n% signed\n%%EOF\n');

async function sign(
  base: string,
  documentId: string,
  signedAt: string,
  bytes: Uint8Array = PDF,
  language = 'en',
) {
  const res = await t.request(
    `/api/v1${base}/documents/${documentId}/signed-copy?signedAt=${signedAt}`,
    {
      method: 'PUT',
      rawBody: bytes as Uint8Array<ArrayBuffer>,
      headers: { 'content-type': 'application/pdf', 'accept-language': language },
      cookie: ann.cookie,
    },
  );
  return { status: res.status, body: (await res.json()) as Loose };
}

describe('signed copies', () => {
  it('a signed grant letter marks its grant accepted', async () => {
    const doc = await generate(nl.base, { kind: 'grant_letter', grantIds: [nl.grant] });
    const signed = await sign(nl.base, doc.id, '2024-01-25');
    expect(signed.status, JSON.stringify(signed.body)).toBe(200);
    expect(signed.body).toMatchObject({
      status: 'signed',
      signedAt: '2024-01-25',
      sentAt: '2024-01-25',
    });
    expect(signed.body.signedCopy.sha256).toBe(sha(PDF));
    const grant = await ok<{ status: string; acceptanceDate: string }>(
      t,
      ann.cookie,
      `${nl.base}/grants/${nl.grant}`,
    );
    expect(grant).toMatchObject({ status: 'accepted', acceptanceDate: '2024-01-25' });
    const copy = await bytesOf(`${nl.base}/documents/${doc.id}/signed-copy`);
    expect(strFromU8(copy.bytes)).toBe(strFromU8(PDF));
  });

  it('refuses a signature beyond the Belgian 60 days, before the offer, in the future, or not a PDF', async () => {
    const be = await company(ann.cookie, 'Belgo BV', 'BE');
    const doc = await generate(be.base, {
      kind: 'grant_letter',
      grantIds: [be.grant],
      language: 'nl',
    });
    // Offered 2024-01-20: the 60 days end on 2024-03-20.
    const late = await sign(be.base, doc.id, '2024-03-21', PDF, 'nl');
    expect(late.status).toBe(400);
    expect(late.body.error.fields.signedAt).toMatch(/binnen 60 dagen.*20 maart 2024|2024-03-20/);
    const early = await sign(be.base, doc.id, '2024-01-19');
    expect(early.status).toBe(400);
    expect(early.body.error.fields.signedAt).toMatch(/before the offer date/);
    const future = await sign(be.base, doc.id, '2999-01-01');
    expect(future.body.error.fields.signedAt).toMatch(/future/);
    const notPdf = await sign(be.base, doc.id, '2024-02-01', strToU8('hello'));
    expect(notPdf.status).toBe(400);
    expect(notPdf.body.error.fields.file).toMatch(/PDF/);
    // Nothing changed.
    const grant = await ok<{ status: string; acceptanceDate: string | null }>(
      t,
      ann.cookie,
      `${be.base}/grants/${be.grant}`,
    );
    expect(grant).toMatchObject({ status: 'offered', acceptanceDate: null });
    const inTime = await sign(be.base, doc.id, '2024-03-20');
    expect(inTime.status).toBe(200);
    expect(
      (await ok<{ status: string }>(t, ann.cookie, `${be.base}/grants/${be.grant}`)).status,
    ).toBe('accepted');
  });

  it('a signed register extract changes no grant', async () => {
    const doc = await generate(nl.base, { kind: 'register_extract', format: 'pdf' });
    const signed = await sign(nl.base, doc.id, '2025-01-01');
    expect(signed.body.status).toBe('signed');
  });
});

// ---------------------------------------------------------------------------------- scoping

describe('workspace scoping', () => {
  it('answers 404 for another workspace’s company, document, batch and template', async () => {
    const doc = await generate(nl.base, { kind: 'register_extract' });
    const tpl = await upload('board_resolution', 'en', await standard('board_resolution', 'en'));
    const paths = [
      `${nl.base}/documents`,
      `${nl.base}/documents/${doc.id}`,
      `${nl.base}/documents/${doc.id}/file`,
      `${nl.base}/documents/${doc.id}/signed-copy`,
      `/document-templates/${tpl.body.id}/file`,
    ];
    for (const path of paths) {
      const res = await t.request(`/api/v1${path}`, { cookie: bob.cookie });
      expect(res.status, path).toBe(404);
    }
    const gen = await post(nl.base, { kind: 'register_extract' }, bob.cookie);
    expect(gen.status).toBe(404);
    const patch = await t.request(`/api/v1/document-templates/${tpl.body.id}`, {
      method: 'PATCH',
      body: { active: false },
      cookie: bob.cookie,
    });
    expect(patch.status).toBe(404);
    // Bob's own company cannot name Ann's grants.
    const bobs = await ok<{ id: string }>(t, bob.cookie, '/company', 'POST', {
      companyName: 'Bob B.V.',
    });
    const cross = await post(
      `/company/${bobs.id}`,
      { kind: 'grant_letter', grantIds: [nl.grant] },
      bob.cookie,
    );
    expect(cross.status).toBe(400);
    // Bob's templates list knows nothing of Ann's.
    const list = await ok<{ items: { versions: unknown[] }[] }>(
      t,
      bob.cookie,
      '/document-templates',
    );
    expect(list.items.every((i) => i.versions.length === 0)).toBe(true);
  });
});
