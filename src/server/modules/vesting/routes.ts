import { createRoute, type OpenAPIHono } from '@hono/zod-openapi';
import { z } from 'zod';
import {
  vestingPreviewRequestSchema,
  vestingPreviewResponseSchema,
  vestingTemplateCreateSchema,
  vestingTemplateSchema,
  vestingTemplateUpdateSchema,
} from '../../../contracts/vesting';
import { computeVesting } from '../../../domain/vesting';
import type { AppEnv } from '../../http/context';
import { errorResponses, jsonBody, jsonContent } from '../../http/openapi';
import { refuseMalformedInput } from '../../http/input-guard';
import { guarded } from '../../http/permissions';
import {
  createTemplate,
  deleteTemplate,
  getTemplate,
  listTemplates,
  updateTemplate,
} from './templates';
import { today } from '../../clock';

const NIL_UUID = '00000000-0000-0000-0000-000000000000';
const idParams = z.object({ templateId: z.string() });
const toId = (id: string) => (z.uuid().safeParse(id).success ? id : NIL_UUID);
const tags = ['Vesting'];

/** Open to every signed-in user and API key: it computes, it stores nothing (issue 5). */
export const previewRoute = createRoute({
  method: 'post',
  path: '/vesting/preview',
  tags,
  operationId: 'previewVesting',
  summary: 'Compute a vesting schedule (the same engine as saved grants)',
  request: { body: jsonBody(vestingPreviewRequestSchema) },
  middleware: [refuseMalformedInput],
  responses: {
    200: jsonContent(
      vestingPreviewResponseSchema,
      'Installments and totals as of asOf (default today)',
    ),
  },
});

const list = guarded(
  createRoute({
    method: 'get',
    path: '/vesting-templates',
    tags,
    operationId: 'listVestingTemplates',
    summary: "The workspace's vesting templates",
    responses: {
      200: jsonContent(z.object({ items: z.array(vestingTemplateSchema) }), 'Templates'),
    },
  }),
  { resource: 'plan', action: 'read' },
);
const get = guarded(
  createRoute({
    method: 'get',
    path: '/vesting-templates/{templateId}',
    tags,
    operationId: 'getVestingTemplate',
    summary: 'One vesting template',
    request: { params: idParams },
    responses: {
      200: jsonContent(vestingTemplateSchema, 'The template'),
    },
  }),
  { resource: 'plan', action: 'read' },
);
const create = guarded(
  createRoute({
    method: 'post',
    path: '/vesting-templates',
    tags,
    operationId: 'createVestingTemplate',
    summary: 'Create a vesting template',
    request: { body: jsonBody(vestingTemplateCreateSchema) },
    responses: {
      201: jsonContent(vestingTemplateSchema, 'The created template'),
      ...errorResponses(409),
    },
  }),
  { resource: 'plan', action: 'create' },
);
const update = guarded(
  createRoute({
    method: 'patch',
    path: '/vesting-templates/{templateId}',
    tags,
    operationId: 'updateVestingTemplate',
    summary: 'Update a vesting template (grants keep their own copy of the terms)',
    request: { params: idParams, body: jsonBody(vestingTemplateUpdateSchema) },
    responses: {
      200: jsonContent(vestingTemplateSchema, 'The updated template'),
      ...errorResponses(409),
    },
  }),
  { resource: 'plan', action: 'update' },
);
const remove = guarded(
  createRoute({
    method: 'delete',
    path: '/vesting-templates/{templateId}',
    tags,
    operationId: 'deleteVestingTemplate',
    summary: 'Delete a vesting template (409 while a plan uses it)',
    request: { params: idParams },
    responses: { 204: { description: 'Deleted' }, ...errorResponses(409) },
  }),
  { resource: 'plan', action: 'delete' },
);

export function registerVestingRoutes(app: OpenAPIHono<AppEnv>) {
  app.openapi(previewRoute, async (c) => {
    const body = c.req.valid('json');
    const result = computeVesting({
      quantity: body.quantity,
      vestingStartDate: body.vestingStartDate,
      terms: body.terms,
      asOf: body.asOf ?? today(),
    });
    return c.json(
      {
        asOf: result.asOf,
        installments: result.installments,
        vested: result.vested,
        unvested: result.unvested,
        forfeited: result.forfeited,
        pending: result.pending,
      },
      200,
    );
  });
  app.openapi(list, async (c) =>
    c.json({ items: await listTemplates({ db: c.var.db, actor: c.var.actor, input: {} }) }, 200),
  );
  app.openapi(get, async (c) =>
    c.json(
      await getTemplate({
        db: c.var.db,
        actor: c.var.actor,
        input: { id: toId(c.req.valid('param').templateId) },
      }),
      200,
    ),
  );
  app.openapi(create, async (c) =>
    c.json(
      await createTemplate({
        db: c.var.db,
        actor: c.var.actor,
        input: { body: c.req.valid('json') },
      }),
      201,
    ),
  );
  app.openapi(update, async (c) =>
    c.json(
      await updateTemplate({
        db: c.var.db,
        actor: c.var.actor,
        input: { id: toId(c.req.valid('param').templateId), patch: c.req.valid('json') },
      }),
      200,
    ),
  );
  app.openapi(remove, async (c) => {
    await deleteTemplate({
      db: c.var.db,
      actor: c.var.actor,
      input: { id: toId(c.req.valid('param').templateId) },
    });
    return c.body(null, 204);
  });
}
