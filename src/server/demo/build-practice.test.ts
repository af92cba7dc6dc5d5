import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { companyCreateSchema } from '../../contracts/company';
import { buildDemoEquity } from './build-equity';
import { buildDemoGrants } from './build-grants';
import { buildDemoPractice, demoResponsibleLawyer, zonedInstant } from './build-practice';
import { DEMO_COMPANIES } from './companies';

const lawyers = [
  { id: 'demi', name: 'Demi de Vries' },
  { id: 'sanne', name: 'Sanne Bakker' },
  { id: 'jens', name: 'Jens Vermeulen' },
];

function build(today: string) {
  const companies = DEMO_COMPANIES.map((c, i) => ({
    ...companyCreateSchema.parse(c),
    id: randomUUID(),
    organizationId: 'org',
    responsibleUserId: lawyers[demoResponsibleLawyer(c.companyName)]!.id,
    createdAt: new Date(Date.UTC(2026, 0, 1 + i)),
  }));
  const equity = buildDemoEquity('org', companies);
  const grants = buildDemoGrants('org', companies, equity, today);
  return buildDemoPractice({
    organizationId: 'org',
    lawyers,
    companies,
    equity,
    grants,
    valuations: [],
    today,
    timeZone: 'Europe/Amsterdam',
  });
}

describe('zonedInstant', () => {
  it.each([
    ['2026-01-15', '10:00', '2026-01-15T09:00:00.000Z'],
    ['2026-07-15', '10:00', '2026-07-15T08:00:00.000Z'],
    // The days the clocks change.
    ['2026-03-29', '10:00', '2026-03-29T08:00:00.000Z'],
    ['2026-10-25', '10:00', '2026-10-25T09:00:00.000Z'],
  ])('%s %s in Amsterdam is %s', (date, time, instant) => {
    expect(zonedInstant(date, time, 'Europe/Amsterdam').toISOString()).toBe(instant);
  });
});

describe('buildDemoPractice', () => {
  it('is the same demo for the same day (ids apart)', () => {
    const strip = (rows: { id?: string }[]) =>
      rows.map((r) => {
        const copy: Record<string, unknown> = { ...r };
        for (const key of Object.keys(copy)) if (/(^id|Id)$/.test(key)) delete copy[key];
        return copy;
      });
    const a = build('2026-11-25');
    const b = build('2026-11-25');
    expect(strip(a.notes)).toEqual(strip(b.notes));
    expect(strip(a.tasks)).toEqual(strip(b.tasks));
    expect(strip(a.contacts)).toEqual(strip(b.contacts));
  });

  it('dates notes within the past year and tasks around today, without valuations too', () => {
    const { notes, tasks } = build('2026-02-28');
    const now = zonedInstant('2026-02-28', '00:00', 'Europe/Amsterdam').getTime();
    const yearAgo = zonedInstant('2025-02-27', '00:00', 'Europe/Amsterdam').getTime();
    for (const n of notes) {
      expect(n.occurredAt.getTime()).toBeLessThan(now);
      expect(n.occurredAt.getTime()).toBeGreaterThanOrEqual(yearAgo);
    }
    expect(notes.some((n) => n.valuationId)).toBe(false);
    expect(tasks.every((x) => x.createdAt!.getTime() < now)).toBe(true);
    expect(tasks.filter((x) => x.status === 'open' && x.dueDate! < '2026-02-28').length).toBe(8);
  });
});
