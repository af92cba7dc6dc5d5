import type { AuditEvent } from '../../../contracts/audit';
import { isCountryCode } from '../../../domain/countries';
import { isIsoDate } from '../../../domain/dates';
import {
  COMPANY_STATUSES,
  STAKEHOLDER_KINDS,
  STAKEHOLDER_RELATIONSHIPS,
  STAKEHOLDER_STATUSES,
} from '../../../domain/equity';
import { countryName } from '../../lib/countries';
import { formatDateTime, formatDecimal, formatIsoDate } from '../../lib/format';
import { activeLanguage, languageName, msg, t } from '../../lib/i18n';
import {
  isStakeholderFieldName,
  KIND_LABELS,
  RELATIONSHIP_LABELS,
  STAKEHOLDER_FIELD_LABELS,
  STAKEHOLDER_STATUS_LABELS,
} from '../stakeholders/fields';
import { CONTACT_FUNCTIONS, CONTACT_LANGUAGES } from '../../../contracts/contacts';
import { NOTE_KINDS } from '../../../contracts/notes';
import {
  CONTACT_FIELD_LABELS,
  CONTACT_FUNCTION_LABELS,
  isContactFieldName,
} from '../contacts/labels';
import { NOTE_FIELD_LABELS, NOTE_KIND_LABELS } from '../notes/labels';
import {
  COMPANY_FIELD_LABELS,
  COMPANY_STATUS_LABELS,
  isCompanyFieldName,
  legalFormName,
} from './fields';
import { TASK_PRIORITIES, TASK_STATUSES } from '../../../contracts/tasks';
import { TASK_PRIORITY_LABELS, TASK_STATUS_LABELS } from '../tasks/labels';

/**
 * The company's activity holds its own events and those of everything in it (stakeholders, share
 * classes, the register, plans, grants, valuations…): each entity type gets its noun (plain, and
 * with its indefinite article), field labels and value labels, in the app's language.
 */
const NOUNS: Record<string, { noun: string; indefinite: string }> = {
  stakeholder: {
    noun: msg('companies.activity.noun.stakeholder'),
    indefinite: msg('companies.activity.indefinite.stakeholder'),
  },
  share_class: {
    noun: msg('companies.activity.noun.shareClass'),
    indefinite: msg('companies.activity.indefinite.shareClass'),
  },
  share_event: {
    noun: msg('companies.activity.noun.shareEvent'),
    indefinite: msg('companies.activity.indefinite.shareEvent'),
  },
  depositary_receipt: {
    noun: msg('companies.activity.noun.depositaryReceipt'),
    indefinite: msg('companies.activity.indefinite.depositaryReceipt'),
  },
  plan: {
    noun: msg('companies.activity.noun.plan'),
    indefinite: msg('companies.activity.indefinite.plan'),
  },
  pool_adjustment: {
    noun: msg('companies.activity.noun.poolAdjustment'),
    indefinite: msg('companies.activity.indefinite.poolAdjustment'),
  },
  grant: {
    noun: msg('companies.activity.noun.grant'),
    indefinite: msg('companies.activity.indefinite.grant'),
  },
  grant_exercise: {
    noun: msg('companies.activity.noun.grantExercise'),
    indefinite: msg('companies.activity.indefinite.grantExercise'),
  },
  change_of_control: {
    noun: msg('companies.activity.noun.changeOfControl'),
    indefinite: msg('companies.activity.indefinite.changeOfControl'),
  },
  valuation: {
    noun: msg('companies.activity.noun.valuation'),
    indefinite: msg('companies.activity.indefinite.valuation'),
  },
  contact: {
    noun: msg('companies.activity.noun.contact'),
    indefinite: msg('companies.activity.indefinite.contact'),
  },
  note: {
    noun: msg('companies.activity.noun.note'),
    indefinite: msg('companies.activity.indefinite.note'),
  },
  task: {
    noun: msg('companies.activity.noun.task'),
    indefinite: msg('companies.activity.indefinite.task'),
  },
};

/**
 * Labels of the fields the services record for the company's records other than the company and
 * its stakeholders (which keep their forms' labels): share classes, register entries, receipts,
 * plans, pool adjustments, grants and their events, valuations.
 */
const FIELD_LABELS: Record<string, string> = {
  acceleration: msg('companies.activity.field.acceleration'),
  assigneeId: msg('companies.activity.field.assigneeId'),
  acceptanceDate: msg('companies.activity.field.acceptanceDate'),
  approvalDate: msg('companies.activity.field.approvalDate'),
  boardApprovalDate: msg('companies.activity.field.boardApprovalDate'),
  cancelled: msg('companies.activity.field.cancelled'),
  cash: msg('companies.activity.field.cash'),
  classType: msg('companies.activity.field.classType'),
  commonValuePerShare: msg('companies.activity.field.commonValuePerShare'),
  currency: msg('companies.activity.field.currency'),
  date: msg('companies.activity.field.date'),
  debt: msg('companies.activity.field.debt'),
  deedDate: msg('companies.activity.field.deedDate'),
  defaultVestingTemplateId: msg('companies.activity.field.defaultVestingTemplateId'),
  description: msg('companies.activity.field.description'),
  dlomPercent: msg('companies.activity.field.dlomPercent'),
  dueDate: msg('companies.activity.field.dueDate'),
  dueTime: msg('companies.activity.field.dueTime'),
  effectiveDate: msg('companies.activity.field.effectiveDate'),
  enterpriseValue: msg('companies.activity.field.enterpriseValue'),
  exercisePrice: msg('companies.activity.field.exercisePrice'),
  exerciseWindowMonths: msg('companies.activity.field.exerciseWindowMonths'),
  expiryDate: msg('companies.activity.field.expiryDate'),
  firstShareNumber: msg('companies.activity.field.firstShareNumber'),
  fmvPerShare: msg('companies.activity.field.fmvPerShare'),
  forfeitedTo: msg('companies.activity.field.forfeitedTo'),
  fromStakeholderId: msg('companies.activity.field.fromStakeholderId'),
  fullyDilutedShares: msg('companies.activity.field.fullyDilutedShares'),
  grant: msg('companies.activity.field.grant'),
  grantDate: msg('companies.activity.field.grantDate'),
  holderStakeholderId: msg('companies.activity.field.holderStakeholderId'),
  lastShareNumber: msg('companies.activity.field.lastShareNumber'),
  'leave of absence': msg('companies.activity.field.leaveOfAbsence'),
  leaverPolicy: msg('companies.activity.field.leaverPolicy'),
  liquidationPreferenceMultiple: msg('companies.activity.field.liquidationPreferenceMultiple'),
  materialEventDate: msg('companies.activity.field.materialEventDate'),
  method: msg('companies.activity.field.method'),
  name: msg('companies.activity.field.name'),
  nominalValue: msg('companies.activity.field.nominalValue'),
  notary: msg('companies.activity.field.notary'),
  notes: msg('companies.activity.field.notes'),
  offerDate: msg('companies.activity.field.offerDate'),
  participating: msg('companies.activity.field.participating'),
  participationCapMultiple: msg('companies.activity.field.participationCapMultiple'),
  plan: msg('companies.activity.field.plan'),
  planId: msg('companies.activity.field.plan'),
  planType: msg('companies.activity.field.planType'),
  poolSize: msg('companies.activity.field.poolSize'),
  preferredPricePerShare: msg('companies.activity.field.preferredPricePerShare'),
  priority: msg('companies.activity.field.priority'),
  pricePerShare: msg('companies.activity.field.pricePerShare'),
  provider: msg('companies.activity.field.provider'),
  purpose: msg('companies.activity.field.purpose'),
  quantity: msg('companies.activity.field.quantity'),
  reason: msg('companies.activity.field.reason'),
  receiptCount: msg('companies.activity.field.receiptCount'),
  report: msg('companies.activity.field.report'),
  seniority: msg('companies.activity.field.seniority'),
  settlementAmount: msg('companies.activity.field.settlementAmount'),
  shareClassId: msg('companies.activity.field.shareClass'),
  shareCount: msg('companies.activity.field.shareCount'),
  shareholderApprovalDate: msg('companies.activity.field.shareholderApprovalDate'),
  sharesAuthorized: msg('companies.activity.field.sharesAuthorized'),
  stakeholderId: msg('companies.activity.field.stakeholder'),
  stakStakeholderId: msg('companies.activity.field.stak'),
  status: msg('companies.activity.field.status'),
  taxAtExercise: msg('companies.activity.field.taxAtExercise'),
  taxElectionDate: msg('companies.activity.field.taxElectionDate'),
  templateId: msg('companies.activity.field.template'),
  termination: msg('companies.activity.field.termination'),
  title: msg('companies.activity.field.title'),
  terms: msg('companies.activity.field.terms'),
  toStakeholderId: msg('companies.activity.field.toStakeholderId'),
  type: msg('companies.activity.field.type'),
  vestingStartDate: msg('companies.activity.field.vestingStartDate'),
  // Client access (issue 15): the setting and the names listed.
  access: msg('companies.activity.field.access'),
  members: msg('companies.activity.field.members'),
  teams: msg('companies.activity.field.teams'),
  votesPerShare: msg('companies.activity.field.votesPerShare'),
};

function includes<T extends string>(list: readonly T[], value: unknown): value is T {
  return typeof value === 'string' && (list as readonly string[]).includes(value);
}

/** "shareClassId" → "Share class id": readable enough for fields without a label of ours. */
function humanize(field: string): string {
  const words = field.replace(/([a-z0-9])([A-Z])/g, '$1 $2').replace(/_/g, ' ');
  return words.charAt(0).toUpperCase() + words.slice(1).toLowerCase();
}

/** The label of a recorded field: the form's, else ours, else the field's name made readable. */
export function fieldLabel(entityType: string, field: string): string {
  if (entityType === 'company' && isCompanyFieldName(field)) return t(COMPANY_FIELD_LABELS[field]);
  if (entityType === 'stakeholder' && isStakeholderFieldName(field)) {
    return t(STAKEHOLDER_FIELD_LABELS[field]);
  }
  // Contacts and notes (issue 15): their forms' labels.
  if (entityType === 'contact' && isContactFieldName(field)) return t(CONTACT_FIELD_LABELS[field]);
  if (entityType === 'note' && Object.hasOwn(NOTE_FIELD_LABELS, field))
    return t(NOTE_FIELD_LABELS[field]!);
  // A milestone's achievement is recorded under "milestone <its name>" (grants/service.ts).
  if (field.startsWith('milestone ')) {
    return t('companies.activity.field.milestone', { name: field.slice('milestone '.length) });
  }
  if (Object.hasOwn(FIELD_LABELS, field)) return t(FIELD_LABELS[field]!);
  return humanize(field);
}

/** Names of the workspace's members by user id. */
export type MemberNames = ReadonlyMap<string, string>;

/**
 * A stored value as people read it: labels for codes, dates, numbers and yes/no in the app's
 * language, names for member ids.
 */
export function valueText(
  entityType: string,
  field: string,
  value: unknown,
  members: MemberNames,
): string {
  if (typeof value === 'boolean') {
    return value ? t('companies.activity.yes') : t('companies.activity.no');
  }
  // Counts (shares, quantities, months) as the language writes them; decimals are stored as text.
  if (typeof value === 'number') return formatDecimal(value);
  // Client access: the setting, and the members and teams listed (names).
  if (entityType === 'company_access' && field === 'access' && includes(ACCESS_VALUES, value))
    return t(ACCESS_VALUE_LABELS[value]);
  if (Array.isArray(value))
    return value.length === 0
      ? t('companies.activity.value.none')
      : fieldList(value.map((v) => (typeof v === 'string' ? v : JSON.stringify(v))));
  const text = typeof value === 'string' ? value : JSON.stringify(value);
  if ((field === 'country' || field === 'taxCountry') && isCountryCode(text)) {
    return `${countryName(text)} (${text})`;
  }
  if (field === 'companyType' && typeof value === 'string') return legalFormName(value);
  if (field === 'status' && entityType === 'company' && includes(COMPANY_STATUSES, value)) {
    return t(COMPANY_STATUS_LABELS[value]);
  }
  if (field === 'status' && entityType === 'stakeholder' && includes(STAKEHOLDER_STATUSES, value)) {
    return t(STAKEHOLDER_STATUS_LABELS[value]);
  }
  if (field === 'relationship' && includes(STAKEHOLDER_RELATIONSHIPS, value)) {
    return t(RELATIONSHIP_LABELS[value]);
  }
  if (field === 'kind' && includes(STAKEHOLDER_KINDS, value)) return t(KIND_LABELS[value]);
  // A stakeholder's document language (issue 14): its own name, "Nederlands", "English".
  if (
    field === 'language' &&
    entityType === 'stakeholder' &&
    includes(['nl', 'en'] as const, value)
  )
    return languageName(value);
  if (entityType === 'note' && field === 'kind' && includes(NOTE_KINDS, value))
    return t(NOTE_KIND_LABELS[value]);
  if (entityType === 'note' && field === 'occurredAt' && typeof value === 'string')
    return formatDateTime(value);
  if (entityType === 'contact' && field === 'function' && includes(CONTACT_FUNCTIONS, value))
    return t(CONTACT_FUNCTION_LABELS[value]);
  if (entityType === 'contact' && field === 'language' && includes(CONTACT_LANGUAGES, value))
    return languageName(value);
  if (field === 'responsibleUserId' || field === 'assigneeId')
    return members.get(text) ?? t('companies.activity.formerMember');
  // A task's status and priority (issue 15).
  if (field === 'status' && entityType === 'task' && includes(TASK_STATUSES, value))
    return t(TASK_STATUS_LABELS[value]);
  if (field === 'priority' && entityType === 'task' && includes(TASK_PRIORITIES, value))
    return t(TASK_PRIORITY_LABELS[value]);
  if (isIsoDate(text)) return formatIsoDate(text);
  return text;
}

/** The entity's name, when the event carries it (creations, deletions, renames). */
function entityName(event: AuditEvent): string | null {
  // A task is named by its title (issue 15).
  const change = event.changes?.name ?? event.changes?.title;
  const gone = event.action === 'delete' || event.action === 'trash' || event.action === 'purge';
  const name = gone ? change?.from : (change?.to ?? change?.from);
  return typeof name === 'string' && name ? name : null;
}

/** "Company name, City" as the language joins a list. */
function fieldList(fields: string[]): string {
  return new Intl.ListFormat(activeLanguage(), { type: 'conjunction' }).format(fields);
}

const ACCESS_VALUES = ['everyone', 'restricted'] as const;
const ACCESS_VALUE_LABELS = {
  everyone: msg('companies.activity.value.everyone'),
  restricted: msg('companies.activity.value.restricted'),
} as const;

/** What the actor did, after their name: "added stakeholder “Ann”", "updated City". */
export function sentence(event: AuditEvent, fields: string[]): string {
  if (event.entityType === 'company_access') return t('companies.activity.access.update');
  if (event.entityType === 'company') {
    if (event.action === 'create') return t('companies.activity.company.create');
    if (event.action === 'delete') return t('companies.activity.company.delete');
    if (event.action === 'trash') return t('companies.activity.company.trash');
    if (event.action === 'restore') return t('companies.activity.company.restore');
    if (event.action === 'purge') return t('companies.activity.company.purge');
    return fields.length > 0
      ? t('companies.activity.company.updateFields', { fields: fieldList(fields) })
      : t('companies.activity.company.update');
  }
  const noun = Object.hasOwn(NOUNS, event.entityType) ? NOUNS[event.entityType] : undefined;
  const name = entityName(event);
  const what = name
    ? t('companies.activity.named', {
        noun: noun ? t(noun.noun) : humanize(event.entityType).toLowerCase(),
        name,
      })
    : noun
      ? t(noun.indefinite)
      : t('companies.activity.indefinite.other', {
          noun: humanize(event.entityType).toLowerCase(),
        });
  if (event.action === 'create') return t('companies.activity.create', { what });
  if (event.action === 'delete') return t('companies.activity.delete', { what });
  if (event.action === 'trash') return t('companies.activity.trash', { what });
  if (event.action === 'restore') return t('companies.activity.restore', { what });
  if (event.action === 'purge') return t('companies.activity.purge', { what });
  return fields.length > 0
    ? t('companies.activity.updateFields', { what, fields: fieldList(fields) })
    : t('companies.activity.update', { what });
}
