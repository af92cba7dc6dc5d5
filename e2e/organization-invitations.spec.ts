import { type Page } from '@playwright/test';
import { expect, test } from './support/test';
import { createVerifiedUser, signIn } from './support/auth';
import { inAnyLanguage, L, T } from './support/i18n';
import { linkIn, waitForMail } from './support/mail';
import { newUser, type TestUser } from './support/users';

/** On /organization/members: invites `email` with `role` and waits for the pending row. */
async function invite(page: Page, email: string, role: string) {
  await page.goto('/organization/members');
  await page.getByLabel(L('E-mail address')).fill(email);
  await page.getByLabel(T('workspace.invitations.column.role'), { exact: true }).selectOption(role);
  await page.getByRole('button', { name: L('Send invitation') }).click();
  await expect(page.getByText(L(`Invitation sent to ${email}`))).toBeVisible();
  await expect(invitationRow(page, email)).toContainText(T('workspace.invitations.state.pending'));
}

/** The workspace a user got at sign-up, named in the sign-up's (the test's) language. */
const workspaceOf = (name: string) => T('server.workspace.defaultName', { name });

function invitationRow(page: Page, email: string) {
  return page
    .getByRole('table', { name: T('workspace.invitations.title') })
    .getByRole('row')
    .filter({ hasText: email });
}

/** The accept link of the newest invitation mail to `email`. */
async function invitationLink(email: string): Promise<string> {
  const mail = await waitForMail(email, {
    subject: inAnyLanguage('mail.invitation.subject', { inviter: /.+/, workspace: /.+/ }),
  });
  const link = mail.links.find((l) => l.includes('/auth/accept-invitation?invitationId='));
  if (!link) throw new Error(`No invitation link in: ${mail.links.join(', ')}`);
  return link;
}

async function fillSignIn(page: Page, user: TestUser) {
  await page.getByLabel(T('auth.field.email'), { exact: true }).fill(user.email);
  await page.getByLabel(T('auth.field.password'), { exact: true }).fill(user.password);
  await page.getByRole('button', { name: T('auth.signIn.submit'), exact: true }).click();
}

// Issue 3: invitations answered on /auth/accept-invitation, also by someone without an account.
test('an invitee without an account signs up from the invitation and accepts it', async ({
  page,
  browser,
  request,
  baseURL,
}) => {
  // A long journey: three times the default limit.
  test.slow();
  const origin = baseURL!;
  const owner = await createVerifiedUser(request, origin, { name: 'Odile Owner' });
  const invitee = newUser({ name: 'Nina Newcomer' });

  await signIn(page, owner);
  const { organizationId } = await (await page.request.get('/api/v1/me')).json();
  await invite(page, invitee.email, 'member');
  const link = await invitationLink(invitee.email);

  // The invitee has no account: the link offers to create one.
  const inviteeContext = await browser.newContext({ baseURL: origin });
  const inviteePage = await inviteeContext.newPage();
  await inviteePage.goto(link);
  await expect(
    inviteePage.getByRole('heading', { name: T('auth.invitation.signedOut.title') }),
  ).toBeVisible();
  await inviteePage.getByRole('button', { name: T('auth.signUp.submit') }).click();
  await expect(inviteePage.getByRole('heading', { name: T('auth.signUp.title') })).toBeVisible();
  await inviteePage.getByLabel(T('auth.field.name')).fill(invitee.name);
  await inviteePage.getByLabel(T('auth.field.email')).fill(invitee.email);
  await inviteePage.getByLabel(T('auth.field.password')).fill(invitee.password);
  await inviteePage.getByRole('button', { name: T('auth.signUp.submit') }).click();
  await expect(
    inviteePage.getByRole('heading', { name: T('auth.checkEmail.title') }),
  ).toBeVisible();
  await expect(
    inviteePage.getByText(
      T('auth.invitation.verificationSent', { email: invitee.email }).replace(/<\/?strong>/g, ''),
    ),
  ).toBeVisible();

  // The verification link leads back to the invitation, which asks to sign in and returns.
  const verification = await waitForMail(invitee.email, {
    subject: inAnyLanguage('mail.verification.subject'),
  });
  await inviteePage.goto(linkIn(verification, `${origin}/api/auth/verify-email`));
  await expect(inviteePage).toHaveURL(/\/auth\/accept-invitation\?.*verified=true/);
  await expect(
    inviteePage.getByRole('heading', { name: T('auth.verify.done.title') }),
  ).toBeVisible();
  await inviteePage.getByRole('link', { name: T('auth.signIn.submit') }).click();
  await expect(inviteePage).toHaveURL(/\/auth\/sign-in\?redirect=/);
  await fillSignIn(inviteePage, invitee);
  const invitationId = new URL(link).searchParams.get('invitationId');
  await expect(inviteePage).toHaveURL(
    (url) =>
      url.pathname === '/auth/accept-invitation' &&
      url.searchParams.get('invitationId') === invitationId &&
      !url.searchParams.has('verified'),
  );
  await expect(
    inviteePage.getByRole('heading', {
      name: T('auth.invitation.join', { workspace: workspaceOf(owner.name) }),
    }),
  ).toBeVisible();
  await expect(inviteePage.getByText(owner.email)).toBeVisible();
  await expect(
    inviteePage.getByText(T('auth.invitation.signedInAs', { email: invitee.email })),
  ).toBeVisible();

  await inviteePage.getByRole('button', { name: T('auth.invitation.accept') }).click();
  await expect(
    inviteePage.getByText(T('auth.invitation.joined', { workspace: workspaceOf(owner.name) })),
  ).toBeVisible();
  await expect(inviteePage).toHaveURL(/\/companies(\?.*)?$/);
  const me = await (await inviteePage.request.get('/api/v1/me')).json();
  expect(me).toMatchObject({ organizationId, role: 'member' });
  await inviteeContext.close();

  await page.reload();
  await expect(invitationRow(page, invitee.email)).toContainText(
    T('workspace.invitations.state.accepted'),
  );
  await expect(
    page
      .getByRole('table', { name: T('workspace.members.heading', { count: 2 }) })
      .getByRole('row')
      .filter({ hasText: invitee.email }),
  ).toContainText(T('workspace.role.member'));
});

test('an invitee declines an invitation on its page', async ({
  page,
  browser,
  request,
  baseURL,
}) => {
  const origin = baseURL!;
  const owner = await createVerifiedUser(request, origin, { name: 'Rita Recruiter' });
  const invitee = await createVerifiedUser(request, origin, { name: 'Dirk Decliner' });

  await signIn(page, owner);
  await invite(page, invitee.email, 'guest');
  const link = await invitationLink(invitee.email);

  // Signed out, the link goes through sign-in (the invitee has an account) and comes back.
  const inviteeContext = await browser.newContext({ baseURL: origin });
  const inviteePage = await inviteeContext.newPage();
  await inviteePage.goto(link);
  await inviteePage.getByRole('link', { name: T('auth.signIn.submit') }).click();
  await fillSignIn(inviteePage, invitee);
  const join = inviteePage.getByRole('heading', {
    name: T('auth.invitation.join', { workspace: workspaceOf(owner.name) }),
  });
  await expect(join).toBeVisible();
  await expect(
    inviteePage
      .getByRole('definition')
      .filter({ hasText: T('workspace.role.guest').replace(/^./, (c) => c.toLocaleUpperCase()) }),
  ).toBeVisible();

  await inviteePage.getByRole('button', { name: T('auth.invitation.reject') }).click();
  const confirm = inviteePage.getByRole('alertdialog', { name: T('auth.invitation.declineTitle') });
  await confirm.getByRole('button', { name: T('auth.invitation.declineConfirm') }).click();
  await expect(
    inviteePage.getByRole('heading', { name: T('auth.invitation.declined') }),
  ).toBeVisible();
  await expect(
    inviteePage.getByText(
      T('auth.invitation.declinedText', {
        workspace: workspaceOf(owner.name),
        inviter: owner.email,
      }).replace(/<\/?strong>/g, ''),
    ),
  ).toBeVisible();

  // The invitee stays in their own workspace; the link no longer works.
  const me = await (await inviteePage.request.get('/api/v1/me')).json();
  expect(me.role).toBe('owner');
  await inviteePage.goto(link);
  await expect(
    inviteePage.getByRole('heading', { name: T('auth.invitation.failure.gone') }),
  ).toBeVisible();
  await inviteeContext.close();

  await page.reload();
  await expect(invitationRow(page, invitee.email)).toContainText(
    T('workspace.invitations.state.rejected'),
  );
});
