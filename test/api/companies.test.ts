import { systemNow } from '../../src/server/clock';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { auditEvent, company, member } from '../../src/server/db/schema';
import { createTestApp, type TestApp } from '../support/app';

let t: TestApp;
let ann: Awaited<ReturnType<TestApp['signUp']>>;
let bob: Awaited<ReturnType<TestApp['signUp']>>;

beforeAll(async () => {
  t = await createTestApp();
  ann = await t.signUp({ name: 'Ann Advocaat' });
  bob = await t.signUp({ name: 'Bob Jurist' });
});
afterAll(() => t.close());

const validCompany = {
  companyName: 'Tulip Robotics B.V.',
  vat: 'nl 1234.56.782 b01',
  companyType: 'BV',
  street: 'Keizersgracht',
  streetNumber: '241',
  postal: '1016ea',
  city: 'Amsterdam',
  country: 'NL',
  contactName: 'Sanne Jansen',
  email: 'Sanne@Tulip.nl',
  phone: '+31 20 555 0101',
};

async function create(cookie: string, body: Record<string, unknown>) {
  return t.request('/api/v1/company', { method: 'POST', body, cookie });
}

describe('company CRUD', () => {
  it('creates, reads, updates and deletes a company, normalizing identifiers', async () => {
    const res = await create(ann.cookie, validCompany);
    expect(res.status).toBe(201);
    const created = await res.json();
    expect(created).toMatchObject({
      organizationId: ann.organizationId,
      companyName: 'Tulip Robotics B.V.',
      vat: 'NL123456782B01',
      postal: '1016 EA',
      country: 'NL',
      companyType: 'BV',
      email: 'Sanne@Tulip.nl',
    });
    expect(created.id).toMatch(/^[0-9a-f-]{36}$/);

    const got = await t.request(`/api/v1/company/${created.id}`, { cookie: ann.cookie });
    expect(got.status).toBe(200);
    expect(await got.json()).toEqual(created);

    const patched = await t.request(`/api/v1/company/${created.id}`, {
      method: 'PATCH',
      body: { city: 'Utrecht', postal: '3511 AW' },
      cookie: ann.cookie,
    });
    expect(patched.status).toBe(200);
    const updated = await patched.json();
    expect(updated).toMatchObject({
      city: 'Utrecht',
      postal: '3511 AW',
      companyName: 'Tulip Robotics B.V.',
    });
    expect(Date.parse(updated.updatedAt)).toBeGreaterThanOrEqual(Date.parse(created.updatedAt));

    const deleted = await t.request(`/api/v1/company/${created.id}`, {
      method: 'DELETE',
      cookie: ann.cookie,
    });
    expect(deleted.status).toBe(204);
    const gone = await t.request(`/api/v1/company/${created.id}`, { cookie: ann.cookie });
    expect(gone.status).toBe(404);
    expect(await gone.json()).toEqual({
      error: { code: 'NOT_FOUND', message: 'Company not found' },
    });
  });

  it('applies defaults: company type BV and country NL', async () => {
    const res = await create(ann.cookie, { companyName: 'Minimal B.V.' });
    expect(res.status).toBe(201);
    expect(await res.json()).toMatchObject({
      companyType: 'BV',
      country: 'NL',
      vat: null,
      email: null,
    });
  });

  it('records an audit event for every write, in the company activity list', async () => {
    const created = await (
      await create(ann.cookie, { companyName: 'Audited B.V.', city: 'Delft' })
    ).json();
    await t.request(`/api/v1/company/${created.id}`, {
      method: 'PATCH',
      body: { city: 'Leiden' },
      cookie: ann.cookie,
    });
    // A PATCH that changes nothing writes no audit row.
    await t.request(`/api/v1/company/${created.id}`, {
      method: 'PATCH',
      body: { city: 'Leiden' },
      cookie: ann.cookie,
    });

    const activity = await t.request(`/api/v1/company/${created.id}/activity`, {
      cookie: ann.cookie,
    });
    expect(activity.status).toBe(200);
    const { items } = await activity.json();
    expect(items.map((i: { action: string }) => i.action)).toEqual(['update', 'create']);
    expect(items[0]).toMatchObject({
      entityType: 'company',
      entityId: created.id,
      actor: { id: ann.userId, name: 'Ann Advocaat' },
      changes: { city: { from: 'Delft', to: 'Leiden' } },
    });
    expect(items[1].changes.companyName).toEqual({ from: null, to: 'Audited B.V.' });

    await t.request(`/api/v1/company/${created.id}`, { method: 'DELETE', cookie: ann.cookie });
    const rows = await t.db
      .select()
      .from(auditEvent)
      .where(and(eq(auditEvent.entityId, created.id), eq(auditEvent.action, 'trash')));
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({
      organizationId: ann.organizationId,
      actorUserId: ann.userId,
      entityType: 'company',
    });
  });
});

describe('workspace scoping', () => {
  it("answers 404 for another workspace's company on every route, and leaves it untouched", async () => {
    const created = await (await create(ann.cookie, { companyName: 'Private Client B.V.' })).json();
    const path = `/api/v1/company/${created.id}`;
    for (const [method, body] of [
      ['GET', undefined],
      ['PATCH', { city: 'Hacked' }],
      ['DELETE', undefined],
    ] as const) {
      const res = await t.request(path, { method, body, cookie: bob.cookie });
      expect(res.status, method).toBe(404);
      expect((await res.json()).error.code).toBe('NOT_FOUND');
    }
    expect((await t.request(`${path}/activity`, { cookie: bob.cookie })).status).toBe(404);
    const list = await (
      await t.request('/api/v1/company?q=Private', { cookie: bob.cookie })
    ).json();
    expect(list.items).toEqual([]);
    const still = await (await t.request(path, { cookie: ann.cookie })).json();
    expect(still.city).toBeNull();
  });

  it('answers 401 without a session', async () => {
    for (const [method, path] of [
      ['GET', '/api/v1/company'],
      ['POST', '/api/v1/company'],
      ['GET', '/api/v1/company/00000000-0000-0000-0000-000000000000'],
    ] as const) {
      const res = await t.request(path, {
        method,
        body: method === 'POST' ? validCompany : undefined,
      });
      expect(res.status).toBe(401);
      expect((await res.json()).error.code).toBe('UNAUTHORIZED');
    }
  });

  it('answers 404 for ids that are not UUIDs', async () => {
    const res = await t.request('/api/v1/company/not-a-uuid', { cookie: ann.cookie });
    expect(res.status).toBe(404);
  });
});

describe('validation', () => {
  const cases: [string, Record<string, unknown>, string][] = [
    ['missing name', { companyName: '   ' }, 'companyName'],
    ['name too long', { companyName: 'x'.repeat(201) }, 'companyName'],
    ['name not a string', { companyName: 42 }, 'companyName'],
    ['invalid e-mail', { companyName: 'A', email: 'not-an-email' }, 'email'],
    ['unknown country', { companyName: 'A', country: 'XX' }, 'country'],
    ['lower-case 3-letter country', { companyName: 'A', country: 'nld' }, 'country'],
    ['unknown legal form', { companyName: 'A', companyType: 'SARL' }, 'companyType'],
    ['NL VAT with a bad check digit', { companyName: 'A', vat: 'NL123456789B01' }, 'vat'],
    ['NL VAT in the wrong format', { companyName: 'A', vat: 'NL12345' }, 'vat'],
    ['BE VAT with a bad checksum', { companyName: 'A', country: 'BE', vat: 'BE0417497107' }, 'vat'],
    ['BE VAT starting with 2', { companyName: 'A', country: 'BE', vat: 'BE2417497106' }, 'vat'],
    [
      'DE VAT with a bad check digit',
      { companyName: 'A', country: 'DE', vat: 'DE136695977' },
      'vat',
    ],
    [
      'NL company with a non-NL VAT format',
      { companyName: 'A', country: 'NL', vat: 'FR12345678901' },
      'vat',
    ],
    ['NL postal code', { companyName: 'A', country: 'NL', postal: '12345' }, 'postal'],
    ['BE postal code', { companyName: 'A', country: 'BE', postal: '123' }, 'postal'],
    ['DE postal code', { companyName: 'A', country: 'DE', postal: '1234 AB' }, 'postal'],
    ['phone with letters', { companyName: 'A', phone: '+31 20 CALL ME' }, 'phone'],
    ['phone too short', { companyName: 'A', phone: '123' }, 'phone'],
    ['unknown field', { companyName: 'A', colour: 'blue' }, 'colour'],
  ];
  it.each(cases)('rejects %s with a 400 naming the field', async (_label, body, field) => {
    const res = await create(ann.cookie, body);
    expect(res.status).toBe(400);
    const json = await res.json();
    expect(json.error.code).toBe('VALIDATION_ERROR');
    expect(Object.keys(json.error.fields)).toContain(field);
    expect(json.error.message).toContain(field);
  });

  it('accepts valid BE and DE companies and foreign VAT ids outside NL/BE/DE', async () => {
    for (const body of [
      {
        companyName: 'Atomium BV',
        companyType: 'BV/SRL',
        country: 'BE',
        vat: 'BE0417497106',
        postal: '1050',
      },
      {
        companyName: 'Spree GmbH',
        companyType: 'GmbH',
        country: 'DE',
        vat: 'DE136695976',
        postal: '10117',
      },
      {
        companyName: 'Paris SAS',
        companyType: 'SAS',
        country: 'FR',
        vat: 'FR40303265045',
        postal: '75008',
      },
    ]) {
      const res = await create(ann.cookie, body);
      expect(res.status, JSON.stringify(body)).toBe(201);
    }
  });

  it('validates the merged result on PATCH (country change invalidates the postal code)', async () => {
    const created = await (
      await create(ann.cookie, { companyName: 'Mover B.V.', postal: '1016 EA' })
    ).json();
    const res = await t.request(`/api/v1/company/${created.id}`, {
      method: 'PATCH',
      body: { country: 'DE' },
      cookie: ann.cookie,
    });
    expect(res.status).toBe(400);
    expect((await res.json()).error.fields).toHaveProperty('postal');
    const unchanged = await (
      await t.request(`/api/v1/company/${created.id}`, { cookie: ann.cookie })
    ).json();
    expect(unchanged.country).toBe('NL');
  });

  it('rejects PATCH with a bad field type', async () => {
    const created = await (await create(ann.cookie, { companyName: 'Typed B.V.' })).json();
    const res = await t.request(`/api/v1/company/${created.id}`, {
      method: 'PATCH',
      body: { companyName: '' },
      cookie: ann.cookie,
    });
    expect(res.status).toBe(400);
    expect((await res.json()).error.fields).toHaveProperty('companyName');
  });

  it('answers 400 to malformed JSON and 415 to a non-JSON body', async () => {
    const bad = await t.request('/api/v1/company', {
      method: 'POST',
      rawBody: '{"companyName": ',
      headers: { 'content-type': 'application/json' },
      cookie: ann.cookie,
    });
    expect(bad.status).toBe(400);
    expect(await bad.json()).toMatchObject({
      error: { code: 'VALIDATION_ERROR', message: 'Malformed JSON in request body' },
    });

    const text = await t.request('/api/v1/company', {
      method: 'POST',
      rawBody: 'companyName=A',
      headers: { 'content-type': 'text/plain' },
      cookie: ann.cookie,
    });
    expect(text.status).toBe(415);
    expect((await text.json()).error.code).toBe('UNSUPPORTED_MEDIA_TYPE');
  });

  it('answers 413 to a body over 1 MB', async () => {
    const res = await t.request('/api/v1/company', {
      method: 'POST',
      rawBody: JSON.stringify({ companyName: 'A', notes: 'x'.repeat(1024 * 1024) }),
      headers: { 'content-type': 'application/json' },
      cookie: ann.cookie,
    });
    expect(res.status).toBe(413);
    expect((await res.json()).error.code).toBe('PAYLOAD_TOO_LARGE');
  });
});

describe('list: search, sort and keyset pagination', () => {
  let carol: Awaited<ReturnType<TestApp['signUp']>>;
  const names = ['delta', 'Alpha', 'charlie', 'Bravo', 'echo', 'foxtrot', 'golf'];
  beforeAll(async () => {
    carol = await t.signUp({ name: 'Carol' });
    for (const name of names) {
      await create(carol.cookie, {
        companyName: `${name} B.V.`,
        city: name === 'golf' ? 'Groningen' : 'Delft',
      });
    }
  });

  it('pages through all companies by name without gaps or duplicates', async () => {
    const seen: string[] = [];
    let cursor: string | null = null;
    let pages = 0;
    do {
      const query: string = `/api/v1/company?limit=3&sort=name&order=asc${cursor ? `&cursor=${cursor}` : ''}`;
      const page = await (await t.request(query, { cookie: carol.cookie })).json();
      expect(page.total).toBe(7);
      seen.push(...page.items.map((c: { companyName: string }) => c.companyName));
      cursor = page.nextCursor;
      pages += 1;
    } while (cursor && pages < 10);
    expect(pages).toBe(3);
    expect(seen).toEqual(
      [...names]
        .sort((a, b) => a.toLowerCase().localeCompare(b.toLowerCase()))
        .map((n) => `${n} B.V.`),
    );
  });

  it('sorts by creation time, newest first, across pages', async () => {
    const first = await (
      await t.request('/api/v1/company?limit=4&sort=createdAt&order=desc', { cookie: carol.cookie })
    ).json();
    const second = await (
      await t.request(
        `/api/v1/company?limit=4&sort=createdAt&order=desc&cursor=${first.nextCursor}`,
        { cookie: carol.cookie },
      )
    ).json();
    const all = [...first.items, ...second.items].map(
      (c: { companyName: string }) => c.companyName,
    );
    expect(all).toEqual([...names].reverse().map((n) => `${n} B.V.`));
    expect(second.nextCursor).toBeNull();
  });

  it('searches name, city, contact and VAT (case-insensitive, wildcards literal)', async () => {
    const byCity = await (
      await t.request('/api/v1/company?q=groningen', { cookie: carol.cookie })
    ).json();
    expect(byCity.items.map((c: { companyName: string }) => c.companyName)).toEqual(['golf B.V.']);
    expect(byCity.total).toBe(1);
    const byName = await (
      await t.request('/api/v1/company?q=ALPH', { cookie: carol.cookie })
    ).json();
    expect(byName.total).toBe(1);
    const wildcard = await (
      await t.request('/api/v1/company?q=%25', { cookie: carol.cookie })
    ).json();
    expect(wildcard.total).toBe(0);
  });

  it.each([
    ['limit=0', 'limit'],
    ['limit=201', 'limit'],
    ['limit=abc', 'limit'],
    ['sort=city', 'sort'],
    ['order=up', 'order'],
    ['cursor=garbage', 'cursor'],
  ])('rejects %s with a 400 naming the parameter', async (query, field) => {
    const res = await t.request(`/api/v1/company?${query}`, { cookie: carol.cookie });
    expect(res.status).toBe(400);
    expect((await res.json()).error.fields).toHaveProperty(field);
  });

  it('rejects a cursor from another sort order', async () => {
    const page = await (
      await t.request('/api/v1/company?limit=2&sort=name', { cookie: carol.cookie })
    ).json();
    const res = await t.request(
      `/api/v1/company?limit=2&sort=createdAt&cursor=${page.nextCursor}`,
      { cookie: carol.cookie },
    );
    expect(res.status).toBe(400);
    expect((await res.json()).error.fields).toHaveProperty('cursor');
  });
});

describe('company overview fields', () => {
  it('stores register number, dates, status, notes and a responsible lawyer of the workspace', async () => {
    const res = await create(ann.cookie, {
      companyName: 'Overview B.V.',
      registrationNumber: '12345678',
      incorporationDate: '2019-03-01',
      status: 'prospect',
      responsibleUserId: ann.userId,
      notes: 'Client since 2019',
    });
    expect(res.status).toBe(201);
    expect(await res.json()).toMatchObject({
      registrationNumber: '12345678',
      incorporationDate: '2019-03-01',
      status: 'prospect',
      responsibleUserId: ann.userId,
      responsibleUserName: 'Ann Advocaat',
      notes: 'Client since 2019',
    });
  });

  it('refuses a responsible lawyer from another workspace, naming the field', async () => {
    const res = await create(ann.cookie, {
      companyName: 'Stranger B.V.',
      responsibleUserId: bob.userId,
    });
    expect(res.status).toBe(400);
    expect((await res.json()).error.fields).toEqual({
      responsibleUserId: 'Responsible lawyer must be a member of the workspace',
    });
  });

  it('a lawyer who left the workspace does not block unrelated edits', async () => {
    const colleague = await t.signUp({ name: 'Carla Collega' });
    await t.db.insert(member).values({
      id: `m-${colleague.userId}`,
      organizationId: ann.organizationId,
      userId: colleague.userId,
      role: 'member',
      createdAt: systemNow(),
    });
    const created = await (
      await create(ann.cookie, { companyName: 'Left B.V.', responsibleUserId: colleague.userId })
    ).json();
    await t.db.delete(member).where(eq(member.userId, colleague.userId));
    const res = await t.request(`/api/v1/company/${created.id}`, {
      method: 'PATCH',
      body: { city: 'Utrecht' },
      cookie: ann.cookie,
    });
    expect(res.status).toBe(200);
    expect(await res.json()).toMatchObject({
      city: 'Utrecht',
      responsibleUserName: 'Carla Collega',
    });
  });
});

describe('legal form per country (decision 022)', () => {
  const patch = (id: string, body: Record<string, unknown>) =>
    t.request(`/api/v1/company/${id}`, { method: 'PATCH', body, cookie: ann.cookie });

  it("defaults a new company to its country's form and keeps what is sent", async () => {
    const cases: [Record<string, unknown>, string][] = [
      [{ country: 'BE' }, 'BV/SRL'],
      [{ country: 'DE' }, 'GmbH'],
      [{ country: 'GB' }, 'Ltd'],
      [{ country: 'US' }, 'Inc'],
      [{}, 'BV'],
      [{ country: 'FR' }, 'Other'],
      [{ country: 'BE', companyType: 'NV/SA' }, 'NV/SA'],
      [{ country: 'BE', companyType: 'CommV/SComm' }, 'CommV/SComm'],
      [{ country: 'GB', companyType: 'PLC' }, 'PLC'],
      [{ country: 'LU', companyType: 'SARL' }, 'SARL'],
    ];
    for (const [body, companyType] of cases) {
      const res = await create(ann.cookie, { companyName: 'Form Test', ...body });
      expect(res.status, JSON.stringify(body)).toBe(201);
      expect((await res.json()).companyType, JSON.stringify(body)).toBe(companyType);
    }
  });

  it("refuses another country's form, naming the field and the country's forms", async () => {
    const res = await create(ann.cookie, {
      companyName: 'Brussels',
      country: 'BE',
      companyType: 'BV',
    });
    expect(res.status).toBe(400);
    expect((await res.json()).error.fields).toEqual({
      companyType:
        'Company type for Belgium must be one of BV/SRL, NV/SA, CV/SC, CommV/SComm, VOF/SNC, Stichting/Fondation, Other',
    });
    const us = await create(ann.cookie, {
      companyName: 'Delaware',
      country: 'US',
      companyType: 'GmbH',
    });
    expect(us.status).toBe(400);
    expect(Object.keys((await us.json()).error.fields)).toEqual(['companyType']);
  });

  it('checks the form against the country when either changes, and keeps a stored one otherwise', async () => {
    const nl = await (await create(ann.cookie, { companyName: 'Mover BV' })).json();
    // Moving to Belgium without a Belgian form is refused on the legal form.
    const moved = await patch(nl.id, { country: 'BE' });
    expect(moved.status).toBe(400);
    expect(Object.keys((await moved.json()).error.fields)).toEqual(['companyType']);
    const ok = await patch(nl.id, { country: 'BE', companyType: 'BV/SRL' });
    expect(ok.status).toBe(200);
    expect(await ok.json()).toMatchObject({ country: 'BE', companyType: 'BV/SRL' });
    expect((await patch(nl.id, { companyType: 'BV' })).status).toBe(400);

    // A form stored before the rule (a German company entered as BV) does not block other edits.
    const legacy = await (
      await create(ann.cookie, { companyName: 'Legacy GmbH', country: 'DE' })
    ).json();
    await t.db.update(company).set({ companyType: 'BV' }).where(eq(company.id, legacy.id));
    const edited = await patch(legacy.id, { city: 'Berlin' });
    expect(edited.status).toBe(200);
    expect(await edited.json()).toMatchObject({ city: 'Berlin', companyType: 'BV', country: 'DE' });
    // Setting the form (or the country) applies the rule again.
    expect((await patch(legacy.id, { companyType: 'BV' })).status).toBe(400);
    expect((await patch(legacy.id, { companyType: 'GmbH' })).status).toBe(200);
  });
});
