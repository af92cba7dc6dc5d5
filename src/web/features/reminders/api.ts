import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import {
  calendarFeedCreatedSchema,
  calendarFeedListSchema,
  reminderSettingsSchema,
  type CalendarFeedCreate,
  type ReminderSettingsUpdate,
} from '../../../contracts/reminders';
import { apiFetch } from '../../lib/api';

/**
 * The caller's reminders (issue 15): their daily digest e-mail (`/me/reminders`) and their
 * private calendar feeds in the active workspace (`/calendar-feeds`).
 */
const keys = {
  settings: ['me', 'reminders'] as const,
  feeds: ['calendar-feeds'] as const,
};

/** `GET /me/reminders`. */
export function reminderSettingsQueryOptions() {
  return queryOptions({
    queryKey: keys.settings,
    queryFn: ({ signal }) => apiFetch('/me/reminders', { signal, schema: reminderSettingsSchema }),
  });
}

/** `PATCH /me/reminders`. */
export function useUpdateReminderSettings() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: ReminderSettingsUpdate) =>
      apiFetch('/me/reminders', { method: 'PATCH', body, schema: reminderSettingsSchema }),
    onSuccess: (saved) => queryClient.setQueryData(keys.settings, saved),
  });
}

/** `GET /calendar-feeds`: newest first. */
export function calendarFeedsQueryOptions() {
  return queryOptions({
    queryKey: keys.feeds,
    queryFn: ({ signal }) =>
      apiFetch('/calendar-feeds', { signal, schema: calendarFeedListSchema }),
    select: (data) => data.items,
  });
}

/** `POST /calendar-feeds`: answers the feed's URL, this once. */
export function useCreateCalendarFeed() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: CalendarFeedCreate) =>
      apiFetch('/calendar-feeds', { method: 'POST', body, schema: calendarFeedCreatedSchema }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: keys.feeds }),
  });
}

/** `DELETE /calendar-feeds/{id}`. */
export function useRevokeCalendarFeed() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (feedId: string) =>
      apiFetch(`/calendar-feeds/${encodeURIComponent(feedId)}`, { method: 'DELETE' }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: keys.feeds }),
  });
}
