import { createRoute, type OpenAPIHono } from '@hono/zod-openapi';
import type { Context } from 'hono';
import { z } from 'zod';
import {
  calendarFeedCreatedSchema,
  calendarFeedCreateSchema,
  calendarFeedListSchema,
  type CalendarFeedCreate,
} from '../../../contracts/reminders';
import type { Database } from '../../db/client';
import type { AppEnv } from '../../http/context';
import { AppError, msg } from '../../http/errors';
import { jsonBody, jsonContent } from '../../http/openapi';
import { personal } from '../reminders/personal';
import {
  createCalendarFeed,
  FEED_PATH,
  listCalendarFeeds,
  renderCalendarFeed,
  revokeCalendarFeed,
} from './service';

const tags = ['Calendar feeds'];

const create = createRoute({
  method: 'post',
  path: '/calendar-feeds',
  tags,
  operationId: 'createCalendarFeed',
  summary:
    'Create a private calendar feed (ICS) of the caller’s tasks and their companies’ deadlines; its URL is shown this once',
  middleware: personal,
  request: { body: { ...jsonBody(calendarFeedCreateSchema), required: false } },
  responses: {
    201: jsonContent(calendarFeedCreatedSchema, 'The feed and its URL (no cookie needed)'),
  },
});

const list = createRoute({
  method: 'get',
  path: '/calendar-feeds',
  tags,
  operationId: 'listCalendarFeeds',
  summary: 'The caller’s calendar feeds in the active workspace (without their URLs)',
  middleware: personal,
  responses: { 200: jsonContent(calendarFeedListSchema, 'Newest first') },
});

const revoke = createRoute({
  method: 'delete',
  path: '/calendar-feeds/{feedId}',
  tags,
  operationId: 'revokeCalendarFeed',
  summary: 'Revoke a calendar feed: its URL answers 404 from now on',
  middleware: personal,
  request: { params: z.object({ feedId: z.string() }) },
  responses: { 204: { description: 'Revoked' } },
});

export function registerCalendarFeedRoutes(app: OpenAPIHono<AppEnv>, options: { appUrl: string }) {
  app.openapi(create, async (c) => {
    // Without a JSON body: every field is optional.
    const created = await createCalendarFeed({
      db: c.var.db,
      actor: c.var.actor,
      input: (c.req.valid('json') as CalendarFeedCreate | undefined) ?? {},
      appUrl: options.appUrl,
    });
    return c.json(created, 201);
  });
  app.openapi(list, async (c) =>
    c.json(
      { items: await listCalendarFeeds({ db: c.var.db, actor: c.var.actor, input: undefined }) },
      200,
    ),
  );
  app.openapi(revoke, async (c) => {
    await revokeCalendarFeed({
      db: c.var.db,
      actor: c.var.actor,
      input: { feedId: c.req.valid('param').feedId },
    });
    return c.body(null, 204);
  });
}

/** How long a calendar app may keep a fetched feed (seconds). */
const FEED_MAX_AGE = 15 * 60;
const FEED_NOT_FOUND = msg('errors.notFound.calendarFeed');

/**
 * `GET /calendar/{token}.ics`: the feed itself, for calendar apps (no cookie, no Origin). Mounted
 * outside /api/v1, before the SPA's fallback.
 */
export function registerCalendarFeedFile(
  app: { get: (path: string, handler: (c: Context<AppEnv>) => Promise<Response>) => unknown },
  options: { db: Database; appUrl: string },
) {
  app.get(`${FEED_PATH}/:file`, async (c) => {
    const file = c.req.param('file') ?? '';
    const token = file.endsWith('.ics') ? file.slice(0, -'.ics'.length) : '';
    const ics = token ? await renderCalendarFeed(options.db, token, options.appUrl) : null;
    if (ics === null) throw new AppError('NOT_FOUND', FEED_NOT_FOUND);
    return c.body(ics, 200, {
      'Content-Type': 'text/calendar; charset=utf-8',
      'Cache-Control': `private, max-age=${FEED_MAX_AGE}`,
      'Content-Disposition': 'inline; filename="esop-crm.ics"',
      'X-Robots-Tag': 'noindex',
    });
  });
}
