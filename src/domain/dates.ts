const ISO_DATE = /^\d{4}-\d{2}-\d{2}$/;

/** True for a real calendar date `YYYY-MM-DD` (2024-02-29 yes, 2023-02-29 no). */
export function isIsoDate(value: string): boolean {
  if (!ISO_DATE.test(value)) return false;
  const d = new Date(`${value}T00:00:00Z`);
  return !Number.isNaN(d.getTime()) && d.toISOString().slice(0, 10) === value;
}

/** The calendar date of an instant in UTC, as `YYYY-MM-DD`. */
export function isoDateOf(instant: Date): string {
  return instant.toISOString().slice(0, 10);
}
