import fc from 'fast-check';
import { PDFDocument } from 'pdf-lib';
import { describe, expect, it } from 'vitest';
import { pdfPages, pdfText } from '../../../../test/support/pdf-text';
import type { DocumentLanguage, MergeData } from '../../../contracts/documents';
import { renderCapTableReportPdf, renderRegisterExtractPdf, type PdfOptions } from './pdf';
import { wrapText } from './pdf-fonts';
import { PdfLayout } from './pdf-layout';

// A 12×4 PNG and an 8×8 JPEG, as a workspace's logo would be stored.
const PNG_LOGO =
  'data:image/png;base64,iVBORw0KGgoAAAANSUhEUgAAAAwAAAAECAYAAAC6Jt6KAAAABHNCSVQICAgIfAhkiAAAAAFzUkdCAK7OHOkAAAAcSURBVAiZY5T1u/GfAQ+4EWCMwmfCpxgboL0GAJN4A6XAbHt2AAAAAElFTkSuQmCC';
const JPEG_LOGO =
  'data:image/jpeg;base64,/9j/4AAQSkZJRgABAQAAAQABAAD/4gHYSUNDX1BST0ZJTEUAAQEAAAHIAAAAAAQwAABtbnRyUkdCIFhZWiAH4AABAAEAAAAAAABhY3NwAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAQAA9tYAAQAAAADTLQAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAlkZXNjAAAA8AAAACRyWFlaAAABFAAAABRnWFlaAAABKAAAABRiWFlaAAABPAAAABR3dHB0AAABUAAAABRyVFJDAAABZAAAAChnVFJDAAABZAAAAChiVFJDAAABZAAAAChjcHJ0AAABjAAAADxtbHVjAAAAAAAAAAEAAAAMZW5VUwAAAAgAAAAcAHMAUgBHAEJYWVogAAAAAAAAb6IAADj1AAADkFhZWiAAAAAAAABimQAAt4UAABjaWFlaIAAAAAAAACSgAAAPhAAAts9YWVogAAAAAAAA9tYAAQAAAADTLXBhcmEAAAAAAAQAAAACZmYAAPKnAAANWQAAE9AAAApbAAAAAAAAAABtbHVjAAAAAAAAAAEAAAAMZW5VUwAAACAAAAAcAEcAbwBvAGcAbABlACAASQBuAGMALgAgADIAMAAxADb/2wBDAA0JCgsKCA0LCgsODg0PEyAVExISEyccHhcgLikxMC4pLSwzOko+MzZGNywtQFdBRkxOUlNSMj5aYVpQYEpRUk//2wBDAQ4ODhMREyYVFSZPNS01T09PT09PT09PT09PT09PT09PT09PT09PT09PT09PT09PT09PT09PT09PT09PT09PT0//wAARCAAIAAgDASIAAhEBAxEB/8QAFQABAQAAAAAAAAAAAAAAAAAAAAX/xAAUEAEAAAAAAAAAAAAAAAAAAAAA/8QAFQEBAQAAAAAAAAAAAAAAAAAABAX/xAAUEQEAAAAAAAAAAAAAAAAAAAAA/9oADAMBAAIRAxEAPwCMAMiP/9k=';

// The merge data as the documents service writes it: every value formatted in the language.
const FORMATS = {
  en: {
    today: '3 May 2025',
    asOf: '30 April 2025',
    date: '12 March 2024',
    count: (n: number) => n.toLocaleString('en-GB'),
    money: (amount: string) => `€${amount}`,
    issue: 'Issue',
    transfer: 'Transfer',
    ordinary: 'Ordinary shares',
    director: 'Managing director',
  },
  nl: {
    today: '3 mei 2025',
    asOf: '30 april 2025',
    date: '12 maart 2024',
    count: (n: number) => n.toLocaleString('nl-NL'),
    money: (amount: string) => `€ ${amount.replace('.', ',')}`,
    issue: 'Uitgifte',
    transfer: 'Overdracht',
    ordinary: 'Gewone aandelen',
    director: 'Bestuurder',
  },
} as const;

function common(language: DocumentLanguage) {
  const f = FORMATS[language];
  return {
    today: f.today,
    firm: { name: 'De Vries & Müller Advocaten' },
    preparedBy: { name: 'mr. Anna de Vries', email: 'anna@devries-muller.nl' },
    company: {
      name: 'Ørsted Łukasz Holding B.V.',
      legalForm: 'B.V.',
      registrationNumber: '87654321',
      vat: 'NL123456789B01',
      street: 'Herengracht 500',
      postal: '1017 CB',
      city: 'Amsterdam',
      country: 'Nederland',
      address: 'Herengracht 500, 1017 CB Amsterdam',
    },
    signatories: [
      { name: 'Jan Müller', role: f.director },
      { name: 'Łukasz Wałęsa', role: f.director },
      { name: 'Søren Ørsted', role: f.director },
    ],
    asOf: f.asOf,
  };
}

function registerData(
  language: DocumentLanguage,
  lineCount = 3,
  overrides: Partial<MergeData<'register_extract'>> = {},
): MergeData<'register_extract'> {
  const f = FORMATS[language];
  const holders = ['Jan Müller', 'Łukasz Wałęsa', 'Søren Ørsted'];
  return {
    ...common(language),
    lines: Array.from({ length: lineCount }, (_, i) => ({
      date: f.date,
      type: i === 0 ? f.issue : f.transfer,
      shareClass: f.ordinary,
      quantity: f.count(1000 + i),
      from: i === 0 ? '' : holders[i % 3]!,
      to: holders[(i + 1) % 3]!,
      shareNumbers: `${f.count(i * 2000 + 1)}–${f.count(i * 2000 + 1000 + i)}`,
      pricePerShare: f.money('1.25'),
      deedDate: f.date,
      notary: `mr. B. “Bas” van der Linden (deed ${i + 1})`,
    })),
    holdings: [
      {
        holder: 'Jan Müller',
        address: 'Keizersgracht 123\n1015 CJ Amsterdam',
        shareClass: f.ordinary,
        shares: f.count(60000),
        shareNumbers: `1–${f.count(60000)}`,
      },
      {
        holder: 'Łukasz Wałęsa',
        address: 'ul. Długa 5, 80-827 Gdańsk, Polska',
        shareClass: f.ordinary,
        shares: f.count(40000),
        shareNumbers: `${f.count(60001)}–${f.count(100000)}`,
      },
    ],
    totalShares: f.count(100000),
    ...overrides,
  };
}

function capTableData(
  language: DocumentLanguage,
  overrides: Partial<MergeData<'cap_table_report'>> = {},
): MergeData<'cap_table_report'> {
  const f = FORMATS[language];
  const percent = (value: string) =>
    language === 'nl' ? `${value.replace('.', ',')}%` : `${value}%`;
  return {
    ...common(language),
    rows: [
      {
        holder: 'Jan Müller',
        group: language === 'nl' ? 'Oprichters' : 'Founders',
        shares: f.count(60000),
        awards: '0',
        fullyDiluted: f.count(60000),
        percent: percent('48.0000'),
      },
      {
        holder: 'Łukasz Wałęsa',
        group: language === 'nl' ? 'Oprichters' : 'Founders',
        shares: f.count(40000),
        awards: '0',
        fullyDiluted: f.count(40000),
        percent: percent('32.0000'),
      },
      {
        holder: 'Søren Ørsted',
        group: language === 'nl' ? 'Werknemers' : 'Employees',
        shares: '0',
        awards: f.count(12500),
        fullyDiluted: f.count(12500),
        percent: percent('10.0000'),
      },
    ],
    pools: [
      {
        name: 'ESOP 2024',
        reserved: f.count(25000),
        granted: f.count(12500),
        available: f.count(12500),
        percent: percent('10.0000'),
      },
    ],
    totals: { shares: f.count(100000), fullyDiluted: f.count(125000) },
    hasValuation: true,
    valuation: {
      effectiveDate: f.date,
      method: language === 'nl' ? 'Discounted cashflow (DCF)' : 'Discounted cash flow (DCF)',
      provider: 'Waarderingsbureau Ærø',
      valuePerShare: language === 'nl' ? '1,2500' : '1.2500',
      currency: 'EUR',
      validUntil: language === 'nl' ? '12 maart 2025' : '12 March 2025',
    },
    ...overrides,
  };
}

const options = (language: DocumentLanguage, more: Partial<PdfOptions> = {}): PdfOptions => ({
  language,
  firmName: 'De Vries & Müller Advocaten',
  logo: null,
  ...more,
});

/** Every page says "Page n of N" (in the language) and what it belongs to. */
function expectFooters(pages: string[], language: DocumentLanguage) {
  pages.forEach((page, i) => {
    const label =
      language === 'nl'
        ? `Pagina ${i + 1} van ${pages.length}`
        : `Page ${i + 1} of ${pages.length}`;
    expect(page).toContain(label);
    expect(page).toContain('De Vries & Müller Advocaten');
    expect(page).toContain(
      language === 'nl'
        ? 'Ørsted Łukasz Holding B.V. · per 30 april 2025'
        : 'Ørsted Łukasz Holding B.V. · as of 30 April 2025',
    );
  });
}

const latin1 = (bytes: Uint8Array) => Buffer.from(bytes).toString('latin1');

describe('the shareholders’ register extract as PDF', () => {
  it('in English: title, company, holdings, entries, total and signatures', async () => {
    const pages = await pdfText(await renderRegisterExtractPdf(registerData('en'), options('en')));
    const text = pages.join('\n');
    expect(pages[0]).toContain("Shareholders' register extract");
    expect(pages[0]).toMatch(/^Company Ørsted Łukasz Holding B\.V\.$/m);
    expect(pages[0]).toMatch(/^Legal form B\.V\.$/m);
    expect(pages[0]).toMatch(/^Registration number 87654321$/m);
    expect(pages[0]).toMatch(/^Address Herengracht 500, 1017 CB Amsterdam$/m);
    expect(pages[0]).toMatch(/^As of 30 April 2025$/m);
    expect(pages[0]).toMatch(/^Prepared by mr\. Anna de Vries, anna@devries-muller\.nl$/m);
    expect(pages[0]).toMatch(/^Date 3 May 2025$/m);
    expect(text).toMatch(/^Holder Address Share class Shares Share numbers$/m);
    expect(text).toMatch(/^Jan Müller Keizersgracht 123 Ordinary shares 60,000 1–60,000$/m);
    expect(text).toContain('1015 CJ Amsterdam');
    expect(text).toContain('Total shares issued: 100,000');
    expect(text).toContain('Register entries');
    expect(text).toMatch(/^12 March 2024 Transfer/m);
    expect(text).toContain('€1.25');
    expect(text).toContain('Signatures');
    expect(text).toMatch(/^Jan Müller Łukasz Wałęsa$/m);
    expect(text).toContain('Søren Ørsted');
    expect(text).toContain('Managing director');
    expect(text).not.toMatch(/Aandeelhouders|Pagina/);
    expectFooters(pages, 'en');
  });

  it('in Dutch: the labels from the Dutch catalog', async () => {
    const pages = await pdfText(await renderRegisterExtractPdf(registerData('nl'), options('nl')));
    const text = pages.join('\n');
    expect(pages[0]).toContain('Uittreksel uit het aandeelhoudersregister');
    expect(pages[0]).toMatch(/^Vennootschap Ørsted Łukasz Holding B\.V\.$/m);
    expect(pages[0]).toMatch(/^Peildatum 30 april 2025$/m);
    expect(pages[0]).toMatch(/^Opgesteld door mr\. Anna de Vries/m);
    expect(text).toMatch(/^Houder Adres Aandelensoort Aandelen Aandeelnummers$/m);
    expect(text).toMatch(/^Jan Müller Keizersgracht 123 Gewone aandelen 60\.000 1–60\.000$/m);
    expect(text).toContain('Totaal geplaatste aandelen: 100.000');
    expect(text).toContain('Inschrijvingen in het register');
    expect(text).toContain('€ 1,25');
    expect(text).toContain('Voor eensluidend uittreksel uit het aandeelhoudersregister:');
    expect(text).not.toMatch(/Holdings|Register entries|Page \d/);
    expectFooters(pages, 'nl');
  });

  it('flows 300 register entries over landscape pages, the header row on each', async () => {
    const bytes = await renderRegisterExtractPdf(registerData('en', 300), options('en'));
    const pages = await pdfText(bytes);
    expect(pages.length).toBeGreaterThan(5);
    expectFooters(pages, 'en');

    // The first page holds the company and the holdings (portrait); the entries start overleaf,
    // on landscape pages, as ten columns do not fit a portrait page.
    const doc = await PDFDocument.load(bytes);
    const sizes = doc.getPages().map((p) => p.getSize());
    expect(sizes[0]!.height).toBeGreaterThan(sizes[0]!.width);
    for (const size of sizes.slice(1)) expect(size.width).toBeGreaterThan(size.height);
    for (const page of pages.slice(1)) {
      expect(page).toMatch(/^Date Entry Share class Quantity From To Share numbers .*Notary$/m);
    }
    // Every entry is there, once, in order.
    const deeds = pages.join('\n').match(/\(deed \d+\)/g)!;
    expect(deeds).toEqual(Array.from({ length: 300 }, (_, i) => `(deed ${i + 1})`));
    expect(pages.at(-1)).toContain('Signatures');
  });

  it('keeps every piece of text inside the margins', async () => {
    const bytes = await renderRegisterExtractPdf(registerData('en', 2), options('en'));
    for (const page of await pdfPages(bytes)) {
      for (const item of page.items) {
        expect(item.x, item.text).toBeGreaterThanOrEqual(41);
        expect(item.x + item.width, item.text).toBeLessThanOrEqual(page.width - 41);
      }
    }
  });

  it('wraps a very long name inside its cell, never past the page', async () => {
    const long = `Stichting Administratiekantoor ${'Ääbcdefghij'.repeat(12)} Łódź`;
    const data = registerData('en', 1, {
      holdings: [
        {
          holder: long,
          address: 'Keizersgracht 1',
          shareClass: 'Ordinary shares',
          shares: '1',
          shareNumbers: '1–1',
        },
      ],
    });
    const bytes = await renderRegisterExtractPdf(data, options('en'));
    const pages = await pdfPages(bytes);
    for (const page of pages) {
      for (const item of page.items) {
        expect(item.x + item.width, item.text).toBeLessThanOrEqual(page.width - 41);
      }
    }
    // The holder's cell: the pieces under "Holder", above the total. Broken over lines (at its
    // spaces, and inside the long word), every character still there.
    const { items } = pages[0]!;
    const header = items.find((i) => i.text === 'Holder')!;
    const total = items.find((i) => i.text.startsWith('Total shares issued'))!;
    const cell = items.filter(
      (i) => Math.abs(i.x - header.x) < 0.5 && i.y < header.y && i.y > total.y,
    );
    expect(cell.length).toBeGreaterThan(3);
    expect(
      cell
        .map((i) => i.text)
        .join('')
        .replace(/\s+/g, ''),
    ).toBe(long.replace(/\s+/g, ''));
    // The other columns keep their words whole.
    const text = (await pdfText(bytes))[0]!;
    for (const word of ['Address', 'Shares', 'numbers', 'Keizersgracht', 'Ordinary', 'shares']) {
      expect(text).toMatch(new RegExp(`(^| )${word}( |$)`, 'm'));
    }
  });

  it('says so when the register is empty', async () => {
    const data = registerData('en', 0, { holdings: [], totalShares: '0', signatories: [] });
    const pages = await pdfText(await renderRegisterExtractPdf(data, options('en')));
    expect(pages).toHaveLength(1);
    expect(pages[0]).toContain('No holdings');
    expect(pages[0]).toContain('No register entries');
    expect(pages[0]).toContain('Total shares issued: 0');
    expect(pages[0]).not.toContain('Signatures');
    const dutch = registerData('nl', 0, { holdings: [] });
    const nl = await pdfText(await renderRegisterExtractPdf(dutch, options('nl')));
    expect(nl[0]).toContain('Geen aandeelhouders');
    expect(nl[0]).toContain('Geen inschrijvingen');
  });
});

describe('the cap table report as PDF', () => {
  it('in English: holders with their total, pools and the valuation in force', async () => {
    const pages = await pdfText(await renderCapTableReportPdf(capTableData('en'), options('en')));
    const text = pages.join('\n');
    expect(pages[0]).toContain('Cap table report');
    expect(pages[0]).toMatch(/^Company Ørsted Łukasz Holding B\.V\.$/m);
    expect(text).toMatch(/^Holder Group Shares Awards Fully diluted % fully diluted$/m);
    expect(text).toMatch(/^Jan Müller Founders 60,000 0 60,000 48\.0000%$/m);
    expect(text).toMatch(/^Søren Ørsted Employees 0 12,500 12,500 10\.0000%$/m);
    expect(text).toMatch(/^Total 100,000 125,000$/m);
    expect(text).toMatch(/^Pool Reserved Granted Available % fully diluted$/m);
    expect(text).toMatch(/^ESOP 2024 25,000 12,500 12,500 10\.0000%$/m);
    expect(text).toContain('Valuation in force');
    expect(text).toMatch(/^Effective date 12 March 2024$/m);
    expect(text).toMatch(/^Method Discounted cash flow \(DCF\)$/m);
    expect(text).toMatch(/^Valuer Waarderingsbureau Ærø$/m);
    expect(text).toMatch(/^Value per share 1\.2500$/m);
    expect(text).toMatch(/^Currency EUR$/m);
    expect(text).toMatch(/^Valid until 12 March 2025$/m);
    expectFooters(pages, 'en');
  });

  it('in Dutch', async () => {
    const pages = await pdfText(await renderCapTableReportPdf(capTableData('nl'), options('nl')));
    const text = pages.join('\n');
    expect(pages[0]).toContain('Cap-table-rapport');
    expect(text).toMatch(
      /^Houder Groep Aandelen Rechten Volledig verwaterd % volledig verwaterd$/m,
    );
    expect(text).toMatch(/^Jan Müller Oprichters 60\.000 0 60\.000 48,0000%$/m);
    expect(text).toMatch(/^Totaal 100\.000 125\.000$/m);
    expect(text).toContain('Pools van de plannen');
    expect(text).toMatch(/^Pool Gereserveerd Toegekend Beschikbaar % volledig verwaterd$/m);
    expect(text).toContain('Geldende waardering');
    expect(text).toMatch(/^Waarde per aandeel 1,2500$/m);
    expect(text).toMatch(/^Geldig tot 12 maart 2025$/m);
    expect(text).not.toMatch(/Holders|Valuation|Page \d/);
    expectFooters(pages, 'nl');
  });

  it('without a valuation, and with empty tables', async () => {
    const data = capTableData('en', { rows: [], pools: [], hasValuation: false });
    const pages = await pdfText(await renderCapTableReportPdf(data, options('en')));
    expect(pages[0]).toContain('No holders');
    expect(pages[0]).toContain('No pools');
    expect(pages[0]).not.toMatch(/^Total/m);
    expect(pages[0]).toContain('No valuation is in force on 30 April 2025.');
    expect(pages[0]).not.toContain('Effective date');
    const nl = capTableData('nl', { rows: [], pools: [], hasValuation: false });
    const dutch = await pdfText(await renderCapTableReportPdf(nl, options('nl')));
    expect(dutch[0]).toContain('Geen houders');
    expect(dutch[0]).toContain('Geen pools');
    expect(dutch[0]).toContain('Op 30 april 2025 geldt geen waardering.');
  });

  it('runs many holders over pages, the header row repeated', async () => {
    const base = capTableData('en');
    const rows = Array.from({ length: 150 }, (_, i) => ({
      ...base.rows[0]!,
      holder: `Holder ${i + 1} Ñúñez-Żółć`,
    }));
    const pages = await pdfText(await renderCapTableReportPdf({ ...base, rows }, options('en')));
    expect(pages.length).toBeGreaterThan(2);
    expectFooters(pages, 'en');
    const withRows = pages.filter((p) => p.includes('Ñúñez-Żółć'));
    expect(withRows.length).toBeGreaterThan(2);
    for (const page of withRows) {
      expect(page).toMatch(/^Holder Group Shares Awards Fully diluted % fully diluted$/m);
    }
    expect(pages.join('\n').match(/^Holder \d+ Ñúñez-Żółć/gm)).toHaveLength(150);
  });
});

describe('the PDF file', () => {
  it('embeds DejaVu Sans as a subset, never a standard font, and names its title and firm', async () => {
    const bytes = await renderCapTableReportPdf(capTableData('en'), options('en'));
    const raw = latin1(bytes);
    expect(raw).toContain('/FontFile2');
    expect(raw).toMatch(/\/BaseFont \/DejaVuSans-Bold-\d+/);
    expect(raw).not.toContain('/Helvetica');
    // A subset: the whole regular and bold fonts are 1.4 MB together.
    expect(bytes.length).toBeLessThan(150_000);
    const doc = await PDFDocument.load(bytes, { updateMetadata: false });
    expect(doc.getTitle()).toBe('Cap table report');
    expect(doc.getAuthor()).toBe('De Vries & Müller Advocaten');
    expect(doc.getSubject()).toBe('Ørsted Łukasz Holding B.V.');
    expect(doc.getCreator()).toBe('ESOP CRM');
    expect(doc.getProducer()).toMatch(/^ESOP CRM/);
    expect(doc.getCreationDate()).toBeInstanceOf(Date);
  });

  it('takes a title of the caller’s', async () => {
    const bytes = await renderRegisterExtractPdf(
      registerData('nl'),
      options('nl', { title: 'Uittreksel per “30 april” — Ørsted' }),
    );
    const doc = await PDFDocument.load(bytes, { updateMetadata: false });
    expect(doc.getTitle()).toBe('Uittreksel per “30 april” — Ørsted');
    expect((await pdfText(bytes))[0]).toContain('Uittreksel per “30 april” — Ørsted');
  });

  it.each([
    ['a PNG', PNG_LOGO],
    ['a JPEG', JPEG_LOGO],
  ])('puts the firm’s logo, %s, in every page’s header', async (_, logo) => {
    const bytes = await renderRegisterExtractPdf(registerData('en', 60), options('en', { logo }));
    expect(latin1(bytes)).toMatch(/\/Subtype \/Image/);
    const doc = await PDFDocument.load(bytes);
    expect(doc.getPageCount()).toBeGreaterThan(1);
    const pages = await pdfText(bytes);
    for (const page of pages) expect(page).toContain('De Vries & Müller Advocaten');
  });

  it.each([
    ['not base64', 'data:image/png;base64,%%%'],
    [
      'a PNG signature then junk',
      `data:image/png;base64,${Buffer.from('\x89PNG\r\n\x1a\nxx', 'latin1').toString('base64')}`,
    ],
    [
      'a JPEG marker then junk',
      `data:image/jpeg;base64,${Buffer.from([0xff, 0xd8, 1, 2]).toString('base64')}`,
    ],
    ['a GIF', 'data:image/gif;base64,R0lGODlhAQABAIAAAAAAAP///yH5BAEAAAAALAAAAAABAAEAAAIBRAA7'],
    ['not a data URL', 'https://example.com/logo.png'],
  ])('leaves out a logo that is %s', async (_, logo) => {
    const bytes = await renderCapTableReportPdf(capTableData('en'), options('en', { logo }));
    expect(latin1(bytes)).not.toMatch(/\/Subtype \/Image/);
    expect((await pdfText(bytes))[0]).toContain('De Vries & Müller Advocaten');
  });
});

describe('the table layout', () => {
  it('wraps text into lines no wider than asked, losing no character', async () => {
    const layout = await PdfLayout.create('Firm', null);
    const font = layout.fonts.regular;
    fc.assert(
      fc.property(
        fc.array(
          fc.oneof(
            fc.constantFrom('Müller', 'Łukasz', 'Ørsted', '€ 1.250,00', '“quoted”', 'a', ' ', '\n'),
            fc.string({ maxLength: 30 }).map((s) => s.replace(/[^\w ]/g, 'x')),
          ),
          { maxLength: 40 },
        ),
        fc.integer({ min: 12, max: 300 }),
        (parts, width) => {
          const text = parts.join('');
          const lines = wrapText(text, font, 8, width);
          for (const line of lines) {
            expect(font.widthOfTextAtSize(line, 8)).toBeLessThanOrEqual(width + 1e-9);
          }
          expect(lines.join('').replace(/\s/g, '')).toBe(text.replace(/\s/g, ''));
        },
      ),
    );
  });

  it('tells when a table needs a landscape page', async () => {
    const layout = await PdfLayout.create('Firm', null);
    const columns = (n: number) => Array.from({ length: n }, (_, i) => ({ header: `Column ${i}` }));
    const row = (n: number) => ({ cells: Array.from({ length: n }, () => 'Łukasz Wałęsa-Ørsted') });
    const table = (n: number) => ({ columns: columns(n), rows: [row(n)], empty: '' });
    expect(layout.fits(table(4), 'portrait')).toBe(true);
    expect(layout.fits(table(8), 'portrait')).toBe(false);
    expect(layout.fits(table(6), 'landscape')).toBe(true);
  });
});
