import { appendFileSync, existsSync, readFileSync } from 'node:fs';
import AxeBuilder from '@axe-core/playwright';
import { test as base, type Page, type TestInfo } from '@playwright/test';
import type { Result } from 'axe-core';

/**
 * Playwright's `test` with an accessibility check of every page a journey visits (issue 12,
 * decision 023). Each main-frame navigation to a path the test has not checked yet (SPA route
 * changes included) queues a check: once the page's DOM has been quiet for a moment, axe-core runs
 * with the WCAG 2.0–2.2 A and AA rules, and the page the test ends on is checked too. A serious or
 * critical violation fails the test, naming the rule, the elements and the help. The check runs
 * beside the test (it only reads the page), once per path and theme in a test, and once per
 * page shape ({@link routeShape}), theme and language in a run.
 *
 * Opting out (`test.use({ axe: false })`) is for a page that is broken on purpose, with a comment
 * saying why; fix the app rather than turning a rule off.
 */

export const FAILING_IMPACT_LEVELS = ['serious', 'critical'];
export const AXE_TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa'];
const FAILING_IMPACTS = new Set(FAILING_IMPACT_LEVELS);
/** The DOM counts as settled after this long without a change… */
const QUIET_MS = 250;
/** …or after this long in any case (a ticking clock, an animation). */
const SETTLE_LIMIT_MS = 2_000;

const TIMING = process.env.E2E_AXE_TIMING === '1';

type Found = { path: string; theme: string; violations: Result[] };

export type A11yFixtures = {
  /** Check every page the test's `page` visits (default); `false` with a comment saying why. */
  axe: boolean;
  /**
   * Checks the page as it is now, in its current theme (unless this test checked that path in
   * that theme already, even if another test checked a page of its shape), and reports at once.
   * `once`: unless a page of its shape was checked in this run's language and theme already (the
   * sweep, e2e/screens.spec.ts, visits every screen and leaves out what journeys checked).
   */
  checkA11y: (options?: { once?: boolean }) => Promise<void>;
};

type Checker = {
  /** `force`: even when a page of this shape was checked in the run already. */
  check: (options?: { force?: boolean }) => Promise<void>;
  finish: () => Promise<Found[]>;
};

/** Waits until the page's DOM has stopped changing (or the limit has passed). */
async function settle(page: Page): Promise<void> {
  await page.waitForLoadState('domcontentloaded');
  await page.evaluate(
    ({ quiet, limit }) =>
      new Promise<void>((resolve) => {
        let timer = setTimeout(done, quiet);
        const cap = setTimeout(done, limit);
        const observer = new MutationObserver(() => {
          clearTimeout(timer);
          timer = setTimeout(done, quiet);
        });
        observer.observe(document, { subtree: true, childList: true, characterData: true });
        function done() {
          observer.disconnect();
          clearTimeout(timer);
          clearTimeout(cap);
          // Colours mid-animation (a dialog's overlay fading in) are not the page's: let running
          // animations and transitions end first (the cap still holds for endless ones).
          const running = document
            .getAnimations()
            .filter((animation) => animation.playState === 'running')
            .map((animation) => animation.finished.catch(() => undefined));
          void Promise.race([
            Promise.all(running),
            new Promise((later) => setTimeout(later, limit)),
          ]).then(() => resolve());
        }
      }),
    { quiet: QUIET_MS, limit: SETTLE_LIMIT_MS },
  );
}

const themeOf = (page: Page) =>
  page.evaluate(() => (document.documentElement.classList.contains('dark') ? 'dark' : 'light'));

const pathOf = (url: string) => {
  try {
    return new URL(url).pathname;
  } catch {
    return url;
  }
};

/**
 * A path with its record ids taken out (`/companies/:id/grants`): pages of the same shape look
 * alike, so the run checks each shape once per theme and language unless a test asks for a
 * check itself (`checkA11y`) or `E2E_AXE_EVERY_PAGE=1` asks for every path of every test. That
 * keeps the suite's extra time small (issue 12: under 2 minutes).
 */
export function routeShape(path: string): string {
  return path
    .split('/')
    .map((segment) =>
      /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i.test(segment) ||
      /^\d+$/.test(segment)
        ? ':id'
        : segment,
    )
    .join('/');
}

/** Whether a modal overlay (dialog, menu, drawer) has hidden the rest of the page. */
async function overlayOpen(page: Page): Promise<boolean> {
  return page
    .evaluate(
      () => document.querySelector('[data-aria-hidden="true"], [aria-modal="true"]') !== null,
    )
    .catch(() => false);
}

/**
 * Shapes checked in this run, by theme and language: this worker's, and those the run's other
 * workers wrote to the run's record (E2E_A11Y_RECORD, made by global setup), so that journeys
 * side by side do not check the same shape twice.
 */
const checkedInWorker = new Set<string>();
const RECORD = process.env.E2E_A11Y_RECORD;
const checkedInRun = {
  has(shape: string): boolean {
    if (checkedInWorker.has(shape)) return true;
    if (!RECORD || !existsSync(RECORD)) return false;
    for (const line of readFileSync(RECORD, 'utf8').split('\n'))
      if (line) checkedInWorker.add(line);
    return checkedInWorker.has(shape);
  },
  add(shape: string): void {
    checkedInWorker.add(shape);
    if (RECORD) appendFileSync(RECORD, `${shape}\n`);
  },
};
const EVERY_PAGE = process.env.E2E_AXE_EVERY_PAGE === '1';

function watchPages(page: Page, language: string): Checker {
  const checked = new Set<string>();
  const found: Found[] = [];
  let queue = Promise.resolve();

  const run = async (force: boolean) => {
    if (page.isClosed()) return;
    const path = pathOf(page.url());
    if (!path.startsWith('/') || path.startsWith('/api/')) return;
    const theme = await themeOf(page);
    const key = `${theme} ${path}`;
    const shape = `${theme} ${language} ${routeShape(path)}`;
    if (checked.has(key) || (!force && !EVERY_PAGE && checkedInRun.has(shape))) return;
    const started = performance.now();
    await settle(page);
    const settled = performance.now();
    if (pathOf(page.url()) !== path) return; // left meanwhile: its next visit queues it again
    // A check a navigation queued reads the page itself. The check runs beside the test, so on a
    // slow machine the test may have opened a menu or dialog by now: Radix then hides the rest of
    // the page from assistive technology (aria-hidden, focus kept in the overlay), which axe reads
    // as hidden focusable content. Such a reading is dropped; the page is read on its next visit
    // or when the test ends, and an overlay is read when a test asks for it (`check`).
    if (!force && (await overlayOpen(page))) return;
    const results = await new AxeBuilder({ page })
      .withTags(AXE_TAGS)
      // Toasts come and go on their own timers, fading as they do: read mid-fade their colours are
      // no one's. toasts.spec.ts checks a toast held still (hovered) in each theme instead.
      .exclude('[data-sonner-toaster]')
      // Passes and incomplete results are not read: leaving them out makes axe faster.
      .options({ resultTypes: ['violations'] })
      .analyze();
    if (TIMING)
      console.log(
        `axe ${path}: settle ${Math.round(settled - started)} ms, axe ${Math.round(performance.now() - settled)} ms`,
      );
    // The page or its theme changed under axe: not a fair reading (colours mid-switch).
    if (pathOf(page.url()) !== path) return;
    if ((await themeOf(page)) !== theme) return;
    if (!force && (await overlayOpen(page))) return;
    checked.add(key);
    checkedInRun.add(shape);
    const violations = results.violations.filter((v) => FAILING_IMPACTS.has(v.impact ?? ''));
    if (violations.length > 0) found.push({ path, theme, violations });
  };

  const enqueue = (force: boolean) => {
    const next = queue.then(() => run(force));
    queue = next.catch((error: unknown) => {
      const message = String(error);
      // A navigation or the test's end took the page away midway: nothing to report then.
      if (page.isClosed() || /context was destroyed|Target .*closed|navigat/i.test(message)) return;
      console.warn(`axe check skipped: ${message}`);
    });
    return next;
  };

  page.on('framenavigated', (frame) => {
    if (frame !== page.mainFrame()) return;
    void enqueue(false);
  });

  return {
    check: async ({ force = false } = {}) => {
      await queue;
      await enqueue(force);
    },
    finish: async () => {
      await queue;
      if (!page.isClosed()) await enqueue(false).catch(() => undefined);
      return found;
    },
  };
}

/** The violations as a reader wants them: page, rule, impact, help, and each element's target. */
export function describeViolations(found: readonly Found[]): string {
  const lines: string[] = [];
  for (const { path, theme, violations } of found) {
    lines.push(`${path} (${theme} theme):`);
    for (const v of violations) {
      lines.push(`  [${v.impact}] ${v.id}: ${v.help} (${v.helpUrl})`);
      for (const node of v.nodes.slice(0, 8)) {
        lines.push(`    at ${node.target.join(' ')}`);
        const summary = node.failureSummary?.split('\n').slice(1).join('; ').trim();
        if (summary) lines.push(`      ${summary}`);
      }
      if (v.nodes.length > 8) lines.push(`    …and ${v.nodes.length - 8} more`);
    }
  }
  return lines.join('\n');
}

async function report(found: readonly Found[], testInfo: TestInfo) {
  if (found.length === 0) return;
  await testInfo.attach('axe-violations.json', {
    body: JSON.stringify(found, null, 2),
    contentType: 'application/json',
  });
  throw new Error(
    `Accessibility violations (axe-core, WCAG 2.2 A/AA):\n${describeViolations(found)}`,
  );
}

const checkers = new WeakMap<Page, Checker>();

export const test = base.extend<A11yFixtures>({
  axe: [true, { option: true }],
  page: async ({ page, axe }, use, testInfo) => {
    if (!axe) {
      await use(page);
      return;
    }
    const checker = watchPages(page, testInfo.project.use.locale ?? 'en');
    checkers.set(page, checker);
    await use(page);
    // A test that failed already is not buried under axe findings of a half-done journey.
    if (testInfo.status !== testInfo.expectedStatus) return;
    await report(await checker.finish(), testInfo);
  },
  checkA11y: async ({ page }, use, testInfo) => {
    await use(async ({ once = false } = {}) => {
      const checker = checkers.get(page) ?? watchPages(page, testInfo.project.use.locale ?? 'en');
      checkers.set(page, checker);
      await checker.check({ force: !once });
      // Report at once: the caller wants to know about this page now.
      const found = await checker.finish();
      await report(found.splice(0), testInfo);
    });
  },
});

export { expect } from '@playwright/test';
