import {
  request as playwrightRequest,
  type APIRequestContext,
  type Locator,
  type Page,
} from '@playwright/test';
import { expect, test } from './support/test';
import { createVerifiedUser, signIn, toast } from './support/auth';
import type { TestUser } from './support/users';
import { count, isoDate, T } from './support/i18n';

// Issue 4: the company overview's new fields and key figures, and the Stakeholders tab.

async function post<T>(api: APIRequestContext, origin: string, path: string, data: unknown) {
  const response = await api.post(path, { headers: { origin }, data });
  expect(response.ok(), `${path}: ${response.status()} ${await response.text()}`).toBe(true);
  return (await response.json()) as T;
}

async function apiSignIn(api: APIRequestContext, origin: string, user: TestUser): Promise<void> {
  const response = await api.post('/api/auth/sign-in/email', {
    headers: { origin },
    data: { email: user.email, password: user.password },
  });
  expect(response.status(), await response.text()).toBe(200);
}

function uniqueName(prefix: string): string {
  return `${prefix} ${Math.random().toString(36).slice(2, 8)}`;
}

/** The <dd> next to the <dt> named `term` in the overview's details or key figures. */
function detail(scope: Page | Locator, term: string): Locator {
  term = term.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
  return scope
    .locator('dl > div')
    .filter({ has: scope.getByRole('term').filter({ hasText: new RegExp(`^${term}$`) }) })
    .getByRole('definition')
    .first();
}

/** Fills and submits the stakeholder dialog that is open. */
async function addStakeholder(
  page: Page,
  s: {
    name: string;
    relationship: string;
    institution?: boolean;
    email?: string;
    employeeId?: string;
    taxCountry?: string;
  },
) {
  await page
    .getByRole('button', { name: T('stakeholders.add') })
    .first()
    .click();
  const dialog = page.getByRole('dialog', { name: T('stakeholders.add') });
  await expect(dialog).toBeVisible();
  if (s.institution)
    await dialog
      .getByRole('radio', { name: new RegExp(T('stakeholders.kind.institution')) })
      .check();
  await dialog.getByLabel(T('stakeholders.field.name'), { exact: true }).fill(s.name);
  await dialog
    .getByLabel(T('stakeholders.field.relationship'), { exact: true })
    .selectOption({ label: T(`stakeholders.relationship.${s.relationship}`) });
  if (s.email)
    await dialog.getByLabel(T('stakeholders.field.email'), { exact: true }).fill(s.email);
  if (s.employeeId)
    await dialog.getByLabel(T('stakeholders.field.employeeId'), { exact: true }).fill(s.employeeId);
  if (s.taxCountry) {
    await dialog
      .getByLabel(T('stakeholders.field.taxCountry'), { exact: true })
      .selectOption(s.taxCountry);
  }
  await dialog.getByRole('button', { name: T('stakeholders.add') }).click();
  await expect(toast(page, T('stakeholders.toast.added', { name: s.name }))).toBeVisible();
  await expect(dialog).toBeHidden();
}

test('a lawyer edits the overview and keeps the stakeholders of a client company', async ({
  page,
  request,
  baseURL,
}) => {
  const origin = baseURL!;
  const lawyer = await createVerifiedUser(request, origin, { name: 'Lena Lawyer' });
  await signIn(page, lawyer);
  const companyName = uniqueName('Tulip Software');
  const company = await post<{ id: string }>(page.request, origin, '/api/v1/company', {
    companyName,
    country: 'NL',
  });
  const table = page.getByRole('table', { name: T('stakeholders.table.label') });

  await test.step('a fresh company has no key figures yet', async () => {
    await page.goto(`/companies/${company.id}`);
    await expect(page.getByRole('heading', { level: 1, name: companyName })).toBeVisible();
    await expect(page.getByText(T('companies.figures.empty'))).toBeVisible();
  });

  await test.step('edit the overview: KvK number, date, status, responsible lawyer, notes', async () => {
    await page.getByRole('button', { name: T('companies.edit'), exact: true }).click();
    // NL company: the register number is the KvK number, checked like the server does.
    const kvk = page.getByLabel(T('companies.registration.nl'), { exact: true });
    await kvk.fill('1234');
    await page.getByRole('button', { name: T('companies.saveChanges') }).click();
    await expect(kvk).toHaveAttribute('aria-invalid', 'true');
    // The field's hint, then the error.
    await expect(kvk).toHaveAccessibleDescription(
      `${T('companies.registration.hint.nl')} ${T('validation.company.registration', { country: 'NL' })}`,
    );

    await kvk.fill('12345678');
    await page
      .getByLabel(T('companies.field.incorporationDate'), { exact: true })
      .fill('2021-03-15');
    await page
      .getByLabel(T('companies.field.status'), { exact: true })
      .selectOption({ label: T('companies.status.prospect') });
    await page
      .getByLabel(T('companies.field.responsibleUserId'), { exact: true })
      .selectOption({ label: T('companies.form.lawyer.you', { name: 'Lena Lawyer' }) });
    await page
      .getByLabel(T('companies.field.notes'), { exact: true })
      .fill('Seed round closes in Q3.');
    await page.getByRole('button', { name: T('companies.saveChanges') }).click();
    await expect(toast(page, T('companies.toast.updated'))).toBeVisible();

    await expect(detail(page, T('companies.registration.nl'))).toHaveText('12345678');
    await expect(detail(page, T('companies.field.incorporationDate'))).toHaveText(
      isoDate('2021-03-15'),
    );
    await expect(detail(page, T('companies.field.status'))).toHaveText(
      T('companies.status.prospect'),
    );
    await expect(detail(page, T('companies.field.responsibleUserId'))).toHaveText('Lena Lawyer');
    await expect(detail(page, T('companies.field.notes'))).toHaveText('Seed round closes in Q3.');
  });

  await test.step('the activity names the lawyer, not an id', async () => {
    await page
      .getByRole('navigation', { name: T('companies.nav.label') })
      .getByRole('link', { name: T('companies.nav.activity') })
      .click();
    const activity = page.getByRole('list', { name: T('companies.activity.label') });
    await expect(
      activity
        .getByText(
          new RegExp(
            T('companies.activity.company.updateFields', {
              fields: `.*${T('companies.field.responsibleUserId')}.*`,
            }),
          ),
        )
        .first(),
    ).toBeVisible();
    await expect(activity.getByText('Lena Lawyer', { exact: true }).first()).toBeVisible();
    await expect(
      activity.getByText(T('companies.status.prospect'), { exact: true }).first(),
    ).toBeVisible();
  });

  await test.step('the Stakeholders tab starts empty with a call to action', async () => {
    await page
      .getByRole('navigation', { name: T('companies.nav.label') })
      .getByRole('link', { name: T('companies.nav.stakeholders') })
      .click();
    await expect(page).toHaveURL(/\/stakeholders$/);
    await expect(page.getByRole('heading', { name: T('stakeholders.empty.title') })).toBeVisible();
  });

  await test.step('add three stakeholders', async () => {
    await addStakeholder(page, {
      name: 'Anna de Vries',
      relationship: 'founder',
      email: 'anna@tulip.test',
      taxCountry: 'NL',
    });

    // The relationship is required: the dialog says so and stays open.
    await page
      .getByRole('button', { name: T('stakeholders.add') })
      .first()
      .click();
    const dialog = page.getByRole('dialog', { name: T('stakeholders.add') });
    await dialog.getByLabel(T('stakeholders.field.name'), { exact: true }).fill('Bram Jansen');
    await dialog.getByRole('button', { name: T('stakeholders.add') }).click();
    const relationship = dialog.getByLabel(T('stakeholders.field.relationship'), { exact: true });
    await expect(relationship).toHaveAttribute('aria-invalid', 'true');
    await expect(relationship).toHaveAccessibleDescription(
      T('stakeholders.form.relationship.required'),
    );
    await dialog.getByRole('button', { name: T('common.cancel') }).click();
    await expect(dialog).toBeHidden();

    await addStakeholder(page, {
      name: 'Bram Jansen',
      relationship: 'employee',
      employeeId: 'E-042',
      email: 'bram@tulip.test',
    });
    await addStakeholder(page, {
      name: 'Stichting Administratiekantoor Tulip',
      relationship: 'stak',
      institution: true,
    });
    await expect(table.getByRole('row')).toHaveCount(4);
    await expect(
      page.getByText(T('stakeholders.count.all', { count: 3 }), { exact: true }),
    ).toBeVisible();
  });

  await test.step('search and filter, kept in the URL', async () => {
    await page.getByLabel(T('stakeholders.filters.search'), { exact: true }).fill('e-042');
    await expect(page).toHaveURL(/[?&]q=e-042/);
    await expect(table.getByRole('row')).toHaveCount(2);
    await expect(table.getByText('Bram Jansen')).toBeVisible();
    await expect(
      page.getByText(T('stakeholders.count.matching', { count: 1 }), { exact: true }),
    ).toBeVisible();

    await page.getByLabel(T('stakeholders.filters.search'), { exact: true }).fill('');
    await expect(page).not.toHaveURL(/[?&]q=/);
    await page
      .getByLabel(T('stakeholders.field.relationship'), { exact: true })
      .selectOption({ label: T('stakeholders.relationship.stak') });
    await expect(page).toHaveURL(/[?&]relationship=stak/);
    await expect(table.getByRole('row')).toHaveCount(2);
    await expect(table.getByText('Stichting Administratiekantoor Tulip')).toBeVisible();

    // A reload (or a shared link) keeps the filter.
    await page.reload();
    await expect(
      page.getByLabel(T('stakeholders.field.relationship'), { exact: true }),
    ).toHaveValue('stak');
    await expect(table.getByRole('row')).toHaveCount(2);

    await page
      .getByLabel(T('stakeholders.field.relationship'), { exact: true })
      .selectOption({ label: T('stakeholders.filters.allRelationships') });
    await page
      .getByLabel(T('stakeholders.field.status'), { exact: true })
      .selectOption({ label: T('stakeholders.status.terminated') });
    await expect(page).toHaveURL(/[?&]status=terminated/);
    await expect(
      page.getByRole('heading', { name: T('stakeholders.noMatch.title') }),
    ).toBeVisible();
    await page.getByRole('button', { name: T('stakeholders.clearFilters') }).click();
    await expect(page).not.toHaveURL(/[?&]status=/);
    await expect(table.getByRole('row')).toHaveCount(4);
  });

  await test.step('edit one', async () => {
    await page
      .getByRole('button', { name: T('stakeholders.editNamed', { name: 'Bram Jansen' }) })
      .click();
    const dialog = page.getByRole('dialog', {
      name: T('stakeholders.editNamed', { name: 'Bram Jansen' }),
    });
    await expect(
      dialog.getByLabel(T('stakeholders.field.employeeId'), { exact: true }),
    ).toHaveValue('E-042');
    await dialog
      .getByLabel(T('stakeholders.field.status'), { exact: true })
      .selectOption({ label: T('stakeholders.status.leaveOfAbsence') });
    await dialog.getByRole('button', { name: T('companies.saveChanges') }).click();
    await expect(toast(page, T('stakeholders.toast.updated'))).toBeVisible();
    await expect(dialog).toBeHidden();
    await expect(
      table
        .getByRole('row')
        .filter({ hasText: 'Bram Jansen' })
        .getByText(T('stakeholders.status.leaveOfAbsence')),
    ).toBeVisible();
  });

  await test.step('a stakeholder in the register cannot be deleted; the 409 says why', async () => {
    const { items } = await (
      await page.request.get(`/api/v1/company/${company.id}/stakeholders?q=Anna`)
    ).json();
    const anna = (items as { id: string }[])[0]!;
    const shareClass = await post<{ id: string }>(
      page.request,
      origin,
      `/api/v1/company/${company.id}/share-classes`,
      { name: 'Ordinary', nominalValue: '0.01' },
    );
    await post(page.request, origin, `/api/v1/company/${company.id}/share-events`, {
      type: 'issue',
      date: '2024-01-02',
      shareClassId: shareClass.id,
      shareCount: 1000,
      toStakeholderId: anna.id,
      firstShareNumber: 1,
      lastShareNumber: 1000,
    });

    await page
      .getByRole('button', { name: T('stakeholders.deleteNamed', { name: 'Anna de Vries' }) })
      .click();
    const confirm = page.getByRole('alertdialog');
    await confirm
      .getByRole('button', { name: T('stakeholders.delete.confirm'), exact: true })
      .click();
    await expect(
      toast(
        page,
        T('errors.inUse', {
          what: 'Anna de Vries',
          uses: T('errors.uses.registerEvents', { count: 1 }),
        }),
      ),
    ).toBeVisible();
    await expect(confirm).toBeHidden();
    await expect(table.getByText('Anna de Vries')).toBeVisible();
  });

  await test.step('delete one', async () => {
    await page
      .getByRole('button', { name: T('stakeholders.deleteNamed', { name: 'Bram Jansen' }) })
      .click();
    const confirm = page.getByRole('alertdialog');
    await expect(confirm).toContainText('Bram Jansen');
    await confirm
      .getByRole('button', { name: T('stakeholders.delete.confirm'), exact: true })
      .click();
    await expect(
      toast(page, T('stakeholders.toast.trashed', { name: 'Bram Jansen' })),
    ).toBeVisible();
    await expect(table.getByText('Bram Jansen')).toHaveCount(0);
    await expect(
      page.getByText(T('stakeholders.count.all', { count: 2 }), { exact: true }),
    ).toBeVisible();
  });

  await test.step('the key figures follow', async () => {
    await page
      .getByRole('navigation', { name: T('companies.nav.label') })
      .getByRole('link', { name: T('companies.nav.overview') })
      .click();
    await expect(detail(page, T('companies.figures.stakeholders'))).toHaveText('2');
    await expect(detail(page, T('companies.figures.shareholders'))).toHaveText('1');
    await expect(detail(page, T('companies.figures.shareClasses'))).toHaveText('1');
    await expect(detail(page, T('companies.figures.sharesOutstanding'))).toHaveText(count(1000));
  });
});

test('a guest sees the stakeholders but cannot add, edit or delete them (phone width)', async ({
  page,
  request,
  baseURL,
}) => {
  const origin = baseURL!;
  const owner = await createVerifiedUser(request, origin, { name: 'Otto Owner' });
  const guest = await createVerifiedUser(request, origin, { name: 'Greta Guest' });

  const ownerApi = await playwrightRequest.newContext({ baseURL: origin });
  await apiSignIn(ownerApi, origin, owner);
  const { organizationId } = await (await ownerApi.get('/api/v1/me')).json();
  const company = await post<{ id: string }>(ownerApi, origin, '/api/v1/company', {
    companyName: uniqueName('Guest Visible'),
  });
  await post(ownerApi, origin, `/api/v1/company/${company.id}/stakeholders`, {
    name: 'Carla Founder',
    relationship: 'founder',
  });
  const invitation = await post<{ id: string }>(
    ownerApi,
    origin,
    '/api/auth/organization/invite-member',
    { email: guest.email, role: 'guest' },
  );
  await ownerApi.dispose();

  await apiSignIn(page.request, origin, guest);
  await post(page.request, origin, '/api/auth/organization/accept-invitation', {
    invitationId: invitation.id,
  });
  await post(page.request, origin, '/api/auth/organization/set-active', { organizationId });

  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto(`/companies/${company.id}/stakeholders`);
  // On a phone the stakeholders are cards, not a table.
  const cards = page.getByRole('list', { name: T('stakeholders.table.label') });
  await expect(cards.getByText('Carla Founder')).toBeVisible();
  await expect(page.getByRole('table', { name: T('stakeholders.table.label') })).toBeHidden();
  await expect(page.getByRole('button', { name: T('stakeholders.add') })).toHaveCount(0);
  await expect(
    page.getByRole('button', { name: T('stakeholders.editNamed', { name: 'Carla Founder' }) }),
  ).toHaveCount(0);
  await expect(
    page.getByRole('button', { name: T('stakeholders.deleteNamed', { name: 'Carla Founder' }) }),
  ).toHaveCount(0);
});
