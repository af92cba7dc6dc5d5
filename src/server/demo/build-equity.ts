import { randomUUID } from 'node:crypto';
import {
  planCreateSchema,
  poolAdjustmentCreateSchema,
  receiptCreateSchema,
  shareClassCreateSchema,
  shareEventCreateSchema,
  stakeholderCreateSchema,
} from '../../contracts/equity';
import type {
  depositaryReceipt,
  equityPlan,
  poolAdjustment,
  shareClass,
  shareEvent,
  stakeholder,
} from '../db/schema';
import { DEMO_EQUITY, type DemoEquity, type DemoHolder } from './equity';

/**
 * Turns the demo's equity structures (./equity.ts) into rows for bulk inserts: ids are made
 * here so that events, receipts and plans can name their stakeholders and classes before
 * anything is written. Every row passes the API's create schema first. Share numbers are
 * handed out per class in issue order; a transfer or cancellation moves the highest numbers
 * its giver holds, so the register is valid by construction (test/api/demo.test.ts replays it).
 */

export interface DemoEquityRows {
  stakeholders: (typeof stakeholder.$inferInsert)[];
  shareClasses: (typeof shareClass.$inferInsert)[];
  shareEvents: (typeof shareEvent.$inferInsert)[];
  receipts: (typeof depositaryReceipt.$inferInsert)[];
  plans: (typeof equityPlan.$inferInsert)[];
  poolAdjustments: (typeof poolAdjustment.$inferInsert)[];
}

export interface DemoCompanyRef {
  id: string;
  companyName: string;
  country: string;
  city: string | null;
  email: string | null;
  createdAt: Date;
}

const FIRST_NAMES: Record<string, string[]> = {
  NL: [
    'Sem',
    'Julia',
    'Bram',
    'Tess',
    'Finn',
    'Lieke',
    'Thijs',
    'Noor',
    'Jesse',
    'Roos',
    'Niels',
    'Sara',
    'Koen',
  ],
  BE: [
    'Arthur',
    'Olivia',
    'Jules',
    'Marie',
    'Louis',
    'Elena',
    'Victor',
    'Nora',
    'Lars',
    'Fien',
    'Mathis',
    'Ella',
    'Wout',
  ],
  DE: [
    'Ben',
    'Emilia',
    'Paul',
    'Sophie',
    'Luis',
    'Hanna',
    'Felix',
    'Lina',
    'Noah',
    'Clara',
    'Elias',
    'Greta',
    'Moritz',
  ],
};
const LAST_NAMES: Record<string, string[]> = {
  NL: [
    'de Jong',
    'van den Berg',
    'van Dijk',
    'Bakker',
    'Smit',
    'de Groot',
    'Vos',
    'Peters',
    'Hendriks',
    'van der Meer',
    'Kramer',
    'Dekker',
    'Brouwer',
  ],
  BE: [
    'Peeters',
    'Janssens',
    'Maes',
    'Mertens',
    'Willems',
    'Goossens',
    'Wouters',
    'De Smet',
    'Dubois',
    'Lambert',
    'Claes',
    'Hermans',
    'Michiels',
  ],
  DE: [
    'Müller',
    'Schmidt',
    'Meyer',
    'Becker',
    'Schulz',
    'Koch',
    'Richter',
    'Klein',
    'Wolf',
    'Neumann',
    'Braun',
    'Krause',
    'Vogel',
  ],
};

/** An e-mail local part from a name: lower case ASCII, no spaces ("van den Berg" → "vandenberg"). */
export const mailName = (text: string) =>
  text
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .replace(/ß/g, 'ss')
    .replace(/ı/g, 'i')
    .toLowerCase()
    .replace(/[^a-z]/g, '');

interface Range {
  first: number;
  last: number;
}

/** Share numbers per class: who holds which, and the next free number. */
class NumberedRegister {
  private next = new Map<string, number>();
  private held = new Map<string, Range[]>();

  issue(classId: string, holder: string, count: number): Range {
    const first = this.next.get(classId) ?? 1;
    const range = { first, last: first + count - 1 };
    this.next.set(classId, range.last + 1);
    this.ranges(classId, holder).push({ ...range });
    return range;
  }

  /** Takes `count` of the highest numbers the holder has in one block. */
  take(classId: string, holder: string, count: number, what: string): Range {
    const ranges = this.ranges(classId, holder);
    const top = ranges.at(-1);
    if (!top || top.last - top.first + 1 < count)
      throw new Error(`Demo data: ${what} needs ${count} shares in one block`);
    const range = { first: top.last - count + 1, last: top.last };
    top.last -= count;
    if (top.last < top.first) ranges.pop();
    return range;
  }

  give(classId: string, holder: string, range: Range): void {
    const ranges = this.ranges(classId, holder);
    ranges.push({ ...range });
    ranges.sort((a, b) => a.first - b.first);
  }

  private ranges(classId: string, holder: string): Range[] {
    const key = `${classId}\u0000${holder}`;
    let list = this.held.get(key);
    if (!list) this.held.set(key, (list = []));
    return list;
  }
}

function buildCompany(
  rows: DemoEquityRows,
  organizationId: string,
  company: DemoCompanyRef,
  index: number,
  spec: DemoEquity,
) {
  const companyId = company.id;
  const domain = company.email?.split('@')[1] ?? null;
  // Entered into the system after the company, one second apart, in the order of the register.
  let tick = 0;
  const entered = () => {
    const at = new Date(company.createdAt.getTime() + 3_600_000 + 1000 * tick++);
    return { createdAt: at, updatedAt: at };
  };
  const owned = { organizationId, companyId };

  // Stakeholders: the named people, then the employees.
  const ids = new Map<string, string>();
  let stakId: string | null = null;
  for (const person of spec.people) {
    const id = randomUUID();
    ids.set(person.name, id);
    if (person.relationship === 'stak') stakId = id;
    const body = stakeholderCreateSchema.parse({
      kind: person.kind,
      name: person.name,
      relationship: person.relationship,
      status: person.status ?? 'active',
      email: person.mailbox && domain ? `${person.mailbox}@${domain}` : null,
      taxCountry: person.kind === 'individual' ? company.country : null,
      country: person.kind === 'institution' ? company.country : null,
      city: person.kind === 'institution' ? company.city : null,
    });
    rows.stakeholders.push({ id, ...owned, ...body, ...entered() });
  }
  const employeeIds: string[] = [];
  const firsts = FIRST_NAMES[company.country] ?? FIRST_NAMES.NL!;
  const lasts = LAST_NAMES[company.country] ?? LAST_NAMES.NL!;
  const initials = company.companyName
    .split(/\s+/)
    .slice(0, 2)
    .map((w) => mailName(w).charAt(0).toUpperCase())
    .join('');
  for (let j = 0; j < spec.employees; j++) {
    const first = firsts[(index * 5 + j * 7) % firsts.length]!;
    const last = lasts[(index * 3 + j * 5) % lasts.length]!;
    const id = randomUUID();
    employeeIds.push(id);
    const body = stakeholderCreateSchema.parse({
      kind: 'individual',
      name: `${first} ${last}`,
      relationship: 'employee',
      status: j === 5 ? 'terminated' : j === 6 ? 'leave_of_absence' : 'active',
      email: domain ? `${mailName(first)}.${mailName(last)}@${domain}` : null,
      city: company.city,
      country: company.country,
      taxCountry: company.country,
      employeeId: `${initials}-${String(101 + j)}`,
    });
    rows.stakeholders.push({ id, ...owned, ...body, ...entered() });
  }
  const who = (holder: DemoHolder): string => {
    const id = typeof holder === 'string' ? ids.get(holder) : employeeIds[holder.employee];
    if (!id) throw new Error(`Demo data: ${company.companyName} has no ${JSON.stringify(holder)}`);
    return id;
  };

  if (!spec.classes) return;
  const classes = spec.classes;
  const commonId: string = randomUUID();
  let preferredId: string | null = null;
  const addClass = (id: string, name: string, preferred: boolean) => {
    const body = shareClassCreateSchema.parse({
      name,
      classType: preferred ? 'preferred' : 'common',
      nominalValue: classes.nominalValue,
      currency: 'EUR',
      seniority: preferred ? 2 : 1,
      sharesAuthorized: preferred ? null : (classes.authorized ?? null),
    });
    rows.shareClasses.push({ id, ...owned, ...body, ...entered() });
  };
  addClass(commonId, classes.common, false);

  const numbers = new NumberedRegister();
  const notary = spec.notary ?? null;
  let lastDate = '';
  const event = (body: Record<string, unknown>) => {
    const parsed = shareEventCreateSchema.parse({ currency: 'EUR', ...body });
    rows.shareEvents.push({ id: randomUUID(), ...owned, ...parsed, ...entered() });
  };
  for (const step of spec.steps) {
    if (step.date < lastDate)
      throw new Error(`Demo data: ${company.companyName}'s steps are not in date order`);
    lastDate = step.date;
    const deed = 'deed' in step && step.deed ? { deedDate: step.date, notary } : {};
    const notes = 'notes' in step ? (step.notes ?? null) : null;
    switch (step.kind) {
      case 'issue': {
        let classId: string = commonId;
        if (step.preferred) {
          if (!preferredId) {
            preferredId = randomUUID();
            addClass(preferredId, classes.preferred!, true);
          }
          classId = preferredId;
        }
        for (const [holder, count] of step.to) {
          const to = who(holder);
          const range = numbers.issue(classId, to, count);
          event({
            type: 'issue',
            date: step.date,
            shareClassId: classId,
            shareCount: count,
            toStakeholderId: to,
            firstShareNumber: range.first,
            lastShareNumber: range.last,
            pricePerShare: step.price,
            notes,
            ...deed,
          });
        }
        break;
      }
      case 'transfer':
      case 'cancel': {
        const from = who(step.from);
        const range = numbers.take(commonId, from, step.shares, `${step.kind} by ${step.from}`);
        const to = step.kind === 'transfer' ? who(step.to) : null;
        if (to) numbers.give(commonId, to, range);
        event({
          type: step.kind,
          date: step.date,
          shareClassId: commonId,
          shareCount: step.shares,
          fromStakeholderId: from,
          toStakeholderId: to,
          firstShareNumber: range.first,
          lastShareNumber: range.last,
          pricePerShare: step.kind === 'transfer' ? (step.price ?? null) : null,
          notes,
          ...deed,
        });
        break;
      }
      case 'receipts': {
        if (!stakId) throw new Error(`Demo data: ${company.companyName} has no STAK`);
        for (const [holder, count] of step.to) {
          const body = receiptCreateSchema.parse({
            stakStakeholderId: stakId,
            shareClassId: commonId,
            holderStakeholderId: who(holder),
            receiptCount: count,
            date: step.date,
          });
          rows.receipts.push({ id: randomUUID(), ...owned, ...body, ...entered() });
        }
        break;
      }
    }
  }

  for (const plan of spec.plans) {
    const planId = randomUUID();
    const body = planCreateSchema.parse({
      name: plan.name,
      planType: plan.planType,
      shareClassId: commonId,
      stakStakeholderId: plan.planType === 'receipt_options' ? stakId : null,
      poolSize: plan.poolSize,
      currency: 'EUR',
      boardApprovalDate: plan.boardApprovalDate,
      shareholderApprovalDate: plan.shareholderApprovalDate ?? null,
      exerciseWindowMonths: plan.exerciseWindowMonths ?? null,
      leaverPolicy: plan.leaverPolicy,
      acceleration: plan.acceleration,
      forfeitedTo: 'pool',
      notes: plan.notes ?? null,
    });
    rows.plans.push({ id: planId, ...owned, ...body, ...entered() });
    if (plan.adjustment) {
      const adjustment = poolAdjustmentCreateSchema.parse({
        ...plan.adjustment,
        approvalDate: plan.adjustment.date,
      });
      rows.poolAdjustments.push({
        id: randomUUID(),
        ...owned,
        planId,
        ...adjustment,
        ...entered(),
      });
    }
  }
}

/** The rows of every demo company's equity structure, in the order they must be inserted. */
export function buildDemoEquity(
  organizationId: string,
  companies: readonly DemoCompanyRef[],
): DemoEquityRows {
  const rows: DemoEquityRows = {
    stakeholders: [],
    shareClasses: [],
    shareEvents: [],
    receipts: [],
    plans: [],
    poolAdjustments: [],
  };
  companies.forEach((company, index) => {
    const spec = DEMO_EQUITY[company.companyName];
    if (!spec) throw new Error(`Demo data: no equity structure for ${company.companyName}`);
    buildCompany(rows, organizationId, company, index, spec);
  });
  return rows;
}
