import { z } from 'zod';
import { isoDate, optionalDate, optionalNotes, requiredText, text } from './common';
import { messageParams } from './i18n/issues';
import { UPCOMING_TYPES } from './vesting';

/**
 * Tasks (issue 15, "Tasks and deadlines"): the practice's to-dos, each with an optional due date
 * and time, an assignee among the workspace's members, a priority and a status, and links to a
 * client company and its grant, valuation or contact. A task can be made from a deadline the
 * practice view computes (`POST /tasks/from-deadline`); that deadline then makes no second task.
 */

export const TASK_PRIORITIES = ['low', 'normal', 'high'] as const;
export type TaskPriority = (typeof TASK_PRIORITIES)[number];
export const TASK_STATUSES = ['open', 'waiting', 'done'] as const;
export type TaskStatus = (typeof TASK_STATUSES)[number];

export const MAX_TASK_TITLE = 200;
export const MAX_TASK_DESCRIPTION = 5000;
/** Most tasks one bulk action takes. */
export const MAX_BULK_TASKS = 500;
/** Most tasks one list answers (the first by the list's order). */
export const MAX_TASK_LIST = 500;

const TIME = /^([01]\d|2[0-3]):[0-5]\d$/;

/** An optional id: absent, null or empty (a form's "none" choice) is null. */
const optionalId = (label: string) =>
  z
    .string({ error: `${label} must be an id` })
    .nullish()
    .transform((v) => (v ? v : null))
    .pipe(z.uuid(`${label} must be an id`).nullable());

/** The fields of a task as a body gives them (POST; a PATCH is merged into the stored ones). */
const taskFields = z.strictObject({
  title: requiredText('title', { max: MAX_TASK_TITLE }),
  description: optionalNotes(MAX_TASK_DESCRIPTION, 'description'),
  dueDate: optionalDate('dueDate'),
  /** `HH:MM` (24 hours) in the firm's time zone; only with a due date. */
  dueTime: z
    .string({ error: 'dueTime must be a time (HH:MM)' })
    .trim()
    .nullish()
    .transform((v) => (v ? v : null))
    .pipe(z.string().regex(TIME, 'dueTime must be a time (HH:MM)').nullable()),
  /** A member of the workspace (their user id); null: nobody yet. */
  assigneeId: text('assigneeId', { max: 100 })
    .nullish()
    .transform((v) => (v ? v : null)),
  priority: z
    .enum(TASK_PRIORITIES, { error: 'priority must be low, normal or high' })
    .default('normal'),
  status: z.enum(TASK_STATUSES, { error: 'status must be open, waiting or done' }).default('open'),
  companyId: optionalId('companyId'),
  grantId: optionalId('grantId'),
  valuationId: optionalId('valuationId'),
  contactId: optionalId('contactId'),
});

/** The rules between fields, shared by POST and the merged PATCH. */
function taskRules(
  body: {
    dueDate: string | null;
    dueTime: string | null;
    companyId: string | null;
    grantId: string | null;
    valuationId: string | null;
    contactId: string | null;
  },
  ctx: z.core.$RefinementCtx,
) {
  if (body.dueTime && !body.dueDate)
    ctx.addIssue({
      code: 'custom',
      path: ['dueTime'],
      message: 'dueTime needs a dueDate',
      params: messageParams('validation.tasks.timeNeedsDate'),
    });
  for (const field of ['grantId', 'valuationId', 'contactId'] as const) {
    if (body[field] && !body.companyId)
      ctx.addIssue({
        code: 'custom',
        path: [field],
        message: `${field} needs a companyId`,
        params: messageParams('validation.tasks.needsCompany'),
      });
  }
}

/** Body of `POST /api/v1/tasks`. */
export const taskCreateSchema = taskFields.superRefine(taskRules);
export type TaskCreateInput = z.input<typeof taskCreateSchema>;
export type TaskCreate = z.output<typeof taskCreateSchema>;

/** Body of `PATCH /api/v1/tasks/{taskId}`: any of the fields; null clears an optional one. */
export const taskUpdateSchema = taskFields.partial().extend({
  title: requiredText('title', { max: MAX_TASK_TITLE }).optional(),
  priority: z.enum(TASK_PRIORITIES, { error: 'priority must be low, normal or high' }).optional(),
  status: z.enum(TASK_STATUSES, { error: 'status must be open, waiting or done' }).optional(),
});
export type TaskUpdate = z.input<typeof taskUpdateSchema>;

/** A task as answered. */
export const taskSchema = z.object({
  id: z.uuid(),
  title: z.string(),
  description: z.string().nullable(),
  dueDate: z.string().nullable(),
  dueTime: z.string().nullable(),
  assigneeId: z.string().nullable(),
  assigneeName: z.string().nullable(),
  priority: z.enum(TASK_PRIORITIES),
  status: z.enum(TASK_STATUSES),
  companyId: z.uuid().nullable(),
  companyName: z.string().nullable(),
  grantId: z.uuid().nullable(),
  /** The grant's holder and plan, to name it. */
  grantStakeholderName: z.string().nullable(),
  grantPlanName: z.string().nullable(),
  valuationId: z.uuid().nullable(),
  valuationDate: z.string().nullable(),
  contactId: z.uuid().nullable(),
  contactName: z.string().nullable(),
  /** The computed deadline it was made from (`cliff:<grantId>:<date>`, `valuation:<companyId>:<date>`). */
  sourceKey: z.string().nullable(),
  /** Not done and due before today (in the firm's time zone). */
  overdue: z.boolean(),
  completedAt: z.iso.datetime({ offset: true }).nullable(),
  createdBy: z.string().nullable(),
  createdByName: z.string(),
  createdAt: z.iso.datetime({ offset: true }),
  updatedAt: z.iso.datetime({ offset: true }),
});
export type Task = z.infer<typeof taskSchema>;

export const taskListSchema = z.object({
  /** Today in the firm's time zone: what `overdue` and the `due` filter are measured against. */
  today: z.string(),
  items: z.array(taskSchema),
});
export type TaskList = z.infer<typeof taskListSchema>;

const DUE_RANGE = /^(\d{4}-\d{2}-\d{2})?\.\.(\d{4}-\d{2}-\d{2})?$/;
export const TASK_DUE_FILTERS = ['overdue', 'today', 'week', 'none'] as const;

/** Query of `GET /api/v1/tasks`. */
export const taskListQuerySchema = z.object({
  /** `me`, a member's user id, or `unassigned`. */
  assignee: text('assignee', { max: 100 }).optional(),
  /** Comma-separated statuses. */
  status: z
    .string()
    .optional()
    .transform((v) => (v ? v.split(',').map((s) => s.trim()) : undefined))
    .pipe(
      z
        .array(z.enum(TASK_STATUSES, { error: 'status must be among open, waiting, done' }))
        .optional(),
    ),
  companyId: z.uuid('companyId must be an id').optional(),
  /**
   * `overdue` (not done, due before today), `today`, `week` (today and the six days after it),
   * `none` (no due date), or a range of due dates `YYYY-MM-DD..YYYY-MM-DD` (both ends included;
   * either may be left out).
   */
  due: z
    .string()
    .trim()
    .optional()
    .superRefine((v, ctx) => {
      if (v === undefined || (TASK_DUE_FILTERS as readonly string[]).includes(v)) return;
      const m = DUE_RANGE.exec(v);
      const valid = (d: string | undefined) =>
        d === undefined || isoDate('due').safeParse(d).success;
      if (m && (m[1] || m[2]) && valid(m[1]) && valid(m[2]) && (!m[1] || !m[2] || m[1] <= m[2]))
        return;
      ctx.addIssue({
        code: 'custom',
        message: 'due must be overdue, today, week, none or a range YYYY-MM-DD..YYYY-MM-DD',
        params: messageParams('validation.tasks.due'),
      });
    }),
});
export type TaskListQuery = z.output<typeof taskListQuerySchema>;

export const TASK_BULK_ACTIONS = ['complete', 'reopen', 'reassign'] as const;

/** Body of `POST /api/v1/tasks/bulk`: one action on several tasks, all or nothing. */
export const taskBulkSchema = z
  .strictObject({
    ids: z
      .array(z.uuid('ids must hold task ids'), { error: 'ids must be a list of task ids' })
      .min(1, 'ids must name at least one task')
      .max(MAX_BULK_TASKS, `ids holds at most ${MAX_BULK_TASKS} tasks`),
    action: z.enum(TASK_BULK_ACTIONS, { error: 'action must be complete, reopen or reassign' }),
    /** For `reassign`: the new assignee (null: nobody). */
    assigneeId: text('assigneeId', { max: 100 }).nullish(),
  })
  .superRefine((body, ctx) => {
    if (body.action === 'reassign' && body.assigneeId === undefined)
      ctx.addIssue({
        code: 'custom',
        path: ['assigneeId'],
        message: 'assigneeId is required to reassign',
        params: messageParams('validation.tasks.assigneeRequired'),
      });
    if (body.action !== 'reassign' && body.assigneeId !== undefined)
      ctx.addIssue({
        code: 'custom',
        path: ['assigneeId'],
        message: 'assigneeId is only taken by reassign',
        params: messageParams('validation.tasks.assigneeNotTaken'),
      });
    if (new Set(body.ids).size !== body.ids.length)
      ctx.addIssue({
        code: 'custom',
        path: ['ids'],
        message: 'ids names a task twice',
        params: messageParams('validation.tasks.idTwice'),
      });
  });
export type TaskBulk = z.output<typeof taskBulkSchema>;

export const taskBulkResultSchema = z.object({ items: z.array(taskSchema) });

/** The grant deadlines of the practice view a task can be made from. */
export const GRANT_DEADLINE_TYPES = UPCOMING_TYPES;

/** Body of `POST /api/v1/tasks/from-deadline`. */
export const taskFromDeadlineSchema = z.discriminatedUnion(
  'type',
  [
    z.strictObject({
      type: z.enum(GRANT_DEADLINE_TYPES, {
        error: `type must be among ${[...GRANT_DEADLINE_TYPES, 'valuation'].join(', ')}`,
      }),
      grantId: z.uuid('grantId must be an id'),
      date: isoDate('date'),
    }),
    z.strictObject({
      type: z.literal('valuation', {
        error: `type must be among ${[...GRANT_DEADLINE_TYPES, 'valuation'].join(', ')}`,
      }),
      companyId: z.uuid('companyId must be an id'),
    }),
  ],
  { error: `type must be among ${[...GRANT_DEADLINE_TYPES, 'valuation'].join(', ')}` },
);
export type TaskFromDeadline = z.output<typeof taskFromDeadlineSchema>;
