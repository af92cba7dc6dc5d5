import { systemNow } from '../../src/server/clock';
import { randomBytes } from 'node:crypto';
import { eq, sql } from 'drizzle-orm';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  company,
  contact,
  member,
  note,
  organizationRole,
  session,
  stakeholder,
  task,
} from '../../src/server/db/schema';
import { prefixQuery } from '../../src/server/modules/search/query';
import { createTestApp, type TestApp } from '../support/app';
import { equityFixture, ok } from '../support/equity';

// Search (issue 15, decision 032): every type found, accents either way, prefixes, Dutch words,
// hostile input, the walls (other workspaces, trash, permissions, client access) and the limits.

let t: TestApp;
let ann: Awaited<ReturnType<TestApp['signUp']>>;
let bob: Awaited<ReturnType<TestApp['signUp']>>;
let mia: Awaited<ReturnType<TestApp['signUp']>>; // member of ann's workspace
let rex: Awaited<ReturnType<TestApp['signUp']>>; // custom role: companies and stakeholders only
let fixture: Awaited<ReturnType<typeof equityFixture>>;
let companyId: string;
let walled: string;
const ids: Record<string, string> = {};

interface Result {
  type: string;
  id: string;
  companyId: string | null;
  title: string;
  snippet: string;
}

async function search(q: string, cookie = ann.cookie, limit?: number | string) {
  const params = new URLSearchParams({ q });
  if (limit !== undefined) params.set('limit', String(limit));
  const res = await t.request(`/api/v1/search?${params}`, { cookie });
  const body = await res.json();
  expect(res.status, JSON.stringify(body)).toBe(200);
  return body.results as Result[];
}

const idsOf = (results: Result[], type?: string) =>
  results.filter((r) => !type || r.type === type).map((r) => r.id);

async function joinAnn(role: string, name: string) {
  const user = await t.signUp({ name });
  await t.db.insert(member).values({
    id: randomBytes(8).toString('hex'),
    organizationId: ann.organizationId,
    userId: user.userId,
    role,
    createdAt: systemNow(),
  });
  await t.db
    .update(session)
    .set({ activeOrganizationId: ann.organizationId })
    .where(eq(session.userId, user.userId));
  return user;
}

beforeAll(async () => {
  t = await createTestApp();
  ann = await t.signUp({ name: 'Ann Advocaat' });
  bob = await t.signUp({ name: 'Bob Elders' });
  fixture = await equityFixture(t, ann.cookie, 'Noordzee Robotics B.V.');
  companyId = fixture.params.companyId!;
  const org = ann.organizationId;
  const muller = await ok<{ id: string }>(t, ann.cookie, '/company', 'POST', {
    companyName: 'Müller Präzision GmbH',
    city: 'Köln',
  });
  ids.mullerCompany = muller.id;
  const holder = await ok<{ id: string }>(
    t,
    ann.cookie,
    `/company/${companyId}/stakeholders`,
    'POST',
    {
      name: 'Jürgen Muller',
      relationship: 'employee',
      email: 'jurgen@noordzee.example',
    },
  );
  ids.holder = holder.id;
  const [k] = await t.db
    .insert(contact)
    .values({
      organizationId: org,
      companyId,
      name: 'Sanne Bakker',
      email: 'sanne.bakker@noordzee.example',
      phone: '+31 20 555 0101',
    })
    .returning();
  ids.contact = k!.id;
  const [n] = await t.db
    .insert(note)
    .values({
      organizationId: org,
      companyId,
      kind: 'call',
      body: 'Telefoongesprek met de aandeelhouders over de **cliff** van de medewerkers en de uitoefenprijs.',
      occurredAt: new Date('2026-01-10T10:00:00Z'),
      authorName: 'Ann Advocaat',
    })
    .returning();
  ids.note = n!.id;
  const [gone] = await t.db
    .insert(note)
    .values({
      organizationId: org,
      companyId,
      kind: 'note',
      body: 'Verwijderde notitie over de vennootschapsbelasting',
      occurredAt: new Date('2026-01-11T10:00:00Z'),
      authorName: 'Ann Advocaat',
      deletedAt: systemNow(),
    })
    .returning();
  ids.deletedNote = gone!.id;
  const [tk] = await t.db
    .insert(task)
    .values({
      organizationId: org,
      title: 'Optieovereenkomst versturen',
      description: 'Naar de notaris voor vrijdag',
      companyId,
      createdByName: 'Ann Advocaat',
    })
    .returning();
  ids.task = tk!.id;
  const [free] = await t.db
    .insert(task)
    .values({ organizationId: org, title: 'Kantoorborrel plannen', createdByName: 'Ann Advocaat' })
    .returning();
  ids.freeTask = free!.id;
  // Trashed: a stakeholder of its own, and a whole company with its rows.
  const trashedHolder = await ok<{ id: string }>(
    t,
    ann.cookie,
    `/company/${companyId}/stakeholders`,
    'POST',
    { name: 'Xaver Weggegooid', relationship: 'employee' },
  );
  ids.trashedHolder = trashedHolder.id;
  await t.db
    .update(stakeholder)
    .set({ deletedAt: systemNow() })
    .where(eq(stakeholder.id, trashedHolder.id));
  const trashedCompany = await ok<{ id: string }>(t, ann.cookie, '/company', 'POST', {
    companyName: 'Prullenbak Holding B.V.',
  });
  ids.trashedCompany = trashedCompany.id;
  await t.db.insert(contact).values({
    organizationId: org,
    companyId: trashedCompany.id,
    name: 'Prullenbak Contactpersoon',
  });
  const res = await t.request(`/api/v1/company/${trashedCompany.id}`, {
    method: 'DELETE',
    cookie: ann.cookie,
  });
  expect(res.status).toBe(204);
  // A restricted company (client access) and its rows.
  const secret = await ok<{ id: string }>(t, ann.cookie, '/company', 'POST', {
    companyName: 'Geheim Fonds B.V.',
  });
  walled = secret.id;
  await ok(t, ann.cookie, `/company/${walled}/stakeholders`, 'POST', {
    name: 'Geheime Aandeelhouder',
    relationship: 'investor',
  });
  await t.db.insert(note).values({
    organizationId: org,
    companyId: walled,
    kind: 'note',
    body: 'Geheime afspraak over de overname',
    occurredAt: systemNow(),
    authorName: 'Ann Advocaat',
  });
  await t.db.insert(task).values({
    organizationId: org,
    title: 'Geheime taak',
    companyId: walled,
    createdByName: 'Ann Advocaat',
  });
  await t.db.update(company).set({ access: 'restricted' }).where(eq(company.id, walled));
  // Bob's workspace has the same names.
  const bobs = await ok<{ id: string }>(t, bob.cookie, '/company', 'POST', {
    companyName: 'Müller Präzision GmbH',
  });
  ids.bobCompany = bobs.id;
  await ok(t, bob.cookie, `/company/${bobs.id}/stakeholders`, 'POST', {
    name: 'Jürgen Muller',
    relationship: 'employee',
  });
  await t.db.insert(note).values({
    organizationId: bob.organizationId,
    companyId: bobs.id,
    kind: 'note',
    body: 'Telefoongesprek met de aandeelhouders',
    occurredAt: systemNow(),
    authorName: 'Bob Elders',
  });
  mia = await joinAnn('member', 'Mia Medewerker');
  await t.db.insert(organizationRole).values({
    id: randomBytes(8).toString('hex'),
    organizationId: ann.organizationId,
    role: 'holders-reader',
    permission: JSON.stringify({ company: ['read'], stakeholder: ['read'] }),
  });
  rex = await joinAnn('holders-reader', 'Rex Lezer');
});
afterAll(() => t.close());

describe('GET /api/v1/search', () => {
  it('finds each type', async () => {
    expect(await search('Noordzee Robotics')).toContainEqual({
      type: 'company',
      id: companyId,
      companyId,
      title: 'Noordzee Robotics B.V.',
      snippet: '',
    });
    const contacts = await search('Sanne Bakker');
    expect(contacts).toContainEqual({
      type: 'contact',
      id: ids.contact,
      companyId,
      title: 'Sanne Bakker',
      snippet: 'Noordzee Robotics B.V. · sanne.bakker@noordzee.example · +31 20 555 0101',
    });
    expect(idsOf(await search('Jürgen'), 'stakeholder')).toEqual([ids.holder]);
    const grants = await search('Anna Founder');
    expect(grants).toContainEqual({
      type: 'grant',
      id: fixture.params.grantId,
      companyId,
      title: 'Anna de Vries — Founder options',
      snippet: 'Noordzee Robotics B.V.',
    });
    const notes = await search('uitoefenprijs');
    expect(notes.map((r) => [r.type, r.id, r.title])).toEqual([
      ['note', ids.note, 'Noordzee Robotics B.V.'],
    ]);
    // Plain text: Markdown marks dropped, nothing escaped.
    expect(notes[0]!.snippet).toBe(
      'Telefoongesprek met de aandeelhouders over de cliff van de medewerkers en de uitoefenprijs.',
    );
    expect(await search('optieovereenkomst')).toEqual([
      {
        type: 'task',
        id: ids.task,
        companyId,
        title: 'Optieovereenkomst versturen',
        snippet: 'Naar de notaris voor vrijdag',
      },
    ]);
    // A task about no company.
    expect(await search('kantoorborrel')).toEqual([
      {
        type: 'task',
        id: ids.freeTask,
        companyId: null,
        title: 'Kantoorborrel plannen',
        snippet: '',
      },
    ]);
  });

  it('ignores accents both ways, and case', async () => {
    for (const q of ['Müller', 'muller', 'MULLER', 'mül', 'Präzision', 'prazision']) {
      expect(idsOf(await search(q), 'company'), q).toContain(ids.mullerCompany);
    }
    for (const q of ['Jurgen', 'jürgen muller', 'Jürgen Müller'])
      expect(idsOf(await search(q), 'stakeholder'), q).toEqual([ids.holder]);
    expect(idsOf(await search('Koln'), 'company')).toEqual([ids.mullerCompany]);
  });

  it('matches every word as a prefix, all words required', async () => {
    expect(idsOf(await search('noord rob'), 'company')).toEqual([companyId]);
    expect(idsOf(await search('Noo'), 'company')).toContain(companyId);
    expect(idsOf(await search('noord xyzzy'))).toEqual([]);
    expect(idsOf(await search('sanne.bakker@noordzee.example'), 'contact')).toEqual([ids.contact]);
    expect(idsOf(await search('555'), 'contact')).toEqual([ids.contact]);
  });

  it('matches Dutch words as written (no stemming)', async () => {
    expect(idsOf(await search('aandeelhouders'), 'note')).toEqual([ids.note]);
    expect(idsOf(await search('telefoongesprek medewerkers'), 'note')).toEqual([ids.note]);
    expect(idsOf(await search('notaris vrijdag'), 'task')).toEqual([ids.task]);
  });

  it('reads hostile input as words, never as query syntax', async () => {
    for (const q of [
      'a & b | !c:*',
      "'",
      '\\',
      "''",
      '!!!',
      '&',
      '(',
      ':*',
      '<->',
      "Müller' | 'x",
      '\\x27',
      '%_',
      '*',
      '---',
      '@',
    ]) {
      const res = await t.request(`/api/v1/search?${new URLSearchParams({ q })}`, {
        cookie: ann.cookie,
      });
      expect(res.status, q).toBe(200);
      expect(Array.isArray((await res.json()).results)).toBe(true);
    }
    expect(await search('!!!')).toEqual([]);
    expect(await search("'")).toEqual([]);
    // The words in it still count.
    expect(idsOf(await search("Müller' | 'x"), 'company')).toEqual([]);
    expect(idsOf(await search('(Müller)'), 'company')).toContain(ids.mullerCompany);
  });

  it('never answers with another workspace’s rows', async () => {
    const mine = await search('Müller');
    expect(idsOf(mine)).not.toContain(ids.bobCompany);
    const bobs = await search('Müller', bob.cookie);
    expect(idsOf(bobs, 'company')).toEqual([ids.bobCompany]);
    expect(idsOf(bobs)).not.toContain(ids.holder);
    expect(idsOf(await search('telefoongesprek', bob.cookie))).not.toContain(ids.note);
    for (const r of bobs) expect([ids.bobCompany, null]).toContain(r.companyId);
  });

  it('leaves out the trash and deleted notes', async () => {
    expect(await search('Weggegooid')).toEqual([]);
    expect(await search('Prullenbak')).toEqual([]);
    expect(await search('vennootschapsbelasting')).toEqual([]);
  });

  it('searches only the types the caller may read', async () => {
    // Rex's role reads companies and stakeholders: no notes, contacts, grants or tasks.
    const types = new Set<string>();
    for (const q of ['noordzee', 'jurgen', 'sanne', 'aandeelhouders', 'optieovereenkomst', 'anna'])
      for (const r of await search(q, rex.cookie)) types.add(r.type);
    expect([...types].sort()).toEqual(['company', 'stakeholder']);
    expect(await search('aandeelhouders', rex.cookie)).toEqual([]);
    expect(await search('optieovereenkomst', rex.cookie)).toEqual([]);
    expect(await search('Anna Founder', rex.cookie)).toEqual([]);
    expect(idsOf(await search('Jürgen', rex.cookie))).toEqual([ids.holder]);
  });

  it('drops every row of a company hidden by client access', async () => {
    for (const q of ['Geheim', 'geheime']) {
      const seen = await search(q, mia.cookie);
      expect(seen, q).toEqual([]);
    }
    // The owner sees it all.
    const owner = await search('geheim');
    expect(new Set(owner.map((r) => r.type))).toEqual(
      new Set(['company', 'stakeholder', 'note', 'task']),
    );
    expect(owner.every((r) => r.companyId === walled)).toBe(true);
    // The member still finds the open companies.
    expect(idsOf(await search('Noordzee', mia.cookie), 'company')).toEqual([companyId]);
  });

  it('groups by type, keeps to the limit and shares it among the types', async () => {
    const org = ann.organizationId;
    await t.db.insert(note).values(
      Array.from({ length: 30 }, (_, i) => ({
        organizationId: org,
        companyId,
        kind: 'note',
        body: `Zebravergadering nummer ${i + 1}`,
        occurredAt: systemNow(),
        authorName: 'Ann Advocaat',
      })),
    );
    const company2 = await ok<{ id: string }>(t, ann.cookie, '/company', 'POST', {
      companyName: 'Zebra Mobility B.V.',
    });
    const all = await search('zebra', ann.cookie, 50);
    expect(all.map((r) => r.type)).toEqual(['company', ...Array(30).fill('note')]);
    const few = await search('zebra', ann.cookie, 3);
    expect(few.map((r) => r.type)).toEqual(['company', 'note', 'note']);
    expect(few[0]!.id).toBe(company2.id);
    expect((await search('zebra')).length).toBe(20);
    const order = ['company', 'contact', 'stakeholder', 'grant', 'note', 'task'];
    const mixed = (await search('a', ann.cookie, 50)).map((r) => order.indexOf(r.type));
    expect(new Set(mixed).size).toBeGreaterThan(2);
    expect(mixed).toEqual([...mixed].sort((a, b) => a - b));
  });

  it('refuses a bad q or limit with 400 naming it', async () => {
    const cases: [string, string][] = [
      ['', 'q'],
      ['q=', 'q'],
      ['q=%20%20', 'q'],
      [`q=${'a'.repeat(201)}`, 'q'],
      ['q=a%00b', 'q'],
      ['q=a%0Ab', 'q'],
      ['q=x&limit=0', 'limit'],
      ['q=x&limit=51', 'limit'],
      ['q=x&limit=abc', 'limit'],
      ['q=x&limit=1e1', 'limit'],
      ['q=x&limit=-1', 'limit'],
      ['q=x&limit=', 'limit'],
    ];
    for (const [query, field] of cases) {
      const res = await t.request(`/api/v1/search?${query}`, { cookie: ann.cookie });
      expect(res.status, query).toBe(400);
      const body = await res.json();
      expect(Object.keys(body.error.fields ?? {}), query).toContain(field);
    }
    expect((await search('a'.repeat(200))).length).toBe(0);
    expect((await search('noordzee', ann.cookie, 1)).length).toBe(1);
    expect((await search('a', ann.cookie, 50)).length).toBeGreaterThan(1);
  });

  it('needs a signed-in caller', async () => {
    const res = await t.request('/api/v1/search?q=noordzee');
    expect(res.status).toBe(401);
  });
});

describe('the query builder', () => {
  it('quotes words as prefixes and drops everything else', () => {
    expect(prefixQuery('Müller jan')).toBe("'müller':* & 'jan':*");
    expect(prefixQuery('a & b | !c:*')).toBe("'a':* & 'b':* & 'c':*");
    expect(prefixQuery("O'Brien")).toBe("'o':* & 'brien':*");
    expect(prefixQuery('jan.de@firma.nl')).toBe("'jan.de@firma.nl':*");
    expect(prefixQuery('\\ \' " :* ---')).toBeNull();
  });

  it('gives for any input a query the database accepts (or none)', async () => {
    await fc.assert(
      fc.asyncProperty(fc.string({ maxLength: 60, unit: 'grapheme' }), async (input) => {
        const query = prefixQuery(input);
        if (query === null) return;
        expect(query).toMatch(/^'[^'\\]+':\*( & '[^'\\]+':\*)*$/);
        await t.db.execute(sql`select to_tsquery('simple_unaccent'::regconfig, ${query})`);
      }),
      { numRuns: 200 },
    );
  });

  it('answers 200 to any text the API takes', async () => {
    await fc.assert(
      fc.asyncProperty(fc.string({ minLength: 1, maxLength: 40, unit: 'binary' }), async (q) => {
        const res = await t.request(`/api/v1/search?${new URLSearchParams({ q })}`, {
          cookie: ann.cookie,
        });
        expect([200, 400], q).toContain(res.status);
      }),
      { numRuns: 100 },
    );
  });
});
