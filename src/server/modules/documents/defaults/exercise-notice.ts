import type { DocumentLanguage } from '../../../../contracts/documents';
import type { DocxSpec } from '../docx-writer';
import { footer, LANG, placeAndDate, signatories } from './common';

/**
 * The option holder's notice of exercise to the company, with the company's acknowledgement.
 * Share-settled plans: the holder pays the exercise price and the shares are issued or
 * transferred by notarial deed. Cash-settled ones (`isCashSettled`: phantom shares, SARs):
 * the company pays the settlement amount and no shares change hands.
 */

const nl = {
  title: 'Kennisgeving van uitoefening',
  subtitle: 'Uitoefening van opties onder het optieplan {plan.name}',
  to: 'Aan het bestuur van',
  from: 'Van',
  intro:
    'Ondergetekende, {stakeholder.name}, houder van opties onder het optieplan {plan.name} (het “Plan”) op grond van toekenning {grant.number} van {grant.grantDate}, deelt {company.name} (de “Vennootschap”) hierbij mee dat ondergetekende de volgende opties uitoefent.',
  rows: {
    date: 'Datum van uitoefening',
    quantity: 'Aantal uitgeoefende opties',
    price: 'Uitoefenprijs per aandeel',
    total: 'Totale uitoefenprijs',
    settlement: 'Uit te betalen bedrag (bruto)',
    remaining: 'Resterende opties na uitoefening',
    expiry: 'Vervaldatum resterende opties',
  },
  sharesHeading: 'Betaling en levering',
  shares:
    'Ondergetekende zal de totale uitoefenprijs van {exercise.currency} {exercise.totalPrice} binnen de termijn die het Plan noemt voldoen op de bankrekening die de Vennootschap daarvoor aanwijst, en verzoekt de Vennootschap de aandelen (of certificaten van aandelen) waarop de opties recht geven uit te geven of te leveren. Ondergetekende is ermee bekend dat de uitgifte of levering van aandelen een notariële akte vereist en zal daaraan de nodige medewerking verlenen.',
  cashHeading: 'Afwikkeling in geld',
  cash: 'Het Plan voorziet in afwikkeling in geld. Ondergetekende verzoekt de Vennootschap het bedrag van {exercise.currency} {exercise.settlementAmount}, onder inhouding van de verschuldigde loonheffingen, te betalen op de bij de Vennootschap bekende bankrekening van ondergetekende. Er worden geen aandelen uitgegeven of geleverd.',
  statementsHeading: 'Verklaringen',
  statementsIntro: 'Ondergetekende verklaart dat:',
  statements: [
    'de opties die hierbij worden uitgeoefend zijn gevestigd, niet zijn vervallen en vrij zijn van beperkingen;',
    'ondergetekende het Plan heeft ontvangen en de voorwaarden daarvan aanvaardt;',
    'ondergetekende ermee bekend is dat over het voordeel uit de uitoefening loonheffingen verschuldigd kunnen zijn, die de Vennootschap inhoudt of verhaalt;',
    'ondergetekende over de fiscale gevolgen van de uitoefening zelfstandig advies heeft kunnen inwinnen.',
  ],
  holderCaption: 'De optiehouder',
  companyCaption: 'Voor ontvangst, namens {company.name}',
  footer: '{company.name} – Kennisgeving van uitoefening – {stakeholder.name}',
};

const en: typeof nl = {
  title: 'Notice of exercise',
  subtitle: 'Exercise of options under the {plan.name} option plan',
  to: 'To the management board of',
  from: 'From',
  intro:
    'The undersigned, {stakeholder.name}, holder of options under the {plan.name} option plan (the “Plan”) by grant {grant.number} of {grant.grantDate}, hereby notifies {company.name} (the “Company”) that the undersigned exercises the following options.',
  rows: {
    date: 'Exercise date',
    quantity: 'Options exercised',
    price: 'Exercise price per share',
    total: 'Total exercise price',
    settlement: 'Amount payable (gross)',
    remaining: 'Options remaining after exercise',
    expiry: 'Expiry date of remaining options',
  },
  sharesHeading: 'Payment and delivery',
  shares:
    'The undersigned will pay the total exercise price of {exercise.currency} {exercise.totalPrice} within the period stated in the Plan into the bank account the Company designates, and asks the Company to issue or transfer the shares (or depositary receipts) to which the options entitle the undersigned. The undersigned understands that the issue or transfer of shares requires a notarial deed and will cooperate as needed.',
  cashHeading: 'Cash settlement',
  cash: 'The Plan provides for cash settlement. The undersigned asks the Company to pay the amount of {exercise.currency} {exercise.settlementAmount}, less the wage taxes due, into the bank account of the undersigned known to the Company. No shares are issued or transferred.',
  statementsHeading: 'Statements',
  statementsIntro: 'The undersigned declares that:',
  statements: [
    'the options exercised hereby have vested, have not lapsed and are free of restrictions;',
    'the undersigned has received the Plan and accepts its terms;',
    'the undersigned understands that wage taxes may be due on the benefit of the exercise, which the Company withholds or recovers;',
    'the undersigned has had the opportunity to take independent advice on the tax consequences of the exercise.',
  ],
  holderCaption: 'The option holder',
  companyCaption: 'Receipt acknowledged, for and on behalf of {company.name}',
  footer: '{company.name} – Notice of exercise – {stakeholder.name}',
};

const TEXT: Record<DocumentLanguage, typeof nl> = { nl, en };

export function exerciseNotice(language: DocumentLanguage): DocxSpec {
  const t = TEXT[language];
  const r = t.rows;
  return {
    title: t.title,
    lang: LANG[language],
    footer: footer(language, t.footer),
    blocks: [
      {
        type: 'keyValue',
        labelWidth: 25,
        rows: [
          [t.to, [{ text: '{company.name}', bold: true }, '\n{company.address}']],
          [t.from, [{ text: '{stakeholder.name}', bold: true }, '\n{stakeholder.address}']],
        ],
      },
      { type: 'spacer' },
      { type: 'title', text: t.title },
      { type: 'subtitle', text: t.subtitle },
      { type: 'paragraph', text: t.intro, keepNext: true },
      {
        type: 'section',
        tag: 'isCashSettled',
        inverted: true,
        blocks: [
          {
            type: 'keyValue',
            rows: [
              [r.date, '{exercise.date}'],
              [r.quantity, { text: '{exercise.quantity}', bold: true }],
              [r.price, '{exercise.currency} {exercise.pricePerShare}'],
              [r.total, { text: '{exercise.currency} {exercise.totalPrice}', bold: true }],
              [r.remaining, '{exercise.remaining}'],
              [r.expiry, '{grant.expiryDate}'],
            ],
          },
          { type: 'heading', text: t.sharesHeading },
          { type: 'paragraph', text: t.shares },
        ],
      },
      {
        type: 'section',
        tag: 'isCashSettled',
        blocks: [
          {
            type: 'keyValue',
            rows: [
              [r.date, '{exercise.date}'],
              [r.quantity, { text: '{exercise.quantity}', bold: true }],
              [
                r.settlement,
                { text: '{exercise.currency} {exercise.settlementAmount}', bold: true },
              ],
              [r.remaining, '{exercise.remaining}'],
              [r.expiry, '{grant.expiryDate}'],
            ],
          },
          { type: 'heading', text: t.cashHeading },
          { type: 'paragraph', text: t.cash },
        ],
      },

      { type: 'heading', text: t.statementsHeading },
      { type: 'paragraph', text: t.statementsIntro, keepNext: true },
      { type: 'list', kind: 'bullet', items: t.statements },

      {
        type: 'signatures',
        columns: [
          {
            caption: t.holderCaption,
            signers: [{ name: '{stakeholder.name}', lines: placeAndDate(language) }],
          },
          { caption: t.companyCaption, signers: [signatories(language)] },
        ],
      },
    ],
  };
}
