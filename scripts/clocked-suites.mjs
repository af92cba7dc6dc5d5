// The date-sensitive suites and the instants `npm run test:clock` runs them at (issue 11, 23).
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

/**
 * The journeys whose subject is dates (cliffs, deadlines, valuations' validity, tasks due). They
 * run only with the clock pinned, at each instant below, never at the hour CI happens to start.
 */
export const CLOCKED_JOURNEYS = [
  'upcoming.spec.ts',
  'valuations.spec.ts',
  'grant-leave.spec.ts',
  'tasks.spec.ts',
];

/** The business clock's readings that make a suite date-sensitive (src/server/clock.ts). */
const CLOCK_READINGS = new Set(['now', 'today', 'pinClock']);

/**
 * The API suites that read the business clock (`now`, `today` or `pinClock` from
 * src/server/clock.ts): found in their imports, so a new date-sensitive suite joins by itself.
 * A suite that only stamps rows with `systemNow()` is not one.
 */
export function clockedApiSuites() {
  const dir = path.join(root, 'test/api');
  return readdirSync(dir)
    .filter((file) => file.endsWith('.test.ts'))
    .filter((file) => {
      const source = readFileSync(path.join(dir, file), 'utf8');
      return [...source.matchAll(/import\s*\{([^}]*)\}\s*from\s*'[./]*src\/server\/clock'/g)].some(
        ([, names]) =>
          names
            .split(',')
            .map((name) => name.trim().split(/\s+as\s+/)[0])
            .some((name) => CLOCK_READINGS.has(name)),
      );
    })
    .map((file) => `test/api/${file}`)
    .sort();
}

const isoDay = (date) => date.toISOString().slice(0, 10);

/**
 * The instants, relative to the day the run starts, on both sides of the real clock: the suites
 * once failed only when the pinned clock ran ahead of the real one (the demo's notes, dated up to
 * the business "now", compared with the real clock). Each runs its journeys in one project, so
 * the three together cover both languages and both databases.
 * - ahead: 23:30 UTC tomorrow, when Amsterdam is already on the day after;
 * - behind: 00:30 UTC yesterday;
 * - summer: 00:30 in Amsterdam on 1 July (summer time), when UTC is still on 30 June.
 * `realNow` is the real clock: this file is where the pinned instants are made from it.
 */
export function clockInstants(realNow) {
  const day = 86_400_000;
  return [
    {
      name: 'ahead',
      label: '23:30 UTC tomorrow, ahead of the real clock (Amsterdam on the day after)',
      value: `${isoDay(new Date(realNow.getTime() + day))}T23:30:00Z`,
      project: 'nl',
    },
    {
      name: 'behind',
      label: '00:30 UTC yesterday, behind the real clock',
      value: `${isoDay(new Date(realNow.getTime() - day))}T00:30:00Z`,
      project: 'en',
    },
    {
      name: 'summer',
      label: '00:30 in Amsterdam in summer time (UTC still on the day before)',
      value: `${realNow.getUTCFullYear()}-07-01T00:30:00+02:00`,
      project: 'nl',
    },
  ];
}
