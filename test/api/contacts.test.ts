import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../support/app';
import { ok } from '../support/equity';
import { joinAs } from '../support/members';

// Contacts of a client company (issue 15): CRUD, every refusal naming its field, one primary
// per company, stakeholders of the same company only, the primary on the company, guests read
// only, another workspace's ids 404.

let t: TestApp;
let ann: Awaited<ReturnType<TestApp['signUp']>>;
let guest: Awaited<ReturnType<TestApp['signUp']>>;
let bob: Awaited<ReturnType<TestApp['signUp']>>;

// eslint-disable-next-line @typescript-eslint/no-explicit-any
type Loose = Record<string, any>;

beforeAll(async () => {
  t = await createTestApp();
  ann = await t.signUp({ name: 'Ann Advocaat' });
  bob = await t.signUp({ name: 'Bob Elders' });
  guest = await joinAs(t, ann.organizationId, 'guest', 'Gus Guest');
});
afterAll(() => t.close());

async function call(method: string, path: string, body?: unknown, cookie = ann.cookie) {
  const res = await t.request(`/api/v1${path}`, { method, body, cookie });
  const text = await res.text();
  return { status: res.status, body: (text ? JSON.parse(text) : null) as Loose };
}

async function company(name: string, cookie = ann.cookie) {
  const c = await ok<{ id: string }>(t, cookie, '/company', 'POST', { companyName: name });
  return `/company/${c.id}`;
}

describe('contacts', () => {
  it('creates, lists, reads, updates and deletes a contact', async () => {
    const base = await company('Contacten B.V.');
    const holder = await ok<{ id: string }>(t, ann.cookie, `${base}/stakeholders`, 'POST', {
      name: 'Fenna Founder',
      relationship: 'founder',
    });
    const created = await call('POST', `${base}/contacts`, {
      name: ' Fenna Founder ',
      function: 'founder',
      email: 'Fenna@Example.NL',
      phone: '+31 6 1234 5678',
      language: 'nl',
      primary: true,
      stakeholderId: holder.id,
      notes: 'Prefers calls\nafter 10:00',
    });
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    expect(created.body).toMatchObject({
      name: 'Fenna Founder',
      function: 'founder',
      email: 'Fenna@Example.NL',
      language: 'nl',
      primary: true,
      stakeholderId: holder.id,
      stakeholderName: 'Fenna Founder',
      notes: 'Prefers calls\nafter 10:00',
    });
    const hr = await call('POST', `${base}/contacts`, { name: 'Henk HR', function: 'hr' });
    expect(hr.status).toBe(201);
    expect(hr.body).toMatchObject({ primary: false, email: null, language: null });

    const list = await call('GET', `${base}/contacts`);
    expect(list.body.items.map((c: Loose) => c.name)).toEqual(['Fenna Founder', 'Henk HR']);
    const one = await call('GET', `${base}/contacts/${hr.body.id}`);
    expect(one.body.name).toBe('Henk HR');

    const patched = await call('PATCH', `${base}/contacts/${hr.body.id}`, {
      phone: '020 123 4567',
      function: null,
    });
    expect(patched.status).toBe(200);
    expect(patched.body).toMatchObject({ phone: '020 123 4567', function: null, name: 'Henk HR' });

    expect((await call('DELETE', `${base}/contacts/${hr.body.id}`)).status).toBe(204);
    expect((await call('GET', `${base}/contacts/${hr.body.id}`)).status).toBe(404);
    expect((await call('DELETE', `${base}/contacts/${hr.body.id}`)).status).toBe(404);

    // Every write is in the company's activity.
    const activity = await call('GET', `${base}/activity`);
    const events = (activity.body.items as Loose[]).filter((e) => e.entityType === 'contact');
    expect(events.map((e) => e.action).sort()).toEqual(['create', 'create', 'delete', 'update']);
  });

  it('keeps one primary contact per company', async () => {
    const base = await company('Primair B.V.');
    const first = await call('POST', `${base}/contacts`, { name: 'Eerste', primary: true });
    const second = await call('POST', `${base}/contacts`, { name: 'Tweede', primary: true });
    expect(second.status).toBe(201);
    const list = async () =>
      Object.fromEntries(
        (await call('GET', `${base}/contacts`)).body.items.map((c: Loose) => [c.name, c.primary]),
      );
    expect(await list()).toEqual({ Eerste: false, Tweede: true });
    await call('PATCH', `${base}/contacts/${first.body.id}`, { primary: true });
    expect(await list()).toEqual({ Eerste: true, Tweede: false });
    // Two at once: the company's lock lets one after the other through, one primary remains.
    await Promise.all([
      call('PATCH', `${base}/contacts/${first.body.id}`, { primary: true }),
      call('PATCH', `${base}/contacts/${second.body.id}`, { primary: true }),
    ]);
    expect(Object.values(await list()).filter(Boolean)).toHaveLength(1);
    // Another company's primary is untouched.
    const other = await company('Ander B.V.');
    await call('POST', `${other}/contacts`, { name: 'Derde', primary: true });
    expect(Object.values(await list()).filter(Boolean)).toHaveLength(1);
  });

  it('shows the primary contact on the company, its page and the list', async () => {
    const base = await company('Toon B.V.');
    const plain = await call('GET', base);
    expect(plain.body.primaryContact).toBeNull();
    const c = await call('POST', `${base}/contacts`, {
      name: 'Carla CFO',
      function: 'cfo',
      email: 'carla@toon.nl',
      phone: '+31 20 555 0000',
      primary: true,
    });
    const expected = {
      id: c.body.id,
      name: 'Carla CFO',
      function: 'cfo',
      email: 'carla@toon.nl',
      phone: '+31 20 555 0000',
    };
    expect((await call('GET', base)).body.primaryContact).toEqual(expected);
    const list = await call('GET', '/company?q=Toon');
    expect(list.body.items.find((i: Loose) => `/company/${i.id}` === base).primaryContact).toEqual(
      expected,
    );
    // An update of the company keeps answering with it.
    const updated = await call('PATCH', base, { city: 'Delft' });
    expect(updated.body.primaryContact).toEqual(expected);
    await call('PATCH', `${base}/contacts/${c.body.id}`, { primary: false });
    expect((await call('GET', base)).body.primaryContact).toBeNull();
  });

  it('refuses bad input naming the field', async () => {
    const base = await company('Fout B.V.');
    const other = await company('Ander Fout B.V.');
    const foreign = await ok<{ id: string }>(t, ann.cookie, `${other}/stakeholders`, 'POST', {
      name: 'Elders',
      relationship: 'employee',
    });
    const cases: [unknown, string][] = [
      [{}, 'name'],
      [{ name: '' }, 'name'],
      [{ name: 'x'.repeat(201) }, 'name'],
      [{ name: 'A', function: 'ceo2' }, 'function'],
      [{ name: 'A', email: 'not-an-email' }, 'email'],
      [{ name: 'A', phone: 'call me' }, 'phone'],
      [{ name: 'A', phone: '12' }, 'phone'],
      [{ name: 'A', language: 'de' }, 'language'],
      [{ name: 'A', primary: 'yes' }, 'primary'],
      [{ name: 'A', stakeholderId: 'nope' }, 'stakeholderId'],
      [{ name: 'A', stakeholderId: foreign.id }, 'stakeholderId'],
      [{ name: 'A', stakeholderId: '00000000-0000-4000-8000-000000000000' }, 'stakeholderId'],
      [{ name: 'A', notes: 'x'.repeat(4001) }, 'notes'],
      [{ name: 'A', surprise: 1 }, 'surprise'],
    ];
    for (const [body, field] of cases) {
      const res = await call('POST', `${base}/contacts`, body);
      expect(res.status, JSON.stringify(body)).toBe(400);
      expect(Object.keys(res.body.error.fields ?? {}), JSON.stringify(body)).toContain(field);
    }
    const c = await call('POST', `${base}/contacts`, { name: 'Goed' });
    const patch = await call('PATCH', `${base}/contacts/${c.body.id}`, {
      stakeholderId: foreign.id,
    });
    expect(patch.status).toBe(400);
    expect(Object.keys(patch.body.error.fields)).toEqual(['stakeholderId']);
    const blank = await call('PATCH', `${base}/contacts/${c.body.id}`, { name: '  ' });
    expect(Object.keys(blank.body.error.fields)).toEqual(['name']);
  });

  it('lets a guest read but not write', async () => {
    const base = await company('Gast B.V.');
    const c = await call('POST', `${base}/contacts`, { name: 'Zichtbaar' });
    expect((await call('GET', `${base}/contacts`, undefined, guest.cookie)).status).toBe(200);
    expect(
      (await call('GET', `${base}/contacts/${c.body.id}`, undefined, guest.cookie)).status,
    ).toBe(200);
    for (const [method, path, body] of [
      ['POST', `${base}/contacts`, { name: 'Nee' }],
      ['PATCH', `${base}/contacts/${c.body.id}`, { name: 'Nee' }],
      ['DELETE', `${base}/contacts/${c.body.id}`, undefined],
    ] as const) {
      expect((await call(method, path, body, guest.cookie)).status, `${method} ${path}`).toBe(403);
    }
  });

  it("answers another workspace's company and contact with 404", async () => {
    const base = await company('Geheim B.V.');
    const c = await call('POST', `${base}/contacts`, { name: 'Geheim' });
    const bobs = await company('Bob B.V.', bob.cookie);
    for (const [method, path, body] of [
      ['GET', `${base}/contacts`, undefined],
      ['POST', `${base}/contacts`, { name: 'X' }],
      ['GET', `${base}/contacts/${c.body.id}`, undefined],
      ['PATCH', `${base}/contacts/${c.body.id}`, { name: 'X' }],
      ['DELETE', `${base}/contacts/${c.body.id}`, undefined],
      // Ann's contact through Bob's own company.
      ['GET', `${bobs}/contacts/${c.body.id}`, undefined],
      ['PATCH', `${bobs}/contacts/${c.body.id}`, { name: 'X' }],
      ['DELETE', `${bobs}/contacts/${c.body.id}`, undefined],
      ['GET', `${bobs}/contacts/not-a-uuid`, undefined],
    ] as const) {
      expect((await call(method, path, body, bob.cookie)).status, `${method} ${path}`).toBe(404);
    }
    expect((await call('GET', `${base}/contacts/${c.body.id}`)).body.name).toBe('Geheim');
  });
});
