import type { DocumentLanguage, MergeData } from '../../../contracts/documents';
import { translator, type Translate } from '../../i18n';
import type { Row, Table } from './pdf-columns';
import { PdfLayout } from './pdf-layout';

/**
 * The two documents the server renders as PDF with its own layout, no template (issue 14): the
 * extract of the shareholders' register (art. 2:194 BW: the register's entries and who holds
 * which shares) and the cap table report for the board. They take the same merge data as the
 * Word templates, every value already written in the document's language; only the labels come
 * from the server's catalogs (`pdf.*`).
 */

export interface PdfOptions {
  language: DocumentLanguage;
  /** The law firm (the workspace), named in every page's header. */
  firmName: string;
  /** The workspace's logo as a PNG or JPEG data URL; one that is not an image is left out. */
  logo: string | null;
  /** Instead of the kind's own title. */
  title?: string;
}

type Common = MergeData<'register_extract'> | MergeData<'cap_table_report'>;

/** The shareholders' register extract: current holdings, the register's entries, signatures. */
export async function renderRegisterExtractPdf(
  data: MergeData<'register_extract'>,
  options: PdfOptions,
): Promise<Uint8Array> {
  const t = translator(options.language);
  const title = options.title ?? t('pdf.register.title');
  const layout = await start(data, options, title, t);

  layout.table({
    title: t('pdf.register.holdings'),
    columns: [
      { header: t('pdf.register.holder') },
      { header: t('pdf.register.address') },
      { header: t('pdf.register.shareClass') },
      { header: t('pdf.register.shares'), align: 'right' },
      { header: t('pdf.register.shareNumbers') },
    ],
    rows: data.holdings.map((h) => ({
      cells: [h.holder, h.address, h.shareClass, h.shares, h.shareNumbers],
    })),
    empty: t('pdf.register.noHoldings'),
  });
  layout.space(6);
  layout.paragraph(t('pdf.register.totalShares', { shares: data.totalShares }), { bold: true });
  layout.space(14);

  const lines: Table = {
    title: t('pdf.register.lines'),
    columns: [
      { header: t('pdf.register.date') },
      { header: t('pdf.register.type') },
      { header: t('pdf.register.shareClass') },
      { header: t('pdf.register.quantity'), align: 'right' },
      { header: t('pdf.register.from') },
      { header: t('pdf.register.to') },
      { header: t('pdf.register.shareNumbers') },
      { header: t('pdf.register.pricePerShare'), align: 'right' },
      { header: t('pdf.register.deedDate') },
      { header: t('pdf.register.notary') },
    ],
    rows: data.lines.map((l) => ({
      cells: [
        l.date,
        l.type,
        l.shareClass,
        l.quantity,
        l.from,
        l.to,
        l.shareNumbers,
        l.pricePerShare,
        l.deedDate,
        l.notary,
      ],
    })),
    empty: t('pdf.register.noLines'),
  };
  // Ten columns rarely read well across a portrait page: the entries then go on landscape ones.
  if (lines.rows.length > 0 && !layout.fits(lines, 'portrait')) layout.addPage('landscape');
  layout.table(lines);

  if (data.signatories.length > 0) {
    layout.space(18);
    layout.heading(t('pdf.register.signatures'), 90);
    layout.paragraph(t('pdf.register.certified'));
    layout.space(6);
    layout.signatures(data.signatories);
  }
  return finish(layout, data, t);
}

/** The cap table report: holders, the plans' pools, the totals and the valuation in force. */
export async function renderCapTableReportPdf(
  data: MergeData<'cap_table_report'>,
  options: PdfOptions,
): Promise<Uint8Array> {
  const t = translator(options.language);
  const title = options.title ?? t('pdf.capTable.title');
  const layout = await start(data, options, title, t);

  const total: Row = {
    cells: [t('pdf.capTable.total'), '', data.totals.shares, '', data.totals.fullyDiluted, ''],
    total: true,
  };
  layout.table({
    title: t('pdf.capTable.holders'),
    columns: [
      { header: t('pdf.capTable.holder') },
      { header: t('pdf.capTable.group') },
      { header: t('pdf.capTable.shares'), align: 'right' },
      { header: t('pdf.capTable.awards'), align: 'right' },
      { header: t('pdf.capTable.fullyDiluted'), align: 'right' },
      { header: t('pdf.capTable.percent'), align: 'right' },
    ],
    rows: [
      ...data.rows.map((r) => ({
        cells: [r.holder, r.group, r.shares, r.awards, r.fullyDiluted, r.percent],
      })),
      ...(data.rows.length > 0 ? [total] : []),
    ],
    empty: t('pdf.capTable.noRows'),
  });
  layout.space(14);

  layout.table({
    title: t('pdf.capTable.pools'),
    columns: [
      { header: t('pdf.capTable.pool') },
      { header: t('pdf.capTable.reserved'), align: 'right' },
      { header: t('pdf.capTable.granted'), align: 'right' },
      { header: t('pdf.capTable.available'), align: 'right' },
      { header: t('pdf.capTable.percent'), align: 'right' },
    ],
    rows: data.pools.map((p) => ({
      cells: [p.name, p.reserved, p.granted, p.available, p.percent],
    })),
    empty: t('pdf.capTable.noPools'),
  });
  layout.space(14);

  if (data.hasValuation) {
    const v = data.valuation;
    layout.table(
      labelled(t('pdf.capTable.valuation'), [
        [t('pdf.valuation.effectiveDate'), v.effectiveDate],
        [t('pdf.valuation.method'), v.method],
        [t('pdf.valuation.provider'), v.provider],
        [t('pdf.valuation.valuePerShare'), v.valuePerShare],
        [t('pdf.valuation.currency'), v.currency],
        [t('pdf.valuation.validUntil'), v.validUntil],
      ]),
    );
  } else {
    layout.heading(t('pdf.capTable.valuation'), 12);
    layout.paragraph(t('pdf.capTable.noValuation', { date: data.asOf }));
  }
  return finish(layout, data, t);
}

/** The first page: the title and the company block, under the firm's header. */
async function start(
  data: Common,
  options: PdfOptions,
  title: string,
  t: Translate,
): Promise<PdfLayout> {
  const layout = await PdfLayout.create(options.firmName, options.logo);
  const { doc } = layout;
  doc.setTitle(title, { showInWindowTitleBar: true });
  doc.setSubject(data.company.name);
  doc.setAuthor(options.firmName);
  doc.setCreator('ESOP CRM');
  doc.setProducer('ESOP CRM (pdf-lib)');
  doc.setLanguage(options.language);

  layout.addPage('portrait');
  layout.paragraph(title, { size: 17, bold: true });
  layout.space(8);
  const preparedBy = [data.preparedBy.name, data.preparedBy.email].filter(Boolean).join(', ');
  layout.table(
    labelled(undefined, [
      [t('pdf.info.company'), data.company.name],
      [t('pdf.info.legalForm'), data.company.legalForm],
      [t('pdf.info.registrationNumber'), data.company.registrationNumber],
      [t('pdf.info.address'), data.company.address],
      [t('pdf.info.asOf'), data.asOf],
      [t('pdf.info.preparedBy'), preparedBy],
      [t('pdf.info.date'), data.today],
    ]),
  );
  layout.space(16);
  return layout;
}

/** Labels and values as a two-column block; a value left empty in the data is left out. */
function labelled(title: string | undefined, pairs: [string, string][]): Table {
  return {
    title,
    header: false,
    size: 9,
    columns: [
      { header: '', bold: true, grow: 0 },
      { header: '', grow: 1 },
    ],
    rows: pairs.filter(([, value]) => value.trim() !== '').map((cells) => ({ cells })),
    empty: '',
  };
}

function finish(layout: PdfLayout, data: Common, t: Translate): Promise<Uint8Array> {
  return layout.finish({
    text: t('pdf.footer.company', { company: data.company.name, date: data.asOf }),
    pageLabel: (page, pages) => t('pdf.footer.page', { page, pages }),
  });
}
