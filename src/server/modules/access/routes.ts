import { createRoute, type OpenAPIHono } from '@hono/zod-openapi';
import { z } from 'zod';
import { clientAccessSchema, clientAccessUpdateSchema } from '../../../contracts/client-access';
import type { AppEnv } from '../../http/context';
import { jsonBody, jsonContent } from '../../http/openapi';
import { guarded } from '../../http/permissions';
import { getClientAccess, setClientAccess } from './service';

const tags = ['Client access'];
const params = z.object({ companyId: z.string() });
const NIL = '00000000-0000-0000-0000-000000000000';
const uuidOrMissing = (id: string) => (z.uuid().safeParse(id).success ? id : NIL);

const get = guarded(
  createRoute({
    method: 'get',
    path: '/company/{companyId}/access',
    tags,
    operationId: 'getClientAccess',
    summary: 'Who can see the client company, and why (owners and admins)',
    description:
      'The setting (`everyone` or `restricted`), the members and teams listed, and every member ' +
      'of the workspace who can see the company with the reason: `role` (owners and admins see ' +
      'every company), `everyone`, `member` (listed) or `team` (through a listed team). Only ' +
      'owners and admins (and workspace API keys) read it: 403 for others. A company the caller ' +
      'may not see answers 404, as everywhere.',
    request: { params },
    responses: { 200: jsonContent(clientAccessSchema, 'The company’s client access') },
  }),
  { resource: 'company', action: 'read' },
  [],
  [],
  { administers: true },
);

const put = guarded(
  createRoute({
    method: 'put',
    path: '/company/{companyId}/access',
    tags,
    operationId: 'setClientAccess',
    summary: 'Restrict the client company to teams and members, or open it to everyone',
    description:
      '`everyone` clears the list; `restricted` keeps the company to the workspace’s owners and ' +
      'admins and the members (`userIds`) and teams (`teamIds`) named, who must be of this ' +
      'workspace (400 naming `userIds.N` / `teamIds.N`). Needs `company:update` and the owner or ' +
      'admin role (403 for others). Audited in the company’s activity.',
    request: { params, body: jsonBody(clientAccessUpdateSchema) },
    responses: { 200: jsonContent(clientAccessSchema, 'The company’s client access, as saved') },
  }),
  { resource: 'company', action: 'update' },
  [],
  [],
  { administers: true },
);

export function registerClientAccessRoutes(app: OpenAPIHono<AppEnv>) {
  app.openapi(get, async (c) => {
    const { companyId } = c.req.valid('param');
    const found = await getClientAccess({
      db: c.var.db,
      actor: c.var.actor,
      input: { companyId: uuidOrMissing(companyId) },
    });
    return c.json(found, 200);
  });

  app.openapi(put, async (c) => {
    const { companyId } = c.req.valid('param');
    const saved = await setClientAccess({
      db: c.var.db,
      actor: c.var.actor,
      input: { companyId: uuidOrMissing(companyId), body: c.req.valid('json') },
    });
    return c.json(saved, 200);
  });
}
