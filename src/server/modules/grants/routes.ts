import { createRoute, type OpenAPIHono } from '@hono/zod-openapi';
import { z } from 'zod';
import {
  cancellationSchema,
  changeOfControlSchema,
  exerciseSchema,
  grantCreateSchema,
  grantDetailSchema,
  grantListQuerySchema,
  grantListResponseSchema,
  grantUpdateSchema,
  milestoneAchievementSchema,
  pauseSchema,
  terminationSchema,
  upcomingQuerySchema,
  upcomingResponseSchema,
} from '../../../contracts/vesting';
import { exportQuerySchema } from '../../../contracts/exports';
import { exportHeaders, exportResponses } from '../../exports/file';
import { exportLanguage } from '../equity/cap-table-export';
import { exportGrantSchedule, exportGrants } from './export';
import { listUpcoming } from './upcoming';
import type { AppEnv } from '../../http/context';
import { errorResponses, jsonBody, jsonContent } from '../../http/openapi';
import { guarded } from '../../http/permissions';
import {
  achieveMilestone,
  addPause,
  removePause,
  cancelGrant,
  createGrant,
  deleteGrant,
  exerciseGrant,
  getGrant,
  listGrants,
  recordChangeOfControl,
  terminateGrant,
  updateGrant,
} from './service';

const NIL_UUID = '00000000-0000-0000-0000-000000000000';
const toId = (id: string) => (z.uuid().safeParse(id).success ? id : NIL_UUID);
const tags = ['Grants'];
/** A grant names its holder and its plan: reading grants needs reading those (decision 007). */
const GRANT_SHOWS = ['stakeholder', 'plan'] as const;
const base = '/company/{companyId}/grants';
const companyParams = z.object({ companyId: z.string() });
const grantParams = z.object({ companyId: z.string(), grantId: z.string() });
const milestoneParams = grantParams.extend({ milestoneId: z.string() });

const list = guarded(
  createRoute({
    method: 'get',
    path: base,
    tags,
    operationId: 'listGrants',
    summary:
      "The company's grants with their schedule figures as of today, and the company's change of control",
    request: { params: companyParams, query: grantListQuerySchema },
    responses: {
      200: jsonContent(grantListResponseSchema, 'Grants'),
    },
  }),
  { resource: 'grant', action: 'read' },
  GRANT_SHOWS,
);
const get = guarded(
  createRoute({
    method: 'get',
    path: `${base}/{grantId}`,
    tags,
    operationId: 'getGrant',
    summary: 'One grant with its installments, forfeitures and exercises',
    request: { params: grantParams },
    responses: {
      200: jsonContent(grantDetailSchema, 'The grant'),
    },
  }),
  { resource: 'grant', action: 'read' },
  GRANT_SHOWS,
);
const create = guarded(
  createRoute({
    method: 'post',
    path: base,
    tags,
    operationId: 'createGrant',
    summary: 'Grant awards under a plan (409 POOL_EXHAUSTED beyond the available pool)',
    request: { params: companyParams, body: jsonBody(grantCreateSchema) },
    responses: {
      201: jsonContent(grantDetailSchema, 'The grant'),
      ...errorResponses(409),
    },
  }),
  { resource: 'grant', action: 'create' },
  GRANT_SHOWS,
);
const update = guarded(
  createRoute({
    method: 'patch',
    path: `${base}/{grantId}`,
    tags,
    operationId: 'updateGrant',
    summary: 'Update a grant (any subset of fields)',
    request: { params: grantParams, body: jsonBody(grantUpdateSchema) },
    responses: {
      200: jsonContent(grantDetailSchema, 'The grant'),
      ...errorResponses(409),
    },
  }),
  { resource: 'grant', action: 'update' },
  GRANT_SHOWS,
);
const remove = guarded(
  createRoute({
    method: 'delete',
    path: `${base}/{grantId}`,
    tags,
    operationId: 'deleteGrant',
    summary: 'Delete a grant entered by mistake (409 once exercised: cancel it instead)',
    request: { params: grantParams },
    responses: { 204: { description: 'Deleted' }, ...errorResponses(409) },
  }),
  { resource: 'grant', action: 'delete' },
  GRANT_SHOWS,
);
const action = <B extends z.ZodType>(
  operationId: string,
  path: string,
  body: B,
  summary: string,
  params: z.ZodObject = grantParams,
) =>
  guarded(
    createRoute({
      method: 'post',
      path: `${base}/{grantId}/${path}`,
      tags,
      operationId,
      summary,
      request: { params, body: jsonBody(body) },
      responses: {
        200: jsonContent(grantDetailSchema, 'The grant after the event'),
        ...errorResponses(409),
      },
    }),
    { resource: 'grant', action: 'update' },
    GRANT_SHOWS,
  );
const achievement = action(
  'achieveMilestone',
  'milestones/{milestoneId}/achievement',
  milestoneAchievementSchema,
  'Record that a milestone was achieved',
  milestoneParams,
);
const termination = action(
  'terminateGrant',
  'termination',
  terminationSchema,
  'Record that the holder left (good or bad leaver)',
);
const exercise = action(
  'exerciseGrant',
  'exercises',
  exerciseSchema,
  'Exercise or settle part of the grant (≤ exercisable)',
);
const pause = action(
  'pauseGrant',
  'pauses',
  pauseSchema,
  'Record a leave of absence (vesting pauses; later installments shift)',
);
const removePauseRoute = guarded(
  createRoute({
    method: 'delete',
    path: `${base}/{grantId}/pauses/{start}`,
    tags,
    operationId: 'deleteGrantPause',
    summary: 'Remove a leave of absence (named by its first day); the installments it moved return',
    request: { params: grantParams.extend({ start: z.string() }) },
    responses: {
      200: jsonContent(grantDetailSchema, 'The grant without the leave'),
      ...errorResponses(409),
    },
  }),
  { resource: 'grant', action: 'update' },
  GRANT_SHOWS,
);
const cancellation = action(
  'cancelGrant',
  'cancellation',
  cancellationSchema,
  'Cancel the grant: what is not exercised lapses',
);
const changeOfControl = guarded(
  createRoute({
    method: 'post',
    path: '/company/{companyId}/change-of-control',
    tags,
    operationId: 'recordChangeOfControl',
    summary: "Record the company's change of control (acceleration per plan)",
    request: { params: companyParams, body: jsonBody(changeOfControlSchema) },
    responses: {
      201: jsonContent(z.object({ date: z.string() }), 'Recorded'),
      ...errorResponses(409),
    },
  }),
  { resource: 'grant', action: 'update' },
  GRANT_SHOWS,
);

const EXPORT_NOTE =
  "In the caller's language (Accept-Language, else the account's saved language, else " +
  'English). `format=csv` (the default): the reader’s separators (semicolons and decimal commas ' +
  'for nl), UTF-8 with a byte-order mark, text cells that could start a formula prefixed with a ' +
  'quote. `format=xlsx`: numbers, money, and dates as such, the header row frozen.';
const exportList = guarded(
  createRoute({
    method: 'get',
    path: `${base}/export`,
    tags,
    operationId: 'exportGrants',
    summary:
      "The company's grants with their figures as of today (vested, unvested, exercisable, next installment; the intrinsic value when the caller may read valuations) as CSV or XLSX",
    description: EXPORT_NOTE,
    request: { params: companyParams, query: exportQuerySchema },
    responses: exportResponses('One row per grant'),
  }),
  { resource: 'grant', action: 'export' },
  GRANT_SHOWS,
);
const exportSchedule = guarded(
  createRoute({
    method: 'get',
    path: `${base}/{grantId}/schedule/export`,
    tags,
    operationId: 'exportGrantSchedule',
    summary: "One grant's vesting installments (the vesting engine's) as CSV or XLSX",
    description: EXPORT_NOTE,
    request: { params: grantParams, query: exportQuerySchema },
    responses: exportResponses('One row per installment'),
  }),
  { resource: 'grant', action: 'export' },
  GRANT_SHOWS,
);
const upcoming = guarded(
  createRoute({
    method: 'get',
    path: '/upcoming',
    tags,
    operationId: 'listUpcoming',
    summary:
      'Cliffs, acceptance deadlines, expiries and exercise deadlines ahead, across all clients (routine installments with installments=true)',
    request: { query: upcomingQuerySchema },
    responses: {
      200: jsonContent(upcomingResponseSchema, 'Soonest first'),
      // companyId of a company outside the workspace
      ...errorResponses(404),
    },
  }),
  { resource: 'grant', action: 'read' },
  [...GRANT_SHOWS, 'company'],
);

export function registerGrantRoutes(app: OpenAPIHono<AppEnv>) {
  app.openapi(upcoming, async (c) => {
    const q = c.req.valid('query');
    return c.json(
      await listUpcoming({
        db: c.var.db,
        actor: c.var.actor,
        input: {
          days: q.days,
          companyId: q.companyId ? toId(q.companyId) : undefined,
          types: q.types,
          installments: q.installments,
        },
      }),
      200,
    );
  });
  const args = (c: { var: AppEnv['Variables'] }) => ({ db: c.var.db, actor: c.var.actor });
  // Before `{grantId}`: `grants/export` is not a grant id.
  app.openapi(exportList, async (c) => {
    const { companyId } = c.req.valid('param');
    const { format } = c.req.valid('query');
    const language = await exportLanguage(c.var.db, c.var.actor, c.req.header('accept-language'));
    const file = await exportGrants({
      ...args(c),
      input: { companyId: toId(companyId), language, format },
    });
    return c.body(file.body, 200, exportHeaders(file));
  });
  app.openapi(exportSchedule, async (c) => {
    const p = c.req.valid('param');
    const { format } = c.req.valid('query');
    const language = await exportLanguage(c.var.db, c.var.actor, c.req.header('accept-language'));
    const file = await exportGrantSchedule({
      ...args(c),
      input: { companyId: toId(p.companyId), grantId: toId(p.grantId), language, format },
    });
    return c.body(file.body, 200, exportHeaders(file));
  });
  app.openapi(list, async (c) => {
    const { companyId } = c.req.valid('param');
    return c.json(
      await listGrants({
        ...args(c),
        input: { companyId: toId(companyId), query: c.req.valid('query') },
      }),
      200,
    );
  });
  app.openapi(get, async (c) => {
    const p = c.req.valid('param');
    return c.json(
      await getGrant({ ...args(c), input: { companyId: toId(p.companyId), id: toId(p.grantId) } }),
      200,
    );
  });
  app.openapi(create, async (c) => {
    const { companyId } = c.req.valid('param');
    return c.json(
      await createGrant({
        ...args(c),
        input: { companyId: toId(companyId), body: c.req.valid('json') },
      }),
      201,
    );
  });
  app.openapi(update, async (c) => {
    const p = c.req.valid('param');
    return c.json(
      await updateGrant({
        ...args(c),
        input: { companyId: toId(p.companyId), id: toId(p.grantId), patch: c.req.valid('json') },
      }),
      200,
    );
  });
  app.openapi(remove, async (c) => {
    const p = c.req.valid('param');
    await deleteGrant({ ...args(c), input: { companyId: toId(p.companyId), id: toId(p.grantId) } });
    return c.body(null, 204);
  });
  app.openapi(achievement, async (c) => {
    const p = c.req.valid('param') as z.infer<typeof milestoneParams>;
    const body = c.req.valid('json') as z.output<typeof milestoneAchievementSchema>;
    return c.json(
      await achieveMilestone({
        ...args(c),
        input: {
          companyId: toId(p.companyId),
          id: toId(p.grantId),
          milestoneId: p.milestoneId,
          date: body.date,
        },
      }),
      200,
    );
  });
  app.openapi(termination, async (c) => {
    const p = c.req.valid('param') as z.infer<typeof grantParams>;
    const body = c.req.valid('json') as z.output<typeof terminationSchema>;
    return c.json(
      await terminateGrant({
        ...args(c),
        input: { companyId: toId(p.companyId), id: toId(p.grantId), ...body },
      }),
      200,
    );
  });
  app.openapi(exercise, async (c) => {
    const p = c.req.valid('param') as z.infer<typeof grantParams>;
    const body = c.req.valid('json') as z.output<typeof exerciseSchema>;
    return c.json(
      await exerciseGrant({
        ...args(c),
        input: { companyId: toId(p.companyId), id: toId(p.grantId), ...body },
      }),
      200,
    );
  });
  app.openapi(pause, async (c) => {
    const p = c.req.valid('param') as z.infer<typeof grantParams>;
    const body = c.req.valid('json') as z.output<typeof pauseSchema>;
    return c.json(
      await addPause({
        ...args(c),
        input: { companyId: toId(p.companyId), id: toId(p.grantId), ...body },
      }),
      200,
    );
  });
  app.openapi(removePauseRoute, async (c) => {
    const p = c.req.valid('param');
    return c.json(
      await removePause({
        ...args(c),
        input: { companyId: toId(p.companyId), id: toId(p.grantId), start: p.start },
      }),
      200,
    );
  });
  app.openapi(cancellation, async (c) => {
    const p = c.req.valid('param') as z.infer<typeof grantParams>;
    const body = c.req.valid('json') as z.output<typeof cancellationSchema>;
    return c.json(
      await cancelGrant({
        ...args(c),
        input: { companyId: toId(p.companyId), id: toId(p.grantId), ...body },
      }),
      200,
    );
  });
  app.openapi(changeOfControl, async (c) => {
    const { companyId } = c.req.valid('param');
    return c.json(
      await recordChangeOfControl({
        ...args(c),
        input: { companyId: toId(companyId), date: c.req.valid('json').date },
      }),
      201,
    );
  });
}
