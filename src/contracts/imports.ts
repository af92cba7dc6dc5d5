import { z } from 'zod';
import type { BusinessResource } from './access-control';
import { SHARE_EVENT_TYPES, STAKEHOLDER_KINDS, STAKEHOLDER_RELATIONSHIPS } from '../domain/equity';
import { STAKEHOLDER_STATUSES } from '../domain/equity';
import { normalizeHeader } from '../domain/import/values';
import { VALUATION_METHODS, VALUATION_PURPOSES } from '../domain/valuation';
import { STORED_GRANT_STATUSES } from './vesting';

/**
 * Spreadsheet import (issue 13, decision 025). A kind of import is a MAPPING: the fields a row
 * carries, each with the headers (Dutch and English) that name it, how its cells are read and
 * whether it is required. The server turns a mapped row into the body of the API's own create
 * request and validates it with the same contract; nothing else is particular to a kind.
 */

export const IMPORT_KINDS = ['stakeholders', 'share-events', 'grants', 'valuations'] as const;
export type ImportKind = (typeof IMPORT_KINDS)[number];

/** The resource an import of `kind` creates (its permission: that resource's create). */
export const IMPORT_RESOURCE = {
  stakeholders: 'stakeholder',
  // The register belongs to the company (decision 008); its rows name stakeholders.
  'share-events': 'company',
  grants: 'grant',
  valuations: 'valuation',
} as const satisfies Record<ImportKind, BusinessResource>;

/** What rows of each kind name besides their own resource (decision 007's consistent reads). */
export const IMPORT_ALSO_READS: Record<ImportKind, readonly BusinessResource[]> = {
  stakeholders: [],
  'share-events': ['stakeholder'],
  grants: ['stakeholder', 'plan'],
  valuations: [],
};

/** The kinds a role may import: create on the kind's resource and read on what its rows name. */
export function importableKinds(
  can: (resource: BusinessResource, action: 'create' | 'read') => boolean,
): ImportKind[] {
  return IMPORT_KINDS.filter(
    (kind) =>
      can(IMPORT_RESOURCE[kind], 'create') &&
      IMPORT_ALSO_READS[kind].every((resource) => can(resource, 'read')),
  );
}

/**
 * How a field's cells are read: `text` as is; `date` and `number`/`integer` by the readers of
 * `domain/import/values.ts`; `choice` by its codes and their Dutch and English words;
 * `stakeholder`, `shareClass`, `plan` and `template` name a record of the company (by name, and
 * a stakeholder also by e-mail or employee id).
 */
export type ImportFieldType =
  | 'text'
  | 'date'
  | 'integer'
  | 'number'
  | 'choice'
  | 'stakeholder'
  | 'shareClass'
  | 'plan'
  | 'template';

export interface ImportField {
  /** The field's key (also the body field it fills, unless the kind's builder says otherwise). */
  key: string;
  /** Catalog key of the field's name (template headers, the wizard's mapping step). */
  label: string;
  type: ImportFieldType;
  required?: boolean;
  /** Headers that name the field, Dutch and English (compared without case, spaces, accents). */
  aliases: readonly string[];
  /** `choice`: each code with the words that mean it. */
  choices?: Readonly<Record<string, readonly string[]>>;
}

export interface ImportMapping {
  kind: ImportKind;
  /** The field that orders the rows of a commit (register and pool rules apply in date order). */
  dateField?: string;
  fields: readonly ImportField[];
}

/** An optional column naming the row in the source system: the idempotency key when present. */
const externalId: ImportField = {
  key: 'externalId',
  label: 'imports.field.externalId',
  type: 'text',
  aliases: ['External id', 'Extern id', 'Externe id', 'External reference', 'Kenmerk', 'Ref'],
};
const notes: ImportField = {
  key: 'notes',
  label: 'imports.field.notes',
  type: 'text',
  aliases: ['Notes', 'Note', 'Notities', 'Opmerkingen', 'Opmerking', 'Toelichting'],
};
const currency: ImportField = {
  key: 'currency',
  label: 'imports.field.currency',
  type: 'text',
  aliases: ['Currency', 'Valuta', 'Munteenheid'],
};

const codes = <T extends string>(values: readonly T[], words: Partial<Record<T, string[]>>) =>
  Object.fromEntries(values.map((v) => [v, [v, v.replace(/_/g, ' '), ...(words[v] ?? [])]]));

export const IMPORT_MAPPINGS: Record<ImportKind, ImportMapping> = {
  stakeholders: {
    kind: 'stakeholders',
    fields: [
      externalId,
      {
        key: 'name',
        label: 'imports.field.name',
        type: 'text',
        required: true,
        aliases: ['Name', 'Full name', 'Naam', 'Volledige naam', 'Stakeholder'],
      },
      {
        key: 'kind',
        label: 'imports.field.kind',
        type: 'choice',
        aliases: ['Kind', 'Type', 'Soort', 'Person or entity', 'Persoon of rechtspersoon'],
        choices: codes(STAKEHOLDER_KINDS, {
          individual: ['person', 'persoon', 'natuurlijk persoon', 'natural person'],
          institution: ['entity', 'company', 'rechtspersoon', 'organisatie', 'instelling'],
        }),
      },
      {
        key: 'relationship',
        label: 'imports.field.relationship',
        type: 'choice',
        required: true,
        aliases: ['Relationship', 'Role', 'Relatie', 'Rol'],
        choices: codes(STAKEHOLDER_RELATIONSHIPS, {
          founder: ['oprichter'],
          employee: ['werknemer', 'medewerker', 'personeelslid'],
          advisor: ['adviseur', 'adviser'],
          board_member: ['board', 'bestuurder', 'commissaris', 'bestuurslid'],
          consultant: ['consultant', 'zzp', 'zzper'],
          investor: ['investeerder', 'belegger'],
          stak: ['stichting administratiekantoor'],
          other: ['anders', 'overig'],
        }),
      },
      {
        key: 'status',
        label: 'imports.field.status',
        type: 'choice',
        aliases: ['Status'],
        choices: codes(STAKEHOLDER_STATUSES, {
          active: ['actief'],
          leave_of_absence: ['leave', 'verlof'],
          terminated: ['left', 'uit dienst', 'vertrokken'],
        }),
      },
      {
        key: 'email',
        label: 'imports.field.email',
        type: 'text',
        aliases: ['E-mail', 'Email', 'E-mail address', 'E-mailadres', 'Mail'],
      },
      {
        key: 'phone',
        label: 'imports.field.phone',
        type: 'text',
        aliases: ['Phone', 'Telephone', 'Phone number', 'Telefoon', 'Telefoonnummer', 'Mobiel'],
      },
      {
        key: 'street',
        label: 'imports.field.street',
        type: 'text',
        aliases: ['Street', 'Address', 'Straat', 'Adres'],
      },
      {
        key: 'postal',
        label: 'imports.field.postal',
        type: 'text',
        aliases: ['Postal code', 'Postcode', 'Zip', 'Zip code'],
      },
      {
        key: 'city',
        label: 'imports.field.city',
        type: 'text',
        aliases: ['City', 'Town', 'Plaats', 'Woonplaats', 'Stad'],
      },
      {
        key: 'country',
        label: 'imports.field.country',
        type: 'text',
        aliases: ['Country', 'Land'],
      },
      {
        key: 'taxCountry',
        label: 'imports.field.taxCountry',
        type: 'text',
        aliases: ['Tax country', 'Tax residence', 'Fiscaal woonland', 'Belastingland'],
      },
      {
        key: 'employeeId',
        label: 'imports.field.employeeId',
        type: 'text',
        aliases: ['Employee id', 'Employee number', 'Personeelsnummer', 'Personeelsnr'],
      },
      notes,
    ],
  },
  'share-events': {
    kind: 'share-events',
    dateField: 'date',
    fields: [
      externalId,
      {
        key: 'type',
        label: 'imports.field.eventType',
        type: 'choice',
        required: true,
        aliases: ['Type', 'Event', 'Event type', 'Soort', 'Handeling', 'Mutatie'],
        choices: codes(SHARE_EVENT_TYPES, {
          issue: ['issuance', 'uitgifte', 'emissie'],
          transfer: ['overdracht', 'levering'],
          cancel: ['cancellation', 'intrekking', 'inkoop'],
        }),
      },
      {
        key: 'date',
        label: 'imports.field.date',
        type: 'date',
        required: true,
        aliases: ['Date', 'Datum', 'Transaction date', 'Transactiedatum'],
      },
      {
        key: 'shareClassId',
        label: 'imports.field.shareClass',
        type: 'shareClass',
        required: true,
        aliases: [
          'Share class',
          'Class',
          'Aandelensoort',
          'Soort aandelen',
          'Aandelenklasse',
          'Klasse',
        ],
      },
      {
        key: 'shareCount',
        label: 'imports.field.shareCount',
        type: 'integer',
        required: true,
        aliases: ['Number of shares', 'Shares', 'Share count', 'Aantal aandelen', 'Aantal'],
      },
      {
        key: 'toStakeholderId',
        label: 'imports.field.to',
        type: 'stakeholder',
        aliases: ['To', 'Holder', 'Acquirer', 'Aan', 'Verkrijger', 'Aandeelhouder'],
      },
      {
        key: 'fromStakeholderId',
        label: 'imports.field.from',
        type: 'stakeholder',
        aliases: ['From', 'Transferor', 'Van', 'Vervreemder'],
      },
      {
        key: 'firstShareNumber',
        label: 'imports.field.firstShareNumber',
        type: 'integer',
        aliases: ['First share number', 'From number', 'Eerste aandeelnummer', 'Van nummer'],
      },
      {
        key: 'lastShareNumber',
        label: 'imports.field.lastShareNumber',
        type: 'integer',
        aliases: ['Last share number', 'To number', 'Laatste aandeelnummer', 'Tot en met nummer'],
      },
      {
        key: 'pricePerShare',
        label: 'imports.field.pricePerShare',
        type: 'number',
        aliases: ['Price per share', 'Price', 'Prijs per aandeel', 'Koers', 'Prijs'],
      },
      currency,
      {
        key: 'deedDate',
        label: 'imports.field.deedDate',
        type: 'date',
        aliases: ['Deed date', 'Date of deed', 'Aktedatum', 'Datum akte', 'Datum notariële akte'],
      },
      {
        key: 'notary',
        label: 'imports.field.notary',
        type: 'text',
        aliases: ['Notary', 'Notaris'],
      },
      notes,
    ],
  },
  grants: {
    kind: 'grants',
    dateField: 'grantDate',
    fields: [
      externalId,
      {
        key: 'stakeholderId',
        label: 'imports.field.stakeholder',
        type: 'stakeholder',
        required: true,
        aliases: [
          'Stakeholder',
          'Name',
          'Holder',
          'Participant',
          'Naam',
          'Belanghebbende',
          'Houder',
          'Deelnemer',
        ],
      },
      {
        key: 'planId',
        label: 'imports.field.plan',
        type: 'plan',
        required: true,
        aliases: ['Plan', 'Equity plan', 'Regeling', 'Optieregeling', 'Participatieplan'],
      },
      {
        key: 'quantity',
        label: 'imports.field.quantity',
        type: 'integer',
        required: true,
        aliases: ['Quantity', 'Number of options', 'Options', 'Aantal', 'Aantal opties'],
      },
      {
        key: 'exercisePrice',
        label: 'imports.field.exercisePrice',
        type: 'number',
        aliases: ['Exercise price', 'Strike price', 'Strike', 'Uitoefenprijs', 'Uitoefenkoers'],
      },
      currency,
      {
        key: 'grantDate',
        label: 'imports.field.grantDate',
        type: 'date',
        required: true,
        aliases: ['Grant date', 'Date of grant', 'Datum toekenning', 'Toekenningsdatum'],
      },
      {
        key: 'vestingStartDate',
        label: 'imports.field.vestingStartDate',
        type: 'date',
        aliases: ['Vesting start date', 'Vesting start', 'Startdatum vesting', 'Begin vesting'],
      },
      {
        key: 'template',
        label: 'imports.field.template',
        type: 'template',
        aliases: [
          'Vesting template',
          'Vesting schedule',
          'Template',
          'Vestingsjabloon',
          'Vestingschema',
          'Sjabloon',
        ],
      },
      {
        key: 'vestingMonths',
        label: 'imports.field.vestingMonths',
        type: 'integer',
        aliases: ['Vesting months', 'Vesting period (months)', 'Vesting (maanden)', 'Maanden'],
      },
      {
        key: 'cliffMonths',
        label: 'imports.field.cliffMonths',
        type: 'integer',
        aliases: ['Cliff months', 'Cliff (months)', 'Cliff', 'Cliff (maanden)'],
      },
      {
        key: 'expiryDate',
        label: 'imports.field.expiryDate',
        type: 'date',
        aliases: ['Expiry date', 'Expiration date', 'Vervaldatum', 'Einddatum'],
      },
      {
        key: 'status',
        label: 'imports.field.status',
        type: 'choice',
        aliases: ['Status'],
        choices: codes(STORED_GRANT_STATUSES, {
          draft: ['concept'],
          offered: ['aangeboden'],
          accepted: ['aanvaard', 'geaccepteerd'],
          active: ['actief'],
        }),
      },
      notes,
    ],
  },
  valuations: {
    kind: 'valuations',
    dateField: 'effectiveDate',
    fields: [
      externalId,
      {
        key: 'effectiveDate',
        label: 'imports.field.effectiveDate',
        type: 'date',
        required: true,
        aliases: [
          'Effective date',
          'Valuation date',
          'Date',
          'Ingangsdatum',
          'Waarderingsdatum',
          'Peildatum',
        ],
      },
      {
        key: 'purpose',
        label: 'imports.field.purpose',
        type: 'choice',
        required: true,
        aliases: ['Purpose', 'Doel'],
        choices: codes(VALUATION_PURPOSES, {
          tax_fmv: ['tax', 'fmv', 'fiscaal', 'fiscale waardering'],
          funding_round: ['funding', 'financieringsronde', 'ronde'],
          internal: ['intern'],
          other: ['anders', 'overig'],
        }),
      },
      {
        key: 'method',
        label: 'imports.field.method',
        type: 'choice',
        required: true,
        aliases: ['Method', 'Methode', 'Waarderingsmethode'],
        choices: codes(VALUATION_METHODS, {
          market_multiples: ['multiples', 'multiples methode'],
          net_asset_value: ['nav', 'intrinsieke waarde', 'netto vermogenswaarde'],
          recent_round: ['laatste ronde'],
          other: ['anders', 'overig'],
        }),
      },
      {
        key: 'provider',
        label: 'imports.field.provider',
        type: 'text',
        aliases: ['Provider', 'Valuer', 'Waardeerder', 'Waarderaar', 'Uitgevoerd door'],
      },
      currency,
      {
        key: 'enterpriseValue',
        label: 'imports.field.enterpriseValue',
        type: 'number',
        required: true,
        aliases: ['Enterprise value', 'EV', 'Ondernemingswaarde'],
      },
      {
        key: 'debt',
        label: 'imports.field.debt',
        type: 'number',
        aliases: ['Debt', 'Schuld', 'Schulden'],
      },
      {
        key: 'cash',
        label: 'imports.field.cash',
        type: 'number',
        aliases: ['Cash', 'Liquide middelen', 'Kas'],
      },
      {
        key: 'fullyDilutedShares',
        label: 'imports.field.fullyDilutedShares',
        type: 'integer',
        aliases: [
          'Fully diluted shares',
          'Aandelen volledig verwaterd',
          'Volledig verwaterde aandelen',
          'Aandelen fully diluted',
        ],
      },
      {
        key: 'preferredPricePerShare',
        label: 'imports.field.preferredPricePerShare',
        type: 'number',
        aliases: ['Preferred price per share', 'Prijs per preferent aandeel'],
      },
      {
        key: 'commonValuePerShare',
        label: 'imports.field.commonValuePerShare',
        type: 'number',
        aliases: ['Common value per share', 'Waarde per gewoon aandeel'],
      },
      {
        key: 'dlomPercent',
        label: 'imports.field.dlomPercent',
        type: 'number',
        aliases: ['DLOM', 'DLOM %', 'DLOM percent', 'Korting verhandelbaarheid'],
      },
      {
        key: 'shareClassId',
        label: 'imports.field.shareClass',
        type: 'shareClass',
        aliases: ['Share class', 'Class', 'Aandelensoort', 'Soort aandelen', 'Aandelenklasse'],
      },
      {
        key: 'materialEventDate',
        label: 'imports.field.materialEventDate',
        type: 'date',
        aliases: [
          'Material event date',
          'Datum wezenlijke gebeurtenis',
          'Datum materiële gebeurtenis',
        ],
      },
      notes,
    ],
  },
};

/**
 * The column each field reads, guessed from the headers: a header matches a field when, without
 * case, spaces, punctuation and accents, it equals one of the field's aliases. Each column serves
 * one field at most (the first field that claims it, in the mapping's order).
 */
export function autoMap(
  kind: ImportKind,
  headers: readonly string[],
): Record<string, string | null> {
  const normalized = headers.map(normalizeHeader);
  const taken = new Set<number>();
  const mapping: Record<string, string | null> = {};
  for (const field of IMPORT_MAPPINGS[kind].fields) {
    const names = new Set(field.aliases.map(normalizeHeader));
    const index = normalized.findIndex((h, i) => !taken.has(i) && h !== '' && names.has(h));
    if (index >= 0) taken.add(index);
    mapping[field.key] = index >= 0 ? headers[index]! : null;
  }
  return mapping;
}

// ---------------------------------------------------------------------------------------- API

/** The uploaded file: at most 25 MB. */
export const MAX_IMPORT_BYTES = 25 * 1024 * 1024;
/** Rows a single import may carry. */
export const MAX_IMPORT_ROWS = 20_000;

export const importKindSchema = z.enum(IMPORT_KINDS, {
  error: `kind must be one of ${IMPORT_KINDS.join(', ')}`,
});

/** `mapping`: field key → the header of the column that fills it (null: no column). */
export const importMappingSchema = z.record(z.string().max(100), z.string().max(200).nullable());

export const IMPORT_STATUSES = ['validated', 'running', 'committed', 'failed'] as const;
export type ImportStatus = (typeof IMPORT_STATUSES)[number];

export const importErrorSchema = z.object({
  /** The row's number in the sheet (the header row is 1). */
  row: z.number().int(),
  /** The header of the column at fault; null when the row as a whole is. */
  column: z.string().nullable(),
  message: z.string(),
});
export type ImportError = z.infer<typeof importErrorSchema>;

export const importJobSchema = z.object({
  id: z.uuid(),
  companyId: z.uuid(),
  kind: importKindSchema,
  status: z.enum(IMPORT_STATUSES),
  /** 0–1: the share of rows applied by a commit. */
  progress: z.number().min(0).max(1),
  fileName: z.string(),
  /** The sheets of the workbook (one for a CSV file) and the one read. */
  sheets: z.array(z.string()),
  sheet: z.string(),
  headers: z.array(z.string()),
  /** Data rows (the header row not counted). */
  rows: z.number().int(),
  mapping: z.record(z.string(), z.string().nullable()),
  /** The first rows as they will be stored: the create request of each. */
  preview: z.array(z.object({ row: z.number().int(), values: z.record(z.string(), z.unknown()) })),
  errors: z.array(importErrorSchema),
  /** After a commit: rows that created a record, and rows skipped because they were imported before. */
  created: z.number().int(),
  skipped: z.number().int(),
  createdAt: z.iso.datetime({ offset: true }),
  updatedAt: z.iso.datetime({ offset: true }),
});
export type ImportJob = z.infer<typeof importJobSchema>;

/** `?kind=` of the template download (default: stakeholders). */
export const importTemplateQuerySchema = z.object({
  kind: importKindSchema.default('stakeholders'),
});
