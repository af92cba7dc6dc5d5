import { createRoute, type OpenAPIHono } from '@hono/zod-openapi';
import { z } from 'zod';
import {
  companyContentsSchema,
  trashItemSchema,
  trashKindSchema,
  trashListResponseSchema,
} from '../../../contracts/trash';
import type { AppEnv } from '../../http/context';
import { errorResponses, jsonContent } from '../../http/openapi';
import { guarded } from '../../http/permissions';
import { companyContents, listTrash, purgeItem, restoreItem } from './service';

const tags = ['Trash'];
// Any string is accepted as an id; one that is not a UUID is simply not found (404).
const itemParams = z.object({ kind: trashKindSchema, id: z.string() });
const NIL = '00000000-0000-0000-0000-000000000000';
const uuidOrMissing = (id: string) => (z.uuid().safeParse(id).success ? id : NIL);

const list = guarded(
  createRoute({
    method: 'get',
    path: '/trash',
    tags,
    operationId: 'listTrash',
    summary:
      "The workspace's trash: deleted companies, stakeholders, plans and grants, each with its purge date (30 days after deletion)",
    responses: {
      200: jsonContent(trashListResponseSchema, 'Trashed items, most recently deleted first'),
    },
  }),
  { resource: 'trash', action: 'read' },
);

const restore = guarded(
  createRoute({
    method: 'post',
    path: '/trash/{kind}/{id}/restore',
    tags,
    operationId: 'restoreTrashItem',
    summary:
      'Restore an item from the trash, with everything that went with it (refused while its company, stakeholder or plan is in the trash)',
    request: { params: itemParams },
    responses: {
      200: jsonContent(trashItemSchema, 'The item as it was listed in the trash; it is back now'),
      ...errorResponses(409),
    },
  }),
  { resource: 'trash', action: 'update' },
);

const purge = guarded(
  createRoute({
    method: 'delete',
    path: '/trash/{kind}/{id}',
    tags,
    operationId: 'purgeTrashItem',
    summary: 'Delete an item in the trash permanently now, with everything that belongs to it',
    request: { params: itemParams },
    responses: {
      204: { description: 'Deleted permanently' },
    },
  }),
  { resource: 'trash', action: 'delete' },
);

const contents = guarded(
  createRoute({
    method: 'get',
    path: '/company/{companyId}/contents',
    tags: ['Companies'],
    operationId: 'getCompanyContents',
    summary: 'What a company takes with it to the trash (counts, for the delete dialog)',
    request: { params: z.object({ companyId: z.string() }) },
    responses: {
      200: jsonContent(companyContentsSchema, 'Counts of what belongs to the company'),
    },
  }),
  { resource: 'company', action: 'read' },
  // The counts show what the views of these records show (issue 11, finding 10).
  ['stakeholder', 'plan', 'grant', 'valuation'],
);

export function registerTrashRoutes(app: OpenAPIHono<AppEnv>) {
  app.openapi(list, async (c) =>
    c.json(await listTrash({ db: c.var.db, actor: c.var.actor, input: undefined }), 200),
  );

  app.openapi(restore, async (c) => {
    const { kind, id } = c.req.valid('param');
    const restored = await restoreItem({
      db: c.var.db,
      actor: c.var.actor,
      input: { kind, id: uuidOrMissing(id) },
    });
    return c.json(restored, 200);
  });

  app.openapi(purge, async (c) => {
    const { kind, id } = c.req.valid('param');
    await purgeItem({ db: c.var.db, actor: c.var.actor, input: { kind, id: uuidOrMissing(id) } });
    return c.body(null, 204);
  });

  app.openapi(contents, async (c) => {
    const { companyId } = c.req.valid('param');
    const counts = await companyContents({
      db: c.var.db,
      actor: c.var.actor,
      input: { companyId: uuidOrMissing(companyId) },
    });
    return c.json(counts, 200);
  });
}
