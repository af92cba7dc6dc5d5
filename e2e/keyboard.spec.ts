import type { Locator, Page } from '@playwright/test';
import { createVerifiedUser } from './support/auth';
import { firmDate } from './support/clock';
import { formatInteger, formatIsoDate } from '../src/contracts/i18n/format';
import { L, T, testLanguage } from './support/i18n';
import { expect, test } from './support/test';

/**
 * Issue 12, "Accessibility": the main journey with the keyboard only (Tab, Shift+Tab, Enter,
 * Space, arrows and typing; no clicks, no `fill`): sign in, create a company, add a stakeholder,
 * issue shares, create a grant watching the live vesting preview, add a valuation. Dialogs keep
 * the focus inside and give it back to the button that opened them; toasts are announced (they
 * appear in the toaster's polite live region). The user and the plan come through the API: their
 * screens are not this journey's subject.
 */

/** A count and a date as the app writes them in the test's language. */
const n = (value: number) => formatInteger(testLanguage(), value);
const d = (iso: string) => formatIsoDate(testLanguage(), iso);

const isFocused = (target: Locator) =>
  target.evaluate((element) => element === document.activeElement).catch(() => false);

/** Presses Tab (or Shift+Tab) until `target` has the focus, as a keyboard user would. */
async function tabTo(page: Page, target: Locator, { backwards = false, max = 120 } = {}) {
  await expect(target).toBeVisible();
  for (let presses = 0; presses < max; presses += 1) {
    if (await isFocused(target)) return;
    await page.keyboard.press(backwards ? 'Shift+Tab' : 'Tab');
  }
  throw new Error(`${max} presses of ${backwards ? 'Shift+Tab' : 'Tab'} never reached ${target}`);
}

/** Tabs to a text field and types `text` over what it holds. */
async function typeInto(page: Page, field: Locator, text: string) {
  await tabTo(page, field);
  await page.keyboard.press('ControlOrMeta+A');
  await page.keyboard.press('Delete');
  await page.keyboard.type(text);
  await expect(field).toHaveValue(text);
}

/**
 * Tabs to a date field and types `iso` (`YYYY-MM-DD`): the app's date fields read ISO; a native
 * date input takes the digits in its segments' order, which is the browser's locale's.
 */
async function typeDate(page: Page, field: Locator, iso: string) {
  if ((await field.getAttribute('type')) !== 'date') return typeInto(page, field, iso);
  await tabTo(page, field);
  const [year, month, day] = iso.split('-') as [string, string, string];
  const order = await page.evaluate(() =>
    new Intl.DateTimeFormat(navigator.language)
      .formatToParts(new Date(2024, 0, 15))
      .map((part) => part.type)
      .filter((type) => type === 'year' || type === 'month' || type === 'day'),
  );
  await page.keyboard.type(order.map((t) => ({ year, month, day })[t]).join(''));
  await expect(field).toHaveValue(iso);
}

/** Tabs to a native select and moves through its options with the arrow keys to `label`. */
async function chooseWithArrows(page: Page, select: Locator, label: string | RegExp) {
  await tabTo(page, select);
  const chosen = () => select.evaluate((s: HTMLSelectElement) => s.selectedOptions[0]?.label ?? '');
  const matches = (text: string) => (typeof label === 'string' ? text === label : label.test(text));
  await page.keyboard.press('Home');
  const count = await select.evaluate((s: HTMLSelectElement) => s.options.length);
  for (let i = 0; i <= count; i += 1) {
    if (matches(await chosen())) return;
    await page.keyboard.press('ArrowDown');
  }
  throw new Error(`The arrows never chose ${String(label)} in ${select}`);
}

/** A toast as a screen reader gets it: inside the toaster's polite live region. */
function announced(page: Page, text: string | RegExp) {
  return page.locator('[aria-live="polite"]').getByText(text);
}

/** Tab and Shift+Tab never leave an open dialog. */
async function expectFocusTrapped(page: Page, dialog: Locator, presses = 25) {
  for (const key of ['Tab', 'Shift+Tab']) {
    for (let i = 0; i < presses; i += 1) {
      await page.keyboard.press(key);
      expect(
        await dialog.evaluate((d) => d.contains(document.activeElement)),
        `focus left the dialog after ${i + 1} × ${key}`,
      ).toBe(true);
    }
  }
}

/** Opens a dialog from `opener` with Enter; Escape closes it and gives the focus back. */
async function checkDialogFocus(page: Page, opener: Locator, dialog: Locator) {
  await tabTo(page, opener);
  await page.keyboard.press('Enter');
  await expect(dialog).toBeVisible();
  expect(await dialog.evaluate((d) => d.contains(document.activeElement))).toBe(true);
  await expectFocusTrapped(page, dialog);
  await page.keyboard.press('Escape');
  await expect(dialog).toHaveCount(0);
  await expect(opener).toBeFocused();
}

test('the main journey with the keyboard only', async ({ page, baseURL }) => {
  test.slow();
  const user = await createVerifiedUser(page.request, baseURL!, { name: 'Kees Keyboard' });
  const companyName = `Keyboard Holding ${Math.random().toString(36).slice(2, 8)}`;
  const main = page.getByRole('main');

  await test.step('sign in', async () => {
    await page.goto('/auth/sign-in');
    await typeInto(page, page.getByLabel(T('auth.field.email'), { exact: true }), user.email);
    await typeInto(page, page.getByLabel(T('auth.field.password'), { exact: true }), user.password);
    await page.keyboard.press('Enter');
    await expect(page).toHaveURL(/\/companies(\?.*)?$/);
  });

  let companyId = '';
  await test.step('create a company', async () => {
    await tabTo(page, main.getByRole('link', { name: L('New company') }).first());
    await page.keyboard.press('Enter');
    await typeInto(page, page.getByLabel(L('Company name'), { exact: true }), companyName);
    await page.keyboard.press('Enter');
    await expect(announced(page, L('Company created'))).toBeVisible();
    await expect(page.getByRole('heading', { level: 1, name: companyName })).toBeVisible();
    companyId = /\/companies\/([0-9a-f-]{36})/.exec(page.url())![1]!;
  });

  await test.step('add a stakeholder, in a dialog that keeps and returns the focus', async () => {
    const tabs = page.getByRole('navigation', { name: T('companies.nav.label') });
    await tabTo(page, tabs.getByRole('link', { name: T('companies.nav.stakeholders') }));
    await page.keyboard.press('Enter');
    await expect(page).toHaveURL(/\/stakeholders$/);
    const opener = main.getByRole('button', { name: L('Add stakeholder') }).first();
    const dialog = page.getByRole('dialog', { name: L('Add stakeholder') });
    await checkDialogFocus(page, opener, dialog);

    await tabTo(page, opener);
    await page.keyboard.press('Enter');
    await expect(dialog).toBeVisible();
    await typeInto(
      page,
      dialog.getByLabel(T('stakeholders.field.name'), { exact: true }),
      'Eva Werknemer',
    );
    await chooseWithArrows(
      page,
      dialog.getByLabel(T('stakeholders.field.relationship'), { exact: true }),
      T('stakeholders.relationship.employee'),
    );
    await tabTo(page, dialog.getByRole('button', { name: L('Add stakeholder') }));
    await page.keyboard.press('Enter');
    await expect(announced(page, /Eva Werknemer/)).toBeVisible();
    await expect(dialog).toHaveCount(0);
  });

  await test.step('issue shares', async () => {
    const tabs = page.getByRole('navigation', { name: T('companies.nav.label') });
    await tabTo(page, tabs.getByRole('link', { name: T('companies.nav.capTable') }), {
      backwards: true,
    });
    await page.keyboard.press('Enter');
    await expect(page).toHaveURL(/\/cap-table$/);

    await tabTo(
      page,
      main.getByRole('button', { name: T('cap-table.addShareClassFirst') }).first(),
    );
    await page.keyboard.press('Enter');
    const classDialog = page.getByRole('dialog', { name: T('cap-table.shareClasses.dialog.new') });
    await expect(classDialog).toBeVisible();
    await typeInto(
      page,
      classDialog.getByLabel(T('cap-table.shareClassForm.name'), { exact: true }),
      'Ordinary',
    );
    await typeInto(
      page,
      classDialog.getByLabel(T('cap-table.shareClassForm.nominalValue')),
      '0.01',
    );
    await tabTo(
      page,
      classDialog.getByRole('button', { name: T('cap-table.shareClasses.create') }),
    );
    await page.keyboard.press('Space');
    await expect(
      announced(page, T('cap-table.shareClasses.toast.created', { name: 'Ordinary' })),
    ).toBeVisible();
    await expect(classDialog).toHaveCount(0);

    const opener = main.getByRole('button', { name: L('Issue shares'), exact: true }).first();
    const dialog = page.getByRole('dialog', { name: L('Issue shares') });
    await checkDialogFocus(page, opener, dialog);
    await tabTo(page, opener);
    await page.keyboard.press('Enter');
    await typeDate(
      page,
      dialog.getByLabel(T('cap-table.field.date'), { exact: true }),
      '2024-01-01',
    );
    await chooseWithArrows(page, dialog.getByLabel(T('cap-table.shareEvent.to')), /^Eva Werknemer/);
    await typeInto(page, dialog.getByLabel(T('cap-table.shareEvent.shareCount')), '10000');
    await expect(dialog.getByLabel(T('cap-table.shareEvent.lastNumber'))).toHaveValue(/10[,.]?000/);
    await typeDate(page, dialog.getByLabel(T('cap-table.shareEvent.deedDate')), '2024-01-01');
    await typeInto(page, dialog.getByLabel(T('cap-table.shareEvent.notary')), 'mr. J. de Notaris');
    await tabTo(page, dialog.getByRole('button', { name: L('Issue shares'), exact: true }));
    await page.keyboard.press('Enter');
    await expect(dialog).toHaveCount(0);
    await expect(
      main.getByRole('table', { name: T('cap-table.register.label') }).getByText('Eva Werknemer'),
    ).toBeVisible();
  });

  await test.step('create a grant, watching the live vesting preview', async () => {
    const plan = await page.request.post(`/api/v1/company/${companyId}/plans`, {
      data: {
        name: 'Phantom Plan',
        planType: 'phantom_shares',
        shareClassId: null,
        poolSize: 20_000,
      },
    });
    expect(plan.status(), await plan.text()).toBe(201);
    const tabs = page.getByRole('navigation', { name: T('companies.nav.label') });
    await tabTo(page, tabs.getByRole('link', { name: T('companies.nav.grants') }), {
      backwards: true,
    });
    await page.keyboard.press('Enter');
    await expect(page).toHaveURL(/\/grants$/);
    const opener = main.getByRole('button', { name: T('grants.new') }).first();
    const dialog = page.getByRole('dialog', { name: T('grants.new') });
    await checkDialogFocus(page, opener, dialog);
    await tabTo(page, opener);
    await page.keyboard.press('Enter');
    await chooseWithArrows(page, dialog.getByLabel(T('grants.form.stakeholder')), /^Eva Werknemer/);
    await typeInto(page, dialog.getByLabel(T('grants.form.quantity'), { exact: true }), '4800');
    await typeDate(page, dialog.getByLabel(T('grants.form.grantDate')), '2024-01-15');
    await typeDate(page, dialog.getByLabel(T('grants.form.vestingStart')), '2024-01-15');
    await typeInto(page, dialog.getByLabel(T('vesting.time.occurrences')), '48');
    await typeInto(page, dialog.getByLabel(T('vesting.time.cliff')), '12');
    // The preview follows what is typed: 1,200 at the one-year cliff.
    const preview = dialog.getByRole('region', { name: T('grants.form.preview') });
    await expect(
      preview.getByText(
        T('vesting.preview.atCliff.value', { quantity: n(1200), date: d('2025-01-15') }),
      ),
    ).toBeVisible();
    await typeInto(page, dialog.getByLabel(T('vesting.time.cliff')), '6');
    await expect(
      preview.getByText(
        T('vesting.preview.atCliff.value', { quantity: n(600), date: d('2024-07-15') }),
      ),
    ).toBeVisible();
    await tabTo(page, dialog.getByRole('button', { name: T('grants.dialog.create') }));
    await page.keyboard.press('Enter');
    await expect(
      announced(page, T('grants.dialog.created', { quantity: n(4800), name: 'Eva Werknemer' })),
    ).toBeVisible();
  });

  await test.step('add a valuation', async () => {
    const tabs = page.getByRole('navigation', { name: T('companies.nav.label') });
    await tabTo(page, tabs.getByRole('link', { name: T('companies.nav.valuations') }), {
      backwards: true,
    });
    await page.keyboard.press('Enter');
    await expect(page).toHaveURL(/\/valuations$/);
    const opener = main
      .getByRole('button', {
        name: new RegExp(`^(${T('valuations.new')}|${T('valuations.current.empty.action')})$`),
      })
      .first();
    const dialog = page.getByRole('dialog', { name: T('valuations.dialog.newTitle') });
    await checkDialogFocus(page, opener, dialog);
    await tabTo(page, opener);
    await page.keyboard.press('Enter');
    await typeDate(page, dialog.getByLabel(T('valuations.form.effectiveDate')), firmDate(-30));
    await typeInto(page, dialog.getByLabel(T('valuations.form.enterpriseValue')), '1000000');
    await typeInto(
      page,
      dialog.getByLabel(T('valuations.form.fullyDilutedShares'), { exact: true }),
      '10000',
    );
    await typeInto(page, dialog.getByLabel(T('valuations.form.dlom')), '20');
    await tabTo(page, dialog.getByRole('button', { name: T('valuations.dialog.add') }));
    await page.keyboard.press('Enter');
    const added = T('valuations.toast.added', { purpose: '@@', date: '@@' })
      .replace(/[.*+?^${}()|[\]\\]/g, '\\$&')
      .replaceAll('@@', '.+');
    await expect(announced(page, new RegExp(`^${added}$`, 'i'))).toBeVisible();
    await expect(dialog).toHaveCount(0);
  });
});
