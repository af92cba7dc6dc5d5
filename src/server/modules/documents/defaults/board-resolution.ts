import type { DocumentLanguage } from '../../../../contracts/documents';
import type { DocxSpec } from '../docx-writer';
import { footer, LANG, preparedBy, signatories } from './common';

/**
 * The board's written resolution approving a batch of grants: recitals (the plans, the
 * company's interest and conflicts of interest, art. 2:239 BW), the grants table, the totals,
 * an authorisation to sign the grant letters, and one signature per board member.
 */

const nl = {
  title: 'Besluit van het bestuur',
  subtitle: 'Schriftelijk besluit buiten vergadering van het bestuur van {company.name}',
  company:
    '{company.name}, {company.legalForm}, met adres {company.address}, ingeschreven onder nummer {company.registrationNumber} (de “Vennootschap”).',
  preamble:
    'De ondergetekenden, tezamen vormend het voltallige bestuur van de Vennootschap, nemen hierbij met inachtneming van de statuten van de Vennootschap buiten vergadering en met algemene stemmen de volgende besluiten.',
  recitalsHeading: 'Overwegingen',
  recitals: [
    'De Vennootschap heeft een of meer participatieplannen vastgesteld (elk een “Plan”) om werknemers, bestuurders en adviseurs te laten delen in de waardeontwikkeling van de Vennootschap.',
    'Onder elk Plan kan het bestuur opties of andere rechten toekennen aan deelnemers, binnen de voor dat Plan gereserveerde pool.',
    'Het bestuur heeft de voorgestelde toekenningen getoetst aan het belang van de Vennootschap en de met haar verbonden onderneming en acht deze in dat belang.',
    'Geen van de bestuurders heeft bij deze besluiten een direct of indirect persoonlijk belang dat tegenstrijdig is met het belang van de Vennootschap en de met haar verbonden onderneming, tenzij hieronder anders is vermeld.',
  ],
  resolutionsHeading: 'Besluiten',
  resolveIntro: 'Het bestuur besluit:',
  resolutions: [
    'tot toekenning van in totaal {totalQuantity} opties in {grantCount} toekenningen aan de deelnemers genoemd in de onderstaande tabel, onder het daarbij vermelde Plan en op de daarbij vermelde voorwaarden;',
    'dat iedere toekenning geschiedt op de voorwaarden van het toepasselijke Plan en van een aan de deelnemer te verstrekken toekenningsbrief;',
    'dat de uitoefenprijs van iedere toekenning is vastgesteld zoals in de tabel vermeld en naar het oordeel van het bestuur niet lager is dan de reële waarde van een aandeel op de datum van toekenning;',
    'ieder bestuurder afzonderlijk te machtigen de toekenningsbrieven namens de Vennootschap te ondertekenen en al het overige te doen dat voor de uitvoering van deze besluiten nodig of nuttig is.',
  ],
  grantsHeading: 'Toekenningen',
  columns: {
    stakeholder: 'Deelnemer',
    plan: 'Plan',
    quantity: 'Aantal',
    price: 'Uitoefenprijs',
    grantDate: 'Toekenning',
    vestingStart: 'Aanvang vesting',
    vesting: 'Vesting',
  },
  total: 'Totaal ({grantCount} toekenningen)',
  counterparts:
    'Dit besluit kan in meerdere exemplaren worden ondertekend, die tezamen één besluit vormen. Een ondertekend exemplaar wordt bij de notulen van de Vennootschap bewaard.',
  signHeading: 'Aldus besloten en ondertekend',
  board: 'Het bestuur',
  footer: '{company.name} – Besluit van het bestuur',
};

const en: typeof nl = {
  title: 'Resolution of the management board',
  subtitle:
    'Written resolution of the management board of {company.name} adopted outside a meeting',
  company:
    '{company.name}, {company.legalForm}, with its address at {company.address}, registered under number {company.registrationNumber} (the “Company”).',
  preamble:
    'The undersigned, being all the members of the management board of the Company, hereby unanimously adopt the following resolutions outside a meeting, in accordance with the Company’s articles of association.',
  recitalsHeading: 'Recitals',
  recitals: [
    'The Company has adopted one or more equity incentive plans (each a “Plan”) to let employees, directors and advisers share in the growth in value of the Company.',
    'Under each Plan the management board may grant options or other awards to participants, within the pool reserved for that Plan.',
    'The management board has considered the proposed grants in the light of the interest of the Company and its business and considers them to be in that interest.',
    'None of the managing directors has a direct or indirect personal interest in these resolutions that conflicts with the interest of the Company and its business, unless stated otherwise below.',
  ],
  resolutionsHeading: 'Resolutions',
  resolveIntro: 'The management board resolves:',
  resolutions: [
    'to grant a total of {totalQuantity} options in {grantCount} grants to the participants named in the table below, under the Plan and on the terms stated there;',
    'that each grant is made on the terms of the applicable Plan and of a grant letter to be given to the participant;',
    'that the exercise price of each grant is as stated in the table and, in the opinion of the management board, not lower than the fair market value of a share on the grant date;',
    'to authorise each managing director, acting alone, to sign the grant letters on behalf of the Company and to do everything else necessary or useful to carry out these resolutions.',
  ],
  grantsHeading: 'Grants',
  columns: {
    stakeholder: 'Participant',
    plan: 'Plan',
    quantity: 'Options',
    price: 'Exercise price',
    grantDate: 'Grant date',
    vestingStart: 'Vesting start',
    vesting: 'Vesting',
  },
  total: 'Total ({grantCount} grants)',
  counterparts:
    'This resolution may be signed in any number of counterparts, which together form one resolution. A signed copy is kept with the Company’s minutes.',
  signHeading: 'Resolved and signed',
  board: 'The management board',
  footer: '{company.name} – Resolution of the management board',
};

const TEXT: Record<DocumentLanguage, typeof nl> = { nl, en };

export function boardResolution(language: DocumentLanguage): DocxSpec {
  const t = TEXT[language];
  const c = t.columns;
  return {
    title: t.title,
    lang: LANG[language],
    footer: footer(language, t.footer),
    blocks: [
      { type: 'title', text: t.title },
      { type: 'subtitle', text: t.subtitle },
      { type: 'paragraph', text: t.company },
      { type: 'paragraph', text: t.preamble },

      { type: 'heading', text: t.recitalsHeading },
      { type: 'list', kind: 'letter', items: t.recitals },

      { type: 'heading', text: t.resolutionsHeading },
      { type: 'paragraph', text: t.resolveIntro, keepNext: true },
      { type: 'list', kind: 'number', items: t.resolutions },

      { type: 'heading', text: t.grantsHeading },
      {
        type: 'table',
        columns: [
          { header: c.stakeholder, width: 20 },
          { header: c.plan, width: 14 },
          { header: c.quantity, width: 11, align: 'right' },
          { header: c.price, width: 13, align: 'right' },
          { header: c.grantDate, width: 12 },
          { header: c.vestingStart, width: 12 },
          { header: c.vesting, width: 18 },
        ],
        rows: [
          {
            loop: 'grants',
            cells: [
              '{stakeholder}',
              '{plan}',
              '{quantity}',
              '{currency} {exercisePrice}',
              '{grantDate}',
              '{vestingStartDate}',
              '{vesting}',
            ],
          },
          { bold: true, cells: [t.total, '', '{totalQuantity}', '', '', '', ''] },
        ],
      },
      { type: 'spacer' },
      { type: 'paragraph', text: t.counterparts },

      { type: 'heading', text: t.signHeading },
      {
        type: 'signatures',
        columns: [{ caption: t.board, signers: [signatories(language)] }],
      },
      preparedBy(language),
    ],
  };
}
