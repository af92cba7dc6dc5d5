import { createRoute, type OpenAPIHono } from '@hono/zod-openapi';
import { z } from 'zod';
import {
  noteCreateSchema,
  noteListSchema,
  notePreviewResultSchema,
  notePreviewSchema,
  noteRevisionListSchema,
  noteSchema,
  noteUpdateSchema,
} from '../../../contracts/notes';
import type { AppEnv } from '../../http/context';
import { jsonBody, jsonContent } from '../../http/openapi';
import { guarded } from '../../http/permissions';
import { checkCompany } from '../equity/shared';
import { renderMarkdown } from './markdown';
import {
  createNote,
  deleteNote,
  getNote,
  listNoteRevisions,
  listNotes,
  updateNote,
} from './service';

/** The interaction log of a client company (issue 15): `/company/{companyId}/notes…`. */

const NIL_UUID = '00000000-0000-0000-0000-000000000000';
const toId = (id: string) => (z.uuid().safeParse(id).success ? id : NIL_UUID);
const tags = ['Notes'];
const base = '/company/{companyId}/notes';
const companyParams = z.object({ companyId: z.string() });
const noteParams = z.object({ companyId: z.string(), noteId: z.string() });
/** A note shows its participants' names and the names of the grant, plan and valuation it links. */
const shows = ['contact', 'grant', 'plan', 'valuation'] as const;

const list = guarded(
  createRoute({
    method: 'get',
    path: base,
    tags,
    operationId: 'listNotes',
    summary: "The company's notes, calls, meetings and e-mails: pinned first, then the latest",
    description: 'Deleted notes are left out; their deletion is in the company’s activity.',
    request: { params: companyParams },
    responses: { 200: jsonContent(noteListSchema, 'Notes') },
  }),
  { resource: 'note', action: 'read' },
  shows,
);

const create = guarded(
  createRoute({
    method: 'post',
    path: base,
    tags,
    operationId: 'createNote',
    summary: 'Record an interaction (the caller is its author); the body is Markdown',
    description:
      '`occurredAt` defaults to now. `participants` are `{ "contactId" }` (a contact of this company) or `{ "userId" }` (a member of the workspace). `bodyHtml` in the answer is the body rendered without raw HTML.',
    request: { params: companyParams, body: jsonBody(noteCreateSchema) },
    responses: { 201: jsonContent(noteSchema, 'The note') },
  }),
  { resource: 'note', action: 'create' },
  shows,
);

const get = guarded(
  createRoute({
    method: 'get',
    path: `${base}/{noteId}`,
    tags,
    operationId: 'getNote',
    summary: 'A note',
    request: { params: noteParams },
    responses: { 200: jsonContent(noteSchema, 'The note') },
  }),
  { resource: 'note', action: 'read' },
  shows,
);

const update = guarded(
  createRoute({
    method: 'patch',
    path: `${base}/{noteId}`,
    tags,
    operationId: 'updateNote',
    summary: 'Change a note; the version before the edit is kept in its history',
    request: { params: noteParams, body: jsonBody(noteUpdateSchema) },
    responses: { 200: jsonContent(noteSchema, 'The note') },
  }),
  { resource: 'note', action: 'update' },
  shows,
);

const remove = guarded(
  createRoute({
    method: 'delete',
    path: `${base}/{noteId}`,
    tags,
    operationId: 'deleteNote',
    summary: 'Delete a note (softly: it leaves the log, the company’s activity records it)',
    request: { params: noteParams },
    responses: { 204: { description: 'Deleted' } },
  }),
  { resource: 'note', action: 'delete' },
);

const revisions = guarded(
  createRoute({
    method: 'get',
    path: `${base}/{noteId}/revisions`,
    tags,
    operationId: 'listNoteRevisions',
    summary: 'The earlier versions of a note, the latest edit first, with who edited it and when',
    request: { params: noteParams },
    responses: { 200: jsonContent(noteRevisionListSchema, 'Earlier versions') },
  }),
  { resource: 'note', action: 'read' },
  shows,
);

const preview = guarded(
  createRoute({
    method: 'post',
    path: `${base}/preview`,
    tags,
    operationId: 'previewNote',
    summary: 'Render a Markdown body as a note would show it (nothing is stored)',
    request: { params: companyParams, body: jsonBody(notePreviewSchema) },
    responses: { 200: jsonContent(notePreviewResultSchema, 'The body rendered') },
  }),
  { resource: 'note', action: 'create' },
);

export function registerNoteRoutes(app: OpenAPIHono<AppEnv>) {
  const args = (c: { var: AppEnv['Variables'] }) => ({ db: c.var.db, actor: c.var.actor });
  const ids = (p: { companyId: string; noteId: string }) => ({
    companyId: toId(p.companyId),
    noteId: toId(p.noteId),
  });
  // Before `…/notes/{noteId}` routes: "preview" is no note id.
  app.openapi(preview, async (c) => {
    const { companyId } = c.req.valid('param');
    await checkCompany(c.var.db, c.var.actor.organizationId, toId(companyId));
    return c.json({ bodyHtml: renderMarkdown(c.req.valid('json').body) }, 200);
  });
  app.openapi(list, async (c) => {
    const { companyId } = c.req.valid('param');
    return c.json(await listNotes({ ...args(c), input: { companyId: toId(companyId) } }), 200);
  });
  app.openapi(create, async (c) => {
    const { companyId } = c.req.valid('param');
    return c.json(
      await createNote({
        ...args(c),
        input: { companyId: toId(companyId), body: c.req.valid('json') },
      }),
      201,
    );
  });
  app.openapi(get, async (c) =>
    c.json(await getNote({ ...args(c), input: ids(c.req.valid('param')) }), 200),
  );
  app.openapi(update, async (c) =>
    c.json(
      await updateNote({
        ...args(c),
        input: { ...ids(c.req.valid('param')), patch: c.req.valid('json') },
      }),
      200,
    ),
  );
  app.openapi(remove, async (c) => {
    await deleteNote({ ...args(c), input: ids(c.req.valid('param')) });
    return c.body(null, 204);
  });
  app.openapi(revisions, async (c) =>
    c.json(await listNoteRevisions({ ...args(c), input: ids(c.req.valid('param')) }), 200),
  );
}
