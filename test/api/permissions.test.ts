import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { BUSINESS_RESOURCES, isAllowed } from '../../src/contracts/access-control';
import { member, organizationRole, session } from '../../src/server/db/schema';
import { ROUTE_PERMISSIONS } from '../../src/server/http/permissions';
import { createTestApp, type TestApp } from '../support/app';
import { equityBodies, equityFixture } from '../support/equity';

// The permission matrix (issue 3): every role × every guarded business route × allowed/denied,
// generated from the access-control module and the routes' own declarations.
let t: TestApp;
let owner: Awaited<ReturnType<TestApp['signUp']>>;
const callers: Record<string, { cookie: string }> = {};

const ROLES = ['owner', 'admin', 'member', 'guest', 'reader', 'guest,member'] as const;
const CUSTOM = { reader: { company: ['read'] } };

beforeAll(async () => {
  t = await createTestApp();
  owner = await t.signUp({ name: 'Olivia Owner' });
  callers.owner = owner;
  await t.db.insert(organizationRole).values({
    id: randomBytes(8).toString('hex'),
    organizationId: owner.organizationId,
    role: 'reader',
    permission: JSON.stringify(CUSTOM.reader),
  });
  for (const role of ROLES.filter((r) => r !== 'owner')) {
    const user = await t.signUp({ name: `Role ${role}` });
    await t.db.insert(member).values({
      id: randomBytes(8).toString('hex'),
      organizationId: owner.organizationId,
      userId: user.userId,
      role,
      createdAt: new Date(),
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

const bodies: Record<string, unknown> = {
  'POST /company': { companyName: 'Allowed Create B.V.' },
  'PATCH /company/{companyId}': { city: 'Haarlem' },
};

describe('permission matrix', () => {
  it('covers every business route of the OpenAPI document', async () => {
    const doc = await (await t.request('/api/v1/openapi.json')).json();
    const documented = Object.entries(doc.paths as Record<string, Record<string, unknown>>)
      .flatMap(([path, methods]) => Object.keys(methods).map((m) => `${m.toUpperCase()} ${path}`))
      .filter((r) => !['GET /meta', 'GET /me', 'POST /vesting/preview'].includes(r));
    const guarded = ROUTE_PERMISSIONS.map((r) => `${r.method} ${r.path}`);
    expect(documented.sort()).toEqual([...new Set(guarded)].sort());
  });

  const cases = ROLES.flatMap((role) => ROUTE_PERMISSIONS.map((route) => [role, route] as const));
  it.each(cases)('%s on %o', async (role, route) => {
    const key = `${route.method} ${route.path}`;
    let params: Record<string, string>;
    let body = bodies[key];
    if (route.path.startsWith('/company/{companyId}/')) {
      // Equity routes need the structure their path parameters and bodies refer to.
      const fixture = await equityFixture(t, owner.cookie);
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
    } else {
      params = { companyId: await newCompany() };
    }
    const path = `/api/v1${route.path.replace(/\{(\w+)\}/g, (_, name: string) => params[name]!)}`;
    // String bodies are raw uploads (the valuation report PDF), not JSON.
    const res = await t.request(path, {
      method: route.method,
      ...(typeof body === 'string'
        ? { rawBody: body, headers: { 'content-type': 'application/pdf' } }
        : { body }),
      cookie: callers[role]!.cookie,
    });
    const allowed = isAllowed(role, route.resource, route.action, CUSTOM);
    if (allowed) {
      expect(res.status, await res.clone().text()).toBeLessThan(300);
    } else {
      expect(res.status).toBe(403);
      expect(await res.json()).toEqual({
        error: {
          code: 'FORBIDDEN',
          message: `You are not allowed to access resource: ${route.resource}`,
        },
      });
    }
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
