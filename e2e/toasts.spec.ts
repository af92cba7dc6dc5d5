import { type Route } from '@playwright/test';
import AxeBuilder from '@axe-core/playwright';
import { AXE_TAGS, FAILING_IMPACT_LEVELS, expect, test } from './support/test';
import { createVerifiedUser, signIn } from './support/auth';
import { LR } from './support/i18n';

// sonner is not in the initial JS (decision 005, issue 12): its chunk loads after start-up, and
// toasts asked for before it is in wait in src/web/lib/toast.ts.
const TOASTER_CHUNK = /\/assets\/toaster-[\w-]+\.js$/;

test('the toaster mounts by itself after start-up, before any toast', async ({ page }) => {
  await page.goto('/auth/sign-in');
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  const region = page.getByRole('region', { name: LR('Notifications', { exact: false }) });
  await expect(region).toBeAttached();
  await expect(region).toHaveAttribute('aria-live', 'polite');
});

test('a toast asked for while the toaster loads is shown once it is in, in a live region that was there first', async ({
  page,
  request,
  baseURL,
}) => {
  const user = await createVerifiedUser(request, baseURL!);
  await signIn(page, user);

  // When the live region and the toast enter the page (ms since navigation).
  await page.addInitScript(() => {
    const seen: { region?: number; toast?: number } = {};
    (window as unknown as { toastTimes: typeof seen }).toastTimes = seen;
    new MutationObserver(() => {
      seen.region ??= document.querySelector('section[aria-live]') ? performance.now() : undefined;
      seen.toast ??= document.querySelector('[data-sonner-toast]') ? performance.now() : undefined;
    }).observe(document, { childList: true, subtree: true });
  });
  // Routing disables the HTTP cache, so the chunk is requested again, and held here.
  const held: Route[] = [];
  await page.route(TOASTER_CHUNK, (route) => {
    held.push(route);
  });

  // The sign-out page signs out on arrival and asks for its toast ("Signed out successfully")
  // before it goes to sign-in. Found by its element, so that the journey runs in any language.
  await page.goto('/auth/sign-out');
  await expect(page).toHaveURL(/\/auth\/sign-in/);
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  await expect.poll(() => held.length).toBeGreaterThan(0);
  await expect(page.locator('section[aria-live]')).toHaveCount(0);

  for (const route of held) await route.continue();

  const region = page.getByRole('region', { name: LR('Notifications', { exact: false }) });
  await expect(region).toHaveAttribute('aria-live', 'polite');
  await expect(region.locator('[data-sonner-toast]')).toHaveCount(1);
  await expect(region.locator('[data-sonner-toast]')).toBeVisible();
  const times = await page.evaluate(
    () => (window as unknown as { toastTimes: { region?: number; toast?: number } }).toastTimes,
  );
  expect(times.region).toBeDefined();
  expect(times.toast).toBeDefined();
  // LIVE_REGION_SETTLE_MS (100 ms) at least; a timer may fire a little early.
  expect(times.toast! - times.region!).toBeGreaterThanOrEqual(95);
});

test('a success toast held still passes axe-core (contrast included) in the project’s theme', async ({
  page,
  request,
  baseURL,
}) => {
  const user = await createVerifiedUser(request, baseURL!);
  await signIn(page, user);
  // The sign-out page asks for a success toast ("Signed out successfully") on arrival.
  await page.goto('/auth/sign-out');
  const toast = page.locator('[data-sonner-toast]');
  await expect(toast).toBeVisible();
  // Hovering holds the toast (sonner pauses its timer); then let its entry animation end.
  await toast.hover();
  await page.evaluate(() =>
    Promise.all(document.getAnimations().map((animation) => animation.finished.catch(() => null))),
  );
  const results = await new AxeBuilder({ page })
    .include('[data-sonner-toaster]')
    .withTags(AXE_TAGS)
    .analyze();
  const failing = results.violations.filter((v) => FAILING_IMPACT_LEVELS.includes(v.impact ?? ''));
  expect(failing.map((v) => `${v.id}: ${v.nodes.map((n) => n.failureSummary).join('; ')}`)).toEqual(
    [],
  );
  expect(results.passes.map((rule) => rule.id)).toContain('color-contrast');
});
