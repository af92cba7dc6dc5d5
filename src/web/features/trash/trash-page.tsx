import { useSuspenseQuery } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { RotateCcw, Trash2 } from 'lucide-react';
import { Suspense } from 'react';
import { toast } from 'sonner';
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
import { useDocumentTitle } from '../../lib/use-document-title';
import { EmptyState } from '../cap-table/section';
import { useCan } from '../me/api';
import { reportDeleteError } from '../plans/report-error';
import { trashQueryOptions, usePurgeTrashItem, useRestoreTrashItem } from './api';

export const KIND_LABELS: Record<TrashKind, string> = {
  company: 'Company',
  stakeholder: 'Stakeholder',
  plan: 'Plan',
  grant: 'Grant',
};

function ItemActions({ item }: { item: TrashItem }) {
  const restore = useRestoreTrashItem();
  const purge = usePurgeTrashItem();
  const canRestore = useCan('trash', 'update');
  const canPurge = useCan('trash', 'delete');
  const label = `${KIND_LABELS[item.kind].toLowerCase()} ${item.name}`;
  return (
    <div className="flex flex-wrap justify-end gap-2">
      {canRestore ? (
        <Button
          variant="outline"
          size="sm"
          aria-label={`Restore ${label}`}
          disabled={restore.isPending}
          aria-busy={restore.isPending || undefined}
          onClick={() => {
            // Not mutate's own callbacks: this row unmounts once the list refetches without the
            // item, and TanStack Query drops a call's callbacks when its component is gone.
            restore.mutateAsync({ kind: item.kind, id: item.id }).then(
              () => toast.success(`${item.name} restored`),
              (error: unknown) => reportDeleteError(error, 'Restoring failed'),
            );
          }}
        >
          <RotateCcw aria-hidden="true" />
          Restore
        </Button>
      ) : null}
      {canPurge ? (
        <ConfirmAction
          trigger={
            <Button
              variant="outline"
              size="sm"
              className="text-destructive hover:text-destructive"
              aria-label={`Delete ${label} permanently`}
            >
              <Trash2 aria-hidden="true" />
              Delete permanently
            </Button>
          }
          title={`Delete ${item.name} permanently?`}
          description={
            item.kind === 'company'
              ? 'The company and everything in it (stakeholders, register, plans, grants, valuations) are deleted for good. This cannot be undone; the activity log keeps a record.'
              : item.kind === 'grant'
                ? 'The grant is deleted for good. This cannot be undone; the activity log keeps a record.'
                : `The ${item.kind} and the grants that went to the trash with it are deleted for good. This cannot be undone; the activity log keeps a record.`
          }
          confirmLabel="Delete permanently"
          onConfirm={async () => {
            try {
              await purge.mutateAsync({ kind: item.kind, id: item.id });
            } catch (error) {
              reportDeleteError(error, 'Deleting failed');
              throw error;
            }
            toast.success(`${item.name} deleted permanently`);
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
      <EmptyState icon={Trash2} title="The trash is empty">
        Deleted companies, stakeholders, plans and grants stay here for 30 days, restorable, before
        they are deleted for good.
      </EmptyState>
    );
  return (
    <Table aria-label="Trash">
      <TableHeader>
        <TableRow>
          <TableHead scope="col">Item</TableHead>
          <TableHead scope="col">Company</TableHead>
          <TableHead scope="col">Deleted by</TableHead>
          <TableHead scope="col">Deleted</TableHead>
          <TableHead scope="col">Deleted for good on</TableHead>
          <TableHead scope="col">
            <span className="sr-only">Actions</span>
          </TableHead>
        </TableRow>
      </TableHeader>
      <TableBody>
        {data.items.map((item) => (
          <TableRow key={`${item.kind}-${item.id}`}>
            <TableCell>
              <div className="flex flex-wrap items-center gap-2">
                <Badge>{KIND_LABELS[item.kind]}</Badge>
                <span className="font-medium break-words">{item.name}</span>
              </div>
            </TableCell>
            <TableCell>{item.companyName}</TableCell>
            <TableCell>{item.deletedBy.name ?? 'Someone'}</TableCell>
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
      <span className="sr-only">Loading the trash…</span>
      {[0, 1, 2].map((i) => (
        <Skeleton key={i} className="h-12" />
      ))}
    </div>
  );
}

/** `/trash`: the workspace's deleted items, restorable for 30 days (owners and admins). */
export function TrashPage() {
  useDocumentTitle('Trash');
  const canRead = useCan('trash', 'read');
  return (
    <div className="grid gap-6">
      <Link
        to="/companies"
        className="justify-self-start rounded-sm text-sm text-muted-foreground hover:text-foreground"
      >
        Back to companies
      </Link>
      <div className="grid gap-1">
        <h1 className="text-2xl font-semibold tracking-tight">Trash</h1>
        <p className="text-sm text-muted-foreground">
          Deleted companies, stakeholders, plans and grants. Restore them within 30 days; after that
          they are deleted for good.
        </p>
      </div>
      {canRead ? (
        <Suspense fallback={<TrashSkeleton />}>
          <TrashTable />
        </Suspense>
      ) : (
        <EmptyState icon={Trash2} title="Only owners and admins see the trash">
          Ask an owner or admin of your workspace to restore what was deleted.
        </EmptyState>
      )}
    </div>
  );
}
