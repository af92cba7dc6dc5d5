import { systemNow } from '../../clock';
import { createRoute, type OpenAPIHono } from '@hono/zod-openapi';
import { eq } from 'drizzle-orm';
import {
  DEFAULT_DIGEST_TIME,
  reminderSettingsSchema,
  reminderSettingsUpdateSchema,
  type ReminderSettings,
  type ReminderSettingsUpdate,
} from '../../../contracts/reminders';
import type { DbOrTx } from '../../db/client';
import { userSetting } from '../../db/schema';
import type { AppEnv, ServiceArgs } from '../../http/context';
import { jsonBody, jsonContent } from '../../http/openapi';
import { diff, recordAudit } from '../audit/service';
import { personal } from './personal';

/** The caller's reminder settings (defaults until they change one). */
export async function getReminderSettings(db: DbOrTx, userId: string): Promise<ReminderSettings> {
  const [row] = await db
    .select({ digestEnabled: userSetting.digestEnabled, digestTime: userSetting.digestTime })
    .from(userSetting)
    .where(eq(userSetting.userId, userId));
  return row ?? { digestEnabled: true, digestTime: DEFAULT_DIGEST_TIME };
}

/** Changes the caller's reminder settings (one transaction, audited). */
export async function updateReminderSettings({
  db,
  actor,
  input,
}: ServiceArgs<ReminderSettingsUpdate>): Promise<ReminderSettings> {
  const userId = actor.userId!;
  return db.transaction(async (tx) => {
    const before = await getReminderSettings(tx, userId);
    const after: ReminderSettings = {
      digestEnabled: input.digestEnabled ?? before.digestEnabled,
      digestTime: input.digestTime ?? before.digestTime,
    };
    await tx
      .insert(userSetting)
      .values({ userId, ...after })
      .onConflictDoUpdate({
        target: userSetting.userId,
        set: { ...after, updatedAt: systemNow() },
      });
    const changes = diff(before, after);
    if (Object.keys(changes).length > 0)
      await recordAudit(tx, {
        actor,
        action: 'update',
        entityType: 'user_setting',
        entityId: userId,
        changes,
      });
    return after;
  });
}

const tags = ['Reminders'];

const get = createRoute({
  method: 'get',
  path: '/me/reminders',
  tags,
  operationId: 'getReminderSettings',
  summary:
    'The caller’s daily digest e-mail: on or off, and its time (HH:MM in the firm’s time zone)',
  middleware: personal,
  responses: { 200: jsonContent(reminderSettingsSchema, 'The settings') },
});

const patch = createRoute({
  method: 'patch',
  path: '/me/reminders',
  tags,
  operationId: 'updateReminderSettings',
  summary: 'Turn the daily digest on or off, or change its time',
  middleware: personal,
  request: { body: jsonBody(reminderSettingsUpdateSchema) },
  responses: { 200: jsonContent(reminderSettingsSchema, 'The settings as saved') },
});

export function registerReminderRoutes(app: OpenAPIHono<AppEnv>) {
  app.openapi(get, async (c) =>
    c.json(await getReminderSettings(c.var.db, c.var.actor.userId!), 200),
  );
  app.openapi(patch, async (c) =>
    c.json(
      await updateReminderSettings({
        db: c.var.db,
        actor: c.var.actor,
        input: c.req.valid('json'),
      }),
      200,
    ),
  );
}
