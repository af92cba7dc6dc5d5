import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import {
  administersClientAccess,
  BUSINESS_ACTIONS,
  BUSINESS_RESOURCES,
  isAllowed,
} from '../../src/contracts/access-control';
import { member, organizationRole, session } from '../../src/server/db/schema';
import { VIEW_READS, type View } from '../../src/contracts/views';
import { ROUTE_PERMISSIONS } from '../../src/server/http/permissions';
import { systemNow } from '../../src/server/clock';
import { createTestApp, type TestApp } from '../support/app';
import { equityBodies, equityFixture } from '../support/equity';
import { minimalOcfPackage } from '../support/ocf';

// The permission matrix (issue 3): every role × every guarded business route × allowed/denied,
// generated from the access-control module and the routes' own declarations.
let t: TestApp;
let owner: Awaited<ReturnType<TestApp['signUp']>>;
const callers: Record<string, { cookie: string }> = {};

const ROLES = [
  'owner',
  'admin',
  'member',
  'guest',
  'reader',
  'holders',
  'grants-only',
  'guest,member',
] as const;
// Custom roles (finding 10): company read alone sees no holders, pools or grants; a role that
// reads grants without stakeholders sees no grant either.
const CUSTOM: Record<string, Partial<Record<string, string[]>>> = {
  reader: { company: ['read'] },
  holders: { company: ['read'], stakeholder: ['read', 'create'], plan: ['read'] },
  'grants-only': { company: ['read'], grant: ['read', 'create', 'update'] },
};

beforeAll(async () => {
  t = await createTestApp();
  owner = await t.signUp({ name: 'Olivia Owner' });
  callers.owner = owner;
  for (const [role, permission] of Object.entries(CUSTOM)) {
    await t.db.insert(organizationRole).values({
      id: randomBytes(8).toString('hex'),
      organizationId: owner.organizationId,
      role,
      permission: JSON.stringify(permission),
    });
  }
  for (const role of ROLES.filter((r) => r !== 'owner')) {
    const user = await t.signUp({ name: `Role ${role}` });
    await t.db.insert(member).values({
      id: randomBytes(8).toString('hex'),
      organizationId: owner.organizationId,
      userId: user.userId,
      role,
      createdAt: systemNow(),
    });
    await t.db
      .update(session)
      .set({ activeOrganizationId: owner.organizationId })
      .where(eq(session.userId, user.userId));
    callers[role] = user;
  }
});
afterAll(() => t.close());

async function newCompany() {
  const res = await t.request('/api/v1/company', {
    method: 'POST',
    body: { companyName: `Matrix ${randomBytes(3).toString('hex')} B.V.` },
    cookie: owner.cookie,
  });
  expect(res.status).toBe(201);
  return (await res.json()).id as string;
}

const FOUR_YEARS = {
  type: 'time',
  periodLength: 1,
  periodUnit: 'months',
  occurrences: 48,
  cliffPeriods: 12,
};

// Imports (issue 13): the kind of import decides the rest of the permission, checked once the
// kind is known; the matrix imports stakeholders.
const BY_KIND: Record<string, { resource: string; action: string }[]> = {
  'POST /company/{companyId}/imports': [{ resource: 'stakeholder', action: 'create' }],
  'POST /company/{companyId}/imports/{importId}/commit': [
    { resource: 'stakeholder', action: 'create' },
  ],
  'GET /company/{companyId}/imports/{importId}': [{ resource: 'stakeholder', action: 'read' }],
};

// Query strings of GETs that need one (search, issue 15).
const queries: Record<string, string> = { 'GET /search': '?q=matrix' };

const bodies: Record<string, unknown> = {
  'POST /company': { companyName: 'Allowed Create B.V.' },
  'POST /ocf-imports': minimalOcfPackage('Allowed Import B.V.'),
  'PATCH /company/{companyId}': { city: 'Haarlem' },
};

// The caller's own reminders and calendar feeds (issue 15): every member has them, guests
// included; they show only what the member's role reads (test/api/calendar-feeds.test.ts).
const PERSONAL = [
  'GET /me/reminders',
  'PATCH /me/reminders',
  'GET /calendar-feeds',
  'POST /calendar-feeds',
  'DELETE /calendar-feeds/{feedId}',
];

describe('permission matrix', () => {
  it('covers every business route of the OpenAPI document', async () => {
    const doc = await (await t.request('/api/v1/openapi.json')).json();
    const documented = Object.entries(doc.paths as Record<string, Record<string, unknown>>)
      .flatMap(([path, methods]) => Object.keys(methods).map((m) => `${m.toUpperCase()} ${path}`))
      .filter((r) => !['GET /meta', 'GET /me', 'POST /vesting/preview', ...PERSONAL].includes(r));
    const guarded = ROUTE_PERMISSIONS.map((r) => `${r.method} ${r.path}`);
    expect(documented.sort()).toEqual([...new Set(guarded)].sort());
  });

  const cases = ROLES.flatMap((role) => ROUTE_PERMISSIONS.map((route) => [role, route] as const));
  // Equity routes need the structure their path parameters and bodies refer to. Building it
  // takes some thirty requests, so one structure serves case after case: a GET or a refused write
  // changes nothing, and the accepted writes of the matrix can each be repeated on it (their
  // bodies add, or change a field to the same value; an allowed case that answered 409 would
  // fail). A deletion takes a row later cases name, so the next case builds anew. (Building anew
  // after every accepted write took 100 of the matrix's 156 s; issue 23.)
  let fixture: Awaited<ReturnType<typeof equityFixture>> | undefined;
  it.each(cases)('%s on %o', async (role, route) => {
    const key = `${route.method} ${route.path}`;
    let params: Record<string, string>;
    let body = bodies[key];
    const usesFixture = route.path.startsWith('/company/{companyId}/');
    if (usesFixture) {
      fixture ??= await equityFixture(t, owner.cookie);
      params = fixture.params;
      body ??= equityBodies(fixture)[key];
    } else if (route.path.startsWith('/vesting-templates')) {
      const template = await t.request('/api/v1/vesting-templates', {
        method: 'POST',
        body: { name: `Template ${randomBytes(4).toString('hex')}`, terms: FOUR_YEARS },
        cookie: owner.cookie,
      });
      params = { templateId: (await template.json()).id };
      body = {
        'POST /vesting-templates': {
          name: `New ${randomBytes(4).toString('hex')}`,
          terms: FOUR_YEARS,
        },
        'PATCH /vesting-templates/{templateId}': { description: 'Standard for employees' },
      }[key];
    } else if (route.path.startsWith('/document-')) {
      // Document templates and settings (issue 14): a version the owner uploaded, and ours.
      const standard = await t.request('/api/v1/document-templates/grant_letter/en/standard', {
        cookie: owner.cookie,
      });
      const docx = new Uint8Array(await standard.arrayBuffer());
      const form = () => {
        const f = new FormData();
        f.set('file', new File([docx], 'letter.docx'));
        return f;
      };
      const uploaded = await t.request('/api/v1/document-templates/grant_letter/en', {
        method: 'POST',
        rawBody: form(),
        cookie: owner.cookie,
      });
      expect(uploaded.status, await uploaded.clone().text()).toBe(201);
      params = {
        documentTemplateId: (await uploaded.json()).id,
        kind: 'grant_letter',
        language: 'en',
      };
      body = {
        'POST /document-templates/{kind}/{language}': form(),
        'PATCH /document-templates/{documentTemplateId}': { active: false },
        'PATCH /document-settings': { language: 'nl' },
      }[key];
    } else if (route.path.startsWith('/tasks')) {
      // Tasks (issue 15): a task about a company whose valuation has expired (an alert to act
      // on, for a task from that deadline).
      const companyId = await newCompany();
      const valuation = await t.request(`/api/v1/company/${companyId}/valuations`, {
        method: 'POST',
        body: {
          // Expired whatever the date: the matrix is not date-sensitive (scripts/clocked-suites.mjs).
          effectiveDate: '2020-01-01',
          purpose: 'tax_fmv',
          method: 'opm',
          enterpriseValue: '1000000',
          fullyDilutedShares: 100_000,
        },
        cookie: owner.cookie,
      });
      expect(valuation.status, await valuation.clone().text()).toBe(201);
      const task = await t.request('/api/v1/tasks', {
        method: 'POST',
        body: { title: 'Matrix task', companyId },
        cookie: owner.cookie,
      });
      expect(task.status, await task.clone().text()).toBe(201);
      const taskId = (await task.json()).id as string;
      params = { taskId };
      body = {
        'POST /tasks': { title: 'Allowed task', companyId },
        'PATCH /tasks/{taskId}': { status: 'done' },
        'POST /tasks/bulk': { ids: [taskId], action: 'complete' },
        'POST /tasks/from-deadline': { type: 'valuation', companyId },
      }[key];
    } else if (route.path.startsWith('/trash')) {
      // The trash routes (owners and admins only) act on a company the owner deleted.
      const companyId = await newCompany();
      const trashed = await t.request(`/api/v1/company/${companyId}`, {
        method: 'DELETE',
        cookie: owner.cookie,
      });
      expect(trashed.status).toBe(204);
      params = { kind: 'company', id: companyId };
    } else {
      params = { companyId: await newCompany() };
    }
    const path = `/api/v1${route.path.replace(/\{(\w+)\}/g, (_, name: string) => params[name]!)}${queries[key] ?? ''}`;
    // String bodies are raw uploads (the valuation report PDF), forms multipart, bytes an OCF
    // package; others JSON.
    const res = await t.request(path, {
      method: route.method,
      ...(typeof body === 'string'
        ? { rawBody: body, headers: { 'content-type': 'application/pdf' } }
        : body instanceof FormData
          ? { rawBody: body }
          : body instanceof Uint8Array
            ? {
                rawBody: body as Uint8Array<ArrayBuffer>,
                headers: { 'content-type': 'application/zip' },
              }
            : { body }),
      cookie: callers[role]!.cookie,
    });
    if (usesFixture && route.method === 'DELETE' && res.status < 400) fixture = undefined;
    const needed = [
      { resource: route.resource, action: route.action },
      ...route.also,
      ...route.reads.map((resource) => ({ resource, action: 'read' })),
      ...(BY_KIND[key] ?? []),
    ];
    const missing = needed.find((p) => !isAllowed(role, p.resource, p.action, CUSTOM));
    // Client access (decision 029): some routes are for owners and admins, whatever else a role
    // allows; the permissions are checked first.
    const administers = !route.administers || administersClientAccess(role);
    if (!missing && administers) {
      expect(res.status, await res.clone().text()).toBeLessThan(300);
    } else if (!missing) {
      expect(res.status).toBe(403);
      expect(await res.json()).toEqual({
        error: {
          code: 'FORBIDDEN',
          message: 'Only owners and admins see and decide who can see a client company',
        },
      });
    } else {
      expect(res.status).toBe(403);
      expect(await res.json()).toEqual({
        error: {
          code: 'FORBIDDEN',
          message: `You are not allowed to access resource: ${missing.resource}`,
        },
      });
    }
  });
});

describe('consistent reads (finding 10)', () => {
  const reads = (method: string, path: string) => {
    const route = ROUTE_PERMISSIONS.find((r) => r.method === method && r.path === path);
    expect(route, `${method} ${path}`).toBeDefined();
    return [...new Set([route!.resource, ...route!.reads])].sort();
  };

  it('every view needs read on each kind of record it shows, as the UI assumes', () => {
    const views: Record<View, [string, string][]> = {
      stakeholders: [['GET', '/company/{companyId}/stakeholders']],
      shareClasses: [['GET', '/company/{companyId}/share-classes']],
      register: [
        ['GET', '/company/{companyId}/share-events'],
        ['GET', '/company/{companyId}/receipts'],
      ],
      capTable: [
        ['GET', '/company/{companyId}/cap-table'],
        ['GET', '/company/{companyId}/cap-table/export'],
      ],
      summary: [['GET', '/company/{companyId}/summary']],
      plans: [['GET', '/company/{companyId}/plans']],
      grants: [
        ['GET', '/company/{companyId}/grants'],
        ['GET', '/company/{companyId}/grants/{grantId}'],
      ],
      upcoming: [['GET', '/upcoming']],
      valuations: [['GET', '/company/{companyId}/valuations']],
      valuationMetrics: [['GET', '/company/{companyId}/valuation-metrics']],
    };
    for (const [view, routes] of Object.entries(views) as [View, [string, string][]][]) {
      for (const [method, path] of routes) {
        expect(reads(method, path), `${view}: ${method} ${path}`).toEqual(
          [...VIEW_READS[view]].sort(),
        );
      }
    }
    // The cap table shows holders, pools and grants; the register shows holders.
    expect(VIEW_READS.capTable).toEqual(
      expect.arrayContaining(['company', 'stakeholder', 'plan', 'grant']),
    );
    expect(VIEW_READS.register).toEqual(expect.arrayContaining(['company', 'stakeholder']));
  });

  it('everything under a company needs company read', () => {
    for (const route of ROUTE_PERMISSIONS.filter((r) =>
      r.path.startsWith('/company/{companyId}'),
    )) {
      expect([route.resource, ...route.reads], `${route.method} ${route.path}`).toContain(
        'company',
      );
    }
  });

  it('company read alone opens neither the cap table, the register, the receipts nor the summary', async () => {
    const companyId = await newCompany();
    for (const view of [
      'cap-table',
      'share-events',
      'receipts',
      'summary',
      'stakeholders',
      'grants',
    ]) {
      const res = await t.request(`/api/v1/company/${companyId}/${view}`, {
        cookie: callers.reader!.cookie,
      });
      expect(res.status, view).toBe(403);
    }
    const company = await t.request(`/api/v1/company/${companyId}`, {
      cookie: callers.reader!.cookie,
    });
    expect(company.status).toBe(200);
  });
});

describe('GET /api/v1/me', () => {
  it.each(ROLES)('reports the business permissions of %s', async (role) => {
    const res = await t.request('/api/v1/me', { cookie: callers[role]!.cookie });
    expect(res.status).toBe(200);
    const me = await res.json();
    expect(me.role).toBe(role);
    expect(me.organizationId).toBe(owner.organizationId);
    for (const resource of BUSINESS_RESOURCES) {
      for (const action of ['create', 'read', 'update', 'delete', 'export']) {
        expect(me.permissions[resource].includes(action), `${resource}:${action}`).toBe(
          isAllowed(role, resource, action, CUSTOM),
        );
      }
    }
  });
});

// Client access (issue 15, decision 029): a cross-user test of every route under a company. Two
// members hold a custom role that allows every business action, so that the wall alone tells
// them apart: the company is restricted to one of them. The other gets 404 everywhere, as for
// another workspace's company; the one listed never does. New routes are covered as they come.
describe('client access on every company route', () => {
  let walledIn: Awaited<ReturnType<TestApp['signUp']>>;
  let walledOut: Awaited<ReturnType<TestApp['signUp']>>;

  beforeAll(async () => {
    await t.db.insert(organizationRole).values({
      id: randomBytes(8).toString('hex'),
      organizationId: owner.organizationId,
      role: 'partner',
      permission: JSON.stringify(
        Object.fromEntries(BUSINESS_RESOURCES.map((r) => [r, [...BUSINESS_ACTIONS]])),
      ),
    });
    const join = async (name: string) => {
      const user = await t.signUp({ name });
      await t.db.insert(member).values({
        id: randomBytes(8).toString('hex'),
        organizationId: owner.organizationId,
        userId: user.userId,
        role: 'partner',
        createdAt: systemNow(),
      });
      await t.db
        .update(session)
        .set({ activeOrganizationId: owner.organizationId })
        .where(eq(session.userId, user.userId));
      return user;
    };
    walledIn = await join('Walled In');
    walledOut = await join('Walled Out');
  });

  const routes = ROUTE_PERMISSIONS.filter((r) => r.path.startsWith('/company/{companyId}'));
  let fixture: Awaited<ReturnType<typeof equityFixture>> | undefined;
  it.each(routes.map((r) => [`${r.method} ${r.path}`, r] as const))(
    '%s: 404 for a member who may not see the company, not for one who may',
    async (key, route) => {
      if (!fixture) {
        fixture = await equityFixture(t, owner.cookie);
        const restricted = await t.request(`/api/v1/company/${fixture.companyId}/access`, {
          method: 'PUT',
          body: { access: 'restricted', userIds: [walledIn.userId] },
          cookie: owner.cookie,
        });
        expect(restricted.status).toBe(200);
      }
      const f = fixture;
      const path = `/api/v1${route.path.replace(/\{(\w+)\}/g, (_, name: string) => f.params[name]!)}`;
      const send = (cookie: string) => {
        const body = equityBodies(f)[key];
        return t.request(path, {
          method: route.method,
          ...(typeof body === 'string'
            ? { rawBody: body, headers: { 'content-type': 'application/pdf' } }
            : body instanceof FormData
              ? { rawBody: body }
              : { body }),
          cookie,
        });
      };
      const hidden = await send(walledOut.cookie);
      expect(hidden.status, await hidden.clone().text()).toBe(404);
      expect((await hidden.json()).error).toEqual({
        code: 'NOT_FOUND',
        message: 'Company not found',
      });
      const seen = await send(walledIn.cookie);
      expect(seen.status, await seen.clone().text()).not.toBe(404);
      // A write that went through may have changed what the next route needs.
      if (route.method !== 'GET' && seen.status < 400) fixture = undefined;
    },
  );
});
