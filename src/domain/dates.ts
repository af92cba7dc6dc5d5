const ISO_DATE = /^\d{4}-\d{2}-\d{2}$/;

/** True for a real calendar date `YYYY-MM-DD` in years 0001–9999 (2024-02-29 yes, 2023-02-29 no). */
export function isIsoDate(value: string): boolean {
  // Years 0001–9999 (issue 11): year 0000 is not a calendar year and five digits never match.
  if (!ISO_DATE.test(value) || value.startsWith('0000')) return false;
  const d = new Date(`${value}T00:00:00Z`);
  return !Number.isNaN(d.getTime()) && d.toISOString().slice(0, 10) === value;
}

/** The calendar date of an instant in UTC, as `YYYY-MM-DD`. */
export function isoDateOf(instant: Date): string {
  return instant.toISOString().slice(0, 10);
}
