import { useQuery, useSuspenseQuery } from '@tanstack/react-query';
import { ArrowRight, History } from 'lucide-react';
import type { AuditEvent } from '../../../contracts/audit';
import { countryName, isCountryCode } from '../../../domain/countries';
import {
  COMPANY_STATUSES,
  RELATIONSHIP_LABELS,
  STAKEHOLDER_KINDS,
  STAKEHOLDER_RELATIONSHIPS,
  STAKEHOLDER_STATUSES,
  STATUS_LABELS,
} from '../../../domain/equity';
import { LEGAL_FORMS, legalFormLabel } from '../../../domain/legal-forms';
import { Skeleton } from '../../components/ui/skeleton';
import { formatDateTime } from '../../lib/format';
import { meQueryOptions } from '../me/api';
import {
  isStakeholderFieldName,
  KIND_LABELS,
  STAKEHOLDER_FIELD_LABELS,
} from '../stakeholders/fields';
import { companyActivityQueryOptions } from './api';
import { COMPANY_FIELD_LABELS, COMPANY_STATUS_LABELS, isCompanyFieldName } from './fields';
import { workspaceMembersQueryOptions } from './members';

/**
 * The company's activity holds its own events and those of everything in it (stakeholders, share
 * classes, the register, plans…): each entity type gets its noun, field labels and value labels.
 */
const NOUNS: Record<string, string> = {
  stakeholder: 'stakeholder',
  share_class: 'share class',
  share_event: 'register entry',
  depositary_receipt: 'depositary receipt line',
  plan: 'plan',
  pool_adjustment: 'pool adjustment',
};

function includes<T extends string>(list: readonly T[], value: unknown): value is T {
  return typeof value === 'string' && (list as readonly string[]).includes(value);
}

/** "shareClassId" → "Share class id": readable enough for fields without a label of ours. */
function humanize(field: string): string {
  const words = field.replace(/([a-z0-9])([A-Z])/g, '$1 $2').replace(/_/g, ' ');
  return words.charAt(0).toUpperCase() + words.slice(1).toLowerCase();
}

function fieldLabel(entityType: string, field: string): string {
  if (entityType === 'company' && isCompanyFieldName(field)) return COMPANY_FIELD_LABELS[field];
  if (entityType === 'stakeholder' && isStakeholderFieldName(field)) {
    return STAKEHOLDER_FIELD_LABELS[field];
  }
  return humanize(field);
}

type MemberNames = ReadonlyMap<string, string>;

/** A stored value as people read it: labels for codes, names for member ids, "empty" for nothing. */
function ChangeValue({
  entityType,
  field,
  value,
  members,
}: {
  entityType: string;
  field: string;
  value: unknown;
  members: MemberNames;
}) {
  if (value === null || value === undefined || value === '') {
    return <span className="text-muted-foreground italic">empty</span>;
  }
  let text = typeof value === 'string' ? value : JSON.stringify(value);
  if ((field === 'country' || field === 'taxCountry') && isCountryCode(text)) {
    text = `${countryName(text)} (${text})`;
  } else if (field === 'companyType' && includes(LEGAL_FORMS, value)) {
    text = legalFormLabel(value);
  } else if (field === 'status' && entityType === 'company' && includes(COMPANY_STATUSES, value)) {
    text = COMPANY_STATUS_LABELS[value];
  } else if (field === 'status' && includes(STAKEHOLDER_STATUSES, value)) {
    text = STATUS_LABELS[value];
  } else if (field === 'relationship' && includes(STAKEHOLDER_RELATIONSHIPS, value)) {
    text = RELATIONSHIP_LABELS[value];
  } else if (field === 'kind' && includes(STAKEHOLDER_KINDS, value)) {
    text = KIND_LABELS[value];
  } else if (field === 'responsibleUserId') {
    text = members.get(text) ?? 'a former member';
  }
  return <span className="font-medium break-all">{text}</span>;
}

/** The entity's name, when the event carries it (creations, deletions, renames). */
function entityName(event: AuditEvent): string | null {
  const change = event.changes?.name;
  const gone = event.action === 'delete' || event.action === 'trash' || event.action === 'purge';
  const name = gone ? change?.from : (change?.to ?? change?.from);
  return typeof name === 'string' && name ? name : null;
}

function sentence(event: AuditEvent, fields: string[]): string {
  if (event.entityType === 'company') {
    if (event.action === 'create') return 'created the company';
    if (event.action === 'delete') return 'deleted the company';
    if (event.action === 'trash') return 'moved the company to the trash';
    if (event.action === 'restore') return 'restored the company from the trash';
    if (event.action === 'purge') return 'deleted the company permanently';
    return fields.length > 0 ? `updated ${fields.join(', ')}` : 'updated the company';
  }
  const noun = NOUNS[event.entityType] ?? humanize(event.entityType).toLowerCase();
  const name = entityName(event);
  const what = name ? `${noun} “${name}”` : `a ${noun}`;
  if (event.action === 'create') return `added ${what}`;
  if (event.action === 'delete') return `deleted ${what}`;
  if (event.action === 'trash') return `moved ${what} to the trash`;
  if (event.action === 'restore') return `restored ${what} from the trash`;
  if (event.action === 'purge') return `deleted ${what} permanently`;
  return fields.length > 0 ? `updated ${what}: ${fields.join(', ')}` : `updated ${what}`;
}

function ActivityItem({ event, members }: { event: AuditEvent; members: MemberNames }) {
  const who = event.actor.name ?? 'Someone';
  const changes = Object.entries(event.changes ?? {});
  const fields = changes.map(([field]) => fieldLabel(event.entityType, field));
  return (
    <li className="grid gap-1.5 border-l-2 border-border pb-4 pl-4 last:pb-0">
      <p className="text-sm">
        <span className="font-medium">{who}</span> {sentence(event, fields)}
      </p>
      {event.action === 'update' && changes.length > 0 ? (
        <ul className="grid gap-1 text-sm">
          {changes.map(([field, change]) => (
            <li key={field} className="flex flex-wrap items-center gap-x-1.5">
              <span className="text-muted-foreground">{fieldLabel(event.entityType, field)}:</span>
              <ChangeValue
                entityType={event.entityType}
                field={field}
                value={change.from}
                members={members}
              />
              <ArrowRight className="size-3.5 text-muted-foreground" aria-label="to" />
              <ChangeValue
                entityType={event.entityType}
                field={field}
                value={change.to}
                members={members}
              />
            </li>
          ))}
        </ul>
      ) : null}
      <time dateTime={event.createdAt} className="text-xs text-muted-foreground">
        {formatDateTime(event.createdAt)}
      </time>
    </li>
  );
}

/** Names of the workspace's members by user id, once a responsible-lawyer change needs them. */
function useMemberNames(needed: boolean): MemberNames {
  const { data: me } = useSuspenseQuery(meQueryOptions());
  const { data } = useQuery({
    ...workspaceMembersQueryOptions(me.organizationId),
    enabled: needed,
  });
  return new Map((data ?? []).map((m) => [m.userId, m.name]));
}

/** Who changed what and when, newest first (the company's audit trail). */
export function ActivityList({ companyId }: { companyId: string }) {
  const { data } = useSuspenseQuery(companyActivityQueryOptions(companyId));
  const members = useMemberNames(
    data.items.some((e) => e.action === 'update' && e.changes?.responsibleUserId),
  );
  if (data.items.length === 0) {
    return (
      <p className="flex items-center gap-2 text-sm text-muted-foreground">
        <History className="size-4" aria-hidden="true" />
        No activity yet.
      </p>
    );
  }
  return (
    <ol className="grid gap-0" aria-label="Activity">
      {data.items.map((event) => (
        <ActivityItem key={event.id} event={event} members={members} />
      ))}
    </ol>
  );
}

export function ActivityListSkeleton() {
  return (
    <div role="status" aria-live="polite" className="grid gap-4">
      <span className="sr-only">Loading activity…</span>
      {[0, 1, 2].map((i) => (
        <div key={i} className="grid gap-2 border-l-2 pl-4">
          <Skeleton className="h-4 w-2/3" />
          <Skeleton className="h-3 w-1/4" />
        </div>
      ))}
    </div>
  );
}
