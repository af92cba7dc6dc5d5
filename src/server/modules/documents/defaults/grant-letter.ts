import type { DocumentLanguage } from '../../../../contracts/documents';
import type { DocxSpec } from '../docx-writer';
import { companyHeader, footer, LANG, placeAndDate, signatories } from './common';

/**
 * The grant letter (option agreement) for one grant: the terms, the vesting schedule, what
 * happens on leaving, tax, and acceptance. Belgian grants (`isBelgian`) get the written
 * acceptance within 60 days of the offer of the law of 26 March 1999 and its tax at grant;
 * Dutch ones the tax at tradability with the election for exercise (since 1 January 2023).
 */

const nl = {
  title: 'Toekenning van opties',
  subtitle: 'Optieplan {plan.name} – toekenning {grant.number}',
  confidential: 'Persoonlijk en vertrouwelijk',
  dateLine: '{company.city}, {today}',
  salutation: 'Beste {stakeholder.name},',
  intro: [
    'Het bestuur van {company.name} (de “Vennootschap”) heeft op {plan.boardApprovalDate} het optieplan {plan.name} (het “Plan”) vastgesteld. Wij hebben het genoegen u onder het Plan opties toe te kennen op de voorwaarden van deze brief.',
    'Het Plan maakt deel uit van deze toekenning; begrippen met een hoofdletter hebben de betekenis die het Plan daaraan geeft. Bij strijd tussen deze brief en het Plan gaat het Plan voor.',
  ],
  grantHeading: '1. De toekenning',
  rows: {
    holder: 'Optiehouder',
    employeeId: 'Personeelsnummer',
    plan: 'Plan',
    number: 'Toekenningsnummer',
    quantity: 'Aantal opties',
    price: 'Uitoefenprijs per aandeel',
    total: 'Totale uitoefenprijs',
    grantDate: 'Datum van toekenning',
    vestingStart: 'Aanvang vesting',
    vesting: 'Vestingvoorwaarden',
    expiry: 'Vervaldatum',
  },
  optionUnit:
    'Iedere optie geeft het recht één aandeel (of certificaat van een aandeel) in het kapitaal van de Vennootschap te verwerven tegen betaling van de uitoefenprijs.',
  valuation:
    'De uitoefenprijs is vastgesteld met inachtneming van de waardering van de aandelen van de Vennootschap per {valuation.effectiveDate} ({valuation.method}, {valuation.provider}): {valuation.currency} {valuation.valuePerShare} per aandeel, geldig tot {valuation.validUntil}. Deze waardering is geen garantie voor de toekomstige waarde van de aandelen.',
  vestingHeading: '2. Vesting',
  vestingIntro:
    'De opties worden onvoorwaardelijk (“vesten”) volgens het onderstaande schema, mits uw dienstbetrekking of opdracht bij de Vennootschap of een groepsmaatschappij op de betreffende datum voortduurt, tenzij het Plan anders bepaalt.',
  schedule: {
    date: 'Datum',
    kind: 'Soort',
    quantity: 'Aantal',
    cumulative: 'Cumulatief',
    percent: '%',
  },
  vestingAfter:
    'Alleen gevestigde opties kunnen worden uitgeoefend. Opties die niet uiterlijk op {grant.expiryDate} zijn uitgeoefend, vervallen van rechtswege, zonder dat u recht hebt op enige vergoeding.',
  exerciseHeading: '3. Uitoefening',
  exercise:
    'U oefent gevestigde opties uit door de Vennootschap een schriftelijke kennisgeving van uitoefening te zenden en de uitoefenprijs te betalen, op de wijze en binnen de termijnen die het Plan voorschrijft. De Vennootschap geeft de aandelen (of certificaten van aandelen) waarop de uitgeoefende opties recht geven daarna uit of levert die; voor de uitgifte en levering van aandelen is een notariële akte vereist.',
  leaverHeading: '4. Einde van de dienstbetrekking of opdracht',
  leaver:
    'Eindigt uw dienstbetrekking of opdracht, dan stopt de vesting op de datum van beëindiging en vervallen uw niet-gevestigde opties op die datum. Bent u een good leaver, dan kunt u uw gevestigde opties uitoefenen binnen {plan.exerciseWindow} na de datum van beëindiging; daarna vervallen zij. Bent u een bad leaver, dan vervallen ook uw gevestigde opties. Wie good leaver en wie bad leaver is, bepaalt het Plan.',
  taxHeading: '5. Belastingen',
  taxNl:
    'Het voordeel uit de opties is belast als loon. Sinds 1 januari 2023 vindt de heffing in beginsel plaats op het moment waarop de bij uitoefening verkregen aandelen verhandelbaar worden. U kunt er schriftelijk voor kiezen in plaats daarvan te worden belast op het moment van uitoefening; de Vennootschap legt die keuze met de datum ervan vast. De Vennootschap houdt de verschuldigde loonheffingen in.',
  taxBe:
    'Op dit aanbod is de wet van 26 maart 1999 betreffende het Belgisch actieplan voor de werkgelegenheid 1998 en houdende diverse bepalingen van toepassing. Aanvaardt u het aanbod schriftelijk binnen zestig dagen, dan worden de opties geacht te zijn toegekend op de zestigste dag na de datum van het aanbod en wordt het voordeel op dat moment forfaitair belast, ongeacht of en wanneer u de opties uitoefent.',
  taxAdvice:
    'Deze brief bevat geen fiscaal advies. Wij raden u aan over de fiscale gevolgen van deze toekenning persoonlijk advies in te winnen.',
  acceptanceHeading: '6. Aanvaarding',
  acceptanceNl:
    'Door deze brief te ondertekenen aanvaardt u de toekenning en verklaart u het Plan te hebben ontvangen en met de voorwaarden daarvan in te stemmen. Wij verzoeken u een ondertekend exemplaar aan de Vennootschap terug te zenden.',
  acceptanceBe:
    'Dit aanbod is u gedaan op {grant.offerDate}. Overeenkomstig de wet van 26 maart 1999 kunt u het aanbod alleen schriftelijk aanvaarden, binnen zestig dagen na die datum, dus uiterlijk op {grant.acceptanceDeadline}. U aanvaardt het aanbod door deze brief ondertekend en met vermelding van het aantal aanvaarde opties aan de Vennootschap terug te zenden. Heeft de Vennootschap uw schriftelijke aanvaarding niet uiterlijk op die datum ontvangen, dan wordt u geacht het aanbod te hebben geweigerd.',
  acceptedCount: 'Aantal aanvaarde opties: ____________ (ten hoogste {grant.quantity})',
  otherHeading: '7. Overige bepalingen',
  other: [
    'De opties zijn persoonlijk en kunnen niet worden overgedragen, bezwaard of anderszins vervreemd, behalve door erfopvolging zoals het Plan bepaalt.',
    'Zolang de opties niet zijn uitgeoefend, geven zij geen recht op dividend, stemrecht of andere rechten van een aandeelhouder.',
    'Deze toekenning is eenmalig. Zij geeft geen recht op toekomstige toekenningen en maakt geen deel uit van uw vaste beloning of arbeidsvoorwaarden.',
    'De Vennootschap verwerkt uw persoonsgegevens voor de uitvoering van het Plan, overeenkomstig de toepasselijke privacywetgeving.',
    'Op deze toekenning is hetzelfde recht van toepassing als op het Plan; geschillen worden beslecht zoals het Plan bepaalt.',
  ],
  closing:
    'Wij danken u voor uw inzet voor {company.name} en hopen dat u via het Plan meedeelt in het succes van de onderneming.',
  regards: 'Met vriendelijke groet,',
  forCompany: 'Namens {company.name}',
  forHolder: 'Voor akkoord en aanvaarding, de optiehouder',
  footer: '{company.name} – Toekenning van opties – {stakeholder.name}',
};

const en: typeof nl = {
  title: 'Grant of options',
  subtitle: '{plan.name} option plan – grant {grant.number}',
  confidential: 'Private and confidential',
  dateLine: '{company.city}, {today}',
  salutation: 'Dear {stakeholder.name},',
  intro: [
    'On {plan.boardApprovalDate} the board of {company.name} (the “Company”) adopted the {plan.name} option plan (the “Plan”). We are pleased to grant you options under the Plan on the terms of this letter.',
    'The Plan forms part of this grant; capitalised terms have the meaning the Plan gives them. If this letter and the Plan conflict, the Plan prevails.',
  ],
  grantHeading: '1. The grant',
  rows: {
    holder: 'Option holder',
    employeeId: 'Employee number',
    plan: 'Plan',
    number: 'Grant number',
    quantity: 'Number of options',
    price: 'Exercise price per share',
    total: 'Total exercise price',
    grantDate: 'Grant date',
    vestingStart: 'Vesting start date',
    vesting: 'Vesting terms',
    expiry: 'Expiry date',
  },
  optionUnit:
    'Each option entitles you to acquire one share (or depositary receipt for a share) in the capital of the Company against payment of the exercise price.',
  valuation:
    'The exercise price was set in the light of the valuation of the Company’s shares as at {valuation.effectiveDate} ({valuation.method}, {valuation.provider}): {valuation.currency} {valuation.valuePerShare} per share, valid until {valuation.validUntil}. This valuation is no guarantee of the future value of the shares.',
  vestingHeading: '2. Vesting',
  vestingIntro:
    'The options vest according to the schedule below, provided that your employment or engagement with the Company or a group company continues on the relevant date, unless the Plan provides otherwise.',
  schedule: {
    date: 'Date',
    kind: 'Type',
    quantity: 'Options',
    cumulative: 'Cumulative',
    percent: '%',
  },
  vestingAfter:
    'Only vested options can be exercised. Options not exercised on or before {grant.expiryDate} lapse automatically, without any right to compensation.',
  exerciseHeading: '3. Exercise',
  exercise:
    'You exercise vested options by sending the Company a written notice of exercise and paying the exercise price, in the manner and within the periods the Plan prescribes. The Company then issues or transfers the shares (or depositary receipts) to which the exercised options entitle you; the issue and transfer of shares require a notarial deed.',
  leaverHeading: '4. End of employment or engagement',
  leaver:
    'If your employment or engagement ends, vesting stops on the termination date and your unvested options lapse on that date. As a good leaver you may exercise your vested options within {plan.exerciseWindow} after the termination date, after which they lapse. As a bad leaver your vested options lapse as well. The Plan defines who is a good leaver and who is a bad leaver.',
  taxHeading: '5. Tax',
  taxNl:
    'The benefit from the options is taxed as employment income. Since 1 January 2023 it is in principle taxed when the shares acquired on exercise become tradable. You may elect in writing to be taxed at exercise instead; the Company records that election and its date. The Company withholds the wage taxes due.',
  taxBe:
    'This offer is governed by the Belgian law of 26 March 1999 on the Belgian employment action plan 1998. If you accept the offer in writing within sixty days, the options are deemed granted on the sixtieth day after the date of the offer and the benefit is taxed on a lump-sum basis at that time, whether or not and whenever you exercise the options.',
  taxAdvice:
    'This letter is not tax advice. We recommend that you take personal advice on the tax consequences of this grant.',
  acceptanceHeading: '6. Acceptance',
  acceptanceNl:
    'By signing this letter you accept the grant and confirm that you have received the Plan and agree to its terms. Please return a signed copy to the Company.',
  acceptanceBe:
    'This offer was made to you on {grant.offerDate}. Under the law of 26 March 1999 you can accept it only in writing, within sixty days of that date, that is on or before {grant.acceptanceDeadline}. You accept the offer by returning this letter to the Company, signed and stating the number of options you accept. If the Company has not received your written acceptance by that date, you are deemed to have refused the offer.',
  acceptedCount: 'Number of options accepted: ____________ (at most {grant.quantity})',
  otherHeading: '7. Other provisions',
  other: [
    'The options are personal and cannot be transferred, encumbered or otherwise disposed of, except by succession on death as the Plan provides.',
    'Until they are exercised, the options carry no right to dividends, votes or any other right of a shareholder.',
    'This grant is a one-off. It gives no right to future grants and forms no part of your fixed pay or terms of employment.',
    'The Company processes your personal data to administer the Plan, in accordance with the applicable data protection law.',
    'This grant is governed by the same law as the Plan; disputes are settled as the Plan provides.',
  ],
  closing:
    'We thank you for your contribution to {company.name} and hope that the Plan lets you share in the success of the business.',
  regards: 'Kind regards,',
  forCompany: 'For and on behalf of {company.name}',
  forHolder: 'Read and accepted by the option holder',
  footer: '{company.name} – Grant of options – {stakeholder.name}',
};

const TEXT: Record<DocumentLanguage, typeof nl> = { nl, en };

export function grantLetter(language: DocumentLanguage): DocxSpec {
  const t = TEXT[language];
  const r = t.rows;
  return {
    title: t.title,
    lang: LANG[language],
    footer: footer(language, t.footer),
    blocks: [
      companyHeader(),
      { type: 'spacer' },
      {
        type: 'paragraph',
        text: [
          { text: t.confidential, italic: true },
          '\n{stakeholder.name}\n{stakeholder.address}',
        ],
      },
      { type: 'paragraph', text: t.dateLine },
      { type: 'spacer' },
      { type: 'title', text: t.title },
      { type: 'subtitle', text: t.subtitle },
      { type: 'paragraph', text: t.salutation },
      ...t.intro.map((text) => ({ type: 'paragraph' as const, text })),

      { type: 'heading', text: t.grantHeading },
      {
        type: 'keyValue',
        rows: [
          [r.holder, '{stakeholder.name}'],
          [r.employeeId, '{stakeholder.employeeId}'],
          [r.plan, '{plan.name} ({plan.type})'],
          [r.number, '{grant.number}'],
          [r.quantity, { text: '{grant.quantity}', bold: true }],
          [r.price, '{grant.currency} {grant.exercisePrice}'],
          [r.total, '{grant.currency} {grant.totalExercisePrice}'],
          [r.grantDate, '{grant.grantDate}'],
          [r.vestingStart, '{grant.vestingStartDate}'],
          [r.vesting, '{grant.vesting}'],
          [r.expiry, '{grant.expiryDate}'],
        ],
      },
      { type: 'spacer' },
      { type: 'paragraph', text: t.optionUnit },
      { type: 'section', tag: 'hasValuation', blocks: [{ type: 'paragraph', text: t.valuation }] },

      { type: 'heading', text: t.vestingHeading },
      { type: 'paragraph', text: t.vestingIntro, keepNext: true },
      {
        type: 'table',
        columns: [
          { header: t.schedule.date, width: 22 },
          { header: t.schedule.kind, width: 24 },
          { header: t.schedule.quantity, width: 18, align: 'right' },
          { header: t.schedule.cumulative, width: 18, align: 'right' },
          { header: t.schedule.percent, width: 18, align: 'right' },
        ],
        rows: [
          {
            loop: 'schedule',
            cells: ['{date}', '{kind}', '{quantity}', '{cumulative}', '{percent}'],
          },
        ],
      },
      { type: 'spacer' },
      { type: 'paragraph', text: t.vestingAfter },

      { type: 'heading', text: t.exerciseHeading },
      { type: 'paragraph', text: t.exercise },

      { type: 'heading', text: t.leaverHeading },
      { type: 'paragraph', text: t.leaver },

      { type: 'heading', text: t.taxHeading },
      {
        type: 'section',
        tag: 'isBelgian',
        inverted: true,
        blocks: [{ type: 'paragraph', text: t.taxNl }],
      },
      { type: 'section', tag: 'isBelgian', blocks: [{ type: 'paragraph', text: t.taxBe }] },
      { type: 'paragraph', text: t.taxAdvice },

      { type: 'heading', text: t.acceptanceHeading },
      {
        type: 'section',
        tag: 'isBelgian',
        inverted: true,
        blocks: [{ type: 'paragraph', text: t.acceptanceNl }],
      },
      {
        type: 'section',
        tag: 'isBelgian',
        blocks: [
          { type: 'paragraph', text: t.acceptanceBe },
          { type: 'paragraph', text: { text: t.acceptedCount, bold: true } },
        ],
      },

      { type: 'heading', text: t.otherHeading },
      { type: 'list', kind: 'bullet', items: t.other },

      { type: 'paragraph', text: t.closing },
      { type: 'paragraph', text: t.regards, keepNext: true },
      {
        type: 'signatures',
        columns: [
          { caption: t.forCompany, signers: [signatories(language, false)] },
          {
            caption: t.forHolder,
            signers: [{ name: '{stakeholder.name}', lines: placeAndDate(language) }],
          },
        ],
      },
    ],
  };
}
