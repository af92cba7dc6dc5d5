import type { DocumentLanguage } from '../../../../contracts/documents';
import type { DocxSpec } from '../docx-writer';
import { footer, LANG, preparedBy, signatories } from './common';

/**
 * An extract from the register of shareholders (art. 2:194 BW) as at a date: who holds which
 * shares, the entries that led there (issues, transfers, cancellations with their notarial
 * deeds), and the board's certification. Landscape: the entries table has ten columns' worth.
 */

const nl = {
  title: 'Uittreksel uit het aandeelhoudersregister',
  subtitle: '{company.name} – stand per {asOf}',
  intro:
    'Dit uittreksel geeft de inschrijvingen weer in het register van aandeelhouders van {company.name} (de “Vennootschap”), dat het bestuur houdt op grond van artikel 2:194 van het Burgerlijk Wetboek, zoals die luiden per {asOf}.',
  rows: {
    company: 'Vennootschap',
    legalForm: 'Rechtsvorm',
    registration: 'Registratienummer',
    address: 'Adres',
    asOf: 'Peildatum',
    total: 'Geplaatste aandelen',
  },
  holdingsHeading: '1. Aandeelhouders',
  holdings: {
    holder: 'Aandeelhouder',
    address: 'Adres',
    shareClass: 'Soort aandelen',
    shares: 'Aantal',
    numbers: 'Nummering',
  },
  total: 'Totaal',
  linesHeading: '2. Inschrijvingen',
  linesIntro:
    'Het register vermeldt de volgende inschrijvingen van uitgifte, overdracht, intrekking en overige mutaties, in volgorde van datum:',
  lines: {
    date: 'Datum',
    type: 'Mutatie',
    shareClass: 'Soort',
    quantity: 'Aantal',
    from: 'Van',
    to: 'Aan',
    numbers: 'Nummering',
    price: 'Prijs per aandeel',
    deed: 'Akte (datum, notaris)',
  },
  certificationHeading: '3. Verklaring',
  certification:
    'Ondergetekende(n), bestuurder(s) van de Vennootschap, verklaart/verklaren dat dit uittreksel een juiste en volledige weergave is van de inschrijvingen in het register van aandeelhouders van de Vennootschap per {asOf}.',
  notNegotiable: 'Dit uittreksel is niet verhandelbaar.',
  signed: 'Aldus opgemaakt te {company.city} op {today}.',
  board: 'Namens het bestuur van {company.name}',
  footer: '{company.name} – Uittreksel uit het aandeelhoudersregister per {asOf}',
};

const en: typeof nl = {
  title: 'Extract from the register of shareholders',
  subtitle: '{company.name} – as at {asOf}',
  intro:
    'This extract shows the entries in the register of shareholders of {company.name} (the “Company”), kept by the management board under article 2:194 of the Dutch Civil Code, as they stand on {asOf}.',
  rows: {
    company: 'Company',
    legalForm: 'Legal form',
    registration: 'Registration number',
    address: 'Address',
    asOf: 'As at',
    total: 'Issued shares',
  },
  holdingsHeading: '1. Shareholders',
  holdings: {
    holder: 'Shareholder',
    address: 'Address',
    shareClass: 'Share class',
    shares: 'Shares',
    numbers: 'Numbers',
  },
  total: 'Total',
  linesHeading: '2. Entries',
  linesIntro:
    'The register holds the following entries of issues, transfers, cancellations and other changes, in order of date:',
  lines: {
    date: 'Date',
    type: 'Entry',
    shareClass: 'Class',
    quantity: 'Shares',
    from: 'From',
    to: 'To',
    numbers: 'Numbers',
    price: 'Price per share',
    deed: 'Deed (date, notary)',
  },
  certificationHeading: '3. Certification',
  certification:
    'The undersigned, managing director(s) of the Company, certify that this extract is a true and complete copy of the entries in the Company’s register of shareholders as at {asOf}.',
  notNegotiable: 'This extract is not negotiable.',
  signed: 'Made at {company.city} on {today}.',
  board: 'For the management board of {company.name}',
  footer: '{company.name} – Extract from the register of shareholders as at {asOf}',
};

const TEXT: Record<DocumentLanguage, typeof nl> = { nl, en };

export function registerExtract(language: DocumentLanguage): DocxSpec {
  const t = TEXT[language];
  const h = t.holdings;
  const l = t.lines;
  return {
    title: t.title,
    lang: LANG[language],
    orientation: 'landscape',
    footer: footer(language, t.footer),
    blocks: [
      { type: 'title', text: t.title },
      { type: 'subtitle', text: t.subtitle },
      { type: 'paragraph', text: t.intro },
      {
        type: 'keyValue',
        labelWidth: 25,
        rows: [
          [t.rows.company, { text: '{company.name}', bold: true }],
          [t.rows.legalForm, '{company.legalForm}'],
          [t.rows.registration, '{company.registrationNumber}'],
          [t.rows.address, '{company.address}'],
          [t.rows.asOf, '{asOf}'],
          [t.rows.total, '{totalShares}'],
        ],
      },

      { type: 'heading', text: t.holdingsHeading },
      {
        type: 'table',
        columns: [
          { header: h.holder, width: 24 },
          { header: h.address, width: 30 },
          { header: h.shareClass, width: 16 },
          { header: h.shares, width: 12, align: 'right' },
          { header: h.numbers, width: 18 },
        ],
        rows: [
          {
            loop: 'holdings',
            cells: ['{holder}', '{address}', '{shareClass}', '{shares}', '{shareNumbers}'],
          },
          { bold: true, cells: [t.total, '', '', '{totalShares}', ''] },
        ],
      },

      { type: 'heading', text: t.linesHeading },
      { type: 'paragraph', text: t.linesIntro, keepNext: true },
      {
        type: 'table',
        columns: [
          { header: l.date, width: 9 },
          { header: l.type, width: 10 },
          { header: l.shareClass, width: 9 },
          { header: l.quantity, width: 8, align: 'right' },
          { header: l.from, width: 13 },
          { header: l.to, width: 13 },
          { header: l.numbers, width: 11 },
          { header: l.price, width: 10, align: 'right' },
          { header: l.deed, width: 17 },
        ],
        rows: [
          {
            loop: 'lines',
            cells: [
              '{date}',
              '{type}',
              '{shareClass}',
              '{quantity}',
              '{from}',
              '{to}',
              '{shareNumbers}',
              '{pricePerShare}',
              '{deedDate}\n{notary}',
            ],
          },
        ],
      },

      { type: 'heading', text: t.certificationHeading },
      { type: 'paragraph', text: t.certification },
      { type: 'paragraph', text: t.notNegotiable },
      { type: 'paragraph', text: t.signed, keepNext: true },
      {
        type: 'signatures',
        columns: [{ caption: t.board, signers: [signatories(language, false)] }],
      },
      preparedBy(language),
    ],
  };
}
