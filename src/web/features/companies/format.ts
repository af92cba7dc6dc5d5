const isoDateFormat = new Intl.DateTimeFormat('en-GB', { dateStyle: 'medium', timeZone: 'UTC' });

/**
 * "15 Jan 2020" for a calendar date (`YYYY-MM-DD`). Formatted in UTC: the date is not an instant,
 * and the viewer's time zone must not move it to the day before.
 */
export function formatIsoDate(iso: string): string {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(iso);
  if (!match) return iso;
  const date = new Date(Date.UTC(Number(match[1]), Number(match[2]) - 1, Number(match[3])));
  return Number.isNaN(date.getTime()) ? iso : isoDateFormat.format(date);
}

const integerFormat = new Intl.NumberFormat('en-GB', { maximumFractionDigits: 0 });

/** "1,250,000" for a share count. */
export function formatCount(value: number): string {
  return integerFormat.format(value);
}
