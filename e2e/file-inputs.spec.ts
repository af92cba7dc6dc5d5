import { expect, test } from './support/test';
import { createVerifiedUser, signIn, toast } from './support/auth';
import { L, T } from './support/i18n';

/**
 * File pickers in the app's language (the browser's own `<input type="file">` says "Choose
 * File / No file chosen" in the browser's language): the avatar's and the workspace logo's
 * pickers, by mouse (the button look opens the browser's file chooser), by keyboard (the real,
 * visually hidden input is the tab stop) and by `setInputFiles` on the labelled input.
 */

/** A 1×1 PNG. */
const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==',
  'base64',
);

/** `text` anywhere in a string, as a pattern. */
function containing(text: string): RegExp {
  return new RegExp(text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&'));
}

test('the avatar and logo pickers speak the app language', async ({ page, request, baseURL }) => {
  const user = await createVerifiedUser(request, baseURL!);
  await signIn(page, user);

  await test.step('avatar: a wrong file is refused, a PNG chosen by mouse is saved', async () => {
    await page.goto('/account/settings');
    const picker = page.getByLabel(T('account.avatar.choose'), { exact: true });
    await expect(page.getByText(L('Choose file'), { exact: true })).toBeVisible();
    await expect(page.getByText(L('No file chosen'), { exact: true })).toBeVisible();
    const box = await picker.boundingBox();
    expect(box?.width).toBeLessThanOrEqual(1);

    await picker.setInputFiles({ name: 'notes.txt', mimeType: 'text/plain', buffer: PNG });
    await expect(page.getByText('notes.txt', { exact: true })).toBeVisible();
    await expect(picker).toHaveAttribute('aria-invalid', 'true');
    await expect(picker).toHaveAccessibleDescription(containing(T('account.avatar.notPng')));

    // The mouse's way: the button look opens the browser's file chooser.
    const chooser = page.waitForEvent('filechooser');
    await page.getByText(L('Choose file'), { exact: true }).click();
    await (await chooser).setFiles({ name: 'me.png', mimeType: 'image/png', buffer: PNG });
    await expect(page.getByText('me.png', { exact: true })).toBeVisible();
    await expect(picker).not.toHaveAttribute('aria-invalid');
    await page.getByRole('button', { name: T('account.avatar.save') }).click();
    await expect(toast(page, T('account.avatar.saved'))).toBeVisible();
    // Saved: the picker is cleared again.
    await expect(page.getByText(L('No file chosen'), { exact: true })).toBeVisible();
    await expect(page.getByText('me.png', { exact: true })).toHaveCount(0);
  });

  await test.step('logo: the real input is the tab stop; a PNG chosen by keyboard is saved', async () => {
    await page.goto('/organization/settings');
    const picker = page.getByLabel(T('workspace.form.logo'), { exact: true });
    await expect(page.getByText(L('Upload logo'), { exact: true })).toBeVisible();
    await expect(picker).toHaveAccessibleDescription(
      containing(T('workspace.form.logo.hint', { size: 128 })),
    );
    // Tabbing from the slug field reaches the picker itself, not a separate button.
    await page.getByLabel(T('workspace.form.slug'), { exact: true }).focus();
    await page.keyboard.press('Tab');
    await expect(picker).toBeFocused();
    const chooser = page.waitForEvent('filechooser');
    await page.keyboard.press('Enter');
    await (await chooser).setFiles({ name: 'logo.png', mimeType: 'image/png', buffer: PNG });
    await expect(page.getByText(L('Change logo'), { exact: true })).toBeVisible();
    await page.getByRole('button', { name: T('workspace.saveChanges') }).click();
    await expect(toast(page, T('workspace.settings.toast.updated'))).toBeVisible();
  });
});
