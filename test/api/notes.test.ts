import { now } from '../../src/server/clock';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../support/app';
import { equityFixture, ok } from '../support/equity';
import { joinAs } from '../support/members';

// The interaction log (issue 15): notes, calls, meetings and e-mails with participants, links,
// pinned on top; Markdown rendered inert; edits keep their history; deletion is soft and in the
// company's activity; every refusal names its field; guests read only; other workspaces 404.

let t: TestApp;
let ann: Awaited<ReturnType<TestApp['signUp']>>;
let colleague: Awaited<ReturnType<TestApp['signUp']>>;
let guest: Awaited<ReturnType<TestApp['signUp']>>;
let bob: Awaited<ReturnType<TestApp['signUp']>>;

// eslint-disable-next-line @typescript-eslint/no-explicit-any
type Loose = Record<string, any>;

beforeAll(async () => {
  t = await createTestApp();
  ann = await t.signUp({ name: 'Ann Advocaat' });
  bob = await t.signUp({ name: 'Bob Elders' });
  colleague = await joinAs(t, ann.organizationId, 'member', 'Cor Collega');
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

const fields = (res: { body: Loose }) => Object.keys(res.body?.error?.fields ?? {});

describe('notes', () => {
  it('records a call with participants and links, and reads it back', async () => {
    const f = await equityFixture(t, ann.cookie, 'Log B.V.');
    const base = `/company/${f.companyId}`;
    const cfo = await call('POST', `${base}/contacts`, { name: 'Carla CFO', function: 'cfo' });
    const created = await call('POST', `${base}/notes`, {
      kind: 'call',
      body: 'Discussed the **cliff**:\n\n- stays 12 months\n- [plan](https://example.com/plan)',
      occurredAt: '2025-03-04T10:30:00+01:00',
      participants: [{ contactId: cfo.body.id }, { userId: colleague.userId }],
      grantId: f.params.grantId,
      planId: f.planId,
      valuationId: f.params.valuationId,
      pinned: false,
    });
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    const n = created.body;
    expect(n).toMatchObject({
      kind: 'call',
      occurredAt: '2025-03-04T09:30:00.000Z',
      authorId: ann.userId,
      authorName: 'Ann Advocaat',
      grantId: f.params.grantId,
      planId: f.planId,
      planName: 'ESOP 2024',
      valuationId: f.params.valuationId,
      valuationLabel: '2024-06-30',
      pinned: false,
      revisionCount: 0,
    });
    expect(n.grantLabel).toBe('Anna de Vries · 2024-01-15');
    expect(n.participants).toEqual([
      { contactId: cfo.body.id, userId: null, name: 'Carla CFO' },
      { contactId: null, userId: colleague.userId, name: 'Cor Collega' },
    ]);
    expect(n.bodyHtml).toContain('<strong>cliff</strong>');
    expect(n.bodyHtml).toContain(
      '<a href="https://example.com/plan" target="_blank" rel="noopener noreferrer nofollow">plan</a>',
    );
    expect((await call('GET', `${base}/notes/${n.id}`)).body).toEqual(n);

    // Defaults: a plain note, now, no one else, not pinned.
    const plain = await call('POST', `${base}/notes`, { body: 'Short' });
    expect(plain.status).toBe(201);
    expect(plain.body).toMatchObject({ kind: 'note', participants: [], pinned: false });
    expect(Math.abs(Date.parse(plain.body.occurredAt) - now().getTime())).toBeLessThan(60_000);

    // A deleted contact stays a participant by name.
    expect((await call('DELETE', `${base}/contacts/${cfo.body.id}`)).status).toBe(204);
    const after = await call('GET', `${base}/notes/${n.id}`);
    expect(after.body.participants).toContainEqual({
      contactId: null,
      userId: null,
      name: 'Carla CFO',
    });
  });

  it('lists pinned first, then the latest', async () => {
    const base = await company('Volgorde B.V.');
    const note = (body: string, occurredAt: string, pinned = false) =>
      call('POST', `${base}/notes`, { body, occurredAt, pinned });
    await note('old', '2024-01-01T09:00:00Z');
    await note('new', '2025-01-01T09:00:00Z');
    await note('pinned old', '2023-01-01T09:00:00Z', true);
    await note('middle', '2024-06-01T09:00:00Z');
    const list = await call('GET', `${base}/notes`);
    expect(list.body.items.map((i: Loose) => i.body)).toEqual([
      'pinned old',
      'new',
      'middle',
      'old',
    ]);
  });

  it('renders Markdown inert: no raw HTML, no script links', async () => {
    const base = await company('Veilig B.V.');
    const res = await call('POST', `${base}/notes`, {
      body: '<script>alert(1)</script>\n\n<img src=x onerror="alert(2)">\n\n[x](javascript:alert(3)) [y](data:text/html,<script>alert(4)</script>) <a href="javascript:alert(5)">z</a>',
    });
    expect(res.status).toBe(201);
    const html: string = res.body.bodyHtml;
    expect(html).not.toMatch(/<script/i);
    expect(html).not.toMatch(/<img/i);
    expect(html).not.toMatch(/<a /i);
    expect(html).not.toMatch(/href="/i);
    expect(html).toContain('&lt;script&gt;alert(1)&lt;/script&gt;');
    expect(html).toContain('&lt;img src=x onerror=&quot;alert(2)&quot;&gt;');
    // The source is kept as typed.
    expect(res.body.body).toContain('<script>alert(1)</script>');
    // The form's preview renders the same way and stores nothing.
    const preview = await call('POST', `${base}/notes/preview`, {
      body: '**Bold** <script>alert(1)</script> [x](javascript:alert(3))',
    });
    expect(preview.status).toBe(200);
    expect(preview.body).toEqual({
      bodyHtml:
        '<p><strong>Bold</strong> &lt;script&gt;alert(1)&lt;/script&gt; [x](javascript:alert(3))</p>\n',
    });
    expect((await call('GET', `${base}/notes`)).body.items).toHaveLength(1);
    const tooLong = await call('POST', `${base}/notes/preview`, { body: 'x'.repeat(20_001) });
    expect(tooLong.status).toBe(400);
    expect(fields(tooLong)).toEqual(['body']);
  });

  it('keeps the history of edits', async () => {
    const base = await company('Historie B.V.');
    const contact = await call('POST', `${base}/contacts`, { name: 'Pieter' });
    const n = await call('POST', `${base}/notes`, {
      kind: 'meeting',
      body: 'First version',
      occurredAt: '2025-02-01T14:00:00Z',
    });
    const edited = await call(
      'PATCH',
      `${base}/notes/${n.body.id}`,
      { body: 'Second *version*', pinned: true, participants: [{ contactId: contact.body.id }] },
      colleague.cookie,
    );
    expect(edited.status, JSON.stringify(edited.body)).toBe(200);
    expect(edited.body).toMatchObject({
      body: 'Second *version*',
      pinned: true,
      revisionCount: 1,
      authorName: 'Ann Advocaat',
    });
    expect(edited.body.participants.map((p: Loose) => p.name)).toEqual(['Pieter']);
    const again = await call('PATCH', `${base}/notes/${n.body.id}`, { kind: 'call' });
    expect(again.body.revisionCount).toBe(2);
    // An edit that changes nothing keeps nothing.
    const same = await call('PATCH', `${base}/notes/${n.body.id}`, { kind: 'call' });
    expect(same.body.revisionCount).toBe(2);

    const history = await call('GET', `${base}/notes/${n.body.id}/revisions`);
    expect(history.status).toBe(200);
    expect(history.body.items).toHaveLength(2);
    const [latest, first] = history.body.items;
    expect(latest).toMatchObject({
      kind: 'meeting',
      body: 'Second *version*',
      bodyHtml: '<p>Second <em>version</em></p>\n',
      pinned: true,
      editedBy: ann.userId,
      editedByName: 'Ann Advocaat',
    });
    expect(first).toMatchObject({
      kind: 'meeting',
      body: 'First version',
      occurredAt: '2025-02-01T14:00:00.000Z',
      pinned: false,
      participants: [],
      editedBy: colleague.userId,
      editedByName: 'Cor Collega',
    });
    expect(Date.parse(latest.editedAt)).toBeGreaterThanOrEqual(Date.parse(first.editedAt));
  });

  it('deletes softly: gone from the log, audited, in the company activity', async () => {
    const base = await company('Weg B.V.');
    const n = await call('POST', `${base}/notes`, { kind: 'email', body: 'Sent the letter' });
    expect((await call('DELETE', `${base}/notes/${n.body.id}`)).status).toBe(204);
    expect((await call('GET', `${base}/notes`)).body.items).toEqual([]);
    expect((await call('GET', `${base}/notes/${n.body.id}`)).status).toBe(404);
    expect((await call('GET', `${base}/notes/${n.body.id}/revisions`)).status).toBe(404);
    expect((await call('PATCH', `${base}/notes/${n.body.id}`, { body: 'x' })).status).toBe(404);
    expect((await call('DELETE', `${base}/notes/${n.body.id}`)).status).toBe(404);
    const activity = await call('GET', `${base}/activity`);
    const events = (activity.body.items as Loose[]).filter((e) => e.entityId === n.body.id);
    expect(events.map((e) => e.action)).toEqual(['delete', 'create']);
    expect(events[0]).toMatchObject({
      entityType: 'note',
      actor: { id: ann.userId, name: 'Ann Advocaat' },
      changes: { kind: { from: 'email', to: null } },
    });
  });

  it('refuses bad input naming the field', async () => {
    const f = await equityFixture(t, ann.cookie, 'Fouten B.V.');
    const base = `/company/${f.companyId}`;
    const other = await equityFixture(t, ann.cookie, 'Buur B.V.');
    const foreignContact = await call('POST', `/company/${other.companyId}/contacts`, {
      name: 'Buurman',
    });
    const own = await call('POST', `${base}/contacts`, { name: 'Eigen' });
    const cases: [unknown, string][] = [
      [{}, 'body'],
      [{ body: '   ' }, 'body'],
      [{ body: 'x'.repeat(20_001) }, 'body'],
      [{ body: 'a\u0000b' }, 'body'],
      [{ body: 'x', kind: 'letter' }, 'kind'],
      [{ body: 'x', occurredAt: '2025-01-01' }, 'occurredAt'],
      [{ body: 'x', occurredAt: '2025-01-01T10:00:00' }, 'occurredAt'],
      [{ body: 'x', occurredAt: '2025-02-30T10:00:00Z' }, 'occurredAt'],
      [{ body: 'x', occurredAt: '0000-01-01T10:00:00Z' }, 'occurredAt'],
      [{ body: 'x', occurredAt: '10000-01-01T10:00:00Z' }, 'occurredAt'],
      [{ body: 'x', occurredAt: '0001-01-01T00:30:00+01:00' }, 'occurredAt'],
      [{ body: 'x', occurredAt: '9999-12-31T23:30:00-01:00' }, 'occurredAt'],
      [{ body: 'x', pinned: 'yes' }, 'pinned'],
      [{ body: 'x', participants: 'Carla' }, 'participants'],
      [{ body: 'x', participants: [{}] }, 'participants.0'],
      [{ body: 'x', participants: [{ contactId: 'nope' }] }, 'participants.0.contactId'],
      [
        { body: 'x', participants: [{ contactId: own.body.id, userId: ann.userId }] },
        'participants.0',
      ],
      [{ body: 'x', participants: [{ name: 'Carla' }] }, 'participants.0.name'],
      [
        {
          body: 'x',
          participants: [{ userId: ann.userId }, { contactId: foreignContact.body.id }],
        },
        'participants.1',
      ],
      [{ body: 'x', participants: [{ userId: bob.userId }] }, 'participants.0'],
      [
        { body: 'x', participants: [{ contactId: own.body.id }, { contactId: own.body.id }] },
        'participants.1',
      ],
      [{ body: 'x', grantId: 'nope' }, 'grantId'],
      [{ body: 'x', grantId: other.params.grantId }, 'grantId'],
      [{ body: 'x', planId: other.planId }, 'planId'],
      [{ body: 'x', valuationId: other.params.valuationId }, 'valuationId'],
      [{ body: 'x', author: 'me' }, 'author'],
    ];
    for (const [body, field] of cases) {
      const res = await call('POST', `${base}/notes`, body);
      expect(res.status, JSON.stringify(body).slice(0, 200)).toBe(400);
      expect(fields(res), JSON.stringify(body).slice(0, 200)).toContain(field);
    }
    const n = await call('POST', `${base}/notes`, { body: 'ok' });
    const patch = await call('PATCH', `${base}/notes/${n.body.id}`, {
      planId: other.planId,
    });
    expect(patch.status).toBe(400);
    expect(fields(patch)).toEqual(['planId']);
    const empty = await call('PATCH', `${base}/notes/${n.body.id}`, { body: '' });
    expect(fields(empty)).toEqual(['body']);
    // Nothing of the refused writes was kept: the fixture's note and this one.
    expect((await call('GET', `${base}/notes`)).body.items).toHaveLength(2);
  });

  it('lets a guest read but not write', async () => {
    const base = await company('Gast Log B.V.');
    const n = await call('POST', `${base}/notes`, { body: 'Visible' });
    for (const path of [
      `${base}/notes`,
      `${base}/notes/${n.body.id}`,
      `${base}/notes/${n.body.id}/revisions`,
    ])
      expect((await call('GET', path, undefined, guest.cookie)).status, path).toBe(200);
    for (const [method, path, body] of [
      ['POST', `${base}/notes`, { body: 'No' }],
      ['PATCH', `${base}/notes/${n.body.id}`, { body: 'No' }],
      ['DELETE', `${base}/notes/${n.body.id}`, undefined],
      ['POST', `${base}/notes/preview`, { body: 'No' }],
    ] as const) {
      expect((await call(method, path, body, guest.cookie)).status, `${method} ${path}`).toBe(403);
    }
  });

  it("answers another workspace's company and note with 404", async () => {
    const base = await company('Geheim Log B.V.');
    const n = await call('POST', `${base}/notes`, { body: 'Secret' });
    const bobs = await company('Bob Log B.V.', bob.cookie);
    for (const [method, path, body] of [
      ['GET', `${base}/notes`, undefined],
      ['POST', `${base}/notes`, { body: 'X' }],
      ['GET', `${base}/notes/${n.body.id}`, undefined],
      ['GET', `${base}/notes/${n.body.id}/revisions`, undefined],
      ['PATCH', `${base}/notes/${n.body.id}`, { body: 'X' }],
      ['DELETE', `${base}/notes/${n.body.id}`, undefined],
      ['GET', `${bobs}/notes/${n.body.id}`, undefined],
      ['GET', `${bobs}/notes/${n.body.id}/revisions`, undefined],
      ['PATCH', `${bobs}/notes/${n.body.id}`, { body: 'X' }],
      ['DELETE', `${bobs}/notes/${n.body.id}`, undefined],
      ['POST', `${base}/notes/preview`, { body: 'X' }],
      ['GET', `${bobs}/notes/not-a-uuid`, undefined],
    ] as const) {
      expect((await call(method, path, body, bob.cookie)).status, `${method} ${path}`).toBe(404);
    }
    expect((await call('GET', `${base}/notes/${n.body.id}`)).body.body).toBe('Secret');
  });
});
