import type { DocumentLanguage } from '../../../../contracts/documents';
import type { DocxSpec } from '../docx-writer';
import { footer, LANG, preparedBy } from './common';

/**
 * The cap table report as at a date: holders with shares, awards and their fully diluted
 * stake, the plan pools, the totals, and the current valuation if there is one.
 */

const nl = {
  title: 'Overzicht kapitaalstructuur (cap table)',
  subtitle: '{company.name} – stand per {asOf}',
  intro:
    'Dit overzicht toont de aandelen in {company.name} (de “Vennootschap”) en de toegekende rechten op aandelen (opties en andere awards) per {asOf}, zowel op basis van de geplaatste aandelen als op volledig verwaterde basis.',
  rows: {
    company: 'Vennootschap',
    legalForm: 'Rechtsvorm',
    registration: 'Registratienummer',
    asOf: 'Peildatum',
    shares: 'Geplaatste aandelen',
    fullyDiluted: 'Volledig verwaterd',
  },
  holdersHeading: '1. Aandeelhouders en houders van rechten',
  holders: {
    holder: 'Houder',
    group: 'Groep',
    shares: 'Aandelen',
    awards: 'Opties/awards',
    fullyDiluted: 'Volledig verwaterd',
    percent: '%',
  },
  total: 'Totaal',
  poolsHeading: '2. Pools',
  pools: {
    name: 'Pool',
    reserved: 'Gereserveerd',
    granted: 'Toegekend',
    available: 'Beschikbaar',
    percent: '% volledig verwaterd',
  },
  valuationHeading: '3. Waardering',
  valuation: {
    effectiveDate: 'Waarderingsdatum',
    method: 'Methode',
    provider: 'Opgesteld door',
    valuePerShare: 'Waarde per aandeel',
    validUntil: 'Geldig tot',
  },
  noValuation:
    'Voor de Vennootschap is per de peildatum geen geldige waardering vastgelegd. Wij raden aan een waardering te laten opstellen voordat nieuwe opties worden toegekend.',
  notesHeading: '4. Toelichting',
  notes: [
    'Volledig verwaterd omvat de geplaatste aandelen, de uitstaande opties en andere awards en het nog niet toegekende deel van de pools.',
    'Percentages zijn berekend op volledig verwaterde basis en afgerond; hun som kan daardoor licht afwijken van 100%.',
    'Dit overzicht is opgesteld op basis van de gegevens die ons per de peildatum bekend waren. Het vervangt het aandeelhoudersregister van de Vennootschap niet.',
  ],
  footer: '{company.name} – Cap table per {asOf}',
};

const en: typeof nl = {
  title: 'Capitalisation table',
  subtitle: '{company.name} – as at {asOf}',
  intro:
    'This report shows the shares in {company.name} (the “Company”) and the rights to shares granted (options and other awards) as at {asOf}, both on an issued and on a fully diluted basis.',
  rows: {
    company: 'Company',
    legalForm: 'Legal form',
    registration: 'Registration number',
    asOf: 'As at',
    shares: 'Issued shares',
    fullyDiluted: 'Fully diluted',
  },
  holdersHeading: '1. Shareholders and award holders',
  holders: {
    holder: 'Holder',
    group: 'Group',
    shares: 'Shares',
    awards: 'Options/awards',
    fullyDiluted: 'Fully diluted',
    percent: '%',
  },
  total: 'Total',
  poolsHeading: '2. Pools',
  pools: {
    name: 'Pool',
    reserved: 'Reserved',
    granted: 'Granted',
    available: 'Available',
    percent: '% fully diluted',
  },
  valuationHeading: '3. Valuation',
  valuation: {
    effectiveDate: 'Valuation date',
    method: 'Method',
    provider: 'Prepared by',
    valuePerShare: 'Value per share',
    validUntil: 'Valid until',
  },
  noValuation:
    'No valid valuation of the Company is recorded as at this date. We recommend obtaining a valuation before further options are granted.',
  notesHeading: '4. Notes',
  notes: [
    'Fully diluted includes the issued shares, the outstanding options and other awards, and the unallocated part of the pools.',
    'Percentages are on a fully diluted basis and rounded, so their sum may differ slightly from 100%.',
    'This report is based on the information known to us as at this date. It does not replace the Company’s register of shareholders.',
  ],
  footer: '{company.name} – Capitalisation table as at {asOf}',
};

const TEXT: Record<DocumentLanguage, typeof nl> = { nl, en };

export function capTableReport(language: DocumentLanguage): DocxSpec {
  const t = TEXT[language];
  const h = t.holders;
  const p = t.pools;
  const v = t.valuation;
  return {
    title: t.title,
    lang: LANG[language],
    footer: footer(language, t.footer),
    blocks: [
      { type: 'title', text: t.title },
      { type: 'subtitle', text: t.subtitle },
      { type: 'paragraph', text: t.intro },
      {
        type: 'keyValue',
        rows: [
          [t.rows.company, { text: '{company.name}', bold: true }],
          [t.rows.legalForm, '{company.legalForm}'],
          [t.rows.registration, '{company.registrationNumber}'],
          [t.rows.asOf, '{asOf}'],
          [t.rows.shares, '{totals.shares}'],
          [t.rows.fullyDiluted, '{totals.fullyDiluted}'],
        ],
      },

      { type: 'heading', text: t.holdersHeading },
      {
        type: 'table',
        columns: [
          { header: h.holder, width: 28 },
          { header: h.group, width: 16 },
          { header: h.shares, width: 14, align: 'right' },
          { header: h.awards, width: 14, align: 'right' },
          { header: h.fullyDiluted, width: 16, align: 'right' },
          { header: h.percent, width: 12, align: 'right' },
        ],
        rows: [
          {
            loop: 'rows',
            cells: ['{holder}', '{group}', '{shares}', '{awards}', '{fullyDiluted}', '{percent}'],
          },
          {
            bold: true,
            cells: [t.total, '', '{totals.shares}', '', '{totals.fullyDiluted}', '100%'],
          },
        ],
      },

      { type: 'heading', text: t.poolsHeading },
      {
        type: 'table',
        columns: [
          { header: p.name, width: 32 },
          { header: p.reserved, width: 17, align: 'right' },
          { header: p.granted, width: 17, align: 'right' },
          { header: p.available, width: 17, align: 'right' },
          { header: p.percent, width: 17, align: 'right' },
        ],
        rows: [
          {
            loop: 'pools',
            cells: ['{name}', '{reserved}', '{granted}', '{available}', '{percent}'],
          },
        ],
      },

      { type: 'heading', text: t.valuationHeading },
      {
        type: 'section',
        tag: 'hasValuation',
        blocks: [
          {
            type: 'keyValue',
            rows: [
              [v.effectiveDate, '{valuation.effectiveDate}'],
              [v.method, '{valuation.method}'],
              [v.provider, '{valuation.provider}'],
              [v.valuePerShare, '{valuation.currency} {valuation.valuePerShare}'],
              [v.validUntil, '{valuation.validUntil}'],
            ],
          },
        ],
      },
      {
        type: 'section',
        tag: 'hasValuation',
        inverted: true,
        blocks: [{ type: 'paragraph', text: t.noValuation }],
      },

      { type: 'heading', text: t.notesHeading },
      { type: 'list', kind: 'bullet', items: t.notes },
      preparedBy(language),
    ],
  };
}
