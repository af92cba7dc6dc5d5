import { readFile } from 'node:fs/promises';
import { type Locator, type Page } from '@playwright/test';
import { expect, test } from './support/test';
import {
  formatInteger,
  formatIsoDate,
  formatMoney,
  formatPercent,
} from '../src/contracts/i18n/format';
import { createVerifiedUser, signIn, toast } from './support/auth';
import { T, testLanguage } from './support/i18n';
import { uniqueSuffix } from './support/users';

/**
 * A line of the cap table CSV as the server writes it in the test's language: Dutch Excel reads
 * semicolons and decimal commas, English commas and points.
 */
function csvRow(...cells: (string | number)[]): string {
  const dutch = testLanguage().startsWith('nl');
  return cells
    .map((cell) =>
      dutch && typeof cell === 'string' ? cell.replace(/^(\d+)\.(\d+)$/, '$1,$2') : cell,
    )
    .join(dutch ? ';' : ',');
}
const csvGroup = (group: string) => T(`server.capTableExport.group.${group}`);
const csvPool = (name: string) => T('server.capTableExport.pool', { name });

/**
 * Issue 4's journey: a BV with founders and a STAK; a share class, issues with share numbers, a
 * transfer to the STAK and a refused over-transfer in the register; depositary receipts; a plan
 * of options on receipts with its pool (Plans tab); the cap table read on screen today and
 * before the transfer; the CSV export; a cash-settled pool that is listed but not counted.
 */

type Created = { id: string };

/** `/api/v1` calls with the page's session cookie (for what other tabs' screens cover). */
function api(page: Page, companyId: string) {
  return async (path: string, data: object): Promise<Created> => {
    const res = await page.request.post(`/api/v1/company/${companyId}${path}`, { data });
    expect(res.status(), await res.text()).toBe(201);
    return (await res.json()) as Created;
  };
}

/** The cells of a row after its header (the holder), as a screen reader would pass them. */
function cells(row: Locator) {
  return row.getByRole('cell');
}

/** Numbers, amounts and dates as the test browser's language writes them. */
const count = (n: number) => formatInteger(testLanguage(), n);
const percent = (p: string) => formatPercent(testLanguage(), p, { minFraction: 4 });
const date = (iso: string) => formatIsoDate(testLanguage(), iso);
/** A date in the server's messages: written out ("1 juli 2024"). */
const longDate = (iso: string) => formatIsoDate(testLanguage(), iso, 'long');
const escape = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
/** A row whose header starts with `text`. */
const startingWith = (text: string) => new RegExp(`^${escape(text)}`);

/** A stakeholder as the register's selects name them: "Anna de Vries (Founder)". */
function holder(name: string, relationship: 'founder' | 'employee' | 'stak') {
  return `${name} (${T(`stakeholders.relationship.${relationship}`)})`;
}

/** "—" cells carry a hidden "none" for screen readers. */
const none = () => new RegExp(`^—\\s*${escape(T('cap-table.none'))}$`);

/** A cap table row's cells: counts (null for "—") and the fully diluted percentage. */
function figures(counts: (number | null)[], fullyDilutedPercent: string | null) {
  return [
    ...counts.map((n) => (n === null ? none() : count(n))),
    fullyDilutedPercent === null ? none() : percent(fullyDilutedPercent),
  ];
}

test('cap table: classes, register, receipts, pool, as-of date and CSV export', async ({
  page,
  request,
  baseURL,
}) => {
  const user = await createVerifiedUser(request, baseURL!);
  await signIn(page, user);

  let companyId = '';
  const ids: Record<string, string> = {};

  await test.step('a BV with founders, an employee and a STAK (through the API)', async () => {
    const res = await page.request.post('/api/v1/company', {
      data: { companyName: `Acme Equity B.V. ${uniqueSuffix()}`, companyType: 'BV' },
    });
    expect(res.status(), await res.text()).toBe(201);
    companyId = ((await res.json()) as Created).id;
    const post = api(page, companyId);
    ids.anna = (await post('/stakeholders', { name: 'Anna de Vries', relationship: 'founder' })).id;
    ids.bart = (await post('/stakeholders', { name: 'Bart Jansen', relationship: 'founder' })).id;
    ids.eva = (await post('/stakeholders', { name: 'Eva Werknemer', relationship: 'employee' })).id;
    ids.stak = (
      await post('/stakeholders', {
        name: 'STAK Acme',
        relationship: 'stak',
        kind: 'institution',
      })
    ).id;
  });

  const capTable = page.getByRole('region', { name: T('cap-table.capTable.title'), exact: true });
  const register = page.getByRole('region', { name: T('cap-table.register.title') });
  const receipts = page.getByRole('region', { name: T('cap-table.receipts.title') });
  const table = page.getByRole('table', { name: T('cap-table.table.label') });
  const events = register.getByRole('table', { name: T('cap-table.register.label') });
  const totalRow = () => table.getByRole('row', { name: startingWith(T('cap-table.table.total')) });
  const poolRow = (plan: string) =>
    table.getByRole('row', { name: startingWith(T('cap-table.table.pool', { name: plan })) });

  await test.step('the Cap table tab starts empty and asks for a share class', async () => {
    await page.goto(`/companies/${companyId}`);
    await page
      .getByRole('navigation', { name: T('companies.nav.label') })
      .getByRole('link', { name: T('companies.nav.capTable') })
      .click();
    await expect(page).toHaveURL(/\/cap-table$/);
    await expect(
      capTable.getByRole('heading', { name: T('cap-table.capTable.empty.title') }),
    ).toBeVisible();
    await expect(
      register.getByRole('heading', { name: T('cap-table.register.empty.title') }),
    ).toBeVisible();
  });

  await test.step('create a share class', async () => {
    await capTable.getByRole('button', { name: T('cap-table.addShareClassFirst') }).click();
    const dialog = page.getByRole('dialog', { name: T('cap-table.shareClasses.dialog.new') });
    await dialog.getByLabel(T('cap-table.shareClassForm.name'), { exact: true }).fill('Ordinary');
    // A decimal comma is accepted (in English too, as typed on a keypad).
    await dialog.getByLabel(T('cap-table.shareClassForm.nominalValue')).fill('0,01');
    await dialog.getByRole('button', { name: T('cap-table.shareClasses.create') }).click();
    await expect(
      toast(page, T('cap-table.shareClasses.toast.created', { name: 'Ordinary' })),
    ).toBeVisible();
    await expect(dialog).toBeHidden();
    const row = page
      .getByRole('table', { name: T('cap-table.shareClasses.title') })
      .getByRole('row', { name: /^Ordinary/ });
    await expect(row).toContainText(formatMoney(testLanguage(), '0.01', 'EUR'));
    await expect(row).toContainText(T('cap-table.shareClasses.participation.none'));

    // Its edit form shows the nominal value as the language writes it ("0,01" in Dutch).
    await row
      .getByRole('button', { name: T('cap-table.shareClasses.edit', { name: 'Ordinary' }) })
      .click();
    const edit = page.getByRole('dialog', {
      name: T('cap-table.shareClasses.dialog.edit', { name: 'Ordinary' }),
    });
    await expect(edit.getByLabel(T('cap-table.shareClassForm.nominalValue'))).toHaveValue(
      testLanguage() === 'nl' ? '0,01' : '0.01',
    );
    await edit.getByRole('button', { name: T('common.cancel') }).click();
    await expect(edit).toBeHidden();
  });

  async function recordEvent(
    type: 'issue' | 'transfer',
    fields: {
      date: string;
      from?: string;
      to: string;
      count: string;
      first: string;
      last: string;
    },
  ) {
    const action = T(`cap-table.register.action.${type}`);
    await register.getByRole('button', { name: action, exact: true }).first().click();
    const dialog = page.getByRole('dialog', { name: action, exact: true });
    await dialog.getByLabel(T('cap-table.field.date'), { exact: true }).fill(fields.date);
    // The only class is chosen already.
    await expect(dialog.getByLabel(T('cap-table.field.shareClass'))).toHaveValue(/.+/);
    if (fields.from)
      await dialog.getByLabel(T('cap-table.shareEvent.from')).selectOption({ label: fields.from });
    await dialog.getByLabel(T('cap-table.shareEvent.to')).selectOption({ label: fields.to });
    await dialog.getByLabel(T('cap-table.shareEvent.shareCount')).fill(fields.count);
    const first = dialog.getByLabel(T('cap-table.shareEvent.firstNumber'));
    if (type === 'issue') {
      // An issue starts at the class's next free number (issue 12): the register's suggestion.
      await expect(first).toHaveValue(fields.first);
    } else {
      await first.fill(fields.first);
    }
    // The last number follows first + count − 1.
    await expect(dialog.getByLabel(T('cap-table.shareEvent.lastNumber'))).toHaveValue(fields.last);
    await dialog.getByLabel(T('cap-table.shareEvent.deedDate')).fill(fields.date);
    await dialog.getByLabel(T('cap-table.shareEvent.notary')).fill('mr. J. de Notaris');
    await dialog.getByRole('button', { name: action, exact: true }).click();
    return dialog;
  }

  await test.step('issue shares with share numbers to both founders', async () => {
    let dialog = await recordEvent('issue', {
      date: '2024-01-01',
      to: holder('Anna de Vries', 'founder'),
      count: '6,000',
      first: '1',
      last: '6000',
    });
    await expect(toast(page, T('cap-table.register.toast.recorded'))).toBeVisible();
    await expect(dialog).toBeHidden();
    dialog = await recordEvent('issue', {
      date: '2024-01-01',
      to: holder('Bart Jansen', 'founder'),
      count: '4000',
      first: '6001',
      last: '10000',
    });
    await expect(dialog).toBeHidden();
    await expect(events.getByRole('row')).toHaveCount(3);
    await expect(events.getByRole('row').nth(1)).toContainText('Anna de Vries');
    await expect(events.getByRole('row').nth(1)).toContainText(`${count(1)}–${count(6000)}`);
    await expect(events.getByRole('row').nth(2)).toContainText(`${count(6001)}–${count(10_000)}`);
  });

  await test.step('transfer 1,000 numbered shares from Anna to the STAK', async () => {
    const dialog = await recordEvent('transfer', {
      date: '2024-06-01',
      from: holder('Anna de Vries', 'founder'),
      to: holder('STAK Acme', 'stak'),
      count: '1000',
      first: '1',
      last: '1000',
    });
    await expect(dialog).toBeHidden();
    const transfer = events.getByRole('row').nth(3);
    await expect(transfer).toContainText(T('cap-table.register.type.transfer'));
    await expect(transfer).toContainText('STAK Acme');
    await expect(transfer).toContainText(`${count(1)}–${count(1000)}`);
  });

  await test.step('an over-transfer is refused with INSUFFICIENT_SHARES on the count', async () => {
    const dialog = await recordEvent('transfer', {
      date: '2024-07-01',
      from: holder('Anna de Vries', 'founder'),
      to: holder('Bart Jansen', 'founder'),
      count: '6000',
      first: '1001',
      last: '7000',
    });
    const message = T('errors.ledger.insufficient', {
      who: 'Anna de Vries',
      available: 5000,
      cls: 'Ordinary',
      date: longDate('2024-07-01'),
      requested: 6000,
    });
    const shareCount = dialog.getByLabel(T('cap-table.shareEvent.shareCount'));
    await expect(shareCount).toHaveAttribute('aria-invalid', 'true');
    await expect(shareCount).toHaveAccessibleDescription(message);
    await expect(toast(page, message)).toBeVisible();
    await dialog.getByRole('button', { name: T('common.cancel') }).click();
    await expect(dialog).toBeHidden();
    await expect(events.getByRole('row')).toHaveCount(4);
  });

  await test.step('edit an event; a deletion that later events depend on is refused', async () => {
    const event = (type: string, shares: number, iso: string) => ({
      type,
      count: count(shares),
      className: 'Ordinary',
      date: date(iso),
    });
    await events
      .getByRole('button', {
        name: T('cap-table.register.editEvent', event('transfer', 1000, '2024-06-01')),
      })
      .click();
    const dialog = page.getByRole('dialog', { name: T('cap-table.register.editTitle.transfer') });
    await expect(dialog.getByLabel(T('cap-table.shareEvent.shareCount'))).toHaveValue('1000');
    await dialog.getByLabel(T('cap-table.shareEvent.notary')).fill('mr. A. van der Akte');
    await dialog.getByRole('button', { name: T('cap-table.saveChanges') }).click();
    await expect(toast(page, T('cap-table.register.toast.updated'))).toBeVisible();
    await expect(events.getByRole('row').nth(3)).toContainText('mr. A. van der Akte');

    // Without Anna's issue her transfer to the STAK would take shares she never had.
    await events
      .getByRole('button', {
        name: T('cap-table.register.deleteEvent', event('issue', 6000, '2024-01-01')),
      })
      .click();
    const confirm = page.getByRole('alertdialog', { name: T('cap-table.register.deleteTitle') });
    await confirm.getByRole('button', { name: T('cap-table.delete'), exact: true }).click();
    await expect(
      toast(
        page,
        T('errors.ledger.insufficient', {
          who: 'Anna de Vries',
          available: 0,
          cls: 'Ordinary',
          date: longDate('2024-06-01'),
          requested: 1000,
        }),
      ),
    ).toBeVisible();
    await confirm.getByRole('button', { name: T('common.cancel') }).click();
    await expect(events.getByRole('row')).toHaveCount(4);

    // Nor can a class in use be deleted.
    await page
      .getByRole('table', { name: T('cap-table.shareClasses.title') })
      .getByRole('button', { name: T('cap-table.shareClasses.deleteNamed', { name: 'Ordinary' }) })
      .click();
    const confirmClass = page.getByRole('alertdialog', {
      name: T('cap-table.shareClasses.deleteTitle', { name: 'Ordinary' }),
    });
    await confirmClass.getByRole('button', { name: T('cap-table.delete'), exact: true }).click();
    await expect(
      toast(
        page,
        new RegExp(
          `^${escape(T('errors.shareClass.named', { name: 'Ordinary' }))}.*${escape(T('errors.uses.registerEvents', { count: 3 }))}`,
        ),
      ),
    ).toBeVisible();
    await confirmClass.getByRole('button', { name: T('common.cancel') }).click();
  });

  await test.step('depositary receipts on the STAK’s shares', async () => {
    const add = T('cap-table.receipts.add');
    await receipts.getByRole('button', { name: add }).click();
    let dialog = page.getByRole('dialog', { name: T('cap-table.receipts.dialog.add') });
    await expect(dialog.getByLabel(T('cap-table.receipts.form.stak'), { exact: true })).toHaveValue(
      ids.stak!,
    );
    await dialog
      .getByLabel(T('cap-table.receipts.form.holder'))
      .selectOption({ label: holder('Eva Werknemer', 'employee') });
    await dialog.getByLabel(T('cap-table.receipts.form.count')).fill('400');
    await dialog.getByLabel(T('cap-table.field.date'), { exact: true }).fill('2024-07-01');
    await dialog.getByRole('button', { name: add }).click();
    await expect(toast(page, T('cap-table.receipts.toast.added'))).toBeVisible();
    await expect(dialog).toBeHidden();

    const summary = receipts.getByRole('table', { name: T('cap-table.receipts.summary.label') });
    await expect(cells(summary.getByRole('row', { name: /^STAK Acme/ }))).toHaveText([
      'Ordinary',
      count(1000),
      count(400),
      count(600),
    ]);

    // More receipts than the STAK has shares: refused, with the server's message on the count.
    await receipts.getByRole('button', { name: add }).click();
    dialog = page.getByRole('dialog', { name: T('cap-table.receipts.dialog.add') });
    await dialog
      .getByLabel(T('cap-table.receipts.form.holder'))
      .selectOption({ label: holder('Anna de Vries', 'founder') });
    await dialog.getByLabel(T('cap-table.receipts.form.count')).fill('700');
    await dialog.getByLabel(T('cap-table.field.date'), { exact: true }).fill('2024-07-01');
    await dialog.getByRole('button', { name: add }).click();
    await expect(dialog.getByLabel(T('cap-table.receipts.form.count'))).toHaveAccessibleDescription(
      T('errors.ledger.receiptsExceed', {
        who: 'STAK Acme',
        requested: 1100,
        cls: 'Ordinary',
        available: 1000,
        date: longDate('2024-07-01'),
      }),
    );
    await dialog.getByRole('button', { name: T('common.cancel') }).click();
    await expect(
      receipts.getByRole('table', { name: T('cap-table.receipts.title') }).getByRole('row'),
    ).toHaveCount(2);
  });

  await test.step('an options-on-receipts plan with a pool of 2,000 (Plans tab)', async () => {
    const tabs = page.getByRole('navigation', { name: T('companies.nav.label') });
    await tabs.getByRole('link', { name: T('companies.nav.plans') }).click();
    await page.getByRole('button', { name: T('plans.new') }).click();
    const dialog = page.getByRole('dialog', { name: T('plans.new') });
    await dialog.getByLabel(T('plans.form.name'), { exact: true }).fill('STAK Option Plan 2024');
    await dialog
      .getByLabel(T('plans.form.planType'), { exact: true })
      .selectOption({ label: T('plans.type.receipt_options') });
    await expect(dialog.getByLabel(T('plans.form.stak'), { exact: true })).toHaveValue(ids.stak!);
    await dialog.getByLabel(T('plans.form.poolSize'), { exact: true }).fill('2,000');
    await dialog.getByLabel(T('plans.form.boardApproval'), { exact: true }).fill('2024-06-15');
    await dialog.getByRole('button', { name: T('plans.dialog.create') }).click();
    await expect(
      toast(page, T('plans.toast.created', { name: 'STAK Option Plan 2024' })),
    ).toBeVisible();
    await tabs.getByRole('link', { name: T('companies.nav.capTable') }).click();
    await expect(page).toHaveURL(/\/cap-table$/);
  });

  await test.step('read the cap table today', async () => {
    const anna = table.getByRole('row', { name: /^Anna de Vries/ });
    await expect(cells(anna)).toHaveText(figures([5000, 0, 0, 5000], '43.8596'));
    const bart = table.getByRole('row', { name: /^Bart Jansen/ });
    await expect(cells(bart)).toHaveText(figures([4000, 0, 0, 4000], '35.0877'));
    // The STAK's 600 shares without receipts out back the options pool: counted once, in the pool.
    const stakRow = table.getByRole('row', { name: /^STAK Acme/ });
    await expect(cells(stakRow)).toHaveText(figures([1000, 0, 0, 400], '3.5088'));
    await expect(stakRow.getByRole('rowheader')).toContainText(
      T('cap-table.table.heldForPlans', { count: count(600) }),
    );
    await expect(cells(poolRow('STAK Option Plan 2024'))).toHaveText(
      figures([null, null, null, 2000], '17.5439'),
    );
    await expect(cells(totalRow())).toHaveText(figures([10_000, 0, 0, 11_400], '100.0000'));

    const chart = capTable.getByRole('img', { name: T('cap-table.chart.title') });
    await expect(chart).toBeVisible();
    const legend = capTable.getByRole('list', { name: T('cap-table.chart.legend') });
    const group = (key: string, shares: number, share: string) => {
      const name = T(key);
      return expect(legend.getByRole('listitem').filter({ hasText: name })).toHaveText(
        new RegExp(`${escape(name)}\\s*${escape(count(shares))}\\s*${escape(percent(share))}`),
      );
    };
    await group('cap-table.group.founders', 9000, '78.9474');
    await group('cap-table.group.pool', 2000, '17.5438');
  });

  await test.step('on a phone the tables scroll sideways, not the page', async () => {
    await page.setViewportSize({ width: 390, height: 844 });
    await expect(table).toBeVisible();
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(
      390,
    );
    await page.setViewportSize({ width: 1280, height: 720 });
  });

  await test.step('before the transfer (and the plan) the numbers differ', async () => {
    // The date field reads ISO dates in every language.
    await capTable.getByLabel(T('cap-table.asOf.label')).fill('2024-03-01');
    await expect(page).toHaveURL(/[?&]asOf=2024-03-01/);
    const anna = table.getByRole('row', { name: /^Anna de Vries/ });
    await expect(cells(anna)).toHaveText(figures([6000, 0, 0, 6000], '60.0000'));
    const bart = table.getByRole('row', { name: /^Bart Jansen/ });
    await expect(cells(bart)).toHaveText(figures([4000, 0, 0, 4000], '40.0000'));
    await expect(table.getByRole('row', { name: /^STAK Acme/ })).toHaveCount(0);
    // The board approved the pool on 2024-06-15: nothing reserved yet.
    await expect(cells(poolRow('STAK Option Plan 2024'))).toHaveText(
      figures([null, null, null, 0], '0.0000'),
    );
    await expect(cells(totalRow())).toHaveText(figures([10_000, 0, 0, 10_000], '100.0000'));
  });

  await test.step('export the CSV of that date', async () => {
    const downloading = page.waitForEvent('download');
    await capTable.getByRole('button', { name: T('exports.menu.button') }).click();
    await page.getByRole('menuitem', { name: T('exports.menu.csv') }).click();
    const download = await downloading;
    expect(download.suggestedFilename()).toMatch(
      new RegExp(
        `^${T('server.capTableExport.fileName')}-acme-equity-bv-[a-z0-9]+-2024-03-01\\.csv$`,
      ),
    );
    const csv = (await readFile((await download.path())!, 'utf8')).trim().split(/\r?\n/);
    expect(csv).toEqual([
      csvRow(
        T('server.capTableExport.holder'),
        T('server.capTableExport.groupColumn'),
        'Ordinary',
        T('server.capTableExport.awardsVested'),
        T('server.capTableExport.awardsUnvested'),
        T('server.capTableExport.fullyDiluted'),
        T('server.capTableExport.fullyDilutedPercent'),
      ),
      csvRow('Anna de Vries', csvGroup('founders'), 6000, 0, 0, 6000, '60.0000'),
      csvRow('Bart Jansen', csvGroup('founders'), 4000, 0, 0, 4000, '40.0000'),
      csvRow(csvPool('STAK Option Plan 2024'), csvGroup('pool'), '', '', '', 0, '0.0000'),
      csvRow(T('server.capTableExport.total'), '', 10000, '', '', 10000, '100.0000'),
    ]);
  });

  await test.step('back to today, and its CSV', async () => {
    await capTable.getByRole('button', { name: T('cap-table.asOf.today') }).click();
    await expect(page).not.toHaveURL(/asOf=/);
    await expect(cells(totalRow())).toHaveText(figures([10_000, 0, 0, 11_400], '100.0000'));
    const downloading = page.waitForEvent('download');
    await capTable.getByRole('button', { name: T('exports.menu.button') }).click();
    await page.getByRole('menuitem', { name: T('exports.menu.csv') }).click();
    const csv = await readFile((await (await downloading).path())!, 'utf8');
    expect(csv).toContain(
      csvRow('Anna de Vries', csvGroup('founders'), 5000, 0, 0, 5000, '43.8596'),
    );
    expect(csv).toContain(csvRow('STAK Acme', csvGroup('other'), 1000, 0, 0, 400, '3.5088'));
    expect(csv).toContain(
      csvRow(csvPool('STAK Option Plan 2024'), csvGroup('pool'), '', '', '', 2000, '17.5439'),
    );
    expect(csv).toContain(
      csvRow(T('server.capTableExport.total'), '', 10000, '', '', 11400, '100.0000'),
    );
  });

  await test.step('a cash-settled pool is listed but not counted', async () => {
    await api(page, companyId)('/plans', {
      name: 'Phantom Plan',
      planType: 'phantom_shares',
      poolSize: 500,
    });
    await page.reload();
    const phantom = poolRow('Phantom Plan');
    await expect(phantom.getByRole('rowheader')).toContainText(
      T('cap-table.table.cashSettled', { count: count(500) }),
    );
    await expect(cells(phantom)).toHaveText(figures([null, null, null, null], null));
    await expect(cells(totalRow())).toHaveText(figures([10_000, 0, 0, 11_400], '100.0000'));
  });
});
