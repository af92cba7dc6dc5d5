import { createRoute, type OpenAPIHono, type RouteConfig } from '@hono/zod-openapi';
import { z, type ZodObject, type ZodType } from 'zod';
import type { BusinessResource } from '../../../contracts/access-control';
import {
  capTableQuerySchema,
  capTableSchema,
  companySummarySchema,
  listResponse,
  planCreateSchema,
  planSchema,
  planUpdateSchema,
  poolAdjustmentCreateSchema,
  poolAdjustmentSchema,
  poolAdjustmentUpdateSchema,
  receiptCreateSchema,
  receiptSchema,
  receiptUpdateSchema,
  shareClassCreateSchema,
  shareClassSchema,
  shareClassUpdateSchema,
  shareEventCreateSchema,
  shareEventSchema,
  shareEventUpdateSchema,
  stakeholderCreateSchema,
  stakeholderListQuerySchema,
  stakeholderSchema,
  stakeholderUpdateSchema,
} from '../../../contracts/equity';
import type { AppEnv, ServiceArgs } from '../../http/context';
import { capTableExportQuerySchema, exportQuerySchema } from '../../../contracts/exports';
import { exportHeaders, exportResponses } from '../../exports/file';
import { errorResponses, jsonBody, jsonContent } from '../../http/openapi';
import { guarded } from '../../http/permissions';
import { getCapTable, getCompanySummary } from './cap-table';
import { exportCapTable, exportLanguage } from './cap-table-export';
import { exportRegister } from './register-export';
import * as plans from './plans';
import * as register from './register';
import * as shareClasses from './share-classes';
import * as stakeholders from './stakeholders';

/**
 * `/api/v1/company/{companyId}/…`: the equity structure of a client company (issue 4). Every
 * resource gets the same five routes (list, get, create, update, delete), declared once here.
 */

const NIL_UUID = '00000000-0000-0000-0000-000000000000';
const isUuid = (id: string) => z.uuid().safeParse(id).success;

/** Path ids that are not UUIDs can match nothing: they become the nil UUID and 404 cleanly. */
function ids(params: Record<string, string>): Record<string, string> {
  return Object.fromEntries(Object.entries(params).map(([k, v]) => [k, isUuid(v) ? v : NIL_UUID]));
}

type Scope = { companyId: string; planId?: string };
type Service<I, O> = (args: ServiceArgs<I>) => Promise<O>;

interface Resource {
  /** Path below /company/{companyId}, e.g. "stakeholders" or "plans/{planId}/pool-adjustments". */
  path: string;
  idParam: string;
  noun: string;
  /** The noun's plural ("share classes"); also names the operations (listShareClasses). */
  plural: string;
  tag: string;
  resource: BusinessResource;
  /** Other resources every answer of this resource shows (their read is needed too). */
  alsoReads?: BusinessResource[];
  item: ZodType;
  create: ZodType;
  update: ZodType;
  listQuery?: ZodObject;
  list: Service<Scope & { query: Record<string, unknown> }, unknown[]>;
  get: Service<Scope & { id: string }, unknown>;
  add: Service<Scope & { body: never }, unknown>;
  change: Service<Scope & { id: string; patch: Record<string, unknown> }, unknown>;
  remove: Service<Scope & { id: string }, void>;
}

/** "share class" → "ShareClass" (operation ids). */
const pascal = (words: string) =>
  words.replace(/(^|\s)(\w)/g, (_, _space: string, c: string) => c.toUpperCase());

function paramsSchema(path: string) {
  const names = [...path.matchAll(/\{(\w+)\}/g)].map((m) => m[1]!);
  return z.object(Object.fromEntries(names.map((n) => [n, z.string()])));
}

/** The five routes of a resource, declared (and recorded for the permission matrix) once. */
function defineRoutes(r: Resource) {
  const collection = `/company/{companyId}/${r.path}`;
  const single = `${collection}/{${r.idParam}}`;
  const tags = [r.tag];
  const common = { tags };
  const route = <R extends RouteConfig & { operationId: string }>(
    config: R,
    action: 'create' | 'read' | 'update' | 'delete',
  ) => guarded(createRoute(config), { resource: r.resource, action }, r.alsoReads);

  const listRoute = route(
    {
      ...common,
      method: 'get',
      path: collection,
      operationId: `list${pascal(r.plural)}`,
      summary: `List the company's ${r.plural}`,
      request: { params: paramsSchema(collection), ...(r.listQuery ? { query: r.listQuery } : {}) },
      responses: {
        200: jsonContent(listResponse(r.item), `The ${r.plural}`),
      },
    },
    'read',
  );
  const getRoute = route(
    {
      ...common,
      method: 'get',
      path: single,
      operationId: `get${pascal(r.noun)}`,
      summary: `Get one ${r.noun}`,
      request: { params: paramsSchema(single) },
      responses: { 200: jsonContent(r.item, `The ${r.noun}`) },
    },
    'read',
  );
  const createRouteConfig = route(
    {
      ...common,
      method: 'post',
      path: collection,
      operationId: `create${pascal(r.noun)}`,
      summary: `Create a ${r.noun}`,
      request: { params: paramsSchema(collection), body: jsonBody(r.create) },
      responses: {
        201: jsonContent(r.item, `The created ${r.noun}`),
        ...errorResponses(409),
      },
    },
    'create',
  );
  const updateRoute = route(
    {
      ...common,
      method: 'patch',
      path: single,
      operationId: `update${pascal(r.noun)}`,
      summary: `Update a ${r.noun} (any subset of fields)`,
      request: { params: paramsSchema(single), body: jsonBody(r.update) },
      responses: {
        200: jsonContent(r.item, `The updated ${r.noun}`),
        ...errorResponses(409),
      },
    },
    'update',
  );
  const deleteRoute = route(
    {
      ...common,
      method: 'delete',
      path: single,
      operationId: `delete${pascal(r.noun)}`,
      summary: `Delete a ${r.noun} (409 while other rows depend on it)`,
      request: { params: paramsSchema(single) },
      responses: { 204: { description: 'Deleted' }, ...errorResponses(409) },
    },
    'delete',
  );
  return { listRoute, getRoute, createRouteConfig, updateRoute, deleteRoute };
}

function registerResource(
  app: OpenAPIHono<AppEnv>,
  r: Resource,
  routes: ReturnType<typeof defineRoutes>,
) {
  const { listRoute, getRoute, createRouteConfig, updateRoute, deleteRoute } = routes;
  const split = (params: Record<string, string>) => {
    const { [r.idParam]: id = NIL_UUID, ...scope } = ids(params);
    return { id, scope: scope as Scope };
  };
  // The handlers read validated input through the untyped accessors: the route objects above
  // are built generically, so Hono cannot infer their types here.
  type Ctx = {
    req: { valid: (target: 'param' | 'query' | 'json') => unknown };
    var: AppEnv['Variables'];
    json: (body: unknown, status: 200 | 201) => Response;
    body: (body: null, status: 204) => Response;
  };
  const h = (fn: (c: Ctx) => Promise<Response>) => fn as never;

  app.openapi(
    listRoute,
    h(async (c) => {
      const { scope } = split(c.req.valid('param') as Record<string, string>);
      const query = r.listQuery ? (c.req.valid('query') as Record<string, unknown>) : {};
      const items = await r.list({ db: c.var.db, actor: c.var.actor, input: { ...scope, query } });
      return c.json({ items }, 200);
    }),
  );
  app.openapi(
    getRoute,
    h(async (c) => {
      const { id, scope } = split(c.req.valid('param') as Record<string, string>);
      return c.json(
        await r.get({ db: c.var.db, actor: c.var.actor, input: { ...scope, id } }),
        200,
      );
    }),
  );
  app.openapi(
    createRouteConfig,
    h(async (c) => {
      const { scope } = split(c.req.valid('param') as Record<string, string>);
      const body = c.req.valid('json') as never;
      return c.json(
        await r.add({ db: c.var.db, actor: c.var.actor, input: { ...scope, body } }),
        201,
      );
    }),
  );
  app.openapi(
    updateRoute,
    h(async (c) => {
      const { id, scope } = split(c.req.valid('param') as Record<string, string>);
      const patch = c.req.valid('json') as Record<string, unknown>;
      return c.json(
        await r.change({ db: c.var.db, actor: c.var.actor, input: { ...scope, id, patch } }),
        200,
      );
    }),
  );
  app.openapi(
    deleteRoute,
    h(async (c) => {
      const { id, scope } = split(c.req.valid('param') as Record<string, string>);
      await r.remove({ db: c.var.db, actor: c.var.actor, input: { ...scope, id } });
      return c.body(null, 204);
    }),
  );
}

const RESOURCES: Resource[] = [
  {
    path: 'stakeholders',
    idParam: 'stakeholderId',
    noun: 'stakeholder',
    plural: 'stakeholders',
    tag: 'Stakeholders',
    resource: 'stakeholder',
    item: stakeholderSchema,
    create: stakeholderCreateSchema,
    update: stakeholderUpdateSchema,
    listQuery: stakeholderListQuerySchema,
    list: (a) =>
      stakeholders.listStakeholders({
        ...a,
        input: { companyId: a.input.companyId!, query: a.input.query },
      }),
    get: (a) =>
      stakeholders.getStakeholder({
        ...a,
        input: { companyId: a.input.companyId!, id: a.input.id },
      }),
    add: (a) =>
      stakeholders.createStakeholder({
        ...a,
        input: { companyId: a.input.companyId!, body: a.input.body },
      }),
    change: (a) =>
      stakeholders.updateStakeholder({
        ...a,
        input: { companyId: a.input.companyId!, id: a.input.id, patch: a.input.patch },
      }),
    remove: (a) =>
      stakeholders.deleteStakeholder({
        ...a,
        input: { companyId: a.input.companyId!, id: a.input.id },
      }),
  },
  {
    path: 'share-classes',
    idParam: 'shareClassId',
    noun: 'share class',
    plural: 'share classes',
    tag: 'Share classes',
    resource: 'company',
    item: shareClassSchema,
    create: shareClassCreateSchema,
    update: shareClassUpdateSchema,
    list: (a) => shareClasses.listShareClasses({ ...a, input: { companyId: a.input.companyId! } }),
    get: (a) =>
      shareClasses.getShareClass({
        ...a,
        input: { companyId: a.input.companyId!, id: a.input.id },
      }),
    add: (a) =>
      shareClasses.createShareClass({
        ...a,
        input: { companyId: a.input.companyId!, body: a.input.body },
      }),
    change: (a) =>
      shareClasses.updateShareClass({
        ...a,
        input: { companyId: a.input.companyId!, id: a.input.id, patch: a.input.patch },
      }),
    remove: (a) =>
      shareClasses.deleteShareClass({
        ...a,
        input: { companyId: a.input.companyId!, id: a.input.id },
      }),
  },
  {
    path: 'share-events',
    idParam: 'eventId',
    noun: 'share event',
    plural: 'share events',
    tag: 'Shareholders register',
    resource: 'company',
    // Who holds the shares: reading the register needs reading stakeholders.
    alsoReads: ['stakeholder'],
    item: shareEventSchema,
    create: shareEventCreateSchema,
    update: shareEventUpdateSchema,
    listQuery: z.object({
      shareClassId: z.uuid('shareClassId must be an id').optional(),
      stakeholderId: z.uuid('stakeholderId must be an id').optional(),
    }),
    list: (a) =>
      register.listShareEvents({
        ...a,
        input: { companyId: a.input.companyId!, ...(a.input.query as object) },
      }),
    get: (a) =>
      register.getShareEvent({ ...a, input: { companyId: a.input.companyId!, id: a.input.id } }),
    add: (a) =>
      register.createShareEvent({
        ...a,
        input: { companyId: a.input.companyId!, body: a.input.body },
      }),
    change: (a) =>
      register.updateShareEvent({
        ...a,
        input: { companyId: a.input.companyId!, id: a.input.id, patch: a.input.patch },
      }),
    remove: (a) =>
      register.deleteShareEvent({ ...a, input: { companyId: a.input.companyId!, id: a.input.id } }),
  },
  {
    path: 'receipts',
    idParam: 'receiptId',
    noun: 'depositary receipt line',
    plural: 'depositary receipt lines',
    tag: 'Shareholders register',
    resource: 'company',
    // Who holds the shares: reading the register needs reading stakeholders.
    alsoReads: ['stakeholder'],
    item: receiptSchema,
    create: receiptCreateSchema,
    update: receiptUpdateSchema,
    list: (a) => register.listReceipts({ ...a, input: { companyId: a.input.companyId! } }),
    get: (a) =>
      register.getReceipt({ ...a, input: { companyId: a.input.companyId!, id: a.input.id } }),
    add: (a) =>
      register.createReceipt({
        ...a,
        input: { companyId: a.input.companyId!, body: a.input.body },
      }),
    change: (a) =>
      register.updateReceipt({
        ...a,
        input: { companyId: a.input.companyId!, id: a.input.id, patch: a.input.patch },
      }),
    remove: (a) =>
      register.deleteReceipt({ ...a, input: { companyId: a.input.companyId!, id: a.input.id } }),
  },
  {
    path: 'plans',
    idParam: 'planId',
    noun: 'plan',
    plural: 'plans',
    tag: 'Plans',
    resource: 'plan',
    item: planSchema,
    create: planCreateSchema,
    update: planUpdateSchema,
    list: (a) => plans.listPlans({ ...a, input: { companyId: a.input.companyId! } }),
    get: (a) => plans.getPlan({ ...a, input: { companyId: a.input.companyId!, id: a.input.id } }),
    add: (a) =>
      plans.createPlan({ ...a, input: { companyId: a.input.companyId!, body: a.input.body } }),
    change: (a) =>
      plans.updatePlan({
        ...a,
        input: { companyId: a.input.companyId!, id: a.input.id, patch: a.input.patch },
      }),
    remove: (a) =>
      plans.deletePlan({ ...a, input: { companyId: a.input.companyId!, id: a.input.id } }),
  },
  {
    path: 'plans/{planId}/pool-adjustments',
    idParam: 'adjustmentId',
    noun: 'pool adjustment',
    plural: 'pool adjustments',
    tag: 'Plans',
    resource: 'plan',
    item: poolAdjustmentSchema,
    create: poolAdjustmentCreateSchema,
    update: poolAdjustmentUpdateSchema,
    list: (a) =>
      plans.listPoolAdjustments({
        ...a,
        input: { companyId: a.input.companyId!, planId: a.input.planId! },
      }),
    get: (a) =>
      plans.getPoolAdjustment({
        ...a,
        input: { companyId: a.input.companyId!, planId: a.input.planId!, id: a.input.id },
      }),
    add: (a) =>
      plans.createPoolAdjustment({
        ...a,
        input: { companyId: a.input.companyId!, planId: a.input.planId!, body: a.input.body },
      }),
    change: (a) =>
      plans.updatePoolAdjustment({
        ...a,
        input: {
          companyId: a.input.companyId!,
          planId: a.input.planId!,
          id: a.input.id,
          patch: a.input.patch,
        },
      }),
    remove: (a) =>
      plans.deletePoolAdjustment({
        ...a,
        input: { companyId: a.input.companyId!, planId: a.input.planId!, id: a.input.id },
      }),
  },
];

const RESOURCE_ROUTES = RESOURCES.map((r) => ({ r, routes: defineRoutes(r) }));

const companyParams = z.object({ companyId: z.string() });

const capTableRoute = guarded(
  createRoute({
    method: 'get',
    path: '/company/{companyId}/cap-table',
    tags: ['Cap table'],
    operationId: 'getCapTable',
    summary: 'The fully diluted cap table as of a date (default today)',
    request: { params: companyParams, query: capTableQuerySchema },
    responses: {
      200: jsonContent(capTableSchema, 'The cap table'),
    },
  }),
  { resource: 'company', action: 'read' },
  // Holders, pools and grants are shown: their reads are needed too (decision 007).
  ['stakeholder', 'plan', 'grant'],
);

const LANGUAGE_NOTE =
  "In the caller's language (Accept-Language, else the account's saved language, else " +
  'English): translated headers and file name. `format=csv` (the default): where the language ' +
  'writes a decimal comma (nl) semicolon-separated fields and decimal commas, UTF-8 with a ' +
  'byte-order mark, text cells that could start a formula prefixed with a quote. `format=xlsx`: ' +
  'numbers, percentages and dates as such, the header row frozen.';

const capTableExportRoute = guarded(
  createRoute({
    method: 'get',
    path: '/company/{companyId}/cap-table/export',
    tags: ['Cap table'],
    operationId: 'exportCapTable',
    summary: 'The cap table as CSV or XLSX',
    description: `${LANGUAGE_NOTE} The file name carries the company and the date.`,
    request: { params: companyParams, query: capTableExportQuerySchema },
    responses: exportResponses('One row per holder and pool, then the totals'),
  }),
  { resource: 'company', action: 'export' },
  // Holders, pools and grants are shown: their reads are needed too (decision 007).
  ['stakeholder', 'plan', 'grant'],
);

const registerExportRoute = guarded(
  createRoute({
    method: 'get',
    path: '/company/{companyId}/share-events/export',
    tags: ['Shareholders register'],
    operationId: 'exportShareEvents',
    summary: "The shareholders' register (its events, oldest first) as CSV or XLSX",
    description: `${LANGUAGE_NOTE} The file name carries the company and today's date.`,
    request: { params: companyParams, query: exportQuerySchema },
    responses: exportResponses('One row per register event'),
  }),
  { resource: 'company', action: 'export' },
  // Who holds the shares: reading the register needs reading stakeholders.
  ['stakeholder'],
);

const summaryRoute = guarded(
  createRoute({
    method: 'get',
    path: '/company/{companyId}/summary',
    tags: ['Companies'],
    operationId: 'getCompanySummary',
    summary: "Key figures of the company's equity structure",
    request: { params: companyParams },
    responses: {
      200: jsonContent(companySummarySchema, 'Key figures'),
    },
  }),
  { resource: 'company', action: 'read' },
  // Holders, pools and grants are shown: their reads are needed too (decision 007).
  ['stakeholder', 'plan', 'grant'],
);

export function registerEquityRoutes(app: OpenAPIHono<AppEnv>) {
  // Before the register's own routes: `share-events/export` is not an event id.
  app.openapi(registerExportRoute, async (c) => {
    const { companyId } = ids(c.req.valid('param'));
    const { format } = c.req.valid('query');
    const { db, actor } = c.var;
    const language = await exportLanguage(db, actor, c.req.header('accept-language'));
    const file = await exportRegister({
      db,
      actor,
      input: { companyId: companyId!, language, format },
    });
    return c.body(file.body, 200, exportHeaders(file));
  });

  for (const { r, routes } of RESOURCE_ROUTES) registerResource(app, r, routes);

  app.openapi(capTableRoute, async (c) => {
    const { companyId } = ids(c.req.valid('param'));
    const { asOf } = c.req.valid('query');
    return c.json(
      await getCapTable({
        db: c.var.db,
        actor: c.var.actor,
        input: { companyId: companyId!, asOf },
      }),
      200,
    );
  });

  app.openapi(capTableExportRoute, async (c) => {
    const { companyId } = ids(c.req.valid('param'));
    const { asOf, format } = c.req.valid('query');
    const { db, actor } = c.var;
    const language = await exportLanguage(db, actor, c.req.header('accept-language'));
    const file = await exportCapTable({
      db,
      actor,
      input: { companyId: companyId!, asOf, language, format },
    });
    return c.body(file.body, 200, exportHeaders(file));
  });

  app.openapi(summaryRoute, async (c) => {
    const { companyId } = ids(c.req.valid('param'));
    return c.json(
      await getCompanySummary({
        db: c.var.db,
        actor: c.var.actor,
        input: { companyId: companyId! },
      }),
      200,
    );
  });
}
