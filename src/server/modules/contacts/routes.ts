import { createRoute, type OpenAPIHono } from '@hono/zod-openapi';
import { z } from 'zod';
import {
  contactCreateSchema,
  contactListSchema,
  contactSchema,
  contactUpdateSchema,
} from '../../../contracts/contacts';
import type { AppEnv } from '../../http/context';
import { jsonBody, jsonContent } from '../../http/openapi';
import { guarded } from '../../http/permissions';
import { createContact, deleteContact, getContact, listContacts, updateContact } from './service';

/** Contacts of a client company (issue 15): `/company/{companyId}/contacts…`. */

const NIL_UUID = '00000000-0000-0000-0000-000000000000';
const toId = (id: string) => (z.uuid().safeParse(id).success ? id : NIL_UUID);
const tags = ['Contacts'];
const base = '/company/{companyId}/contacts';
const companyParams = z.object({ companyId: z.string() });
const contactParams = z.object({ companyId: z.string(), contactId: z.string() });

const list = guarded(
  createRoute({
    method: 'get',
    path: base,
    tags,
    operationId: 'listContacts',
    summary: "The company's contacts, the primary contact first, then by name",
    request: { params: companyParams },
    responses: { 200: jsonContent(contactListSchema, 'Contacts') },
  }),
  { resource: 'contact', action: 'read' },
);

const create = guarded(
  createRoute({
    method: 'post',
    path: base,
    tags,
    operationId: 'createContact',
    summary: 'Add a contact; `primary: true` makes it the primary contact in place of the other',
    request: { params: companyParams, body: jsonBody(contactCreateSchema) },
    responses: { 201: jsonContent(contactSchema, 'The contact') },
  }),
  { resource: 'contact', action: 'create' },
  ['stakeholder'],
);

const get = guarded(
  createRoute({
    method: 'get',
    path: `${base}/{contactId}`,
    tags,
    operationId: 'getContact',
    summary: 'A contact',
    request: { params: contactParams },
    responses: { 200: jsonContent(contactSchema, 'The contact') },
  }),
  { resource: 'contact', action: 'read' },
);

const update = guarded(
  createRoute({
    method: 'patch',
    path: `${base}/{contactId}`,
    tags,
    operationId: 'updateContact',
    summary: 'Change a contact (any subset of the fields)',
    request: { params: contactParams, body: jsonBody(contactUpdateSchema) },
    responses: { 200: jsonContent(contactSchema, 'The contact') },
  }),
  { resource: 'contact', action: 'update' },
  ['stakeholder'],
);

const remove = guarded(
  createRoute({
    method: 'delete',
    path: `${base}/{contactId}`,
    tags,
    operationId: 'deleteContact',
    summary: 'Delete a contact; notes keep it as a participant by name',
    request: { params: contactParams },
    responses: { 204: { description: 'Deleted' } },
  }),
  { resource: 'contact', action: 'delete' },
);

export function registerContactRoutes(app: OpenAPIHono<AppEnv>) {
  const args = (c: { var: AppEnv['Variables'] }) => ({ db: c.var.db, actor: c.var.actor });
  app.openapi(list, async (c) => {
    const { companyId } = c.req.valid('param');
    return c.json(await listContacts({ ...args(c), input: { companyId: toId(companyId) } }), 200);
  });
  app.openapi(create, async (c) => {
    const { companyId } = c.req.valid('param');
    return c.json(
      await createContact({
        ...args(c),
        input: { companyId: toId(companyId), body: c.req.valid('json') },
      }),
      201,
    );
  });
  app.openapi(get, async (c) => {
    const p = c.req.valid('param');
    return c.json(
      await getContact({
        ...args(c),
        input: { companyId: toId(p.companyId), contactId: toId(p.contactId) },
      }),
      200,
    );
  });
  app.openapi(update, async (c) => {
    const p = c.req.valid('param');
    return c.json(
      await updateContact({
        ...args(c),
        input: {
          companyId: toId(p.companyId),
          contactId: toId(p.contactId),
          patch: c.req.valid('json'),
        },
      }),
      200,
    );
  });
  app.openapi(remove, async (c) => {
    const p = c.req.valid('param');
    await deleteContact({
      ...args(c),
      input: { companyId: toId(p.companyId), contactId: toId(p.contactId) },
    });
    return c.body(null, 204);
  });
}
