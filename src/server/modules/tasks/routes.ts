import { createRoute, type OpenAPIHono } from '@hono/zod-openapi';
import { z } from 'zod';
import {
  taskBulkResultSchema,
  taskBulkSchema,
  taskCreateSchema,
  taskFromDeadlineSchema,
  taskListQuerySchema,
  taskListSchema,
  taskSchema,
  taskUpdateSchema,
} from '../../../contracts/tasks';
import type { AppEnv } from '../../http/context';
import { errorResponses, jsonBody, jsonContent } from '../../http/openapi';
import { guarded } from '../../http/permissions';
import { createTaskFromDeadline } from './deadlines';
import {
  TaskExists,
  bulkTasks,
  createTask,
  deleteTask,
  getTask,
  listTasks,
  updateTask,
} from './service';

/**
 * Tasks (issue 15): `/tasks` (list, create), `/tasks/{taskId}` (read, change, delete),
 * `/tasks/bulk` (complete, reopen or reassign several at once) and `/tasks/from-deadline` (a task
 * from a deadline the practice view computes).
 */

const NIL_UUID = '00000000-0000-0000-0000-000000000000';
const toId = (id: string) => (z.uuid().safeParse(id).success ? id : NIL_UUID);
const tags = ['Tasks'];
const taskParams = z.object({ taskId: z.string() });
/** A task's answer names its company, grant (holder and plan), valuation and contact. */
const SHOWS = ['company', 'grant', 'stakeholder', 'plan'] as const;

const list = guarded(
  createRoute({
    method: 'get',
    path: '/tasks',
    tags,
    operationId: 'listTasks',
    summary: "The workspace's tasks: overdue first, then by due date and time, then priority",
    description: [
      'Filters: `assignee` is `me`, `unassigned` or a member’s user id; `status` a comma-separated list of `open`, `waiting`, `done`; `companyId` one client company;',
      '`due` is `overdue` (not done and due before today), `today`, `week` (today and the six days after it), `none` (no due date) or a range of due dates `YYYY-MM-DD..YYYY-MM-DD` (both ends included, either may be left out).',
      '"Today" is the date in the firm’s time zone (`APP_TIME_ZONE`). Tasks of companies hidden from the caller (client access) are left out. At most 500 tasks are answered.',
    ].join(' '),
    request: { query: taskListQuerySchema },
    responses: {
      200: jsonContent(taskListSchema, 'Tasks'),
      // companyId of a company outside the workspace or hidden from the caller
      ...errorResponses(404),
    },
  }),
  { resource: 'task', action: 'read' },
  [...SHOWS],
);

const create = guarded(
  createRoute({
    method: 'post',
    path: '/tasks',
    tags,
    operationId: 'createTask',
    summary: 'Create a task',
    description:
      '`dueTime` (HH:MM) only with a `dueDate`; `grantId`, `valuationId` and `contactId` only with a `companyId`, and of that company; the assignee must be a member of the workspace who may see the company. `status` done records `completedAt`.',
    request: { body: jsonBody(taskCreateSchema) },
    responses: { 201: jsonContent(taskSchema, 'The task'), ...errorResponses(404) },
  }),
  { resource: 'task', action: 'create' },
  [...SHOWS],
);

const bulk = guarded(
  createRoute({
    method: 'post',
    path: '/tasks/bulk',
    tags,
    operationId: 'bulkTasks',
    summary: 'Complete, reopen or reassign several tasks at once, all or nothing',
    description:
      'An id the caller cannot see answers 404 naming it, and no task changes. `assigneeId` (reassign only; null unassigns) must be a member who may see every task’s company.',
    request: { body: jsonBody(taskBulkSchema) },
    responses: {
      200: jsonContent(taskBulkResultSchema, 'The tasks, in the order of ids'),
      ...errorResponses(404),
    },
  }),
  { resource: 'task', action: 'update' },
  [...SHOWS],
);

const fromDeadline = guarded(
  createRoute({
    method: 'post',
    path: '/tasks/from-deadline',
    tags,
    operationId: 'createTaskFromDeadline',
    summary: 'Turn a deadline of the practice view into a task',
    description: [
      'A grant deadline (`cliff`, `installment`, `acceptance_deadline`, `expiry`, `exercise_deadline` with `grantId` and `date`, as `GET /upcoming` lists it) or a valuation alert (`valuation` with `companyId`, as `GET /valuation-alerts` lists it).',
      'The deadline is computed again: one that does not exist (or has passed) answers 400 naming `date` (or `companyId`). The task is titled in the caller’s language, due on the deadline (a valuation: its last valid day when expiring, else today), linked to its company and grant or valuation, and assigned to the company’s responsible lawyer, else the caller.',
      'One deadline makes one task: a second request answers 409 naming the existing task in `error.existingId`.',
    ].join(' '),
    request: { body: jsonBody(taskFromDeadlineSchema) },
    responses: {
      201: jsonContent(taskSchema, 'The task'),
      // 409: the deadline has its task already, named by the error's `existingId`.
      ...errorResponses(404, 409),
    },
  }),
  { resource: 'task', action: 'create' },
  [...SHOWS, 'valuation'],
);

const get = guarded(
  createRoute({
    method: 'get',
    path: '/tasks/{taskId}',
    tags,
    operationId: 'getTask',
    summary: 'A task',
    request: { params: taskParams },
    responses: { 200: jsonContent(taskSchema, 'The task') },
  }),
  { resource: 'task', action: 'read' },
  [...SHOWS],
);

const update = guarded(
  createRoute({
    method: 'patch',
    path: '/tasks/{taskId}',
    tags,
    operationId: 'updateTask',
    summary: 'Change a task (status done records completedAt; reopening clears it)',
    description:
      'Moving a task to another company (or none) drops its grant, valuation and contact unless the body names new ones.',
    request: { params: taskParams, body: jsonBody(taskUpdateSchema) },
    responses: { 200: jsonContent(taskSchema, 'The task') },
  }),
  { resource: 'task', action: 'update' },
  [...SHOWS],
);

const remove = guarded(
  createRoute({
    method: 'delete',
    path: '/tasks/{taskId}',
    tags,
    operationId: 'deleteTask',
    summary: 'Delete a task',
    request: { params: taskParams },
    responses: { 204: { description: 'Deleted' } },
  }),
  { resource: 'task', action: 'delete' },
);

export function registerTaskRoutes(app: OpenAPIHono<AppEnv>) {
  const args = (c: { var: AppEnv['Variables'] }) => ({ db: c.var.db, actor: c.var.actor });
  app.openapi(list, async (c) => {
    const query = c.req.valid('query');
    return c.json(
      await listTasks({
        ...args(c),
        input: { ...query, companyId: query.companyId ? toId(query.companyId) : undefined },
      }),
      200,
    );
  });
  app.openapi(create, async (c) =>
    c.json(await createTask({ ...args(c), input: c.req.valid('json') }), 201),
  );
  // Before `{taskId}`: `bulk` and `from-deadline` are not task ids.
  app.openapi(bulk, async (c) =>
    c.json(await bulkTasks({ ...args(c), input: c.req.valid('json') }), 200),
  );
  app.openapi(fromDeadline, async (c) => {
    try {
      const task = await createTaskFromDeadline({
        ...args(c),
        input: { deadline: c.req.valid('json'), language: c.var.language },
      });
      return c.json(task, 201);
    } catch (e) {
      if (!(e instanceof TaskExists)) throw e;
      const { error } = e.toBody(c.var.language);
      return c.json(
        { error: { code: 'CONFLICT', message: error.message, existingId: e.taskId } },
        409,
      );
    }
  });
  app.openapi(get, async (c) =>
    c.json(
      await getTask({ ...args(c), input: { taskId: toId(c.req.valid('param').taskId) } }),
      200,
    ),
  );
  app.openapi(update, async (c) =>
    c.json(
      await updateTask({
        ...args(c),
        input: { taskId: toId(c.req.valid('param').taskId), patch: c.req.valid('json') },
      }),
      200,
    ),
  );
  app.openapi(remove, async (c) => {
    await deleteTask({ ...args(c), input: { taskId: toId(c.req.valid('param').taskId) } });
    return c.body(null, 204);
  });
}
