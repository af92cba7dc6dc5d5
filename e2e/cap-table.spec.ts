import { readFile } from 'node:fs/promises';
import { expect, test, type Locator, type Page } from '@playwright/test';
import { createVerifiedUser, signIn, toast } from './support/auth';

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

/** "—" cells carry a hidden "none" for screen readers. */
const none = /^—\s*none$/;

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
      data: { companyName: `Acme Equity B.V. ${Date.now().toString(36)}`, companyType: 'BV' },
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

  const capTable = page.getByRole('region', { name: 'Cap table', exact: true });
  const register = page.getByRole('region', { name: 'Shareholders’ register' });
  const receipts = page.getByRole('region', { name: 'Depositary receipts' });
  const table = page.getByRole('table', { name: 'Cap table' });

  await test.step('the Cap table tab starts empty and asks for a share class', async () => {
    await page.goto(`/companies/${companyId}`);
    await page
      .getByRole('navigation', { name: 'Company' })
      .getByRole('link', { name: 'Cap table' })
      .click();
    await expect(page).toHaveURL(/\/cap-table$/);
    await expect(capTable.getByRole('heading', { name: 'No shares yet' })).toBeVisible();
    await expect(register.getByRole('heading', { name: 'The register is empty' })).toBeVisible();
  });

  await test.step('create a share class', async () => {
    await capTable.getByRole('button', { name: 'Add a share class first' }).click();
    const dialog = page.getByRole('dialog', { name: 'New share class' });
    await dialog.getByLabel('Name', { exact: true }).fill('Ordinary');
    // A Dutch decimal comma is accepted.
    await dialog.getByLabel('Nominal value').fill('0,01');
    await dialog.getByRole('button', { name: 'Create share class' }).click();
    await expect(toast(page, 'Share class Ordinary created')).toBeVisible();
    await expect(dialog).toBeHidden();
    const row = page.getByRole('table', { name: 'Share classes' }).getByRole('row', {
      name: /^Ordinary/,
    });
    await expect(row).toContainText('EUR 0.01');
    await expect(row).toContainText('Non-participating');
  });

  async function recordEvent(
    action: 'Issue shares' | 'Transfer',
    fields: {
      date: string;
      from?: string;
      to: string;
      count: string;
      first: string;
      last: string;
    },
  ) {
    await register.getByRole('button', { name: action, exact: true }).first().click();
    const dialog = page.getByRole('dialog', { name: action, exact: true });
    await dialog.getByLabel('Date', { exact: true }).fill(fields.date);
    // The only class is chosen already.
    await expect(dialog.getByLabel('Share class')).toHaveValue(/.+/);
    if (fields.from)
      await dialog.getByLabel('From stakeholder').selectOption({ label: fields.from });
    await dialog.getByLabel('To stakeholder').selectOption({ label: fields.to });
    await dialog.getByLabel('Share count').fill(fields.count);
    await dialog.getByLabel('First share number').fill(fields.first);
    // The last number follows first + count − 1.
    await expect(dialog.getByLabel('Last share number')).toHaveValue(fields.last);
    await dialog.getByLabel('Deed date').fill(fields.date);
    await dialog.getByLabel('Notary').fill('mr. J. de Notaris');
    await dialog.getByRole('button', { name: action, exact: true }).click();
    return dialog;
  }

  await test.step('issue shares with share numbers to both founders', async () => {
    let dialog = await recordEvent('Issue shares', {
      date: '2024-01-01',
      to: 'Anna de Vries (Founder)',
      count: '6,000',
      first: '1',
      last: '6000',
    });
    await expect(toast(page, 'Register event recorded')).toBeVisible();
    await expect(dialog).toBeHidden();
    dialog = await recordEvent('Issue shares', {
      date: '2024-01-01',
      to: 'Bart Jansen (Founder)',
      count: '4000',
      first: '6001',
      last: '10000',
    });
    await expect(dialog).toBeHidden();
    const events = register.getByRole('table', { name: 'Shareholders register' });
    await expect(events.getByRole('row')).toHaveCount(3);
    await expect(events.getByRole('row').nth(1)).toContainText('Anna de Vries');
    await expect(events.getByRole('row').nth(1)).toContainText('1–6,000');
    await expect(events.getByRole('row').nth(2)).toContainText('6,001–10,000');
  });

  await test.step('transfer 1,000 numbered shares from Anna to the STAK', async () => {
    const dialog = await recordEvent('Transfer', {
      date: '2024-06-01',
      from: 'Anna de Vries (Founder)',
      to: 'STAK Acme (STAK)',
      count: '1000',
      first: '1',
      last: '1000',
    });
    await expect(dialog).toBeHidden();
    const transfer = register
      .getByRole('table', { name: 'Shareholders register' })
      .getByRole('row')
      .nth(3);
    await expect(transfer).toContainText('Transfer');
    await expect(transfer).toContainText('STAK Acme');
    await expect(transfer).toContainText('1–1,000');
  });

  await test.step('an over-transfer is refused with INSUFFICIENT_SHARES on the count', async () => {
    const dialog = await recordEvent('Transfer', {
      date: '2024-07-01',
      from: 'Anna de Vries (Founder)',
      to: 'Bart Jansen (Founder)',
      count: '6000',
      first: '1001',
      last: '7000',
    });
    const message =
      'Anna de Vries holds 5,000 Ordinary shares on 2024-07-01, fewer than the 6,000 this needs';
    await expect(dialog.getByLabel('Share count')).toHaveAttribute('aria-invalid', 'true');
    await expect(dialog.getByLabel('Share count')).toHaveAccessibleDescription(message);
    await expect(toast(page, message)).toBeVisible();
    await dialog.getByRole('button', { name: 'Cancel' }).click();
    await expect(dialog).toBeHidden();
    await expect(
      register.getByRole('table', { name: 'Shareholders register' }).getByRole('row'),
    ).toHaveCount(4);
  });

  await test.step('edit an event; a deletion that later events depend on is refused', async () => {
    const events = register.getByRole('table', { name: 'Shareholders register' });
    await events
      .getByRole('button', { name: 'Edit this transfer of 1,000 Ordinary shares on 1 Jun 2024' })
      .click();
    const dialog = page.getByRole('dialog', { name: 'Edit transfer of shares' });
    await expect(dialog.getByLabel('Share count')).toHaveValue('1000');
    await dialog.getByLabel('Notary').fill('mr. A. van der Akte');
    await dialog.getByRole('button', { name: 'Save changes' }).click();
    await expect(toast(page, 'Register event updated')).toBeVisible();
    await expect(events.getByRole('row').nth(3)).toContainText('mr. A. van der Akte');

    // Without Anna's issue her transfer to the STAK would take shares she never had.
    await events
      .getByRole('button', { name: 'Delete this issue of 6,000 Ordinary shares on 1 Jan 2024' })
      .click();
    const confirm = page.getByRole('alertdialog', { name: 'Delete this register event?' });
    await confirm.getByRole('button', { name: 'Delete', exact: true }).click();
    await expect(
      toast(page, /^Anna de Vries holds 0 Ordinary shares on 2024-06-01, fewer than the 1,000/),
    ).toBeVisible();
    await confirm.getByRole('button', { name: 'Cancel' }).click();
    await expect(events.getByRole('row')).toHaveCount(4);

    // Nor can a class in use be deleted.
    await page
      .getByRole('table', { name: 'Share classes' })
      .getByRole('button', { name: 'Delete Ordinary' })
      .click();
    const confirmClass = page.getByRole('alertdialog', { name: 'Delete share class Ordinary?' });
    await confirmClass.getByRole('button', { name: 'Delete', exact: true }).click();
    await expect(
      toast(page, /^Share class Ordinary cannot be deleted: 3 register event/),
    ).toBeVisible();
    await confirmClass.getByRole('button', { name: 'Cancel' }).click();
  });

  await test.step('depositary receipts on the STAK’s shares', async () => {
    await receipts.getByRole('button', { name: 'Add receipts' }).click();
    let dialog = page.getByRole('dialog', { name: 'Add depositary receipts' });
    await expect(dialog.getByLabel('STAK', { exact: true })).toHaveValue(ids.stak!);
    await dialog.getByLabel('Receipt holder').selectOption({ label: 'Eva Werknemer (Employee)' });
    await dialog.getByLabel('Number of receipts').fill('400');
    await dialog.getByLabel('Date', { exact: true }).fill('2024-07-01');
    await dialog.getByRole('button', { name: 'Add receipts' }).click();
    await expect(toast(page, 'Receipts added')).toBeVisible();
    await expect(dialog).toBeHidden();

    const summary = receipts.getByRole('table', { name: 'Receipts out per STAK and class' });
    await expect(cells(summary.getByRole('row', { name: /^STAK Acme/ }))).toHaveText([
      'Ordinary',
      '1,000',
      '400',
      '600',
    ]);

    // More receipts than the STAK has shares: refused, with the server's message on the count.
    await receipts.getByRole('button', { name: 'Add receipts' }).click();
    dialog = page.getByRole('dialog', { name: 'Add depositary receipts' });
    await dialog.getByLabel('Receipt holder').selectOption({ label: 'Anna de Vries (Founder)' });
    await dialog.getByLabel('Number of receipts').fill('700');
    await dialog.getByLabel('Date', { exact: true }).fill('2024-07-01');
    await dialog.getByRole('button', { name: 'Add receipts' }).click();
    await expect(dialog.getByLabel('Number of receipts')).toHaveAccessibleDescription(
      'STAK Acme would have 1,100 depositary receipts out on Ordinary shares but holds only 1,000 on 2024-07-01',
    );
    await dialog.getByRole('button', { name: 'Cancel' }).click();
    await expect(
      receipts.getByRole('table', { name: 'Depositary receipts' }).getByRole('row'),
    ).toHaveCount(2);
  });

  await test.step('an options-on-receipts plan with a pool of 2,000 (Plans tab)', async () => {
    const tabs = page.getByRole('navigation', { name: 'Company' });
    await tabs.getByRole('link', { name: 'Plans' }).click();
    await page.getByRole('button', { name: 'New plan' }).click();
    const dialog = page.getByRole('dialog', { name: 'New plan' });
    await dialog.getByLabel('Name', { exact: true }).fill('STAK Option Plan 2024');
    await dialog
      .getByLabel('Plan type', { exact: true })
      .selectOption({ label: 'Options on depositary receipts' });
    await expect(dialog.getByLabel('STAK', { exact: true })).toHaveValue(ids.stak!);
    await dialog.getByLabel('Pool size', { exact: true }).fill('2,000');
    await dialog.getByLabel('Board approval date', { exact: true }).fill('2024-06-15');
    await dialog.getByRole('button', { name: 'Create plan' }).click();
    await expect(toast(page, 'Plan STAK Option Plan 2024 created')).toBeVisible();
    await tabs.getByRole('link', { name: 'Cap table' }).click();
    await expect(page).toHaveURL(/\/cap-table$/);
  });

  await test.step('read the cap table today', async () => {
    await expect(cells(table.getByRole('row', { name: /^Anna de Vries/ }))).toHaveText([
      '5,000',
      '0',
      '0',
      '5,000',
      '43.8596%',
    ]);
    await expect(cells(table.getByRole('row', { name: /^Bart Jansen/ }))).toHaveText([
      '4,000',
      '0',
      '0',
      '4,000',
      '35.0877%',
    ]);
    // The STAK's 600 shares without receipts out back the options pool: counted once, in the pool.
    const stakRow = table.getByRole('row', { name: /^STAK Acme/ });
    await expect(cells(stakRow)).toHaveText(['1,000', '0', '0', '400', '3.5088%']);
    await expect(stakRow.getByRole('rowheader')).toContainText(
      '600 shares back receipt options and their pool',
    );
    await expect(
      cells(table.getByRole('row', { name: /^STAK Option Plan 2024 — unallocated pool/ })),
    ).toHaveText([none, none, none, '2,000', '17.5439%']);
    await expect(cells(table.getByRole('row', { name: /^Total/ }))).toHaveText([
      '10,000',
      '0',
      '0',
      '11,400',
      '100.0000%',
    ]);

    const chart = capTable.getByRole('img', { name: 'Fully diluted ownership by holder group' });
    await expect(chart).toBeVisible();
    const legend = capTable.getByRole('list', { name: 'Holder groups' });
    await expect(legend.getByRole('listitem').filter({ hasText: 'Founders' })).toHaveText(
      /Founders\s*9,000\s*78\.9474%/,
    );
    await expect(legend.getByRole('listitem').filter({ hasText: 'Unallocated pool' })).toHaveText(
      /Unallocated pool\s*2,000\s*17\.5438%/,
    );
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
    await capTable.getByLabel('As of').fill('2024-03-01');
    await expect(page).toHaveURL(/[?&]asOf=2024-03-01/);
    await expect(cells(table.getByRole('row', { name: /^Anna de Vries/ }))).toHaveText([
      '6,000',
      '0',
      '0',
      '6,000',
      '60.0000%',
    ]);
    await expect(cells(table.getByRole('row', { name: /^Bart Jansen/ }))).toHaveText([
      '4,000',
      '0',
      '0',
      '4,000',
      '40.0000%',
    ]);
    await expect(table.getByRole('row', { name: /^STAK Acme/ })).toHaveCount(0);
    // The board approved the pool on 2024-06-15: nothing reserved yet.
    await expect(
      cells(table.getByRole('row', { name: /^STAK Option Plan 2024 — unallocated pool/ })),
    ).toHaveText([none, none, none, '0', '0.0000%']);
    await expect(cells(table.getByRole('row', { name: /^Total/ }))).toHaveText([
      '10,000',
      '0',
      '0',
      '10,000',
      '100.0000%',
    ]);
  });

  await test.step('export the CSV of that date', async () => {
    const downloading = page.waitForEvent('download');
    await capTable.getByRole('button', { name: 'Export CSV' }).click();
    const download = await downloading;
    expect(download.suggestedFilename()).toBe('cap-table-2024-03-01.csv');
    const csv = (await readFile((await download.path())!, 'utf8')).trim().split(/\r?\n/);
    expect(csv).toEqual([
      'Holder,Group,Ordinary,Awards vested,Awards unvested,Fully diluted,Fully diluted %',
      'Anna de Vries,founders,6000,0,0,6000,60.0000',
      'Bart Jansen,founders,4000,0,0,4000,40.0000',
      'STAK Option Plan 2024 (unallocated pool),pool,,,,0,0.0000',
      'Total,,10000,,,10000,100.0000',
    ]);
  });

  await test.step('back to today, and its CSV', async () => {
    await capTable.getByRole('button', { name: 'Today' }).click();
    await expect(page).not.toHaveURL(/asOf=/);
    await expect(cells(table.getByRole('row', { name: /^Total/ }))).toHaveText([
      '10,000',
      '0',
      '0',
      '11,400',
      '100.0000%',
    ]);
    const downloading = page.waitForEvent('download');
    await capTable.getByRole('button', { name: 'Export CSV' }).click();
    const csv = await readFile((await (await downloading).path())!, 'utf8');
    expect(csv).toContain('Anna de Vries,founders,5000,0,0,5000,43.8596');
    expect(csv).toContain('STAK Acme,other,1000,0,0,400,3.5088');
    expect(csv).toContain('STAK Option Plan 2024 (unallocated pool),pool,,,,2000,17.5439');
    expect(csv).toContain('Total,,10000,,,11400,100.0000');
  });

  await test.step('a cash-settled pool is listed but not counted', async () => {
    await api(page, companyId)('/plans', {
      name: 'Phantom Plan',
      planType: 'phantom_shares',
      poolSize: 500,
    });
    await page.reload();
    const phantom = table.getByRole('row', { name: /^Phantom Plan — unallocated pool/ });
    await expect(phantom.getByRole('rowheader')).toContainText('Cash-settled: 500 not counted');
    await expect(cells(phantom)).toHaveText([none, none, none, none, none]);
    await expect(cells(table.getByRole('row', { name: /^Total/ }))).toHaveText([
      '10,000',
      '0',
      '0',
      '11,400',
      '100.0000%',
    ]);
  });
});
