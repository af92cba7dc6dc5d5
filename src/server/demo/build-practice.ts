import { randomUUID } from 'node:crypto';
import { EMAIL_PATTERN } from '../../contracts/text';
import { phoneError } from '../../domain/identifiers';
import { computeValuation } from '../../domain/valuation';
import { addDays, addMonths, daysBetween } from '../../domain/vesting';
import type { contact, note, noteParticipant, task, valuation } from '../db/schema';
import { mailName, type DemoCompanyRef, type DemoEquityRows } from './build-equity';
import { prng, type DemoGrantRows } from './build-grants';

/**
 * The practice's daily work in the demo (issue 15): the firm's lawyers, per client company its
 * contacts (one primary, some of them stakeholders), a year of notes, calls, meetings and e-mails
 * (Markdown, Dutch for Dutch and Flemish clients, English for the others) with their participants
 * and links to grants, plans and valuations, and each lawyer's tasks: overdue, due this week,
 * later, waiting, done and undated. Pure: ids, a PRNG seeded per company or lawyer and dates
 * relative to `today`; every link stays within its company.
 */

export interface DemoLawyer {
  id: string;
  name: string;
}

/** The demo lawyer's two colleagues (members of the workspace; they have no password). */
export const DEMO_COLLEAGUES = [
  { name: 'Sanne Bakker', email: 'sanne.bakker@esop-crm.local' },
  { name: 'Jens Vermeulen', email: 'jens.vermeulen@esop-crm.local' },
] as const;

/**
 * Clients a colleague is responsible for (index into DEMO_COLLEAGUES); the demo lawyer keeps the
 * others. Jens, from Ghent, has three Belgian clients; Sanne three German ones.
 */
const COLLEAGUE_CLIENTS: Record<string, number> = {
  'Gentse Fintech NV': 1,
  'Atomium Analytics BV': 1,
  'Brugge Maritime BV': 1,
  'Spree Robotics GmbH': 0,
  'Isar Cloud AG': 0,
  'Main Payments GmbH': 0,
};

/** Index into `[demo lawyer, ...DEMO_COLLEAGUES]` of the lawyer responsible for a client. */
export function demoResponsibleLawyer(companyName: string): number {
  const colleague = COLLEAGUE_CLIENTS[companyName];
  return colleague === undefined ? 0 : colleague + 1;
}

export interface DemoPracticeCompany extends DemoCompanyRef {
  companyType: string;
  contactName: string | null;
  phone: string | null;
  responsibleUserId: string | null;
}

export interface DemoPracticeRows {
  contacts: (typeof contact.$inferInsert)[];
  notes: (typeof note.$inferInsert)[];
  participants: (typeof noteParticipant.$inferInsert)[];
  tasks: (typeof task.$inferInsert)[];
}

type Lang = 'nl' | 'en';
type Rand = ReturnType<typeof prng>;
type ContactRow = typeof contact.$inferInsert & { id: string };
type GrantRow = DemoGrantRows['grants'][number] & { id: string };
type ValuationRow = typeof valuation.$inferInsert & { id: string };
type PlanRow = DemoEquityRows['plans'][number] & { id: string };
type NoteKind = 'note' | 'call' | 'meeting' | 'email';

// ------------------------------------------------------------------------------------ helpers

const wallClocks = new Map<string, Intl.DateTimeFormat>();

/** The instant of a wall-clock time on a date in `timeZone` (DST handled by asking Intl). */
export function zonedInstant(date: string, time: string, timeZone: string): Date {
  let format = wallClocks.get(timeZone);
  if (!format) {
    format = new Intl.DateTimeFormat('en-US', {
      timeZone,
      hourCycle: 'h23',
      year: 'numeric',
      month: 'numeric',
      day: 'numeric',
      hour: 'numeric',
      minute: 'numeric',
    });
    wallClocks.set(timeZone, format);
  }
  const parts = format;
  const [y, m, d] = date.split('-').map(Number) as [number, number, number];
  const [h, min] = time.split(':').map(Number) as [number, number];
  const wall = Date.UTC(y, m - 1, d, h, min);
  const offsetAt = (ms: number) => {
    const values = parts.formatToParts(new Date(ms));
    const n = (type: string) => Number(values.find((p) => p.type === type)?.value ?? 0);
    return Date.UTC(n('year'), n('month') - 1, n('day'), n('hour'), n('minute')) - ms;
  };
  const first = wall - offsetAt(wall);
  return new Date(wall - offsetAt(first));
}

const MONTHS: Record<Lang, string[]> = {
  nl: [
    'januari',
    'februari',
    'maart',
    'april',
    'mei',
    'juni',
    'juli',
    'augustus',
    'september',
    'oktober',
    'november',
    'december',
  ],
  en: [
    'January',
    'February',
    'March',
    'April',
    'May',
    'June',
    'July',
    'August',
    'September',
    'October',
    'November',
    'December',
  ],
};

const longDate = (lang: Lang, iso: string) =>
  `${Number(iso.slice(8, 10))} ${MONTHS[lang][Number(iso.slice(5, 7)) - 1]} ${iso.slice(0, 4)}`;

const money = (lang: Lang, amount: string | number, currency = 'EUR') => {
  const text = Number(amount).toFixed(2);
  const symbol = currency === 'EUR' ? '€' : currency;
  return lang === 'nl' ? `${symbol} ${text.replace('.', ',')}` : `${symbol} ${text}`;
};

const count = (lang: Lang, n: number) =>
  n.toLocaleString(lang === 'nl' ? 'nl-NL' : 'en-GB', { maximumFractionDigits: 0 });

const pick = <T>(rand: Rand, list: readonly T[]): T => list[rand.int(0, list.length - 1)]!;

/** Wallonia's clients are written to in English (the firm does not work in French). */
/** `first.last@domain` for a person's name, academic titles left out ("Drs. Geert Hoekstra"). */
function mailbox(name: string, domain: string): string {
  const words = name.split(' ').filter((w) => !w.endsWith('.'));
  const [first, ...rest] = words.length > 0 ? words : [name];
  return `${mailName(first!)}.${mailName(rest.join(''))}@${domain}`;
}

/** A company name in running text: "Tulip Robotics B.V." does not take a second full stop. */
const inText = (name: string) => name.replace(/\.$/, '');

const languageOf = (c: DemoPracticeCompany): Lang =>
  c.country === 'DE' || c.city === 'Liège' ? 'en' : 'nl';

// ----------------------------------------------------------------------------------- contacts

const CONTACT_NAMES: Record<string, { first: string[]; last: string[] }> = {
  NL: {
    first: ['Marloes', 'Jeroen', 'Ilse', 'Wouter', 'Annemiek', 'Rutger', 'Esther', 'Maarten'],
    last: ['Verbeek', 'Postma', 'Schouten', 'van Wijk', 'Huisman', 'Veenstra', 'de Wit', 'Prins'],
  },
  BE: {
    first: ['Katrien', 'Pieter-Jan', 'Annelies', 'Bart', 'Sofie', 'Dries', 'Griet', 'Tom'],
    last: ['Vermeersch', 'Desmet', 'Van Damme', 'Verstraete', 'Coppens', 'Vandenbroucke', 'Aerts'],
  },
  WAL: {
    first: ['Camille', 'Antoine', 'Julie', 'Thomas', 'Aurélie', 'Nicolas', 'Céline', 'Maxime'],
    last: ['Lejeune', 'Renard', 'Collignon', 'Mathieu', 'Gérard', 'Leclercq', 'Hubert'],
  },
  DE: {
    first: ['Katharina', 'Stefan', 'Julia', 'Tobias', 'Anja', 'Florian', 'Miriam', 'Jan'],
    last: ['Zimmermann', 'Hartmann', 'Lange', 'Krüger', 'Schäfer', 'Werner', 'Lehmann'],
  },
};

/** A mobile number in the country's format (digits and spaces, as the contracts accept). */
function mobile(rand: Rand, country: string): string {
  const digits = (n: number) => Array.from({ length: n }, () => rand.int(0, 9)).join('');
  if (country === 'BE') return `+32 47${rand.int(0, 9)} ${digits(2)} ${digits(2)} ${digits(2)}`;
  if (country === 'DE') return `+49 15${pick(rand, [1, 2, 7, 9])} ${digits(8)}`;
  return `+31 6 ${digits(4)} ${digits(4)}`;
}

function checked(row: ContactRow, companyName: string): ContactRow {
  if (row.email && !EMAIL_PATTERN.test(row.email))
    throw new Error(`Demo data: ${companyName}: bad e-mail ${row.email}`);
  if (row.phone && phoneError(row.phone))
    throw new Error(`Demo data: ${companyName}: bad phone ${row.phone}`);
  return row;
}

const CONTACT_NOTES: Record<Lang, string[]> = {
  nl: [
    'Liefst bellen vóór 10.00 uur.',
    'Is op vrijdag niet bereikbaar.',
    'Wil stukken altijd eerst als concept zien.',
    'Tekent via DocuSign.',
  ],
  en: [
    'Prefers a call before 10 am.',
    'Not available on Fridays.',
    'Wants drafts before anything is final.',
    'Signs through DocuSign.',
  ],
};

function buildContacts(
  company: DemoPracticeCompany,
  stakeholders: DemoEquityRows['stakeholders'],
  organizationId: string,
  rand: Rand,
): ContactRow[] {
  const lang = languageOf(company);
  const domain = company.email?.split('@')[1] ?? 'example.com';
  const names = CONTACT_NAMES[company.city === 'Liège' ? 'WAL' : company.country]!;
  const mine = stakeholders.filter((s) => s.companyId === company.id);
  const at = new Date(company.createdAt.getTime() + 30 * 60_000);
  const base = (i: number) => {
    const when = new Date(at.getTime() + i * 1000);
    return { organizationId, companyId: company.id, createdAt: when, updatedAt: when };
  };
  const rows: ContactRow[] = [];
  const used = new Set<string>();
  const generated = (fn: string, primary = false): ContactRow => {
    let name = `${pick(rand, names.first)} ${pick(rand, names.last)}`;
    while (used.has(name)) name = `${pick(rand, names.first)} ${pick(rand, names.last)}`;
    used.add(name);
    return {
      id: randomUUID(),
      ...base(rows.length),
      name,
      function: fn,
      email: mailbox(name, domain),
      phone: mobile(rand, company.country),
      language: lang,
      notes: null,
      primary,
      stakeholderId: null,
    };
  };

  // The company's contact person is the primary contact; a stakeholder when one has the name.
  const contactName = company.contactName ?? generated('ceo').name;
  used.add(contactName);
  const self = mine.find((s) => s.name === contactName);
  rows.push({
    id: randomUUID(),
    ...base(0),
    name: contactName,
    function:
      company.companyType === 'Stichting'
        ? 'board_member'
        : // A founder who runs the company is entered as its CEO about half of the time.
          self?.relationship === 'founder' && rand.chance(0.5)
          ? 'founder'
          : 'ceo',
    email: company.email,
    phone: company.phone ?? mobile(rand, company.country),
    language: lang,
    notes: rand.chance(0.5) ? pick(rand, CONTACT_NOTES[lang]) : null,
    primary: true,
    stakeholderId: self?.id ?? null,
  });

  // A co-founder on the cap table, or else the CFO.
  const cofounder = mine.find(
    (s) => s.relationship === 'founder' && s.kind === 'individual' && !used.has(s.name),
  );
  if (cofounder) {
    used.add(cofounder.name);
    rows.push({
      id: randomUUID(),
      ...base(rows.length),
      name: cofounder.name,
      function: 'founder',
      email: cofounder.email ?? mailbox(cofounder.name, domain),
      phone: mobile(rand, company.country),
      language: lang,
      notes: null,
      primary: false,
      stakeholderId: cofounder.id ?? null,
    });
  } else rows.push(generated('cfo'));

  if (rand.chance(0.75)) rows.push(generated('hr'));
  if (rand.chance(0.45)) {
    // A board member or an angel investor who is a stakeholder, else in-house counsel.
    const person = mine.find(
      (s) =>
        s.kind === 'individual' &&
        (s.relationship === 'board_member' || s.relationship === 'investor') &&
        !used.has(s.name),
    );
    if (person) {
      used.add(person.name);
      rows.push({
        id: randomUUID(),
        ...base(rows.length),
        name: person.name,
        function: person.relationship === 'investor' ? 'investor' : 'board_member',
        email: person.email ?? mailbox(person.name, domain),
        phone: mobile(rand, company.country),
        language: lang,
        notes: null,
        primary: false,
        stakeholderId: person.id ?? null,
      });
    } else rows.push(generated(rand.chance(0.5) ? 'legal' : 'cfo'));
  }
  return rows.map((r) => checked(r, company.companyName));
}

// -------------------------------------------------------------------------------------- notes

const PURPOSE: Record<Lang, Record<string, string>> = {
  nl: {
    tax_fmv: 'fiscale waardering',
    funding_round: 'financieringsronde',
    '409a': '409A-waardering',
    internal: 'interne waardering',
  },
  en: {
    tax_fmv: 'tax valuation',
    funding_round: 'funding round',
    '409a': '409A valuation',
    internal: 'internal valuation',
  },
};

interface NoteContext {
  lang: Lang;
  kind: NoteKind;
  who: string;
  company: DemoPracticeCompany;
  date: string;
  holder?: string;
  grant?: GrantRow;
  plan?: PlanRow;
  valuation?: ValuationRow;
  cliffDate?: string;
  primary: string;
  author: string;
}

function opening(x: NoteContext, rand: Rand): string {
  const { lang, kind, who } = x;
  if (lang === 'nl')
    switch (kind) {
      case 'call':
        return `**Telefoongesprek** met ${who}.`;
      case 'meeting':
        return rand.chance(0.5)
          ? `**Bespreking** met ${who} op kantoor bij ${inText(x.company.companyName)}.`
          : `**Overleg** met ${who} via Teams.`;
      case 'email':
        return `**E-mail** aan ${who} verstuurd.`;
      default:
        return '';
    }
  switch (kind) {
    case 'call':
      return `**Call** with ${who}.`;
    case 'meeting':
      return rand.chance(0.5)
        ? `**Meeting** with ${who} at the ${x.company.companyName} offices.`
        : `**Video call** with ${who}.`;
    case 'email':
      return `**E-mail** sent to ${who}.`;
    default:
      return '';
  }
}

const TAX_RULING: Record<string, Record<Lang, string>> = {
  NL: {
    nl: 'het vooroverleg met de Belastingdienst over de waardering van de certificaten (art. 10a Wet LB)',
    en: 'the advance ruling from the Dutch tax authority on the valuation of the depositary receipts',
  },
  BE: {
    nl: 'de ruling van de Dienst Voorafgaande Beslissingen over de opties (wet van 26 maart 1999)',
    en: 'the ruling of the Belgian Service for Advance Decisions on the options (Act of 26 March 1999)',
  },
  DE: {
    nl: 'de Lohnsteueranrufungsauskunft bij het Finanzamt (§ 19a EStG)',
    en: 'the advance wage tax ruling (Lohnsteueranrufungsauskunft) on § 19a EStG',
  },
};

interface NoteLinks {
  grantId: string;
  planId: string;
  valuationId: string;
  contact: ContactRow;
}

type Topic =
  | 'plan'
  | 'board'
  | 'valuation'
  | 'leaver'
  | 'cliff'
  | 'tax'
  | 'grantLetter'
  | 'meetingOfShareholders';

function topicBody(topic: Topic, x: NoteContext, rand: Rand): string {
  const nl = x.lang === 'nl';
  const plan = x.plan?.name ?? (nl ? 'het optieplan' : 'the option plan');
  switch (topic) {
    case 'plan':
      return rand.chance(0.5)
        ? nl
          ? `Vragen over ${plan}:\n\n- wat er met **niet-gevestigde opties** gebeurt bij een overname\n- of parttimers kunnen meedoen\n- hoeveel ruimte er nog in de pool is\n\nUitgelegd wat het reglement over versnelling bij een overname zegt. Ik stuur een korte memo met de antwoorden.`
          : `Questions about ${plan}:\n\n- what happens to **unvested options** on an acquisition\n- whether part-timers can take part\n- how much room is left in the pool\n\nExplained what the plan rules say about acceleration on a sale. A short memo with the answers follows.`
        : nl
          ? `Uitoefentermijn na vertrek besproken. Het reglement van ${plan} geeft vertrekkers een vaste termijn; het bestuur wil die **verlengen** voor good leavers.\n\nDaarvoor is een wijziging van het reglement nodig (besluit van het bestuur, met goedkeuring van de AVA). Concept volgt.`
          : `Discussed the exercise period after leaving. The rules of ${plan} give leavers a fixed period; the board wants to **extend** it for good leavers.\n\nThat needs an amendment of the plan rules (board resolution, approved by the shareholders). Draft to follow.`;
    case 'board': {
      const n = rand.int(2, 6);
      return nl
        ? `Concept **bestuursbesluit** voor de toekenning van opties onder ${plan} doorgenomen:\n\n- toekenningen aan ${n} medewerkers per ${longDate('nl', addDays(x.date, 14))}\n- uitoefenprijs gelijk aan de laatste waardering\n- vesting volgens het standaardschema\n\n${x.primary} laat het besluit tekenen zodra de commissarissen akkoord zijn.`
        : `Went through the draft **board resolution** granting options under ${plan}:\n\n- grants to ${n} employees as of ${longDate('en', addDays(x.date, 14))}\n- exercise price at the latest valuation\n- standard vesting schedule\n\n${x.primary} will have it signed once the supervisory board agrees.`;
    }
    case 'valuation': {
      const v = x.valuation!;
      const fmv = money(
        x.lang,
        computeValuation({ ...v, commonValuePerShare: v.commonValuePerShare ?? null }).fmvPerShare,
        v.currency,
      );
      const provider = v.provider
        ? nl
          ? ` Rapport van ${v.provider}.`
          : ` Report by ${v.provider}.`
        : '';
      return nl
        ? `Nieuwe **waardering** per ${longDate('nl', v.effectiveDate)} (${PURPOSE.nl[v.purpose] ?? v.purpose}): FMV **${fmv}** per aandeel.${provider}\n\nGevolgen:\n\n- nieuwe toekenningen tegen deze prijs\n- geldig tot ${longDate('nl', v.validUntil)}, tenzij er eerder een financieringsronde komt\n\nIn het dossier opgenomen.`
        : `New **valuation** as of ${longDate('en', v.effectiveDate)} (${PURPOSE.en[v.purpose] ?? v.purpose}): FMV **${fmv}** per share.${provider}\n\nWhat it means:\n\n- new grants at this price\n- valid until ${longDate('en', v.validUntil)}, unless a funding round comes first\n\nFiled.`;
    }
    case 'leaver': {
      const g = x.grant!;
      const bad = g.leaverType === 'bad';
      const end = longDate(x.lang, g.terminationDate ?? x.date);
      return nl
        ? `**Leaver**-zaak ${x.holder}: het dienstverband eindigt per ${end}. Volgens het reglement een **${bad ? 'bad' : 'good'} leaver**.\n\n- niet-gevestigde opties vervallen op de einddatum\n- ${bad ? 'ook de gevestigde opties vervallen' : 'gevestigde opties kunnen binnen de uitoefentermijn worden uitgeoefend'}\n\n${x.primary} informeert ${x.holder} schriftelijk; ik lever de berekening aan.`
        : `**Leaver** case ${x.holder}: employment ends on ${end}. Under the plan rules a **${bad ? 'bad' : 'good'} leaver**.\n\n- unvested options lapse on the end date\n- ${bad ? 'vested options lapse too' : 'vested options can be exercised within the exercise period'}\n\n${x.primary} will tell ${x.holder} in writing; I will supply the figures.`;
    }
    case 'cliff':
      return nl
        ? `Herinnering: de **cliff** van ${x.holder} valt op ${longDate('nl', x.cliffDate!)}. Daarna vest maandelijks een deel.\n\nBevestigingsbrief aan ${x.holder} voorbereid; ${x.primary} tekent.`
        : `Reminder: ${x.holder}'s **cliff** falls on ${longDate('en', x.cliffDate!)}; monthly vesting follows.\n\nConfirmation letter to ${x.holder} drafted for ${x.primary} to sign.`;
    case 'tax': {
      const ruling = TAX_RULING[x.company.country]![x.lang];
      return nl
        ? `Stand van zaken rond ${ruling}:\n\n- aanvullende vragen beantwoord\n- concept-vaststellingsovereenkomst ontvangen\n\nUitkomst verwacht binnen **zes weken**. Tot die tijd geen nieuwe toekenningen.`
        : `Status of ${ruling}:\n\n- follow-up questions answered\n- draft agreement received\n\nOutcome expected within **six weeks**. No new grants until then.`;
    }
    case 'grantLetter': {
      const g = x.grant!;
      return nl
        ? `Toekenningsbrief voor ${x.holder} (**${count('nl', Number(g.quantity))}** opties, toegekend op ${longDate('nl', g.grantDate)}) opgesteld en ter ondertekening gestuurd.${x.company.country === 'BE' ? '\n\nLet op: het aanbod moet binnen **60 dagen** schriftelijk worden aanvaard.' : ''}`
        : `Grant letter for ${x.holder} (**${count('en', Number(g.quantity))}** options, granted on ${longDate('en', g.grantDate)}) drafted and sent for signature.${x.company.country === 'BE' ? '\n\nNote: the offer must be accepted in writing within **60 days**.' : ''}`;
    }
    case 'meetingOfShareholders':
      return nl
        ? `Voorbereiding **algemene vergadering**. Agenda:\n\n1. vaststelling van de jaarrekening\n2. decharge van het bestuur\n3. uitbreiding van de optiepool\n\nOproeping gaat uiterlijk ${longDate('nl', addDays(x.date, 10))} de deur uit.`
        : `Preparing the **shareholders' meeting**. Agenda:\n\n1. adoption of the annual accounts\n2. discharge of the directors\n3. increase of the option pool\n\nNotice goes out by ${longDate('en', addDays(x.date, 10))}.`;
  }
}

function keyArrangements(x: NoteContext, responsible: string): string {
  return x.lang === 'nl'
    ? `**Werkafspraken ${x.company.companyName}**\n\n- vast aanspreekpunt: ${x.primary}\n- verantwoordelijk advocaat: ${responsible}\n- stukken voor het bestuur altijd eerst als concept\n- facturatie per kwartaal`
    : `**Working arrangements ${x.company.companyName}**\n\n- main contact: ${x.primary}\n- responsible lawyer: ${responsible}\n- board papers always as a draft first\n- invoiced quarterly`;
}

/** The cliff date of time-based terms with a cliff in months, else null. */
function cliffOf(g: GrantRow): string | null {
  const terms = g.terms as {
    type: string;
    periodLength?: number;
    periodUnit?: string;
    cliffPeriods?: number;
  };
  if (terms.type !== 'time' || terms.periodUnit !== 'months' || !terms.cliffPeriods) return null;
  return addMonths(g.vestingStartDate, terms.cliffPeriods * (terms.periodLength ?? 1));
}

const within = (date: string | null | undefined, from: string, to: string) =>
  !!date && date >= from && date <= to;

function buildNotes(
  out: DemoPracticeRows,
  args: {
    organizationId: string;
    company: DemoPracticeCompany;
    contacts: ContactRow[];
    lawyers: DemoLawyer[];
    holders: Map<string, string>;
    grants: GrantRow[];
    plans: PlanRow[];
    valuations: ValuationRow[];
    today: string;
    timeZone: string;
    rand: Rand;
  },
) {
  const { company, contacts, lawyers, grants, plans, valuations, today, rand } = args;
  const lang = languageOf(company);
  const primary = contacts.find((c) => c.primary)!;
  const responsible = lawyers.find((l) => l.id === company.responsibleUserId) ?? lawyers[0]!;
  const others = lawyers.filter((l) => l.id !== responsible.id);
  const small = ['Stichting', 'VOF'].includes(company.companyType);
  const live = grants.filter((g) => !g.cancelledDate);
  const start = addDays(today, -365);
  let pinned = 0;

  const add = (
    date: string,
    kind: NoteKind,
    body: string,
    links: Partial<NoteLinks>,
    pin = false,
  ) => {
    const time = `${String(rand.int(8, 17)).padStart(2, '0')}:${pick(rand, ['00', '15', '30', '45'])}`;
    const occurredAt = zonedInstant(date, time, args.timeZone);
    const author = rand.chance(0.75) ? responsible : pick(rand, others);
    const id = randomUUID();
    out.notes.push({
      id,
      organizationId: args.organizationId,
      companyId: company.id,
      kind,
      body,
      occurredAt,
      authorId: author.id,
      authorName: author.name,
      pinned: pin,
      grantId: links.grantId ?? null,
      planId: links.planId ?? null,
      valuationId: links.valuationId ?? null,
      createdAt: occurredAt,
      updatedAt: occurredAt,
    });
    // Calls and e-mails with one contact; meetings with one or two and sometimes a colleague.
    const people: ContactRow[] = [];
    if (kind !== 'note') people.push(links.contact ?? primary);
    if (kind === 'meeting' && contacts.length > 1 && rand.chance(0.6))
      people.push(
        pick(
          rand,
          contacts.filter((c) => !people.includes(c)),
        ),
      );
    for (const c of people)
      out.participants.push({
        id: randomUUID(),
        noteId: id,
        contactId: c.id,
        userId: null,
        name: c.name,
      });
    const colleague = lawyers.filter((l) => l.id !== author.id);
    if ((kind === 'meeting' && rand.chance(0.5)) || (kind === 'note' && rand.chance(0.2))) {
      const l = pick(rand, colleague);
      out.participants.push({
        id: randomUUID(),
        noteId: id,
        contactId: null,
        userId: l.id,
        name: l.name,
      });
    }
  };
  const ctx = (date: string, kind: NoteKind, who: ContactRow[]): NoteContext => ({
    lang,
    kind,
    who: who.map((c) => c.name).join(lang === 'nl' ? ' en ' : ' and '),
    company,
    date,
    primary: primary.name,
    author: responsible.name,
  });

  // The pinned working arrangements, at the start of the year.
  const first = addDays(start, rand.int(1, 10));
  add(first, 'note', keyArrangements(ctx(first, 'note', [primary]), responsible.name), {}, true);
  pinned++;

  for (let month = 0; month < 12; month++) {
    const from = addDays(start, Math.round(month * 30.4) + 1);
    const n = small ? rand.int(1, 2) : rand.int(1, 4);
    for (let i = 0; i < n; i++) {
      let date = addDays(from, rand.int(0, 29));
      if (date >= today) date = addDays(today, -rand.int(1, 3));
      const kind = pick(rand, ['note', 'call', 'call', 'meeting', 'email', 'email'] as const);
      const contact = kind === 'note' ? primary : rand.chance(0.6) ? primary : pick(rand, contacts);
      const x = ctx(date, kind, [contact]);
      // What there was to talk about around this date.
      const options: { topic: Topic; links: Partial<NoteLinks>; extra?: Partial<NoteContext> }[] =
        [];
      const v = valuations.find((y) => within(y.effectiveDate, addDays(date, -45), date));
      if (v)
        options.push({ topic: 'valuation', links: { valuationId: v.id }, extra: { valuation: v } });
      const leaver = live.find((g) =>
        within(g.terminationDate, addDays(date, -20), addDays(date, 40)),
      );
      if (leaver)
        options.push({ topic: 'leaver', links: { grantId: leaver.id }, extra: { grant: leaver } });
      const cliff = live.find((g) => within(cliffOf(g), addDays(date, 5), addDays(date, 45)));
      if (cliff)
        options.push({
          topic: 'cliff',
          links: { grantId: cliff.id },
          extra: { grant: cliff, cliffDate: cliffOf(cliff)! },
        });
      const fresh = live.find((g) => within(g.grantDate, addDays(date, -30), date));
      if (fresh)
        options.push({
          topic: 'grantLetter',
          links: { grantId: fresh.id },
          extra: { grant: fresh },
        });
      if (plans.length > 0) {
        const plan = pick(rand, plans);
        options.push({ topic: 'plan', links: { planId: plan.id }, extra: { plan } });
        options.push({ topic: 'board', links: { planId: plan.id }, extra: { plan } });
      }
      options.push({ topic: 'tax', links: {} });
      if (!small) options.push({ topic: 'meetingOfShareholders', links: {} });
      // Dated events first: they are what a lawyer's year is made of.
      const chosen = options.length > 2 && rand.chance(0.6) ? options[0]! : pick(rand, options);
      const extra = { ...chosen.extra };
      if (extra.grant) extra.holder = args.holders.get(extra.grant.stakeholderId) ?? '';
      const full = { ...x, ...extra };
      const head = opening(full, rand);
      const body = `${head ? `${head}\n\n` : ''}${topicBody(chosen.topic, full, rand)}`;
      const pin = pinned < 2 && chosen.topic === 'tax' && rand.chance(0.5);
      if (pin) pinned++;
      add(date, kind, body, { ...chosen.links, contact }, pin);
    }
  }
}

// -------------------------------------------------------------------------------------- tasks

type Bucket = 'overdue' | 'week' | 'later' | 'waiting' | 'done' | 'undated';

/** How many tasks of each kind a lawyer has: the demo lawyer carries most of the work. */
const MIX: Record<'owner' | 'colleague', Record<Bucket, number>> = {
  owner: { overdue: 4, week: 5, later: 5, waiting: 3, done: 6, undated: 3 },
  colleague: { overdue: 2, week: 3, later: 3, waiting: 2, done: 4, undated: 2 },
};

interface TaskSpec {
  title: string;
  description: string | null;
  grantId?: string;
  valuationId?: string;
  contactId?: string;
}

interface ClientFile {
  company: DemoPracticeCompany;
  contacts: ContactRow[];
  grants: GrantRow[];
  valuations: ValuationRow[];
  holders: Map<string, string>;
}

function taskFor(file: ClientFile, today: string, rand: Rand, taken: Set<string>): TaskSpec | null {
  const lang = languageOf(file.company);
  const nl = lang === 'nl';
  const name = file.company.companyName;
  const primary = file.contacts.find((c) => c.primary)!;
  const contact = pick(rand, file.contacts);
  const live = file.grants.filter((g) => !g.cancelledDate && !g.terminationDate);
  const specs: (() => TaskSpec | null)[] = [
    () => {
      const g = live.find((x) => within(cliffOf(x), today, addDays(today, 90)));
      if (!g) return null;
      const holder = file.holders.get(g.stakeholderId) ?? '';
      return {
        title: nl ? `Cliff-brief ${holder} versturen` : `Send ${holder} the cliff letter`,
        description: nl
          ? `De cliff valt op ${longDate('nl', cliffOf(g)!)}. Brief met het vestingoverzicht laten tekenen door ${primary.name}.`
          : `The cliff falls on ${longDate('en', cliffOf(g)!)}. Have ${primary.name} sign the letter with the vesting overview.`,
        grantId: g.id,
        contactId: primary.id,
      };
    },
    () => {
      const g = file.grants.find((x) => x.status === 'offered' || x.status === 'draft');
      if (!g) return null;
      const holder = file.holders.get(g.stakeholderId) ?? '';
      if (g.status === 'draft')
        return {
          title: nl ? `Toekenning aan ${holder} afronden` : `Finalise the grant to ${holder}`,
          description: nl
            ? 'Voorwaarden nalopen en het aanbod ter ondertekening klaarzetten.'
            : 'Check the terms and prepare the offer for signature.',
          grantId: g.id,
        };
      return {
        title: nl
          ? `Aanvaarding aanbod ${holder} opvolgen`
          : `Follow up ${holder}'s acceptance of the offer`,
        description: nl
          ? 'Getekende aanvaarding opvragen; zonder tijdige aanvaarding vervalt het aanbod.'
          : 'Ask for the signed acceptance; the offer lapses if it is not accepted in time.',
        grantId: g.id,
      };
    },
    () => {
      // Only a valuation that runs out within four months (or has) calls for a new one.
      const v = file.valuations.at(-1);
      if (!v || v.validUntil > addDays(today, 120)) return null;
      return {
        title: nl ? `Nieuwe waardering ${name} aanvragen` : `Request a new valuation for ${name}`,
        description: nl
          ? `De waardering van ${longDate('nl', v.effectiveDate)} is geldig tot ${longDate('nl', v.validUntil)}. Offerte bij ${v.provider ?? 'de taxateur'} opvragen.`
          : `The valuation of ${longDate('en', v.effectiveDate)} is valid until ${longDate('en', v.validUntil)}. Ask ${v.provider ?? 'the valuer'} for a quote.`,
        valuationId: v.id,
      };
    },
    () => ({
      title: nl
        ? `${contact.name} terugbellen over het optieplan`
        : `Call ${contact.name} back about the option plan`,
      description: nl
        ? 'Vragen over de uitoefentermijn en de fiscale gevolgen bij vertrek.'
        : 'Questions about the exercise period and the tax consequences of leaving.',
      contactId: contact.id,
    }),
    () => ({
      title: nl ? `Concept bestuursbesluit ${name}` : `Draft board resolution ${name}`,
      description: nl
        ? 'Toekenning van opties aan de nieuwe medewerkers; naar de commissarissen ter goedkeuring.'
        : 'Grant of options to the new hires; to the supervisory board for approval.',
      contactId: primary.id,
    }),
    () => ({
      title: nl
        ? `Aandeelhoudersregister ${name} bijwerken`
        : `Update the register of shareholders of ${name}`,
      description: null,
    }),
    () => ({
      title: nl ? `Reglement optieplan ${name} herzien` : `Review the option plan rules of ${name}`,
      description: nl
        ? 'Leaver-bepalingen en versnelling bij overname in lijn brengen met de term sheet.'
        : 'Bring the leaver terms and acceleration on a sale in line with the term sheet.',
    }),
  ];
  const start = rand.int(0, specs.length - 1);
  for (let i = 0; i < specs.length; i++) {
    const spec = specs[(start + i) % specs.length]!();
    if (spec && !taken.has(spec.title)) return spec;
  }
  return null;
}

const FIRM_TASKS: TaskSpec[] = [
  {
    title: 'Kennissessie ESOP voor het kantoor voorbereiden',
    description: 'Onderwerpen: nieuwe regels voor de heffing bij aandelenopties, STAK-structuren.',
  },
  { title: 'Modelreglement optieplan actualiseren', description: null },
  { title: 'Urenregistratie van de maand afronden', description: null },
];

function buildTasks(
  out: DemoPracticeRows,
  args: {
    organizationId: string;
    lawyer: DemoLawyer;
    owner: DemoLawyer;
    /** Which of the firm's own tasks (without a client) is this lawyer's. */
    firmTask: TaskSpec;
    files: ClientFile[];
    today: string;
    timeZone: string;
    rand: Rand;
  },
) {
  const { lawyer, owner, files, today, rand } = args;
  const mix = MIX[lawyer.id === owner.id ? 'owner' : 'colleague'];
  const mine = files.filter((f) => f.company.responsibleUserId === lawyer.id);
  const pool = mine.length > 0 ? mine : files;
  const taken = new Set<string>();
  for (const bucket of Object.keys(mix) as Bucket[]) {
    for (let i = 0; i < mix[bucket]; i++) {
      // One piece of the firm's own work without a client; otherwise mostly their own clients.
      const internal = bucket === 'undated' && i === 0;
      let file: ClientFile | null = null;
      let spec: TaskSpec | null = null;
      if (internal) spec = args.firmTask;
      // A lawyer's list holds each task once: another client when this one's are taken.
      while (!spec) {
        file = rand.chance(0.8) ? pick(rand, pool) : pick(rand, files);
        spec = taskFor(file, today, rand, taken);
      }
      taken.add(spec.title);
      let dueDate: string | null;
      let status: 'open' | 'waiting' | 'done' = 'open';
      switch (bucket) {
        case 'overdue':
          dueDate = addDays(today, -rand.int(1, 20));
          break;
        case 'week':
          dueDate = addDays(today, i === 0 ? 0 : rand.int(1, 5));
          break;
        case 'later':
          dueDate = addDays(today, rand.int(9, 60));
          break;
        case 'waiting':
          status = 'waiting';
          dueDate = rand.chance(0.7) ? addDays(today, rand.int(-3, 21)) : null;
          break;
        case 'done':
          status = 'done';
          dueDate = addDays(today, -rand.int(1, 40));
          break;
        default:
          dueDate = null;
      }
      const dueTime =
        dueDate && bucket !== 'done' && rand.chance(0.25)
          ? pick(rand, ['09:30', '10:00', '11:00', '14:00', '16:30'])
          : null;
      const createdOn = dueDate
        ? addDays(dueDate, -rand.int(5, 30))
        : addDays(today, -rand.int(1, 60));
      const createdAt = zonedInstant(
        createdOn < today ? createdOn : addDays(today, -1),
        '08:45',
        args.timeZone,
      );
      const completedAt =
        status === 'done'
          ? zonedInstant(addDays(dueDate!, -rand.int(0, 3)), '16:15', args.timeZone)
          : null;
      // The demo lawyer hands some of the colleagues' work out herself.
      const creator = lawyer.id !== owner.id && rand.chance(0.4) ? owner : lawyer;
      const priority =
        bucket === 'overdue'
          ? pick(rand, ['high', 'high', 'normal'] as const)
          : pick(rand, ['low', 'normal', 'normal', 'high'] as const);
      out.tasks.push({
        id: randomUUID(),
        organizationId: args.organizationId,
        title: spec.title,
        description: spec.description,
        dueDate,
        dueTime,
        assigneeId: lawyer.id,
        priority,
        status,
        companyId: file?.company.id ?? null,
        grantId: spec.grantId ?? null,
        valuationId: spec.valuationId ?? null,
        contactId: spec.contactId ?? null,
        sourceKey: null,
        createdBy: creator.id,
        createdByName: creator.name,
        completedAt,
        createdAt,
        updatedAt: completedAt ?? createdAt,
      });
    }
  }
}

// ---------------------------------------------------------------------------------------- all

/** Contacts, a year of notes and each lawyer's tasks for the demo workspace. */
export function buildDemoPractice(args: {
  organizationId: string;
  /** The demo lawyer (owner) first, then the colleagues. */
  lawyers: DemoLawyer[];
  companies: DemoPracticeCompany[];
  equity: DemoEquityRows;
  grants: DemoGrantRows;
  valuations: (typeof valuation.$inferInsert)[];
  today: string;
  timeZone: string;
}): DemoPracticeRows {
  const out: DemoPracticeRows = { contacts: [], notes: [], participants: [], tasks: [] };
  const { organizationId, lawyers, today, timeZone } = args;
  const holders = new Map(args.equity.stakeholders.map((s) => [s.id!, s.name]));
  const files: ClientFile[] = [];
  for (const company of args.companies) {
    const rand = prng(`practice:${company.companyName}`);
    const contacts = buildContacts(company, args.equity.stakeholders, organizationId, rand);
    out.contacts.push(...contacts);
    const grants = args.grants.grants.filter((g) => g.companyId === company.id) as GrantRow[];
    const valuations = (args.valuations as ValuationRow[])
      .filter((v) => v.companyId === company.id)
      .sort((a, b) => daysBetween(b.effectiveDate, a.effectiveDate));
    const plans = args.equity.plans.filter((p) => p.companyId === company.id) as PlanRow[];
    buildNotes(out, {
      organizationId,
      company,
      contacts,
      lawyers,
      holders,
      grants,
      plans,
      valuations,
      today,
      timeZone,
      rand,
    });
    files.push({ company, contacts, grants, valuations, holders });
  }
  lawyers.forEach((lawyer, i) =>
    buildTasks(out, {
      organizationId,
      lawyer,
      owner: lawyers[0]!,
      firmTask: FIRM_TASKS[i % FIRM_TASKS.length]!,
      files,
      today,
      timeZone,
      rand: prng(`tasks:${lawyer.name}`),
    }),
  );
  return out;
}
