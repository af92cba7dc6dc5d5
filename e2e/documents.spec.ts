import { readFile } from 'node:fs/promises';
import type { Download, Page } from '@playwright/test';
import { PDFDocument } from 'pdf-lib';
import PizZip from 'pizzip';
import { expect, test } from './support/test';
import { createVerifiedUser, signIn, toast } from './support/auth';
import { isoDate, T } from './support/i18n';
import { uniqueSuffix } from './support/users';

/**
 * Issue 14's journey: the workspace's own grant letter. The standard English template is
 * downloaded, a heading changed into "Custom letter of {firm.name}" and uploaded as a new
 * version, which is then in use; the grant's letter is generated from it (in the recipient's
 * preferred language, English, whatever the app's), downloaded and read back; its signed copy
 * (a PDF) is uploaded with the date it was signed, and the grant is accepted on that date.
 */

type Created = { id: string };

const HOLDER = 'Eva Brief';
const OFFERED = '2025-01-10';
const GRANTED = '2025-01-15';
const SIGNED = '2025-01-14';
const HEADING = 'Custom letter of {firm.name}';
const DOCX = 'application/vnd.openxmlformats-officedocument.wordprocessingml.document';

function api(page: Page, companyId: string) {
  return async (path: string, data: object): Promise<Created> => {
    const res = await page.request.post(`/api/v1/company/${companyId}${path}`, { data });
    expect(res.status(), await res.text()).toBe(201);
    return (await res.json()) as Created;
  };
}

/** The text of a .docx's body, as a reader sees it (runs joined, entities decoded). */
function docxText(bytes: Buffer): string {
  const xml = new PizZip(bytes).file('word/document.xml')?.asText() ?? '';
  return [...xml.matchAll(/<w:t(?:\s[^>]*)?>([^<]*)<\/w:t>/g)]
    .map((m) => m[1]!)
    .join('')
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&quot;/g, '"')
    .replace(/&apos;/g, "'")
    .replace(/&amp;/g, '&');
}

/**
 * The template with the first run of plain words (a heading: no merge field in or near it)
 * replaced by {@link HEADING}, inside that one `<w:t>`, as a lawyer editing it in Word would.
 */
function customized(bytes: Buffer): Buffer {
  const zip = new PizZip(bytes);
  const xml = zip.file('word/document.xml')!.asText();
  const run = /<w:t(\s[^>]*)?>([^<{}]{4,})<\/w:t>/.exec(xml);
  if (!run) throw new Error('The standard template has no run of plain text to change');
  const changed = `${xml.slice(0, run.index)}<w:t xml:space="preserve">${HEADING}</w:t>${xml.slice(
    run.index + run[0].length,
  )}`;
  zip.file('word/document.xml', changed);
  return zip.generate({ type: 'nodebuffer', compression: 'DEFLATE' });
}

async function bytesOf(download: Download): Promise<Buffer> {
  return readFile((await download.path())!);
}

/** A small, valid PDF: the "signed copy". */
async function signedPdf(): Promise<Buffer> {
  const pdf = await PDFDocument.create();
  pdf.addPage([595, 842]).drawText(`Signed by ${HOLDER}`, { x: 72, y: 760, size: 14 });
  return Buffer.from(await pdf.save());
}

test('documents: a custom grant letter template, a letter generated from it, its signed copy', async ({
  page,
  request,
  baseURL,
}) => {
  test.slow();
  const user = await createVerifiedUser(request, baseURL!);
  await signIn(page, user);

  let companyId = '';
  let grantId = '';
  await test.step('a BV with a plan and a grant offered to a holder who reads English', async () => {
    const res = await page.request.post('/api/v1/company', {
      data: { companyName: `Brief B.V. ${uniqueSuffix()}`, companyType: 'BV' },
    });
    expect(res.status(), await res.text()).toBe(201);
    companyId = ((await res.json()) as Created).id;
    const post = api(page, companyId);
    const holder = (
      await post('/stakeholders', { name: HOLDER, relationship: 'employee', language: 'en' })
    ).id;
    const common = (await post('/share-classes', { name: 'Ordinary', nominalValue: '0.01' })).id;
    const plan = (
      await post('/plans', {
        name: 'ESOP 2025',
        planType: 'stock_options',
        shareClassId: common,
        poolSize: 10_000,
        boardApprovalDate: '2025-01-01',
      })
    ).id;
    grantId = (
      await post('/grants', {
        stakeholderId: holder,
        planId: plan,
        quantity: 1200,
        exercisePrice: '0.10',
        grantDate: GRANTED,
        vestingStartDate: GRANTED,
        offerDate: OFFERED,
        status: 'offered',
        terms: {
          type: 'time',
          periodLength: 1,
          periodUnit: 'months',
          occurrences: 48,
          cliffPeriods: 12,
        },
      })
    ).id;
  });

  const kind = T('documents.kind.grantLetter');
  // A language's own name, as Intl writes it whatever the app's language.
  const english = 'English';
  const fileName = 'custom-grant-letter.docx';

  await test.step('the standard English grant letter, changed and uploaded as a version', async () => {
    await page
      .getByRole('navigation', { name: T('shell.nav.label') })
      .getByRole('link', { name: T('documents.nav.templates') })
      .click();
    await expect(
      page.getByRole('heading', { level: 1, name: T('documents.templates.title') }),
    ).toBeVisible();
    const slot = page.getByRole('region', { name: `${kind} · ${english}`, exact: true });
    await expect(slot.getByText(T('documents.templates.usingStandard'))).toBeVisible();

    const downloading = page.waitForEvent('download');
    await slot
      .getByRole('button', {
        name: T('documents.templates.downloadStandard.label', { kind, language: english }),
      })
      .click();
    const standard = await bytesOf(await downloading);
    expect(docxText(standard)).not.toContain('Custom letter of');

    await slot.getByLabel(T('documents.templates.newVersion')).setInputFiles({
      name: fileName,
      mimeType: DOCX,
      buffer: customized(standard),
    });
    await slot.getByRole('button', { name: T('documents.templates.upload') }).click();
    await expect(
      toast(page, T('documents.templates.uploaded', { kind, language: english, version: 1 })),
    ).toBeVisible();
    await expect(
      slot.getByText(T('documents.templates.usingVersion', { version: 1, file: fileName })),
    ).toBeVisible();
    const versions = slot.getByRole('table', {
      name: T('documents.templates.versionsLabel', { kind, language: english }),
    });
    await expect(versions.getByText(T('documents.templates.inUse'))).toBeVisible();
  });

  const letter = T('documents.name.for', { kind, name: HOLDER });
  await test.step('the grant letter generated from it, in the holder’s language', async () => {
    await page.goto(`/companies/${companyId}/grants/${grantId}`);
    const documents = page.getByRole('region', { name: T('documents.grant.title'), exact: true });
    await expect(documents.getByText(T('documents.grant.empty'))).toBeVisible();
    await documents.getByRole('button', { name: T('documents.grant.generateLetter') }).click();
    const dialog = page.getByRole('dialog', { name: T('documents.generate.title', { kind }) });
    // The holder's preferred language, not the app's nor the workspace's.
    await expect(dialog.getByLabel(T('documents.generate.language'))).toHaveValue('en');
    await dialog.getByRole('button', { name: T('documents.generate.submit') }).click();
    await expect(toast(page, T('documents.generate.done', { name: letter }))).toBeVisible();
    await expect(dialog.getByText(T('documents.generate.ready', { name: letter }))).toBeVisible();

    const downloading = page.waitForEvent('download');
    await dialog.getByRole('button', { name: T('documents.generate.download') }).click();
    const download = await downloading;
    expect(download.suggestedFilename()).toMatch(/\.docx$/);
    const text = docxText(await bytesOf(download));
    // {firm.name} is the workspace's name (made at sign-up, in the sign-up's language).
    const firm = T('server.workspace.defaultName', { name: user.name });
    expect(text).toContain(`Custom letter of ${firm}`);
    expect(text).toContain(HOLDER);
    await dialog
      .getByRole('button', { name: T('common.close') })
      .first()
      .click();
    await expect(dialog).toBeHidden();

    const table = documents.getByRole('table', {
      name: T('documents.grant.tableLabel', { name: HOLDER }),
    });
    const row = table.getByRole('row').nth(1);
    await expect(row).toContainText(english);
    await expect(row).toContainText(T('documents.template.version', { version: 1 }));
    await expect(row).toContainText(T('documents.status.generated'));
  });

  await test.step('its signed copy uploaded: the letter is signed, the grant accepted', async () => {
    const documents = page.getByRole('region', { name: T('documents.grant.title'), exact: true });
    await documents
      .getByRole('button', { name: T('documents.signed.upload.label', { name: letter }) })
      .click();
    const dialog = page.getByRole('dialog', {
      name: T('documents.signed.title', { name: letter }),
    });
    // ISO dates are read in every language.
    await dialog.getByLabel(T('documents.signed.date')).fill(SIGNED);
    await dialog.getByLabel(T('documents.signed.file')).setInputFiles({
      name: 'signed-grant-letter.pdf',
      mimeType: 'application/pdf',
      buffer: await signedPdf(),
    });
    await dialog.getByRole('button', { name: T('documents.signed.submit') }).click();
    await expect(
      toast(page, T('documents.signed.doneGrant', { name: letter, date: isoDate(SIGNED) })),
    ).toBeVisible();
    await expect(dialog).toBeHidden();

    const row = documents
      .getByRole('table', { name: T('documents.grant.tableLabel', { name: HOLDER }) })
      .getByRole('row')
      .nth(1);
    await expect(row).toContainText(T('documents.status.signedOn', { date: isoDate(SIGNED) }));
    await expect(
      row.getByRole('button', { name: T('documents.signed.download.label', { name: letter }) }),
    ).toBeVisible();

    const heading = page.getByRole('heading', { level: 2, name: new RegExp(HOLDER) });
    await expect(
      heading.locator('xpath=..').getByText(T('grants.status.accepted'), { exact: true }),
    ).toBeVisible();
    const grant = (await (
      await page.request.get(`/api/v1/company/${companyId}/grants/${grantId}`)
    ).json()) as { status: string; acceptanceDate: string | null };
    expect(grant).toMatchObject({ status: 'accepted', acceptanceDate: SIGNED });
  });

  await test.step('the company’s Documents tab lists the signed letter', async () => {
    await page
      .getByRole('navigation', { name: T('companies.nav.label') })
      .getByRole('link', { name: T('documents.nav.tab') })
      .click();
    const table = page.getByRole('table', { name: T('documents.list.label') });
    const row = table.getByRole('row').nth(1);
    await expect(row).toContainText(kind);
    await expect(row).toContainText(HOLDER);
    await expect(row).toContainText(T('documents.status.signedOn', { date: isoDate(SIGNED) }));
  });

  await test.step('on a 390 px phone the table scrolls in its own box, not the page', async () => {
    await page.setViewportSize({ width: 390, height: 844 });
    const region = page.getByRole('region', {
      name: T('tables.scrollable', { table: T('documents.list.label') }),
    });
    await expect(region).toHaveAttribute('tabindex', '0');
    expect(
      await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth),
    ).toBe(true);
  });
});
