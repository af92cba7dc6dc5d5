import { useSuspenseQuery } from '@tanstack/react-query';
import { ArrowRight, History } from 'lucide-react';
import type { AuditEvent } from '../../../contracts/audit';
import { countryName, isCountryCode } from '../../../domain/countries';
import { LEGAL_FORMS, legalFormLabel, type LegalForm } from '../../../domain/legal-forms';
import { Skeleton } from '../../components/ui/skeleton';
import { formatDateTime } from '../../lib/format';
import { companyActivityQueryOptions } from './api';
import { COMPANY_FIELD_LABELS, isCompanyFieldName } from './fields';

function fieldLabel(field: string): string {
  return isCompanyFieldName(field) ? COMPANY_FIELD_LABELS[field] : field;
}

function isLegalForm(value: string): value is LegalForm {
  return (LEGAL_FORMS as readonly string[]).includes(value);
}

/** A stored value as people read it: labels for codes, "empty" for nothing. */
function ChangeValue({ field, value }: { field: string; value: unknown }) {
  if (value === null || value === undefined || value === '') {
    return <span className="text-muted-foreground italic">empty</span>;
  }
  let text = typeof value === 'string' ? value : JSON.stringify(value);
  if (field === 'country' && typeof value === 'string' && isCountryCode(value)) {
    text = `${countryName(value)} (${value})`;
  } else if (field === 'companyType' && typeof value === 'string' && isLegalForm(value)) {
    text = legalFormLabel(value);
  }
  return <span className="font-medium break-all">{text}</span>;
}

const verbs: Record<AuditEvent['action'], string> = {
  create: 'created the company',
  update: 'updated',
  delete: 'deleted the company',
};

function ActivityItem({ event }: { event: AuditEvent }) {
  const who = event.actor.name ?? 'Someone';
  const changes = Object.entries(event.changes ?? {});
  const fields = changes.map(([field]) => fieldLabel(field));
  return (
    <li className="grid gap-1.5 border-l-2 border-border pb-4 pl-4 last:pb-0">
      <p className="text-sm">
        <span className="font-medium">{who}</span> {verbs[event.action]}
        {event.action === 'update' && fields.length > 0 ? ` ${fields.join(', ')}` : null}
      </p>
      {event.action === 'update' && changes.length > 0 ? (
        <ul className="grid gap-1 text-sm">
          {changes.map(([field, change]) => (
            <li key={field} className="flex flex-wrap items-center gap-x-1.5">
              <span className="text-muted-foreground">{fieldLabel(field)}:</span>
              <ChangeValue field={field} value={change.from} />
              <ArrowRight className="size-3.5 text-muted-foreground" aria-label="to" />
              <ChangeValue field={field} value={change.to} />
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

/** Who changed what and when, newest first (the company's audit trail). */
export function ActivityList({ companyId }: { companyId: string }) {
  const { data } = useSuspenseQuery(companyActivityQueryOptions(companyId));
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
        <ActivityItem key={event.id} event={event} />
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
