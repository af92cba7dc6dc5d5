import { systemNow } from '../../clock';
import { and, eq, gt } from 'drizzle-orm';
import type { z } from 'zod';
import { companyCreateSchema } from '../../../contracts/company';
import type { OcfImportReport } from '../../../contracts/ocf';
import {
  planCreateSchema,
  poolAdjustmentCreateSchema,
  receiptCreateSchema,
  shareClassCreateSchema,
  shareEventCreateSchema,
  stakeholderCreateSchema,
} from '../../../contracts/equity';
import { valuationCreateSchema } from '../../../contracts/valuation';
import { grantCreateSchema } from '../../../contracts/vesting';
import { plainComments, readCustom } from '../../../domain/ocf/custom';
import {
  fromOcfConditions,
  type OcfCondition,
  type OcfTermsProblem,
} from '../../../domain/ocf/vesting';
import type { PlanType } from '../../../domain/equity';
import type { VestingTerms } from '../../../domain/vesting';
import type { Database, DbOrTx } from '../../db/client';
import {
  depositaryReceipt,
  equityPlan,
  grant,
  grantExercise,
  poolAdjustment,
  shareEvent,
  stakeholder,
  valuation,
} from '../../db/schema';
import type { ServiceArgs } from '../../http/context';
import { withInputs } from '../../../contracts/i18n/issues';
import {
  AppError,
  issueText,
  msg,
  renderText,
  zodError,
  type Message,
  type Text,
} from '../../http/errors';
import { createCompany } from '../companies/service';
import * as plans from '../equity/plans';
import * as register from '../equity/register';
import * as shareClasses from '../equity/share-classes';
import * as stakeholders from '../equity/stakeholders';
import * as grants from '../grants/service';
import { createValuation } from '../valuations/service';
import {
  OBJECT_SCHEMAS,
  manifestSchema,
  objectFileSchema,
  type OcfEquityIssuance,
  type OcfIssuer,
  type OcfPoolAdjustment,
  type OcfStakeholder,
  type OcfStockClass,
  type OcfStockIssuance,
  type OcfStockPlan,
  type OcfValuation,
  type OcfVestingTerms,
} from './schema';
import { PACKAGE, md5, parseJsonFile, readZip, refuse } from './zip';

/** The skip reason of an object whose reference the import could not place. */
const missingReference = (what: 'stakeholder' | 'stockPlan' | 'stockClass', id: string) =>
  msg('errors.ocf.skip.missingReference', { what, id });

/**
 * `POST /ocf-imports`: an Open Cap Format package becomes a new client company (decision 024).
 * The package is read and checked first (400 naming the file and object); then, in one
 * transaction, every object goes through the same services as the API, each in a savepoint of
 * its own: what our rules refuse, and what we have no place for, is reported in `skipped` with
 * the reason, never dropped silently. Anything unexpected rolls the whole import back.
 */

export type ImportReport = OcfImportReport;

type Obj = Record<string, unknown> & { id: string; object_type: string; comments?: string[] };

const MANIFEST_LISTS = [
  'stakeholders_files',
  'stock_classes_files',
  'stock_plans_files',
  'vesting_terms_files',
  'valuations_files',
  'transactions_files',
  'stock_legend_templates_files',
  'financings_files',
  'documents_files',
] as const;

const baseName = (path: string) => path.split('/').at(-1) ?? path;

/**
 * A zod issue of a package's JSON as a problem: "path: what is wrong" (the issue alone when it
 * concerns the whole value). `data` is the value parsed: it tells a missing field from a wrong one.
 */
function issueProblem(issue: z.core.$ZodIssue, data: unknown): Message {
  const [withInput] = withInputs([issue], data);
  const text = issueText(withInput!);
  const path = issue.path.join('.');
  return path ? msg('errors.ocf.fieldProblem', { field: path, problem: text }) : text;
}

/**
 * The package's objects, checked against the OCF shapes we read; 400 on the first problem. A file
 * whose manifest entry gives an MD5 (OCF File.md5) that its bytes do not have is read all the same
 * and listed in `mismatched`: the coalition's own samples give MD5s that match none of their files,
 * and the schema check, not the checksum, decides what is imported (the zip's CRC already guards
 * against damage in transit).
 */
export function readPackage(bytes: Uint8Array): {
  issuer: OcfIssuer;
  objects: Obj[];
  extra: string[];
  mismatched: { file: string; expected: string; actual: string }[];
} {
  const mismatched: { file: string; expected: string; actual: string }[] = [];
  const files = readZip(bytes);
  let manifestName = [...files.keys()].find((n) => n.toLowerCase() === 'manifest.ocf.json');
  const parsed = new Map<string, unknown>();
  if (!manifestName) {
    for (const [name, data] of files) {
      const json = parseJsonFile(name, data);
      parsed.set(name, json);
      if ((json as { file_type?: unknown } | null)?.file_type === 'OCF_MANIFEST_FILE')
        manifestName = name;
    }
  }
  if (!manifestName) throw refuse(PACKAGE, msg('errors.ocf.noManifest'));
  const json = (name: string) => {
    if (!parsed.has(name)) parsed.set(name, parseJsonFile(name, files.get(name)!));
    return parsed.get(name);
  };
  const manifestJson = json(manifestName);
  const manifest = manifestSchema.safeParse(manifestJson);
  if (!manifest.success) {
    const issue = manifest.error.issues[0]!;
    // The issuer's fields are named within the ISSUER object.
    const inIssuer = issue.path[0] === 'issuer' && issue.path.length > 1;
    throw refuse(
      manifestName,
      inIssuer
        ? msg('errors.ocf.inIssuer', {
            problem: issueProblem(
              { ...issue, path: issue.path.slice(1) },
              (manifestJson as { issuer?: unknown }).issuer,
            ),
          })
        : msg('errors.ocf.inManifest', { problem: issueProblem(issue, manifestJson) }),
    );
  }
  const objects: Obj[] = [];
  const listed = new Set<string>([manifestName]);
  for (const list of MANIFEST_LISTS) {
    for (const entry of ((manifest.data as Record<string, unknown>)[list] ?? []) as {
      filepath: string;
      md5?: string;
    }[]) {
      const name = baseName(entry.filepath);
      if (name === manifestName) continue;
      const data = files.get(name);
      if (!data) throw refuse(name, msg('errors.ocf.notInPackage'));
      if (entry.md5 !== undefined) {
        const actual = md5(data);
        // OCF's Md5 type allows upper-case hex digits.
        if (actual !== entry.md5.toLowerCase() && !mismatched.some((m) => m.file === name))
          mismatched.push({ file: name, expected: entry.md5, actual });
      }
      if (listed.has(name)) continue;
      listed.add(name);
      const content = json(name);
      const file = objectFileSchema.safeParse(content);
      if (!file.success) throw refuse(name, issueProblem(file.error.issues[0]!, content));
      for (const item of file.data.items) {
        const schema = OBJECT_SCHEMAS[item.object_type];
        if (schema) {
          const ok = schema.safeParse(item);
          if (!ok.success)
            throw refuse(
              name,
              msg('errors.ocf.inObject', {
                type: item.object_type,
                id: item.id,
                problem: issueProblem(ok.error.issues[0]!, item),
              }),
            );
        }
        objects.push(item as Obj);
      }
    }
  }
  const extra = [...files.keys()].filter((n) => !listed.has(n));
  return { issuer: manifest.data.issuer, objects, extra, mismatched };
}

// ------------------------------------------------------------------------------------ helpers

/** A decimal string that is a whole number ("12", "+12.00") as a number; null otherwise. */
function whole(value: unknown): number | null {
  if (typeof value !== 'string' || !/^\+?\d+(\.0+)?$/.test(value)) return null;
  const n = Number(value.replace(/^\+/, '').split('.')[0]);
  return Number.isSafeInteger(n) ? n : null;
}
/** A decimal string without its sign and trailing zeros; null when negative or not one. */
function decimal(value: unknown): string | null {
  if (typeof value !== 'string' || !/^\+?\d+(\.\d+)?$/.test(value)) return null;
  return value.replace(/^\+/, '');
}
const oneLine = (s: string | undefined | null) =>
  s
    ? s
        .replace(/\s*[\r\n]+\s*/g, ', ')
        .replace(/\t/g, ' ')
        .trim() || null
    : null;
const has = (o: Record<string, unknown>, key: string) => Object.hasOwn(o, key);
const pick = <T>(custom: Record<string, unknown>, key: string, fallback: T): T =>
  has(custom, key) ? (custom[key] as T) : fallback;
function notesOf(o: Obj, custom: Record<string, unknown>): string | null {
  if (has(custom, 'notes')) return custom.notes as string | null;
  const plain = plainComments(o.comments);
  return plain.length > 0 ? plain.join('\n') : null;
}

const RELATIONSHIPS: Record<string, string> = {
  FOUNDER: 'founder',
  EMPLOYEE: 'employee',
  NON_US_EMPLOYEE: 'employee',
  EX_EMPLOYEE: 'employee',
  EXECUTIVE: 'employee',
  OFFICER: 'employee',
  ADVISOR: 'advisor',
  EX_ADVISOR: 'advisor',
  BOARD_MEMBER: 'board_member',
  CONSULTANT: 'consultant',
  EX_CONSULTANT: 'consultant',
  INVESTOR: 'investor',
  OTHER: 'other',
};

const TX_RANK: Record<string, number> = {
  TX_STOCK_PLAN_POOL_ADJUSTMENT: 0,
  TX_STOCK_ISSUANCE: 1,
  TX_STOCK_TRANSFER: 1,
  TX_STOCK_CANCELLATION: 1,
  TX_EQUITY_COMPENSATION_ISSUANCE: 2,
  CHANGE_OF_CONTROL: 3,
  TX_VESTING_EVENT: 4,
  TX_EQUITY_COMPENSATION_EXERCISE: 5,
  TERMINATION: 6,
  TX_EQUITY_COMPENSATION_CANCELLATION: 7,
};

const STAMPED = [
  shareEvent,
  depositaryReceipt,
  grant,
  grantExercise,
  poolAdjustment,
  equityPlan,
  stakeholder,
  valuation,
] as const;

// ------------------------------------------------------------------------------------- import

/** Imports a package (read with `readPackage`) as a new company of the caller's workspace. */
export async function importOcf({
  db,
  actor,
  input,
}: ServiceArgs<{ bytes: Uint8Array; language: string }>): Promise<{
  companyId: string;
  report: ImportReport;
}> {
  const { issuer, objects, extra, mismatched } = readPackage(input.bytes);
  const report: ImportReport = {
    imported: {},
    skipped: [],
    warnings: mismatched.map(({ file, expected, actual }) => ({
      file,
      reason: renderText(msg('errors.ocf.md5Mismatch', { expected, actual }), input.language),
    })),
  };
  const count = (object: string) => (report.imported[object] = (report.imported[object] ?? 0) + 1);
  /** The last reason given: a refusal of the company repeats it. */
  let lastReason: Text = msg('errors.invalidRequest');
  /** Reports an object as left out; the reason in the caller's language (issue 12). */
  const skip = (object: string, id: string, reason: Text) => {
    lastReason = reason;
    report.skipped.push({ object, id, reason: renderText(reason, input.language) });
  };
  for (const name of extra) skip('FILE', name, msg('errors.ocf.skip.notListed'));

  /** A refusal of our rules, as the reason of a skip: its message, or its fields' messages. */
  const reasonOf = (error: AppError): string => {
    const body = error.toBody(input.language).error as {
      message: string;
      fields?: Record<string, string>;
    };
    const fields = Object.entries(body.fields ?? {}).map(([k, v]) => `${k}: ${v}`);
    return fields.length > 1 ? fields.join('; ') : body.message;
  };

  /** Our input for `schema`; fields our rules refuse are left out (and reported) when optional. */
  function lenient<S extends z.ZodType>(
    schema: S,
    value: Record<string, unknown>,
    required: string[],
    object: string,
    id: string,
  ): z.output<S> | null {
    const attemptValue = { ...value };
    for (let round = 0; round < 10; round++) {
      const result = schema.safeParse(attemptValue);
      if (result.success) return result.data;
      const fields = [...new Set(result.error.issues.map((i) => String(i.path[0] ?? '')))];
      const droppable = fields.filter((f) => f && !required.includes(f) && has(attemptValue, f));
      if (droppable.length === 0) {
        skip(object, id, reasonOf(zodError(result.error.issues, { data: attemptValue })));
        return null;
      }
      for (const field of droppable) {
        const issue = result.error.issues.find((i) => String(i.path[0]) === field)!;
        const reason = reasonOf(zodError([issue], { data: attemptValue }));
        skip(object, id, msg('errors.ocf.skip.leftOut', { field, reason }));
        delete attemptValue[field];
      }
    }
    return null;
  }

  return db.transaction(async (tx) => {
    const sdb = tx as unknown as Database;
    const args = { db: sdb, actor };
    // Entry order: rows made in one transaction share its timestamp; each gets its own, in
    // the order made, so the register replays (and the next export lists) in the package's order.
    const base = systemNow().getTime() - 30 * 24 * 3600 * 1000;
    let seq = 0;
    const cutoff = new Date(systemNow().getTime() - 24 * 3600 * 1000);
    async function stamp(t: DbOrTx, companyId: string) {
      for (const table of STAMPED) {
        const rows = await t
          .select({ id: table.id })
          .from(table)
          .where(and(eq(table.companyId, companyId), gt(table.createdAt, cutoff)));
        for (const row of rows.sort((a, b) => a.id.localeCompare(b.id))) {
          seq += 1;
          await t
            .update(table)
            .set({ createdAt: new Date(base + seq) })
            .where(eq(table.id, row.id));
        }
      }
    }
    /** One service call in its own savepoint: refused by our rules → skipped with the reason. */
    async function attempt<T>(
      object: string,
      id: string,
      run: () => Promise<T>,
    ): Promise<T | null> {
      try {
        const result = await run();
        count(object);
        return result;
      } catch (error) {
        if (!(error instanceof AppError) || error.status >= 500) throw error;
        skip(object, id, reasonOf(error));
        return null;
      }
    }

    // ---- the company (it must be made: a refusal here refuses the package)
    const ic = readCustom(issuer.comments);
    const taxIds = issuer.tax_ids ?? [];
    const vatFromTax = taxIds.find((t) => /^[A-Z]{2}/.test(t.tax_id))?.tax_id ?? null;
    const regFromTax = taxIds.find((t) => !/^[A-Z]{2}/.test(t.tax_id))?.tax_id ?? null;
    const companyInput = lenient(
      companyCreateSchema,
      {
        companyName: issuer.legal_name,
        country: issuer.country_of_formation,
        incorporationDate: pick(ic, 'incorporationDate', issuer.formation_date),
        companyType: pick(ic, 'companyType', undefined),
        status: pick(ic, 'status', 'active'),
        vat: pick(ic, 'vat', vatFromTax),
        registrationNumber: pick(ic, 'registrationNumber', regFromTax),
        email: pick(ic, 'email', issuer.email?.email_address ?? null),
        phone: pick(ic, 'phone', issuer.phone?.phone_number ?? null),
        street: pick(ic, 'street', oneLine(issuer.address?.street_suite)),
        streetNumber: pick(ic, 'streetNumber', null),
        city: issuer.address?.city ?? null,
        postal: issuer.address?.postal_code ?? null,
        contactName: pick(ic, 'contactName', null),
        notes: notesOf(issuer as Obj, ic),
      },
      ['companyName'],
      'ISSUER',
      issuer.id,
    );
    if (!companyInput)
      throw refuse('Manifest.ocf.json', msg('errors.ocf.inIssuer', { problem: lastReason }));
    const company = await createCompany({ ...args, input: companyInput });
    count('ISSUER');
    const companyId = company.id;
    const within = { ...args };

    const byType = (type: string) => objects.filter((o) => o.object_type === type);
    const stakeholderIds = new Map<string, string>();
    const classIds = new Map<string, string>();
    const classCurrency = new Map<string, string>();
    const planIds = new Map<string, string>();
    const planTypes = new Map<string, PlanType>();
    const reservedByPlan = new Map<string, number>();

    // ---- stakeholders
    for (const o of byType('STAKEHOLDER') as unknown as (OcfStakeholder & Obj)[]) {
      const c = readCustom(o.comments);
      const relationship =
        (c.relationship as string | undefined) ??
        RELATIONSHIPS[o.current_relationship ?? o.current_relationships?.[0] ?? 'OTHER'] ??
        'other';
      const status =
        (c.status as string | undefined) ??
        (o.current_status?.startsWith('TERMINATION')
          ? 'terminated'
          : o.current_status === 'LEAVE_OF_ABSENCE'
            ? 'leave_of_absence'
            : 'active');
      const address = o.addresses?.[0];
      const body = lenient(
        stakeholderCreateSchema,
        {
          kind: o.stakeholder_type === 'INSTITUTION' ? 'institution' : 'individual',
          name: oneLine(o.name.legal_name) ?? '',
          relationship,
          status,
          email: pick(c, 'email', o.contact_info?.emails?.[0]?.email_address ?? null),
          phone: pick(c, 'phone', o.contact_info?.phone_numbers?.[0]?.phone_number ?? null),
          street: pick(c, 'street', oneLine(address?.street_suite)),
          postal: pick(c, 'postal', address?.postal_code ?? null),
          city: pick(c, 'city', address?.city ?? null),
          country: pick(c, 'country', address?.country ?? null),
          taxCountry: pick(c, 'taxCountry', null),
          employeeId: o.issuer_assigned_id ?? null,
          notes: notesOf(o, c),
        },
        ['name', 'relationship', 'kind'],
        'STAKEHOLDER',
        o.id,
      );
      if (!body) continue;
      const made = await attempt('STAKEHOLDER', o.id, () =>
        stakeholders.createStakeholder({ ...within, input: { companyId, body } }),
      );
      if (made) stakeholderIds.set(o.id, made.id);
    }

    // ---- stock classes
    for (const o of byType('STOCK_CLASS') as unknown as (OcfStockClass & Obj)[]) {
      const c = readCustom(o.comments);
      const seniority = whole(o.seniority);
      const body = lenient(
        shareClassCreateSchema,
        {
          name: oneLine(o.name) ?? '',
          classType: o.class_type === 'PREFERRED' ? 'preferred' : 'common',
          nominalValue: decimal(o.par_value?.amount) ?? '0',
          currency: pick(c, 'currency', o.par_value?.currency ?? 'EUR'),
          votesPerShare: decimal(o.votes_per_share) ?? o.votes_per_share,
          liquidationPreferenceMultiple: decimal(o.liquidation_preference_multiple ?? '1') ?? '1',
          participating: pick(c, 'participating', o.participation_cap_multiple !== undefined),
          participationCapMultiple: o.participation_cap_multiple ?? null,
          seniority: seniority ?? o.seniority,
          sharesAuthorized:
            o.initial_shares_authorized === 'UNLIMITED' ||
            o.initial_shares_authorized === 'NOT APPLICABLE'
              ? null
              : (whole(o.initial_shares_authorized) ?? o.initial_shares_authorized),
        },
        ['name'],
        'STOCK_CLASS',
        o.id,
      );
      if (!body) continue;
      const made = await attempt('STOCK_CLASS', o.id, () =>
        shareClasses.createShareClass({ ...within, input: { companyId, body } }),
      );
      if (made) {
        classIds.set(o.id, made.id);
        classCurrency.set(o.id, made.currency);
      }
    }

    // ---- securities: who holds what (from the issuances), and which issuances are results
    const txs = objects.filter(
      (o) => o.object_type.startsWith('TX_') || o.object_type.startsWith('CE_'),
    );
    const stockOf = new Map<string, OcfStockIssuance & Obj>();
    for (const o of byType('TX_STOCK_ISSUANCE') as unknown as (OcfStockIssuance & Obj)[])
      stockOf.set(o.security_id, o);
    const resultOfExercise = new Set<string>();
    const resultOfChange = new Set<string>();
    /** Resulting and balance securities → the transaction that makes them; those that went in. */
    const producedBy = new Map<string, string>();
    const wentIn = new Set<string>();
    for (const o of txs) {
      const resulting = (o.resulting_security_ids as string[] | undefined) ?? [];
      const balance = o.balance_security_id as string | undefined;
      if (o.object_type === 'TX_EQUITY_COMPENSATION_EXERCISE')
        for (const r of resulting) {
          resultOfExercise.add(r);
          producedBy.set(r, o.id);
        }
      else if (o.object_type === 'TX_STOCK_TRANSFER' || o.object_type === 'TX_STOCK_CANCELLATION')
        for (const r of [...resulting, ...(balance ? [balance] : [])]) {
          resultOfChange.add(r);
          producedBy.set(r, o.id);
        }
    }
    const grantsOf = new Map<string, OcfEquityIssuance & Obj>();
    for (const o of byType('TX_EQUITY_COMPENSATION_ISSUANCE') as unknown as (OcfEquityIssuance &
      Obj)[])
      grantsOf.set(o.security_id, o);
    const vestingStart = new Map<string, string>();
    for (const o of byType('TX_VESTING_START'))
      vestingStart.set(o.security_id as string, o.date as string);
    const termsById = new Map<string, OcfVestingTerms & Obj>();
    for (const o of byType('VESTING_TERMS') as unknown as (OcfVestingTerms & Obj)[])
      termsById.set(o.id, o);

    // ---- stock plans
    for (const o of byType('STOCK_PLAN') as unknown as (OcfStockPlan & Obj)[]) {
      const c = readCustom(o.comments);
      const types = [...grantsOf.values()]
        .filter((g) => g.stock_plan_id === o.id)
        .map((g) => g.compensation_type);
      const planType =
        (c.planType as PlanType | undefined) ??
        (types.length > 0 && types.every((t) => t === 'RSU')
          ? 'rsu'
          : types.length > 0 && types.every((t) => t === 'CSAR' || t === 'SSAR')
            ? 'sar'
            : 'stock_options');
      const ocfClass = o.stock_class_ids?.[0] ?? o.stock_class_id;
      const poolSize = whole(o.initial_shares_reserved);
      const body = lenient(
        planCreateSchema,
        {
          name: oneLine(o.plan_name) ?? '',
          planType,
          shareClassId:
            has(c, 'shareClassId') && c.shareClassId === null
              ? null
              : ocfClass
                ? (classIds.get(ocfClass) ?? null)
                : null,
          stakStakeholderId: c.stakStakeholderId
            ? (stakeholderIds.get(c.stakStakeholderId as string) ?? null)
            : null,
          poolSize: poolSize ?? o.initial_shares_reserved,
          currency: pick(c, 'currency', (ocfClass && classCurrency.get(ocfClass)) || 'EUR'),
          boardApprovalDate: o.board_approval_date ?? null,
          shareholderApprovalDate: o.stockholder_approval_date ?? null,
          exerciseWindowMonths: pick(c, 'exerciseWindowMonths', null),
          leaverPolicy: pick(c, 'leaverPolicy', undefined),
          acceleration: pick(c, 'acceleration', undefined),
          forfeitedTo: pick(
            c,
            'forfeitedTo',
            o.default_cancellation_behavior === 'RETIRE' ? 'retired' : 'pool',
          ),
          notes: notesOf(o, c),
        },
        ['name', 'planType', 'poolSize', 'shareClassId', 'stakStakeholderId'],
        'STOCK_PLAN',
        o.id,
      );
      if (!body) continue;
      const made = await attempt('STOCK_PLAN', o.id, () =>
        plans.createPlan({ ...within, input: { companyId, body } }),
      );
      if (made) {
        planIds.set(o.id, made.id);
        planTypes.set(o.id, made.planType);
        reservedByPlan.set(o.id, made.poolSize);
      }
    }
    await stamp(tx, companyId);

    // ---- the dated stream: transactions, changes of control, terminations
    type Step = { date: string; rank: number; index: number; o: Obj };
    const steps: Step[] = [];
    txs.forEach((o, index) => {
      const rank = TX_RANK[o.object_type];
      if (rank === undefined) {
        if (o.object_type !== 'TX_VESTING_START')
          skip(o.object_type, o.id, msg('errors.ocf.skip.noCounterpart', { type: o.object_type }));
        return;
      }
      steps.push({ date: o.date as string, rank, index, o });
    });
    for (const date of (ic.changesOfControl as string[] | undefined) ?? [])
      steps.push({
        date,
        rank: TX_RANK.CHANGE_OF_CONTROL!,
        index: -1,
        o: { id: date, object_type: 'CHANGE_OF_CONTROL' },
      });
    for (const g of grantsOf.values()) {
      const termination = readCustom(g.comments).termination as
        { date: string; leaverType: 'good' | 'bad'; reason: string | null } | undefined;
      if (termination)
        steps.push({
          date: termination.date,
          rank: TX_RANK.TERMINATION!,
          index: -1,
          o: { id: g.security_id, object_type: 'TERMINATION', ...termination },
        });
    }
    steps.sort((a, b) => a.date.localeCompare(b.date) || a.rank - b.rank || a.index - b.index);

    const grantIds = new Map<string, string>();
    const exercisedOf = new Map<string, number>();
    const grantQuantity = new Map<string, number>();
    const doneEvents = new Set<string>();
    const usedTerms = new Set<string>();
    const holderOf = (securityId: string) => {
      const s = stockOf.get(securityId);
      return s
        ? { holder: stakeholderIds.get(s.stakeholder_id), cls: classIds.get(s.stock_class_id), s }
        : null;
    };

    for (const { o } of steps) {
      const c = readCustom(o.comments);
      switch (o.object_type) {
        case 'TX_STOCK_PLAN_POOL_ADJUSTMENT': {
          const a = o as unknown as OcfPoolAdjustment & Obj;
          const planId = planIds.get(a.stock_plan_id);
          if (!planId) {
            skip(o.object_type, o.id, missingReference('stockPlan', a.stock_plan_id));
            break;
          }
          const total = whole(a.shares_reserved);
          const before = reservedByPlan.get(a.stock_plan_id) ?? 0;
          const shareCount =
            (c.shareCount as number | undefined) ?? (total === null ? null : total - before);
          if (shareCount === null || shareCount === 0) {
            skip(
              o.object_type,
              o.id,
              shareCount === 0
                ? msg('errors.ocf.skip.poolUnchanged')
                : msg('errors.ocf.skip.reservedNotWhole'),
            );
            break;
          }
          const body = lenient(
            poolAdjustmentCreateSchema,
            {
              date: a.date,
              shareCount,
              reason: pick(c, 'reason', null),
              approvalDate: a.board_approval_date ?? null,
            },
            ['date', 'shareCount'],
            o.object_type,
            o.id,
          );
          if (!body) break;
          const made = await attempt(o.object_type, o.id, () =>
            plans.createPoolAdjustment({ ...within, input: { companyId, planId, body } }),
          );
          if (made) reservedByPlan.set(a.stock_plan_id, before + shareCount);
          break;
        }
        case 'TX_STOCK_ISSUANCE': {
          const s = o as unknown as OcfStockIssuance & Obj;
          // Made again by the exercise it results from (our exercise issues the shares), or a
          // transfer's resulting or balance security (the transfer moves the shares): counted
          // at the end, when it is known whether that transaction went in.
          if (resultOfExercise.has(s.security_id) || resultOfChange.has(s.security_id)) break;
          const to = stakeholderIds.get(s.stakeholder_id);
          const cls = classIds.get(s.stock_class_id);
          if (!to || !cls) {
            skip(
              o.object_type,
              o.id,
              !to
                ? missingReference('stakeholder', s.stakeholder_id)
                : missingReference('stockClass', s.stock_class_id),
            );
            break;
          }
          const quantity = whole(s.quantity);
          if (quantity === null) {
            skip(
              o.object_type,
              o.id,
              msg('errors.ocf.skip.stockQuantity', { quantity: s.quantity }),
            );
            break;
          }
          const range =
            s.share_numbers_issued?.length === 1 ? s.share_numbers_issued[0] : undefined;
          const price = decimal(s.share_price.amount);
          const body = lenient(
            shareEventCreateSchema,
            {
              type: 'issue',
              date: s.date,
              shareClassId: cls,
              shareCount: quantity,
              toStakeholderId: to,
              firstShareNumber: pick(
                c,
                'firstShareNumber',
                range ? whole(range.starting_share_number) : null,
              ),
              lastShareNumber: pick(
                c,
                'lastShareNumber',
                range ? whole(range.ending_share_number) : null,
              ),
              pricePerShare: pick(c, 'pricePerShare', price),
              currency: pick(c, 'currency', s.share_price.currency),
              deedDate: pick(c, 'deedDate', null),
              notary: pick(c, 'notary', null),
              notes: notesOf(o, c),
            },
            ['type', 'date', 'shareClassId', 'shareCount', 'toStakeholderId'],
            o.object_type,
            o.id,
          );
          if (body)
            await attempt(o.object_type, o.id, () =>
              register.createShareEvent({ ...within, input: { companyId, body } }),
            );
          break;
        }
        case 'TX_STOCK_TRANSFER':
        case 'TX_STOCK_CANCELLATION': {
          const event = c.event as string | undefined;
          if (event && doneEvents.has(event)) {
            count(o.object_type);
            break;
          }
          // Our export splits one event over the securities it consumes: join them again.
          const parts = event
            ? steps
                .map((s) => s.o)
                .filter(
                  (p) => p.object_type === o.object_type && readCustom(p.comments).event === event,
                )
            : [o];
          if (event) doneEvents.add(event);
          const source = holderOf(o.security_id as string);
          if (!source?.holder || !source.cls) {
            for (const p of parts)
              skip(
                p.object_type,
                p.id,
                msg('errors.ocf.skip.unknownSecurity', { id: String(o.security_id) }),
              );
            break;
          }
          const quantities = parts.map((p) => whole(p.quantity));
          if (quantities.some((q) => q === null)) {
            for (const p of parts)
              skip(p.object_type, p.id, msg('errors.ocf.skip.fractionalShares'));
            break;
          }
          const fields = {
            date: o.date,
            shareClassId: source.cls,
            fromStakeholderId: source.holder,
            pricePerShare: pick(c, 'pricePerShare', null),
            currency: pick(c, 'currency', null),
            deedDate: pick(c, 'deedDate', null),
            notary: pick(c, 'notary', null),
            notes: notesOf(o, c),
          };
          const moves: { to: string | null; count: number; first: unknown; last: unknown }[] = [];
          if (o.object_type === 'TX_STOCK_CANCELLATION')
            moves.push({
              to: null,
              count: quantities.reduce<number>((a, b) => a + b!, 0),
              first: pick(c, 'firstShareNumber', null),
              last: pick(c, 'lastShareNumber', null),
            });
          else if (event)
            moves.push({
              to: holderOf(((o.resulting_security_ids as string[]) ?? [])[0] ?? '')?.holder ?? null,
              count: quantities.reduce<number>((a, b) => a + b!, 0),
              first: pick(c, 'firstShareNumber', null),
              last: pick(c, 'lastShareNumber', null),
            });
          else
            for (const r of (o.resulting_security_ids as string[]) ?? []) {
              const result = holderOf(r);
              const range =
                result?.s.share_numbers_issued?.length === 1
                  ? result.s.share_numbers_issued[0]
                  : undefined;
              moves.push({
                to: result?.holder ?? null,
                count: whole(result?.s.quantity) ?? 0,
                first: range ? whole(range.starting_share_number) : null,
                last: range ? whole(range.ending_share_number) : null,
              });
            }
          if (
            o.object_type === 'TX_STOCK_TRANSFER' &&
            (moves.length === 0 || moves.some((m) => !m.to || m.count <= 0))
          ) {
            skip(o.object_type, o.id, msg('errors.ocf.skip.noResultingHolder'));
            break;
          }
          let madeEvents = 0;
          for (const m of moves) {
            const body = lenient(
              shareEventCreateSchema,
              {
                ...fields,
                type: o.object_type === 'TX_STOCK_TRANSFER' ? 'transfer' : 'cancel',
                shareCount: m.count,
                ...(m.to ? { toStakeholderId: m.to } : {}),
                firstShareNumber: m.first,
                lastShareNumber: m.last,
              },
              [
                'type',
                'date',
                'shareClassId',
                'shareCount',
                'fromStakeholderId',
                'toStakeholderId',
              ],
              o.object_type,
              o.id,
            );
            if (!body) continue;
            try {
              await register.createShareEvent({ ...within, input: { companyId, body } });
              madeEvents += 1;
            } catch (error) {
              if (!(error instanceof AppError) || error.status >= 500) throw error;
              skip(o.object_type, o.id, reasonOf(error));
            }
          }
          if (madeEvents > 0)
            for (const p of parts) {
              count(o.object_type);
              wentIn.add(p.id);
            }
          break;
        }
        case 'TX_EQUITY_COMPENSATION_ISSUANCE': {
          const g = o as unknown as OcfEquityIssuance & Obj;
          const stakeholderId = stakeholderIds.get(g.stakeholder_id);
          const planId = g.stock_plan_id ? planIds.get(g.stock_plan_id) : undefined;
          if (!g.stock_plan_id) {
            skip(o.object_type, o.id, msg('errors.ocf.skip.noPlan'));
            break;
          }
          if (!stakeholderId || !planId) {
            skip(
              o.object_type,
              o.id,
              !stakeholderId
                ? missingReference('stakeholder', g.stakeholder_id)
                : missingReference('stockPlan', g.stock_plan_id),
            );
            break;
          }
          const quantity = whole(g.quantity);
          if (quantity === null) {
            skip(
              o.object_type,
              o.id,
              msg('errors.ocf.skip.awardQuantity', { quantity: g.quantity }),
            );
            break;
          }
          const start =
            (c.vestingStartDate as string | undefined) ?? vestingStart.get(g.security_id) ?? g.date;
          const terms = termsFor(g, start);
          if ('reason' in terms) {
            skip(o.object_type, o.id, terms.reason);
            break;
          }
          const planType = planTypes.get(g.stock_plan_id)!;
          let exercisePrice: string | null =
            (c.exercisePrice as string | null | undefined) ??
            decimal(g.exercise_price?.amount ?? g.base_price?.amount ?? null);
          if (
            !has(c, 'exercisePrice') &&
            (planType === 'rsu' || planType === 'restricted_shares') &&
            exercisePrice !== null
          ) {
            skip(
              o.object_type,
              o.id,
              msg('errors.ocf.skip.leftOut', {
                field: 'exercise_price',
                reason: msg('errors.ocf.skip.noExercisePrice', { planType }),
              }),
            );
            exercisePrice = null;
          }
          const body = lenient(
            grantCreateSchema,
            {
              stakeholderId,
              planId,
              quantity,
              exercisePrice,
              currency: pick(
                c,
                'currency',
                g.exercise_price?.currency ?? g.base_price?.currency ?? null,
              ),
              grantDate: g.date,
              vestingStartDate: start,
              terms: terms.terms,
              expiryDate: g.expiration_date,
              offerDate: pick(c, 'offerDate', null),
              acceptanceDate: pick(c, 'acceptanceDate', null),
              taxAtExercise: pick(c, 'taxAtExercise', false),
              taxElectionDate: pick(c, 'taxElectionDate', null),
              status: pick(c, 'status', 'active'),
              notes: notesOf(o, c),
            },
            [
              'stakeholderId',
              'planId',
              'quantity',
              'grantDate',
              'vestingStartDate',
              'terms',
              'exercisePrice',
            ],
            o.object_type,
            o.id,
          );
          if (!body) break;
          const made = await attempt(o.object_type, o.id, () =>
            grants.createGrant({ ...within, input: { companyId, body } }),
          );
          if (!made) break;
          if (g.vesting_terms_id) usedTerms.add(g.vesting_terms_id);
          grantIds.set(g.security_id, made.id);
          grantQuantity.set(g.security_id, quantity);
          if (vestingStart.has(g.security_id)) count('TX_VESTING_START');
          for (const p of (c.pauses as { start: string; end: string }[] | undefined) ?? [])
            await attempt('PAUSE', o.id, () =>
              grants.addPause({
                ...within,
                input: { companyId, id: made.id, start: p.start, end: p.end },
              }),
            );
          break;
        }
        case 'CHANGE_OF_CONTROL':
          await attempt('CHANGE_OF_CONTROL', o.id, () =>
            grants.recordChangeOfControl({ ...within, input: { companyId, date: o.id } }),
          );
          break;
        case 'TX_VESTING_EVENT': {
          const grantId = grantIds.get(o.security_id as string);
          if (!grantId) {
            skip(
              o.object_type,
              o.id,
              msg('errors.ocf.skip.notAGrant', { id: String(o.security_id) }),
            );
            break;
          }
          const g = grantsOf.get(o.security_id as string)!;
          const stored = readCustom(termsById.get(g.vesting_terms_id ?? '')?.comments).terms as
            VestingTerms | undefined;
          const already =
            stored &&
            milestonesOf(stored).some(
              (m) => m.id === o.vesting_condition_id && m.achievedDate === o.date,
            );
          if (already) {
            // Our own export: the achievement is already in the terms the grant was made with.
            count(o.object_type);
            break;
          }
          await attempt(o.object_type, o.id, () =>
            grants.achieveMilestone({
              ...within,
              input: {
                companyId,
                id: grantId,
                milestoneId: o.vesting_condition_id as string,
                date: o.date as string,
              },
            }),
          );
          break;
        }
        case 'TX_EQUITY_COMPENSATION_EXERCISE': {
          const grantId = grantIds.get(o.security_id as string);
          const quantity = whole(o.quantity);
          if (!grantId || quantity === null) {
            skip(
              o.object_type,
              o.id,
              !grantId
                ? msg('errors.ocf.skip.notAGrant', { id: String(o.security_id) })
                : msg('errors.ocf.skip.awardQuantity', { quantity: String(o.quantity) }),
            );
            break;
          }
          const made = await attempt(o.object_type, o.id, () =>
            grants.exerciseGrant({
              ...within,
              input: { companyId, id: grantId, date: o.date as string, quantity },
            }),
          );
          if (made) {
            wentIn.add(o.id);
            exercisedOf.set(
              o.security_id as string,
              (exercisedOf.get(o.security_id as string) ?? 0) + quantity,
            );
          }
          break;
        }
        case 'TERMINATION': {
          const grantId = grantIds.get(o.id);
          if (!grantId) break;
          await attempt('TERMINATION', o.id, () =>
            grants.terminateGrant({
              ...within,
              input: {
                companyId,
                id: grantId,
                date: o.date as string,
                leaverType: o.leaverType as 'good' | 'bad',
                reason: (o.reason as string | null) ?? null,
              },
            }),
          );
          break;
        }
        case 'TX_EQUITY_COMPENSATION_CANCELLATION': {
          const grantId = grantIds.get(o.security_id as string);
          if (!grantId) {
            skip(
              o.object_type,
              o.id,
              msg('errors.ocf.skip.notAGrant', { id: String(o.security_id) }),
            );
            break;
          }
          const outstanding =
            (grantQuantity.get(o.security_id as string) ?? 0) -
            (exercisedOf.get(o.security_id as string) ?? 0);
          if (whole(o.quantity) !== outstanding) {
            skip(
              o.object_type,
              o.id,
              msg('errors.ocf.skip.partialCancellation', {
                quantity: String(o.quantity),
                outstanding,
              }),
            );
            break;
          }
          await attempt(o.object_type, o.id, () =>
            grants.cancelGrant({
              ...within,
              input: {
                companyId,
                id: grantId,
                date: o.date as string,
                reason: oneLine(o.reason_text as string),
              },
            }),
          );
          break;
        }
      }
      await stamp(tx, companyId);
    }

    // ---- receipts of STAKs (our custom field: OCF has no depositary receipts)
    for (const o of byType('STAKEHOLDER')) {
      const receipts = readCustom(o.comments).receipts as Record<string, unknown>[] | undefined;
      const stak = stakeholderIds.get(o.id);
      if (!receipts || !stak) continue;
      for (const r of receipts) {
        const body = lenient(
          receiptCreateSchema,
          {
            stakStakeholderId: stak,
            shareClassId: classIds.get(r.shareClassId as string) ?? '',
            holderStakeholderId: stakeholderIds.get(r.holderStakeholderId as string) ?? '',
            receiptCount: r.receiptCount,
            date: r.date,
            notes: r.notes ?? null,
          },
          ['stakStakeholderId', 'shareClassId', 'holderStakeholderId', 'receiptCount', 'date'],
          'DEPOSITARY_RECEIPT',
          o.id,
        );
        if (body)
          await attempt('DEPOSITARY_RECEIPT', o.id, () =>
            register.createReceipt({ ...within, input: { companyId, body } }),
          );
        await stamp(tx, companyId);
      }
    }

    // ---- valuations (after the register: a derived fully diluted count reads the cap table)
    for (const o of byType('VALUATION') as unknown as (OcfValuation & Obj)[]) {
      const c = readCustom(o.comments);
      const ours = has(c, 'enterpriseValue');
      const body = lenient(
        valuationCreateSchema,
        {
          effectiveDate: o.effective_date,
          purpose: pick(c, 'purpose', '409a'),
          method: pick(c, 'method', 'other'),
          provider: o.provider ?? null,
          currency: o.price_per_share.currency,
          enterpriseValue: pick(c, 'enterpriseValue', '0'),
          debt: pick(c, 'debt', '0'),
          cash: pick(c, 'cash', '0'),
          fullyDilutedShares: pick(c, 'fullyDilutedShares', null),
          preferredPricePerShare: pick(c, 'preferredPricePerShare', null),
          commonValuePerShare: pick(c, 'commonValuePerShare', decimal(o.price_per_share.amount)),
          dlomPercent: pick(c, 'dlomPercent', '0'),
          shareClassId:
            has(c, 'shareClassId') && c.shareClassId === null
              ? null
              : (classIds.get(o.stock_class_id) ?? null),
          materialEventDate: pick(c, 'materialEventDate', null),
          notes: ours
            ? notesOf(o, c)
            : [
                renderText(msg('server.ocfImport.valuationNote'), input.language),
                ...plainComments(o.comments),
              ].join('\n'),
        },
        [
          'effectiveDate',
          'purpose',
          'method',
          'currency',
          'enterpriseValue',
          'commonValuePerShare',
        ],
        'VALUATION',
        o.id,
      );
      const made = body
        ? await attempt('VALUATION', o.id, () =>
            createValuation({ ...within, input: { companyId, body } }),
          )
        : null;
      // Our own export: the count was taken from the cap table when the valuation was made.
      if (made && c.fullyDilutedSharesDerived === true)
        await tx
          .update(valuation)
          .set({ fullyDilutedSharesDerived: true })
          .where(eq(valuation.id, made.id));
      await stamp(tx, companyId);
    }

    for (const o of byType('TX_STOCK_ISSUANCE')) {
      const producer = producedBy.get(o.security_id as string);
      if (!producer) continue;
      if (wentIn.has(producer)) count(o.object_type);
      else skip(o.object_type, o.id, msg('errors.ocf.skip.producerSkipped', { id: producer }));
    }
    for (const o of byType('TX_VESTING_START'))
      if (!grantIds.has(o.security_id as string))
        skip(o.object_type, o.id, msg('errors.ocf.skip.notAGrant', { id: String(o.security_id) }));

    // ---- vesting terms are copied into each grant; report the ones no grant used
    for (const o of byType('VESTING_TERMS')) {
      if (usedTerms.has(o.id)) count('VESTING_TERMS');
      else skip('VESTING_TERMS', o.id, msg('errors.ocf.skip.termsUnused'));
    }
    for (const o of objects) {
      if (['STOCK_LEGEND_TEMPLATE', 'FINANCING', 'DOCUMENT'].includes(o.object_type))
        skip(o.object_type, o.id, msg('errors.ocf.skip.noCounterpart', { type: o.object_type }));
    }
    return { companyId, report };

    /** A grant's terms: ours from the custom comment, else read from OCF (or why not). */
    function termsFor(
      g: OcfEquityIssuance & Obj,
      start: string,
    ): { terms: VestingTerms } | { reason: Message } {
      if (g.vesting_terms_id) {
        const vt = termsById.get(g.vesting_terms_id);
        if (!vt) return { reason: msg('errors.ocf.skip.termsMissing', { id: g.vesting_terms_id }) };
        const stored = readCustom(vt.comments).terms as VestingTerms | undefined;
        if (stored) return { terms: stored };
        const read = fromOcfConditions(
          vt.vesting_conditions as OcfCondition[],
          vt.allocation_type,
          start,
        );
        if ('reason' in read)
          return {
            reason: msg('errors.ocf.skip.termsUnreadable', {
              id: vt.id,
              reason: termsProblem(read.reason),
            }),
          };
        return read;
      }
      if (g.vestings && g.vestings.length > 0) {
        const milestones = g.vestings.map((v, i) => ({
          id: `vesting-${i + 1}`,
          name: renderText(msg('server.ocfImport.vestingOn', { date: v.date }), input.language),
          quantity: whole(v.amount) ?? -1,
          achievedDate: v.date,
          deadline: null,
        }));
        if (milestones.some((m) => m.quantity <= 0))
          return { reason: msg('errors.ocf.skip.vestingsNotWhole') };
        return { terms: { type: 'milestone', allocation: 'CUMULATIVE_ROUNDING', milestones } };
      }
      // OCF: without vesting terms or vestings the security is fully vested on issuance.
      return {
        terms: {
          type: 'milestone',
          allocation: 'CUMULATIVE_ROUNDING',
          milestones: [
            {
              id: 'issuance',
              name: renderText(msg('server.ocfImport.vestedOnIssuance'), input.language),
              portion: { numerator: 1, denominator: 1 },
              achievedDate: g.date,
              deadline: null,
            },
          ],
        },
      };
    }
  });
}

function milestonesOf(terms: VestingTerms) {
  if (terms.type === 'milestone') return terms.milestones;
  if (terms.type === 'combined')
    return terms.parts.flatMap((p) => (p.terms.type === 'milestone' ? p.terms.milestones : []));
  return [];
}

/** Why OCF vesting terms cannot be ours, in words (`fromOcfConditions`'s problem). */
function termsProblem(problem: OcfTermsProblem): Message {
  switch (problem.code) {
    case 'ALLOCATION_UNSUPPORTED':
      return msg('errors.ocf.terms.allocation', { allocation: problem.allocation });
    case 'VESTS_NOTHING':
      return msg('errors.ocf.terms.vestsNothing');
    case 'ABSOLUTE_DATES':
      return msg('errors.ocf.terms.absoluteDates');
    case 'SCHEDULES_AND_EVENTS':
      return msg('errors.ocf.terms.schedulesAndEvents');
    case 'MILESTONE_ALLOCATION':
      return msg('errors.ocf.terms.milestoneAllocation', { allocation: problem.allocation });
    case 'NO_DEADLINE':
      return msg('errors.ocf.terms.noDeadline', { condition: problem.conditionId });
    case 'REMAINDER':
      return msg('errors.ocf.terms.remainder', { condition: problem.conditionId });
    case 'NO_AMOUNT':
      return msg('errors.ocf.terms.noAmount', { condition: problem.conditionId });
    case 'TIME_DEADLINE':
      return msg('errors.ocf.terms.timeDeadline');
    case 'PERIOD_UNIT':
      return msg('errors.ocf.terms.periodUnit');
    case 'NOT_WHOLE_GRANT':
      return msg('errors.ocf.terms.notWholeGrant', { condition: problem.conditionId });
    case 'COMBINATION':
      return msg('errors.ocf.terms.combination');
  }
}
