import { type Page } from '@playwright/test';
import { expect, test } from './support/test';
import { createVerifiedUser, signIn } from './support/auth';
import { linkIn, waitForMail } from './support/mail';
import { newUser, type TestUser } from './support/users';

/** On /organization/members: invites `email` with `role` and waits for the pending row. */
async function invite(page: Page, email: string, role: string) {
  await page.goto('/organization/members');
  await page.getByLabel('E-mail address').fill(email);
  await page.getByLabel('Role', { exact: true }).selectOption(role);
  await page.getByRole('button', { name: 'Send invitation' }).click();
  await expect(page.getByText(`Invitation sent to ${email}`)).toBeVisible();
  await expect(invitationRow(page, email)).toContainText('pending');
}

function invitationRow(page: Page, email: string) {
  return page
    .getByRole('table', { name: 'Invitations' })
    .getByRole('row')
    .filter({ hasText: email });
}

/** The accept link of the newest invitation mail to `email`. */
async function invitationLink(email: string): Promise<string> {
  const mail = await waitForMail(email, { subject: /invited you to/ });
  const link = mail.links.find((l) => l.includes('/auth/accept-invitation?invitationId='));
  if (!link) throw new Error(`No invitation link in: ${mail.links.join(', ')}`);
  return link;
}

async function fillSignIn(page: Page, user: TestUser) {
  await page.getByLabel('Email', { exact: true }).fill(user.email);
  await page.getByLabel('Password', { exact: true }).fill(user.password);
  await page.getByRole('button', { name: 'Sign in', exact: true }).click();
}

// Issue 3: invitations answered on /auth/accept-invitation, also by someone without an account.
test('an invitee without an account signs up from the invitation and accepts it', async ({
  page,
  browser,
  request,
  baseURL,
}) => {
  test.setTimeout(90_000);
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
    inviteePage.getByRole('heading', { name: 'You are invited to a workspace' }),
  ).toBeVisible();
  await inviteePage.getByRole('button', { name: 'Create account' }).click();
  await expect(inviteePage.getByRole('heading', { name: 'Create your account' })).toBeVisible();
  await inviteePage.getByLabel('Name').fill(invitee.name);
  await inviteePage.getByLabel('Email').fill(invitee.email);
  await inviteePage.getByLabel('Password').fill(invitee.password);
  await inviteePage.getByRole('button', { name: 'Create account' }).click();
  await expect(inviteePage.getByRole('heading', { name: 'Check your e-mail' })).toBeVisible();
  await expect(inviteePage.getByText('it brings you back to this invitation')).toBeVisible();

  // The verification link leads back to the invitation, which asks to sign in and returns.
  const verification = await waitForMail(invitee.email, { subject: /Verify/ });
  await inviteePage.goto(linkIn(verification, `${origin}/api/auth/verify-email`));
  await expect(inviteePage).toHaveURL(/\/auth\/accept-invitation\?.*verified=true/);
  await expect(
    inviteePage.getByRole('heading', { name: 'Your e-mail address is verified' }),
  ).toBeVisible();
  await inviteePage.getByRole('link', { name: 'Sign in' }).click();
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
    inviteePage.getByRole('heading', { name: "Join Odile Owner's workspace" }),
  ).toBeVisible();
  await expect(inviteePage.getByText(owner.email)).toBeVisible();
  await expect(inviteePage.getByText(`Signed in as ${invitee.email}.`)).toBeVisible();

  await inviteePage.getByRole('button', { name: 'Accept' }).click();
  await expect(inviteePage.getByText("You joined Odile Owner's workspace")).toBeVisible();
  await expect(inviteePage).toHaveURL(/\/companies(\?.*)?$/);
  const me = await (await inviteePage.request.get('/api/v1/me')).json();
  expect(me).toMatchObject({ organizationId, role: 'member' });
  await inviteeContext.close();

  await page.reload();
  await expect(invitationRow(page, invitee.email)).toContainText('accepted');
  await expect(
    page
      .getByRole('table', { name: /Members/ })
      .getByRole('row')
      .filter({ hasText: invitee.email }),
  ).toContainText('member');
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
  await inviteePage.getByRole('link', { name: 'Sign in' }).click();
  await fillSignIn(inviteePage, invitee);
  const join = inviteePage.getByRole('heading', { name: "Join Rita Recruiter's workspace" });
  await expect(join).toBeVisible();
  await expect(inviteePage.getByRole('definition').filter({ hasText: 'Guest' })).toBeVisible();

  await inviteePage.getByRole('button', { name: 'Reject' }).click();
  const confirm = inviteePage.getByRole('alertdialog', { name: 'Decline this invitation?' });
  await confirm.getByRole('button', { name: 'Decline invitation' }).click();
  await expect(inviteePage.getByRole('heading', { name: 'Invitation declined' })).toBeVisible();
  await expect(inviteePage.getByText(`${owner.email} can invite you again`)).toBeVisible();

  // The invitee stays in their own workspace; the link no longer works.
  const me = await (await inviteePage.request.get('/api/v1/me')).json();
  expect(me.role).toBe('owner');
  await inviteePage.goto(link);
  await expect(
    inviteePage.getByRole('heading', { name: 'This invitation is no longer valid' }),
  ).toBeVisible();
  await inviteeContext.close();

  await page.reload();
  await expect(invitationRow(page, invitee.email)).toContainText('rejected');
});
