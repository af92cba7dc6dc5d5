import { createHash } from 'node:crypto';
import { and, eq, exists, isNull, sql } from 'drizzle-orm';
import type { z } from 'zod';
import { stakeholderCreateSchema, shareEventCreateSchema } from '../../../contracts/equity';
import {
  IMPORT_MAPPINGS,
  type ImportField,
  type ImportKind,
  type ImportMapping,
} from '../../../contracts/imports';
import { valuationCreateSchema } from '../../../contracts/valuation';
import { grantCreateSchema } from '../../../contracts/vesting';
import {
  cellText,
  detectDateOrder,
  detectNumberConvention,
  isBlank,
  normalizeHeader,
  parseDateCell,
  parseIntegerCell,
  parseNumberCell,
  type Cell,
  type DateOrder,
  type Parsed,
} from '../../../domain/import/values';
import type { DbOrTx } from '../../db/client';
import {
  equityPlan,
  grant,
  importedRow,
  shareClass,
  shareEvent,
  stakeholder,
  valuation,
  vestingTemplate,
} from '../../db/schema';
import { msg, validationError, zodError, type Text } from '../../http/errors';
import type { SheetRow } from './files';

/**
 * From a sheet's rows to the API's create requests (issue 13, decision 025): each mapped cell
 * read by its field's type, references resolved by name, the body validated by the same
 * contract as the API's create route. Problems are per row and column, never thrown.
 */

/** A problem of one row (or of the mapping: row 1, the header row). */
export interface RowError {
  row: number;
  column: string | null;
  text: Text;
}

/** A row ready to be applied: the create request's body and its idempotency key. */
export interface BuiltRow {
  row: number;
  body: Record<string, unknown>;
  key: string;
  /** The date that orders the commit (register and pool rules apply in date order). */
  date: string | null;
  /** Stakeholders: an existing stakeholder the row matches (employee id, e-mail, external id). */
  existingId: string | null;
}

/** The company's records a sheet may name, by normalized name (and e-mail, employee id). */
export interface References {
  stakeholders: {
    byEmployeeId: Map<string, string[]>;
    byEmail: Map<string, string[]>;
    byName: Map<string, string[]>;
  };
  shareClasses: Map<string, string[]>;
  plans: Map<string, string[]>;
  templates: Map<string, { id: string; terms: unknown }[]>;
  /** Keys of rows imported before (this company and kind) → the record they created. */
  imported: Map<string, string>;
}

const push = <V>(map: Map<string, V[]>, key: string | null | undefined, value: V) => {
  if (!key) return;
  const list = map.get(key);
  if (list) list.push(value);
  else map.set(key, [value]);
};

export async function loadReferences(
  db: DbOrTx,
  organizationId: string,
  companyId: string,
  kind: ImportKind,
): Promise<References> {
  const [people, classes, plans, templates, imported] = [
    await db
      .select({
        id: stakeholder.id,
        name: stakeholder.name,
        email: stakeholder.email,
        employeeId: stakeholder.employeeId,
      })
      .from(stakeholder)
      .where(and(eq(stakeholder.companyId, companyId), isNull(stakeholder.deletedAt))),
    await db
      .select({ id: shareClass.id, name: shareClass.name })
      .from(shareClass)
      .where(eq(shareClass.companyId, companyId)),
    await db
      .select({ id: equityPlan.id, name: equityPlan.name })
      .from(equityPlan)
      .where(and(eq(equityPlan.companyId, companyId), isNull(equityPlan.deletedAt))),
    await db
      .select({ id: vestingTemplate.id, name: vestingTemplate.name, terms: vestingTemplate.terms })
      .from(vestingTemplate)
      .where(eq(vestingTemplate.organizationId, organizationId)),
    // A key counts while its record lives: one deleted since (or in the trash) imports again.
    await db
      .select({ key: importedRow.key, entityId: importedRow.entityId })
      .from(importedRow)
      .where(
        and(
          eq(importedRow.companyId, companyId),
          eq(importedRow.kind, kind),
          exists(livingRecord(db, kind)),
        ),
      ),
  ];
  const refs: References = {
    stakeholders: { byEmployeeId: new Map(), byEmail: new Map(), byName: new Map() },
    shareClasses: new Map(),
    plans: new Map(),
    templates: new Map(),
    imported: new Map(imported.map((r) => [r.key, r.entityId])),
  };
  for (const p of people) {
    push(refs.stakeholders.byEmployeeId, p.employeeId?.trim().toLowerCase(), p.id);
    push(refs.stakeholders.byEmail, p.email?.trim().toLowerCase(), p.id);
    push(refs.stakeholders.byName, normalizeHeader(p.name), p.id);
  }
  for (const c of classes) push(refs.shareClasses, normalizeHeader(c.name), c.id);
  for (const p of plans) push(refs.plans, normalizeHeader(p.name), p.id);
  for (const t of templates)
    push(refs.templates, normalizeHeader(t.name), { id: t.id, terms: t.terms });
  return refs;
}

/** The record an imported row's key points at, while it exists and is not in the trash. */
function livingRecord(db: DbOrTx, kind: ImportKind) {
  const one = { one: sql`1` };
  switch (kind) {
    case 'stakeholders':
      return db
        .select(one)
        .from(stakeholder)
        .where(and(eq(stakeholder.id, importedRow.entityId), isNull(stakeholder.deletedAt)));
    case 'share-events':
      return db.select(one).from(shareEvent).where(eq(shareEvent.id, importedRow.entityId));
    case 'grants':
      return db
        .select(one)
        .from(grant)
        .where(and(eq(grant.id, importedRow.entityId), isNull(grant.deletedAt)));
    case 'valuations':
      return db.select(one).from(valuation).where(eq(valuation.id, importedRow.entityId));
  }
}

/** The contract each kind's rows must pass: the API's own create schema. */
const CONTRACTS: Record<ImportKind, z.ZodType> = {
  stakeholders: stakeholderCreateSchema,
  'share-events': shareEventCreateSchema,
  grants: grantCreateSchema,
  valuations: valuationCreateSchema,
};

/** Fields that feed another body field (grants' terms), for naming the column of its errors. */
const FEEDS: Partial<Record<ImportKind, Record<string, string[]>>> = {
  grants: { terms: ['template', 'vestingMonths', 'cliffMonths'], templateId: ['template'] },
};

/**
 * Checks a mapping (field → header) against the kind's fields and the sheet's headers: unknown
 * fields or headers are a 400 naming `mapping`.
 */
export function checkMapping(
  kind: ImportKind,
  headers: readonly string[],
  mapping: Record<string, string | null>,
): void {
  const keys = new Set(IMPORT_MAPPINGS[kind].fields.map((f) => f.key));
  for (const [field, header] of Object.entries(mapping)) {
    if (!keys.has(field))
      throw validationError({ mapping: msg('imports.mapping.unknownField', { field }) });
    if (header !== null && !headers.includes(header))
      throw validationError({ mapping: msg('imports.mapping.unknownColumn', { column: header }) });
  }
}

const PROBLEMS = {
  invalid: {
    date: 'imports.cell.date',
    integer: 'imports.cell.integer',
    number: 'imports.cell.number',
  },
  ambiguous: {
    date: 'imports.cell.ambiguousDate',
    integer: 'imports.cell.ambiguousNumber',
    number: 'imports.cell.ambiguousNumber',
  },
} as const;

/** The mapped rows as create requests, or the problems of each row. */
export function buildRows(
  kind: ImportKind,
  headers: readonly string[],
  rows: readonly SheetRow[],
  mapping: Record<string, string | null>,
  refs: References,
): { built: BuiltRow[]; errors: RowError[] } {
  const definition: ImportMapping = IMPORT_MAPPINGS[kind];
  const errors: RowError[] = [];
  const columnIndex = (field: string) => {
    const header = mapping[field];
    return header ? headers.indexOf(header) : -1;
  };
  for (const field of definition.fields) {
    if (field.required && columnIndex(field.key) < 0)
      errors.push({
        row: 1,
        column: null,
        text: msg('imports.mapping.missingRequired', { field: msg(field.label) }),
      });
  }
  if (errors.length > 0) return { built: [], errors };

  // The file's number convention and each date column's slash order, from unambiguous values.
  const numberCells: Cell[] = [];
  const dateOrders = new Map<string, DateOrder | null>();
  for (const field of definition.fields) {
    const i = columnIndex(field.key);
    if (i < 0) continue;
    const column = rows.map((r) => r.cells[i] ?? null);
    if (field.type === 'number' || field.type === 'integer') numberCells.push(...column);
    if (field.type === 'date') dateOrders.set(field.key, detectDateOrder(column));
  }
  const convention = detectNumberConvention(numberCells);

  const built: BuiltRow[] = [];
  const seen = new Map<string, number>();
  for (const sheetRow of rows) {
    const rowErrors: RowError[] = [];
    const values: Record<string, unknown> = {};
    for (const field of definition.fields) {
      const i = columnIndex(field.key);
      if (i < 0) continue;
      const cell = sheetRow.cells[i] ?? null;
      const column = mapping[field.key]!;
      if (isBlank(cell)) continue;
      const fail = (text: Text) => rowErrors.push({ row: sheetRow.row, column, text });
      if (typeof cell === 'object' && cell !== null && 'error' in cell) {
        fail(msg('imports.cell.error', { value: cell.error }));
        continue;
      }
      const read = readField(field, cell, convention, dateOrders.get(field.key) ?? null, refs);
      if (read.ok) values[field.key] = read.value;
      else fail(read.text);
    }
    if (rowErrors.length === 0) {
      const body = toBody(kind, values, refs, (field, text) =>
        rowErrors.push({ row: sheetRow.row, column: mapping[field] ?? null, text }),
      );
      if (rowErrors.length === 0) {
        const parsed = CONTRACTS[kind].safeParse(body);
        if (!parsed.success) {
          const fields = zodError(parsed.error.issues, { data: body }).fieldTexts ?? {};
          for (const [path, text] of Object.entries(fields))
            rowErrors.push({ row: sheetRow.row, column: columnOf(kind, path, mapping), text });
        } else {
          // What the API's service receives: the contract's output (defaults, normalized values).
          const request = parsed.data as Record<string, unknown>;
          const externalId = typeof values.externalId === 'string' ? values.externalId : null;
          const key = externalId ? `external:${externalId}` : `hash:${hashOf(request)}`;
          const first = seen.get(key);
          if (first !== undefined) {
            rowErrors.push({
              row: sheetRow.row,
              column: externalId ? (mapping.externalId ?? null) : null,
              text: msg('imports.row.duplicate', { row: first }),
            });
          } else {
            seen.set(key, sheetRow.row);
            const dateField = definition.dateField;
            built.push({
              row: sheetRow.row,
              body: request,
              key,
              date: dateField ? ((request[dateField] as string | undefined) ?? null) : null,
              existingId: refs.imported.get(key) ?? existingStakeholder(kind, request, refs),
            });
          }
        }
      }
    }
    errors.push(...rowErrors);
  }
  return { built, errors };
}

/** A stakeholder row that names someone the company already has (employee id, then e-mail). */
function existingStakeholder(kind: ImportKind, body: Record<string, unknown>, refs: References) {
  if (kind !== 'stakeholders') return null;
  const employeeId = typeof body.employeeId === 'string' ? body.employeeId.toLowerCase() : null;
  const email = typeof body.email === 'string' ? body.email.toLowerCase() : null;
  const byId = employeeId ? refs.stakeholders.byEmployeeId.get(employeeId) : undefined;
  if (byId?.length === 1) return byId[0]!;
  const byEmail = email ? refs.stakeholders.byEmail.get(email) : undefined;
  if (byEmail?.length === 1) return byEmail[0]!;
  return null;
}

/** The header of the column a body field's error belongs to. */
function columnOf(kind: ImportKind, path: string, mapping: Record<string, string | null>) {
  const top = path.split('.')[0]!;
  if (mapping[top]) return mapping[top];
  for (const source of FEEDS[kind]?.[top] ?? []) if (mapping[source]) return mapping[source];
  return null;
}

/** A stable hash of a body: the same row imported again has the same key. */
function hashOf(body: Record<string, unknown>): string {
  return createHash('sha256').update(canonical(body)).digest('hex').slice(0, 32);
}

/** JSON with every object's keys sorted, at every depth (grant terms included). */
function canonical(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(canonical).join(',')}]`;
  if (value && typeof value === 'object')
    return `{${Object.keys(value)
      .sort()
      .map((k) => `${JSON.stringify(k)}:${canonical((value as Record<string, unknown>)[k])}`)
      .join(',')}}`;
  return JSON.stringify(value) ?? 'null';
}

type FieldRead = { ok: true; value: unknown } | { ok: false; text: Text };

function readField(
  field: ImportField,
  cell: Cell,
  convention: ReturnType<typeof detectNumberConvention>,
  order: DateOrder | null,
  refs: References,
): FieldRead {
  const problem = (parsed: Parsed<unknown>, type: 'date' | 'integer' | 'number'): FieldRead => {
    if (parsed.ok) return { ok: true, value: parsed.value };
    const value = cellText(cell);
    if (parsed.problem === 'ambiguous')
      return { ok: false, text: msg(PROBLEMS.ambiguous[type], { value }) };
    return { ok: false, text: msg(PROBLEMS.invalid[type], { value }) };
  };
  const text = cellText(cell);
  switch (field.type) {
    case 'date':
      return problem(parseDateCell(cell, order), 'date');
    case 'integer':
      return problem(parseIntegerCell(cell, convention), 'integer');
    case 'number':
      return problem(parseNumberCell(cell, convention), 'number');
    case 'text':
      return { ok: true, value: typeof cell === 'string' ? cell : text };
    case 'choice': {
      const wanted = normalizeHeader(text);
      for (const [code, words] of Object.entries(field.choices ?? {})) {
        if (words.some((w) => normalizeHeader(w) === wanted)) return { ok: true, value: code };
      }
      return {
        ok: false,
        text: msg('imports.cell.choice', {
          value: text,
          choices: Object.keys(field.choices ?? {}).join(', '),
        }),
      };
    }
    case 'stakeholder': {
      const s = refs.stakeholders;
      const lower = text.toLowerCase();
      const found =
        s.byEmployeeId.get(lower) ?? s.byEmail.get(lower) ?? s.byName.get(normalizeHeader(text));
      return one(found, text, 'imports.cell.noStakeholder', 'imports.cell.manyStakeholders');
    }
    case 'shareClass':
      return one(
        refs.shareClasses.get(normalizeHeader(text)),
        text,
        'imports.cell.noShareClass',
        'imports.cell.manyShareClasses',
      );
    case 'plan':
      return one(
        refs.plans.get(normalizeHeader(text)),
        text,
        'imports.cell.noPlan',
        'imports.cell.manyPlans',
      );
    case 'template': {
      const found = refs.templates.get(normalizeHeader(text));
      if (!found?.length)
        return { ok: false, text: msg('imports.cell.noTemplate', { value: text }) };
      return { ok: true, value: found[0] };
    }
  }
}

function one(found: string[] | undefined, value: string, none: string, many: string): FieldRead {
  if (!found?.length) return { ok: false, text: msg(none, { value }) };
  if (found.length > 1) return { ok: false, text: msg(many, { value }) };
  return { ok: true, value: found[0] };
}

/**
 * The create request of a row: the mapped values under their field keys, but the external id
 * (not part of any record) and, for grants, the vesting template or months that become `terms`.
 */
function toBody(
  kind: ImportKind,
  values: Record<string, unknown>,
  _refs: References,
  fail: (field: string, text: Text) => void,
): Record<string, unknown> {
  const { externalId: _externalId, ...body } = values;
  if (kind !== 'grants') return body;
  const { template, vestingMonths, cliffMonths, ...grant } = body;
  if (template) {
    const t = template as { id: string; terms: unknown };
    grant.templateId = t.id;
    grant.terms = t.terms;
  } else if (vestingMonths !== undefined) {
    grant.terms = {
      type: 'time',
      periodLength: 1,
      periodUnit: 'months',
      occurrences: vestingMonths,
      cliffPeriods: cliffMonths ?? 0,
    };
  } else fail('template', msg('imports.row.noTerms'));
  grant.vestingStartDate ??= grant.grantDate;
  return grant;
}
