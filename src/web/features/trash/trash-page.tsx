import { useSuspenseQuery } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { RotateCcw, Trash2 } from 'lucide-react';
import { Suspense } from 'react';
import { toast } from '../../lib/toast';
import type { TrashItem, TrashKind } from '../../../contracts/trash';
import { Badge } from '../../components/ui/badge';
import { Button } from '../../components/ui/button';
import { ConfirmAction } from '../../components/ui/confirm-action';
import { Skeleton } from '../../components/ui/skeleton';
import {
  Table,
  TableBody,
  TableCell,
  TableHead,
  TableHeader,
  TableRow,
} from '../../components/ui/table';
import { formatDate, formatDateTime } from '../../lib/format';
import { msg, t } from '../../lib/i18n';
import { useDocumentTitle } from '../../lib/use-document-title';
import { EmptyState } from '../cap-table/section';
import { useCan } from '../me/api';
import { reportDeleteError } from '../plans/report-error';
import { trashQueryOptions, usePurgeTrashItem, useRestoreTrashItem } from './api';

/** Catalog keys of the kinds of item in the trash: `t(KIND_LABELS[kind])`. */
export const KIND_LABELS: Record<TrashKind, string> = {
  company: msg('trash.kind.company'),
  stakeholder: msg('trash.kind.stakeholder'),
  plan: msg('trash.kind.plan'),
  grant: msg('trash.kind.grant'),
};

/** What a permanent deletion takes with it, per kind. */
const PURGE_DESCRIPTIONS: Record<TrashKind, string> = {
  company: msg('trash.purge.description.company'),
  stakeholder: msg('trash.purge.description.stakeholder'),
  plan: msg('trash.purge.description.plan'),
  grant: msg('trash.purge.description.grant'),
};

function ItemActions({ item }: { item: TrashItem }) {
  const restore = useRestoreTrashItem();
  const purge = usePurgeTrashItem();
  const canRestore = useCan('trash', 'update');
  const canPurge = useCan('trash', 'delete');
  return (
    <div className="flex flex-wrap justify-end gap-2">
      {canRestore ? (
        <Button
          variant="outline"
          size="sm"
          aria-label={t('trash.restoreNamed', { kind: item.kind, name: item.name })}
          disabled={restore.isPending}
          aria-busy={restore.isPending || undefined}
          onClick={() => {
            // Not mutate's own callbacks: this row unmounts once the list refetches without the
            // item, and TanStack Query drops a call's callbacks when its component is gone.
            restore.mutateAsync({ kind: item.kind, id: item.id }).then(
              () => toast.success(t('trash.toast.restored', { name: item.name })),
              (error: unknown) => reportDeleteError(error, t('trash.restore.failed')),
            );
          }}
        >
          <RotateCcw aria-hidden="true" />
          {t('trash.restore')}
        </Button>
      ) : null}
      {canPurge ? (
        <ConfirmAction
          trigger={
            <Button
              variant="outline"
              size="sm"
              className="text-destructive hover:text-destructive"
              aria-label={t('trash.purgeNamed', { kind: item.kind, name: item.name })}
            >
              <Trash2 aria-hidden="true" />
              {t('trash.purge')}
            </Button>
          }
          title={t('trash.purge.title', { name: item.name })}
          description={t(PURGE_DESCRIPTIONS[item.kind])}
          confirmLabel={t('trash.purge')}
          onConfirm={async () => {
            try {
              await purge.mutateAsync({ kind: item.kind, id: item.id });
            } catch (error) {
              reportDeleteError(error, t('trash.purge.failed'));
              throw error;
            }
            toast.success(t('trash.toast.purged', { name: item.name }));
          }}
        />
      ) : null}
    </div>
  );
}

function TrashTable() {
  const { data } = useSuspenseQuery(trashQueryOptions());
  if (data.items.length === 0)
    return (
      <EmptyState icon={Trash2} title={t('trash.empty.title')}>
        {t('trash.empty.text')}
      </EmptyState>
    );
  return (
    <Table aria-label={t('trash.title')}>
      <TableHeader>
        <TableRow>
          <TableHead scope="col">{t('trash.column.item')}</TableHead>
          <TableHead scope="col">{t('trash.column.company')}</TableHead>
          <TableHead scope="col">{t('trash.column.deletedBy')}</TableHead>
          <TableHead scope="col">{t('trash.column.deleted')}</TableHead>
          <TableHead scope="col">{t('trash.column.purgeAt')}</TableHead>
          <TableHead scope="col">
            <span className="sr-only">{t('common.actions')}</span>
          </TableHead>
        </TableRow>
      </TableHeader>
      <TableBody>
        {data.items.map((item) => (
          <TableRow key={`${item.kind}-${item.id}`}>
            <TableCell>
              <div className="flex flex-wrap items-center gap-2">
                <Badge>{t(KIND_LABELS[item.kind])}</Badge>
                <span className="font-medium break-words">{item.name}</span>
              </div>
            </TableCell>
            <TableCell>{item.companyName}</TableCell>
            <TableCell>{item.deletedBy.name ?? t('trash.someone')}</TableCell>
            <TableCell>
              <time dateTime={item.deletedAt}>{formatDateTime(item.deletedAt)}</time>
            </TableCell>
            <TableCell>
              <time dateTime={item.purgeAt}>{formatDate(item.purgeAt)}</time>
            </TableCell>
            <TableCell>
              <ItemActions item={item} />
            </TableCell>
          </TableRow>
        ))}
      </TableBody>
    </Table>
  );
}

function TrashSkeleton() {
  return (
    <div role="status" aria-live="polite" className="grid gap-2">
      <span className="sr-only">{t('trash.loading')}</span>
      {[0, 1, 2].map((i) => (
        <Skeleton key={i} className="h-12" />
      ))}
    </div>
  );
}

/** `/trash`: the workspace's deleted items, restorable for 30 days (owners and admins). */
export function TrashPage() {
  useDocumentTitle(t('trash.title'));
  const canRead = useCan('trash', 'read');
  return (
    <div className="grid gap-6">
      <Link
        to="/companies"
        className="justify-self-start rounded-sm text-sm text-muted-foreground hover:text-foreground"
      >
        {t('trash.backToCompanies')}
      </Link>
      <div className="grid gap-1">
        <h1 className="text-2xl font-semibold tracking-tight">{t('trash.title')}</h1>
        <p className="text-sm text-muted-foreground">{t('trash.description')}</p>
      </div>
      {canRead ? (
        <Suspense fallback={<TrashSkeleton />}>
          <TrashTable />
        </Suspense>
      ) : (
        <EmptyState icon={Trash2} title={t('trash.notAllowed.title')}>
          {t('trash.notAllowed.text')}
        </EmptyState>
      )}
    </div>
  );
}
