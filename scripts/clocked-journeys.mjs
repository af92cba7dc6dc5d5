// The date-sensitive journeys. `npm run test:clock` runs them in `en` at two pinned hours; the
// `nl` project runs them at the real time. `npm test` leaves them out of its unpinned `en` run
// (scripts/e2e.mjs --skip-clocked, playwright.config.ts), where they would add nothing.
export const CLOCKED_JOURNEYS = [
  'upcoming.spec.ts',
  'valuations.spec.ts',
  'grant-leave.spec.ts',
  'tasks.spec.ts',
];
