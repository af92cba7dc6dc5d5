import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { user as userTable } from '../../src/server/db/schema';
import { createTestApp, type TestApp } from '../support/app';

/*
 * The API's errors in the caller's language (issue 12, decision 018): the request's
 * `Accept-Language`, else the account's saved language, else English. `code` and the names in
 * `fields` never change; `message` and the `fields` texts do.
 */

let t: TestApp;
let ann: Awaited<ReturnType<TestApp['signUp']>>;

beforeAll(async () => {
  t = await createTestApp();
  ann = await t.signUp({ name: 'Ann Advocaat' });
});
afterAll(() => t.close());

interface ErrorBody {
  error: { code: string; message: string; fields?: Record<string, string> };
}

async function send(
  path: string,
  init: { method?: string; body?: unknown; language?: string; cookie?: string } = {},
) {
  const res = await t.request(path, {
    method: init.method ?? 'GET',
    body: init.body,
    cookie: init.cookie ?? ann.cookie,
    headers: init.language ? { 'accept-language': init.language } : {},
  });
  return { status: res.status, body: (await res.json()) as ErrorBody };
}

/** A company body missing its name, with a too-long city and an unknown field. */
const badCompany = { city: 'x'.repeat(300), country: 'NL', colour: 'red' };

const missingCompany = '/api/v1/company/00000000-0000-4000-8000-000000000000';

describe('API errors in the caller’s language', () => {
  it('answers the same bad request in Dutch with Accept-Language: nl, in English with en', async () => {
    const nl = await send('/api/v1/company', { method: 'POST', body: badCompany, language: 'nl' });
    const en = await send('/api/v1/company', { method: 'POST', body: badCompany, language: 'en' });
    expect(nl.status).toBe(400);
    expect(en.status).toBe(400);
    expect(nl.body.error.code).toBe('VALIDATION_ERROR');
    // The same fields are named in both languages.
    expect(Object.keys(nl.body.error.fields!).sort()).toEqual(
      Object.keys(en.body.error.fields!).sort(),
    );
    expect(en.body.error.fields).toMatchObject({
      companyName: 'Company name is required',
      colour: 'Unknown field "colour"',
    });
    expect(nl.body.error.fields).toMatchObject({
      companyName: 'Dit veld is verplicht',
      city: expect.stringMatching(/^Hoogstens \d+ tekens$/),
      colour: 'Onbekend veld "colour"',
    });
    const [firstField, firstMessage] = Object.entries(nl.body.error.fields!)[0]!;
    expect(nl.body.error.message).toBe(`${firstField}: ${firstMessage}`);
  });

  it('follows the best match of Accept-Language (nl-BE is Dutch; a language without a catalog is not)', async () => {
    const flemish = await send(missingCompany, { language: 'nl-BE,nl;q=0.9,en;q=0.8' });
    expect(flemish.body.error.message).toBe('Vennootschap niet gevonden');
    const german = await send(missingCompany, { language: 'de-DE' });
    expect(german.body.error.message).toBe('Company not found');
  });

  it('answers a 404 and a 409 in Dutch', async () => {
    const notFound = await send(missingCompany, { language: 'nl' });
    expect(notFound.status).toBe(404);
    expect(notFound.body.error).toEqual({
      code: 'NOT_FOUND',
      message: 'Vennootschap niet gevonden',
    });

    const created = await t.request('/api/v1/company', {
      method: 'POST',
      body: { companyName: 'Taal B.V.', country: 'NL' },
      cookie: ann.cookie,
    });
    const { id } = (await created.json()) as { id: string };
    const template = {
      name: 'Vier jaar',
      terms: {
        type: 'time',
        periodLength: 1,
        periodUnit: 'months',
        occurrences: 48,
        cliffPeriods: 12,
      },
    };
    const first = await send('/api/v1/vesting-templates', { method: 'POST', body: template });
    expect(first.status).toBe(201);
    const again = await send('/api/v1/vesting-templates', {
      method: 'POST',
      body: template,
      language: 'nl',
    });
    expect(again.status).toBe(409);
    expect(again.body.error).toEqual({
      code: 'CONFLICT',
      message: 'Er bestaat al een vestingsjabloon met de naam "Vier jaar"',
      fields: { name: 'Er bestaat al een sjabloon met deze naam' },
    });
    const english = await send('/api/v1/vesting-templates', { method: 'POST', body: template });
    expect(english.body.error.message).toBe('A vesting template named "Vier jaar" exists already');

    // A plan naming a template of no one: the service's 400, in Dutch.
    const stranger = await send(`/api/v1/company/${id}/plans`, {
      method: 'POST',
      language: 'nl',
      body: {
        name: 'ESOP 2026',
        planType: 'sar',
        poolSize: 10,
        defaultVestingTemplateId: '00000000-0000-4000-8000-000000000000',
      },
    });
    expect(stranger.status).toBe(400);
    expect(stranger.body.error.fields?.defaultVestingTemplateId).toBe(
      'Dit vestingsjabloon bestaat niet in deze werkruimte',
    );
  });

  it('uses the account’s saved language when the request names none, and the request’s over it', async () => {
    const bea = await t.signUp({ name: 'Bea Bedrijfsjurist' });
    await t.db.update(userTable).set({ locale: 'nl' }).where(eq(userTable.id, bea.userId));
    const saved = await send(missingCompany, { cookie: bea.cookie });
    expect(saved.body.error.message).toBe('Vennootschap niet gevonden');
    const invalid = await send('/api/v1/company', {
      method: 'POST',
      body: badCompany,
      cookie: bea.cookie,
    });
    expect(invalid.body.error.fields?.companyName).toBe('Dit veld is verplicht');
    const asked = await send(missingCompany, { cookie: bea.cookie, language: 'en' });
    expect(asked.body.error.message).toBe('Company not found');
    // Unknown to the catalogs: the account's language still wins over English.
    const unknown = await send(missingCompany, { cookie: bea.cookie, language: 'de' });
    expect(unknown.body.error.message).toBe('Vennootschap niet gevonden');
  });

  it('answers in English when neither the request nor the account names a language', async () => {
    const res = await send(missingCompany);
    expect(res.body.error.message).toBe('Company not found');
  });

  it('words the errors before the caller is known in the request’s language', async () => {
    const unsigned = await t.request('/api/v1/company', {
      headers: { 'accept-language': 'nl' },
    });
    expect(unsigned.status).toBe(401);
    expect(((await unsigned.json()) as ErrorBody).error.message).toBe('Log in om verder te gaan');
    const noRoute = await send('/api/v1-nope', { language: 'nl' });
    expect(noRoute.body.error.message).toBe('Geen API-route GET /api/v1-nope');
  });

  it('names the field of hostile text in Dutch (the input guard)', async () => {
    const res = await send('/api/v1/company', {
      method: 'POST',
      body: { companyName: 'Bell\u0007 B.V.', country: 'NL' },
      language: 'nl',
    });
    expect(res.status).toBe(400);
    expect(res.body.error.fields).toEqual({ companyName: 'Mag geen stuurtekens bevatten' });
    const english = await send('/api/v1/company', {
      method: 'POST',
      body: { companyName: 'Bell\u0007 B.V.', country: 'NL' },
    });
    expect(english.body.error.fields).toEqual({
      companyName: 'companyName must not contain control characters',
    });
  });

  it('words the contracts’ own rules in Dutch: a share event, an acceleration, a pool adjustment', async () => {
    const created = await t.request('/api/v1/company', {
      method: 'POST',
      body: { companyName: 'Regels B.V.', country: 'NL' },
      cookie: ann.cookie,
    });
    const base = `/api/v1/company/${((await created.json()) as { id: string }).id}`;
    const shareClass = await t.request(`${base}/share-classes`, {
      method: 'POST',
      body: { name: 'Gewoon', nominalValue: '0.01' },
      cookie: ann.cookie,
    });
    const shareClassId = ((await shareClass.json()) as { id: string }).id;

    const event = {
      type: 'transfer',
      date: '2024-01-01',
      shareClassId,
      shareCount: 100,
      firstShareNumber: 1,
    };
    const nlEvent = await send(`${base}/share-events`, {
      method: 'POST',
      body: event,
      language: 'nl',
    });
    expect(nlEvent.status).toBe(400);
    expect(nlEvent.body.error.fields).toEqual({
      toStakeholderId: 'Een overdracht heeft de belanghebbende nodig die de aandelen ontvangt',
      fromStakeholderId: 'Een overdracht heeft de belanghebbende nodig van wie de aandelen komen',
      lastShareNumber: 'Vul zowel het eerste als het laatste aandeelnummer in, of geen van beide',
    });
    const enEvent = await send(`${base}/share-events`, { method: 'POST', body: event });
    expect(enEvent.body.error.fields).toEqual({
      toStakeholderId: 'A transfer needs the stakeholder who receives the shares',
      fromStakeholderId: 'A transfer needs the stakeholder whose shares it takes',
      lastShareNumber: 'Give both the first and the last share number, or neither',
    });

    const plan = { name: 'SAR 2026', planType: 'sar', poolSize: 10 };
    const nlPlan = await send(`${base}/plans`, {
      method: 'POST',
      body: { ...plan, acceleration: { trigger: 'double', percent: 100 } },
      language: 'nl',
    });
    expect(nlPlan.status).toBe(400);
    expect(nlPlan.body.error.fields).toEqual({
      'acceleration.windowMonths': 'Een double trigger heeft een termijn in maanden nodig',
    });

    const saved = await t.request(`${base}/plans`, {
      method: 'POST',
      body: plan,
      cookie: ann.cookie,
    });
    expect(saved.status).toBe(201);
    const planId = ((await saved.json()) as { id: string }).id;
    const nlAdjustment = await send(`${base}/plans/${planId}/pool-adjustments`, {
      method: 'POST',
      body: { date: '2024-01-01', shareCount: 0 },
      language: 'nl',
    });
    expect(nlAdjustment.status).toBe(400);
    expect(nlAdjustment.body.error.fields).toEqual({
      shareCount:
        'Het aantal aandelen mag niet 0 zijn (positief vult de pool aan, negatief geeft vrij)',
    });
  });

  it('refuses a date in the year 0000 in Dutch', async () => {
    const res = await send('/api/v1/company', {
      method: 'POST',
      body: { companyName: 'Datum B.V.', country: 'NL', incorporationDate: '0000-05-01' },
      language: 'nl',
    });
    expect(res.status).toBe(400);
    expect(res.body.error.fields).toEqual({
      incorporationDate: 'Moet een datum in de jaren 0001–9999 zijn',
    });
  });
});
