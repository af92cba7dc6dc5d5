import { createRoute, type OpenAPIHono } from '@hono/zod-openapi';
import { z } from 'zod';
import { auditListResponseSchema } from '../../../contracts/audit';
import {
  companyCreateSchema,
  companyListQuerySchema,
  companyListResponseSchema,
  companySchema,
  companyUpdateSchema,
} from '../../../contracts/company';
import type { AppEnv } from '../../http/context';
import { jsonBody, jsonContent } from '../../http/openapi';
import { guarded } from '../../http/permissions';
import {
  createCompany,
  deleteCompany,
  getCompany,
  listCompanies,
  listCompanyActivity,
  updateCompany,
} from './service';

const tags = ['Companies'];
// Any string is accepted as an id; one that is not a UUID is simply not found (404).
const companyParams = z.object({ companyId: z.string() });

const list = guarded(
  createRoute({
    method: 'get',
    path: '/company',
    tags,
    operationId: 'listCompanies',
    summary: "List the workspace's client companies (keyset-paginated)",
    request: { query: companyListQuerySchema },
    responses: {
      200: jsonContent(companyListResponseSchema, 'A page of companies'),
    },
  }),
  { resource: 'company', action: 'read' },
);

const create = guarded(
  createRoute({
    method: 'post',
    path: '/company',
    tags,
    operationId: 'createCompany',
    summary: 'Create a client company',
    request: { body: jsonBody(companyCreateSchema) },
    responses: {
      201: jsonContent(companySchema, 'The created company'),
    },
  }),
  { resource: 'company', action: 'create' },
);

const get = guarded(
  createRoute({
    method: 'get',
    path: '/company/{companyId}',
    tags,
    operationId: 'getCompany',
    summary: 'Get one client company',
    request: { params: companyParams },
    responses: {
      200: jsonContent(companySchema, 'The company'),
    },
  }),
  { resource: 'company', action: 'read' },
);

const update = guarded(
  createRoute({
    method: 'patch',
    path: '/company/{companyId}',
    tags,
    operationId: 'updateCompany',
    summary: 'Update a client company (any subset of fields)',
    request: { params: companyParams, body: jsonBody(companyUpdateSchema) },
    responses: {
      200: jsonContent(companySchema, 'The updated company'),
    },
  }),
  { resource: 'company', action: 'update' },
);

const remove = guarded(
  createRoute({
    method: 'delete',
    path: '/company/{companyId}',
    tags,
    operationId: 'deleteCompany',
    summary:
      'Move a client company to the trash, with its register, plans, grants and valuations (restorable for 30 days)',
    request: { params: companyParams },
    responses: {
      204: { description: 'Moved to the trash' },
    },
  }),
  { resource: 'company', action: 'delete' },
);

const activity = guarded(
  createRoute({
    method: 'get',
    path: '/company/{companyId}/activity',
    tags,
    operationId: 'listCompanyActivity',
    summary: "The company's activity (audit events), newest first",
    request: { params: companyParams },
    responses: {
      200: jsonContent(auditListResponseSchema, 'Audit events'),
    },
  }),
  { resource: 'audit', action: 'read' },
);

const isUuid = (id: string) => z.uuid().safeParse(id).success;

export function registerCompanyRoutes(app: OpenAPIHono<AppEnv>) {
  app.openapi(list, async (c) => {
    const result = await listCompanies({
      db: c.var.db,
      actor: c.var.actor,
      input: c.req.valid('query'),
    });
    return c.json(result, 200);
  });

  app.openapi(create, async (c) => {
    const created = await createCompany({
      db: c.var.db,
      actor: c.var.actor,
      input: c.req.valid('json'),
    });
    return c.json(created, 201);
  });

  app.openapi(get, async (c) => {
    const { companyId } = c.req.valid('param');
    const found = await getCompany({
      db: c.var.db,
      actor: c.var.actor,
      input: { companyId: uuidOrMissing(companyId) },
    });
    return c.json(found, 200);
  });

  app.openapi(update, async (c) => {
    const { companyId } = c.req.valid('param');
    const updated = await updateCompany({
      db: c.var.db,
      actor: c.var.actor,
      input: { companyId: uuidOrMissing(companyId), patch: c.req.valid('json') },
    });
    return c.json(updated, 200);
  });

  app.openapi(remove, async (c) => {
    const { companyId } = c.req.valid('param');
    await deleteCompany({
      db: c.var.db,
      actor: c.var.actor,
      input: { companyId: uuidOrMissing(companyId) },
    });
    return c.body(null, 204);
  });

  app.openapi(activity, async (c) => {
    const { companyId } = c.req.valid('param');
    const items = await listCompanyActivity({
      db: c.var.db,
      actor: c.var.actor,
      input: { companyId: uuidOrMissing(companyId) },
    });
    return c.json({ items }, 200);
  });
}

/** A syntactically invalid id can match nothing; use the nil UUID so the lookup 404s cleanly. */
function uuidOrMissing(id: string): string {
  return isUuid(id) ? id : '00000000-0000-0000-0000-000000000000';
}
