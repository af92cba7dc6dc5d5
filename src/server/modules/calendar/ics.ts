import ical, { ICalCalendarMethod } from 'ical-generator';
import { addDays } from '../../../domain/vesting/dates';
import { instantIn } from '../../clock';
import { translator } from '../../i18n';
import type { Agenda } from '../reminders/agenda';
import { appLinks, DEADLINE_LABEL } from '../reminders/words';

/** How long a task with a due time lasts in the calendar. */
const TIMED_TASK_MINUTES = 30;

const dayStart = (date: string) => new Date(`${date}T00:00:00Z`);

/**
 * A user's calendar feed as ICS text (decision 031), written by ical-generator. Deadlines and
 * tasks without a time are all-day events (`VALUE=DATE`: no time zone needed); a task with a
 * time is a timed event in UTC, computed from `APP_TIME_ZONE`, so that no VTIMEZONE is needed
 * and every client imports it. UIDs are made of what the event is (`task-<id>@host`,
 * `<type>-<grantId>-<date>@host`): a client that refreshes the feed updates events instead of
 * adding them again.
 */
export function calendarIcs(input: {
  workspaceName: string;
  language: string;
  appUrl: string;
  timeZone: string;
  agenda: Agenda;
}): string {
  const t = translator(input.language);
  const links = appLinks(input.appUrl);
  const host = new URL(input.appUrl).hostname || 'esop-crm';
  const calendar = ical({
    name: `ESOP CRM — ${input.workspaceName}`,
    prodId: {
      company: 'ESOP CRM',
      product: 'calendar-feed',
      language: input.language.toUpperCase(),
    },
    method: ICalCalendarMethod.PUBLISH,
    // Clients ask again this often (Outlook and Apple read it; Google keeps its own pace).
    ttl: 60 * 60,
  });
  calendar.x('X-WR-TIMEZONE', input.timeZone);

  for (const task of input.agenda.tasks) {
    const url = task.companyId ? links.company(task.companyId) : links.tasks();
    const description = [
      ...(task.companyName ? [task.companyName] : []),
      ...(task.description ? [task.description] : []),
      url,
    ].join('\n\n');
    const summary = t('mail.calendar.task', { title: task.title });
    if (task.dueTime) {
      const start = instantIn(task.dueDate, task.dueTime, input.timeZone);
      calendar.createEvent({
        id: `task-${task.id}@${host}`,
        start,
        end: new Date(start.getTime() + TIMED_TASK_MINUTES * 60 * 1000),
        summary,
        description,
        url,
      });
    } else {
      calendar.createEvent({
        id: `task-${task.id}@${host}`,
        start: dayStart(task.dueDate),
        end: dayStart(addDays(task.dueDate, 1)),
        allDay: true,
        summary,
        description,
        url,
      });
    }
  }

  for (const d of input.agenda.deadlines) {
    const url = links.grant(d.companyId, d.grantId);
    calendar.createEvent({
      id: `${d.type}-${d.grantId}-${d.date}@${host}`,
      start: dayStart(d.date),
      end: dayStart(addDays(d.date, 1)),
      allDay: true,
      summary: t('mail.calendar.deadline', {
        what: t(DEADLINE_LABEL[d.type]),
        company: d.companyName,
        stakeholder: d.stakeholderName,
      }),
      description: [
        t('mail.digest.holder', { stakeholder: d.stakeholderName, plan: d.planName }),
        url,
      ].join('\n\n'),
      url,
    });
  }

  for (const v of input.agenda.valuations) {
    const url = links.valuations(v.companyId);
    calendar.createEvent({
      id: `valuation_expiry-${v.valuationId}-${v.date}@${host}`,
      start: dayStart(v.date),
      end: dayStart(addDays(v.date, 1)),
      allDay: true,
      summary: t('mail.calendar.valuation', { company: v.companyName }),
      description: url,
      url,
    });
  }
  return calendar.toString();
}
