import { z } from 'zod';
import { messageParams } from './i18n/issues';

/** A time of day `HH:MM` (00:00–23:59), in the firm's time zone (`APP_TIME_ZONE`). */
export const TIME_OF_DAY = /^([01]\d|2[0-3]):[0-5]\d$/;

/** The default time of the daily digest (issue 15). */
export const DEFAULT_DIGEST_TIME = '07:30';

const timeOfDay = (label: string) =>
  z
    .string({
      error: (issue) =>
        issue.input === undefined
          ? `${label} is required (HH:MM)`
          : `${label} must be a time (HH:MM)`,
    })
    .superRefine((v, ctx) => {
      if (TIME_OF_DAY.test(v)) return;
      ctx.addIssue({
        code: 'custom',
        message: `${label} must be a time of day (HH:MM, 00:00–23:59)`,
        params: messageParams('validation.reminders.time'),
        input: v,
        continue: false,
      });
    });

/** `GET /api/v1/me/reminders`: the caller's daily digest e-mail. */
export const reminderSettingsSchema = z.object({
  digestEnabled: z.boolean(),
  digestTime: z.string(),
});
export type ReminderSettings = z.infer<typeof reminderSettingsSchema>;

/** `PATCH /api/v1/me/reminders`: either or both. */
export const reminderSettingsUpdateSchema = z
  .object({
    digestEnabled: z.boolean({ error: 'Digest enabled must be true or false' }).optional(),
    digestTime: timeOfDay('Digest time').optional(),
  })
  .strict();
export type ReminderSettingsUpdate = z.infer<typeof reminderSettingsUpdateSchema>;

/** `POST /api/v1/calendar-feeds`. */
export const calendarFeedCreateSchema = z
  .object({
    includeInstallments: z
      .boolean({ error: 'Include installments must be true or false' })
      .optional(),
  })
  .strict();
export type CalendarFeedCreate = z.infer<typeof calendarFeedCreateSchema>;

/** The answer to `POST /api/v1/calendar-feeds`: the feed's URL, shown this once. */
export const calendarFeedCreatedSchema = z.object({ id: z.uuid(), url: z.string() });
export type CalendarFeedCreated = z.infer<typeof calendarFeedCreatedSchema>;

/** A feed as listed (never its URL: only its hash is stored). */
export const calendarFeedSchema = z.object({
  id: z.uuid(),
  includeInstallments: z.boolean(),
  createdAt: z.string(),
  lastUsedAt: z.string().nullable(),
});
export type CalendarFeed = z.infer<typeof calendarFeedSchema>;

export const calendarFeedListSchema = z.object({ items: z.array(calendarFeedSchema) });
