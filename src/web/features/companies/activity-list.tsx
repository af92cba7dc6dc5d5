import { useQuery, useSuspenseQuery } from '@tanstack/react-query';
import { ArrowRight, History } from 'lucide-react';
import type { AuditEvent } from '../../../contracts/audit';
import { Skeleton } from '../../components/ui/skeleton';
import { formatDateTime } from '../../lib/format';
import { t } from '../../lib/i18n';
import { meQueryOptions } from '../me/api';
import { fieldLabel, sentence, valueText, type MemberNames } from './activity-text';
import { companyActivityQueryOptions } from './api';
import { workspaceMembersQueryOptions } from './members';

/** A stored value as people read it; "empty" for nothing. */
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
    return <span className="text-muted-foreground italic">{t('companies.activity.empty')}</span>;
  }
  return (
    <span className="font-medium break-all">{valueText(entityType, field, value, members)}</span>
  );
}

function ActivityItem({ event, members }: { event: AuditEvent; members: MemberNames }) {
  const who = event.actor.name ?? t('companies.activity.someone');
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
              <ArrowRight
                className="size-3.5 text-muted-foreground"
                aria-label={t('companies.activity.to')}
              />
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
        {t('companies.activity.empty.list')}
      </p>
    );
  }
  return (
    <ol className="grid gap-0" aria-label={t('companies.activity.label')}>
      {data.items.map((event) => (
        <ActivityItem key={event.id} event={event} members={members} />
      ))}
    </ol>
  );
}

export function ActivityListSkeleton() {
  return (
    <div role="status" aria-live="polite" className="grid gap-4">
      <span className="sr-only">{t('companies.activity.loading')}</span>
      {[0, 1, 2].map((i) => (
        <div key={i} className="grid gap-2 border-l-2 pl-4">
          <Skeleton className="h-4 w-2/3" />
          <Skeleton className="h-3 w-1/4" />
        </div>
      ))}
    </div>
  );
}
