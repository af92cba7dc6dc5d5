import { Building2, Pencil, Trash2, User } from 'lucide-react';
import { useMemo } from 'react';
import type { Stakeholder } from '../../../contracts/equity';
import { STAKEHOLDER_STATUSES, type StakeholderStatus } from '../../../domain/equity';
import { Badge } from '../../components/ui/badge';
import { Button } from '../../components/ui/button';
import { ConfirmAction } from '../../components/ui/confirm-action';
import { DataTable, type DataColumn } from '../../components/ui/data-table';
import { Truncate } from '../../components/ui/truncate';
import { countryName } from '../../lib/countries';
import { t, Trans } from '../../lib/i18n';
import type { SortState } from '../../lib/sort';
import { KIND_LABELS, RELATIONSHIP_LABELS, STAKEHOLDER_STATUS_LABELS } from './fields';
import type { StakeholderSortColumn } from './search';

type RowActionsProps = {
  stakeholder: Stakeholder;
  canUpdate: boolean;
  canDelete: boolean;
  onEdit: (stakeholder: Stakeholder) => void;
  /** Runs the request; rejects when the dialog should stay open (the caller reported it). */
  onDelete: (stakeholder: Stakeholder) => Promise<void>;
};

export type StakeholdersTableProps = Omit<RowActionsProps, 'stakeholder'> & {
  /** The rows to show: sorted and paged by the caller. */
  stakeholders: readonly Stakeholder[];
  /** The order shown, for the headers. */
  sort: SortState;
  onSort: (column: string) => void;
};

function Empty() {
  return <span className="text-muted-foreground">—</span>;
}

const statusVariant: Record<StakeholderStatus, 'secondary' | 'outline'> = {
  active: 'secondary',
  leave_of_absence: 'outline',
  terminated: 'outline',
};

function StatusBadge({ status }: { status: StakeholderStatus }) {
  return (
    <Badge
      variant={statusVariant[status]}
      className={status === 'terminated' ? 'text-muted-foreground' : undefined}
    >
      {t(STAKEHOLDER_STATUS_LABELS[status])}
    </Badge>
  );
}

function KindIcon({ stakeholder }: { stakeholder: Stakeholder }) {
  const Icon = stakeholder.kind === 'institution' ? Building2 : User;
  return (
    <Icon
      className="size-4 shrink-0 text-muted-foreground"
      role="img"
      aria-label={t(KIND_LABELS[stakeholder.kind])}
    />
  );
}

/** Edit and delete buttons of one stakeholder, named after it for screen readers. */
function RowActions({ stakeholder, canUpdate, canDelete, onEdit, onDelete }: RowActionsProps) {
  return (
    <div className="flex justify-end gap-1">
      {canUpdate ? (
        <Button
          variant="ghost"
          size="icon"
          className="size-7"
          aria-label={t('stakeholders.editNamed', { name: stakeholder.name })}
          title={t('stakeholders.edit')}
          onClick={() => onEdit(stakeholder)}
        >
          <Pencil aria-hidden="true" />
        </Button>
      ) : null}
      {canDelete ? (
        <ConfirmAction
          trigger={
            <Button
              variant="ghost"
              size="icon"
              className="size-7 text-destructive hover:text-destructive"
              aria-label={t('stakeholders.deleteNamed', { name: stakeholder.name })}
              title={t('stakeholders.delete')}
            >
              <Trash2 aria-hidden="true" />
            </Button>
          }
          title={t('stakeholders.delete.title')}
          description={
            <Trans
              id="stakeholders.delete.description"
              components={{ name: <strong className="text-foreground">{stakeholder.name}</strong> }}
            />
          }
          confirmLabel={t('stakeholders.delete.confirm')}
          onConfirm={() => onDelete(stakeholder)}
        />
      ) : null}
    </div>
  );
}

function Contact({ stakeholder }: { stakeholder: Stakeholder }) {
  if (!stakeholder.email && !stakeholder.phone) return <Empty />;
  return (
    <div className="grid min-w-0">
      {stakeholder.email ? (
        <Truncate text={stakeholder.email} interactive className="max-w-64">
          <a
            href={`mailto:${stakeholder.email}`}
            className="rounded-sm text-primary underline-offset-4 hover:underline"
          >
            {stakeholder.email}
          </a>
        </Truncate>
      ) : null}
      {stakeholder.phone ? (
        <span className="text-xs text-muted-foreground">{stakeholder.phone}</span>
      ) : null}
    </div>
  );
}

type StakeholderColumn = DataColumn<Stakeholder> & { id: StakeholderSortColumn | 'actions' };

function stakeholderColumns(actions: Omit<RowActionsProps, 'stakeholder'>): StakeholderColumn[] {
  const columns: StakeholderColumn[] = [
    {
      id: 'name',
      header: t('stakeholders.table.name'),
      cell: (s) => (
        <div className="flex items-center gap-2">
          <KindIcon stakeholder={s} />
          <Truncate text={s.name} className="max-w-64" />
        </div>
      ),
      sort: { kind: 'text', value: (s) => s.name },
    },
    {
      id: 'relationship',
      header: t('stakeholders.table.relationship'),
      cell: (s) => t(RELATIONSHIP_LABELS[s.relationship]),
      sort: { kind: 'text', value: (s) => t(RELATIONSHIP_LABELS[s.relationship]) },
    },
    {
      id: 'status',
      header: t('stakeholders.table.status'),
      cell: (s) => <StatusBadge status={s.status} />,
      sort: { kind: 'count', value: (s) => STAKEHOLDER_STATUSES.indexOf(s.status) },
    },
    {
      id: 'contact',
      header: t('stakeholders.table.contact'),
      cell: (s) => <Contact stakeholder={s} />,
      sort: { kind: 'text', value: (s) => s.email ?? s.phone },
    },
    {
      id: 'employeeId',
      header: t('stakeholders.table.employeeId'),
      cell: (s) =>
        s.employeeId ? <Truncate text={s.employeeId} className="max-w-32" /> : <Empty />,
      sort: { kind: 'text', value: (s) => s.employeeId },
    },
    {
      id: 'taxCountry',
      header: t('stakeholders.table.taxCountry'),
      cell: (s) =>
        s.taxCountry ? (
          <abbr title={countryName(s.taxCountry)} className="no-underline">
            {s.taxCountry}
          </abbr>
        ) : (
          <Empty />
        ),
      sort: { kind: 'text', value: (s) => s.taxCountry },
    },
  ];
  if (actions.canUpdate || actions.canDelete)
    columns.push({
      id: 'actions',
      header: t('tables.actions'),
      headerHidden: true,
      className: 'w-0 py-0.5 text-right',
      cell: (s) => <RowActions stakeholder={s} {...actions} />,
    });
  return columns;
}

/** The table's columns as far as sorting goes (the actions do not sort). */
export const stakeholderSortColumns = stakeholderColumns({
  canUpdate: false,
  canDelete: false,
  onEdit: () => undefined,
  onDelete: async () => undefined,
});

/**
 * The stakeholders of a company (one page of them, in the order asked for): a table from small
 * tablets up, a list of cards on phones (only one of the two is displayed, so assistive tech
 * meets each stakeholder once).
 */
export function StakeholdersTable({
  stakeholders,
  sort,
  onSort,
  ...actions
}: StakeholdersTableProps) {
  const { canUpdate, canDelete, onEdit, onDelete } = actions;
  const columns = useMemo(
    () => stakeholderColumns({ canUpdate, canDelete, onEdit, onDelete }),
    [canUpdate, canDelete, onEdit, onDelete],
  );
  const hasActions = canUpdate || canDelete;
  return (
    <>
      <div className="hidden min-w-0 sm:block">
        <DataTable
          label={t('stakeholders.table.label')}
          columns={columns}
          rows={stakeholders}
          rowKey={(s) => s.id}
          sort={sort}
          onSort={onSort}
        />
      </div>

      <ul aria-label={t('stakeholders.table.label')} className="grid min-w-0 gap-2 sm:hidden">
        {stakeholders.map((s) => (
          <li key={s.id} className="grid gap-2 rounded-lg border bg-card p-3 text-sm">
            <div className="flex items-start justify-between gap-2">
              <div className="grid min-w-0 gap-0.5">
                <p className="flex items-center gap-2 font-medium">
                  <KindIcon stakeholder={s} />
                  <span className="break-words">{s.name}</span>
                </p>
                <p className="text-muted-foreground">
                  {t(RELATIONSHIP_LABELS[s.relationship])}
                  {s.employeeId ? ` · ${s.employeeId}` : null}
                  {s.taxCountry
                    ? ` · ${t('stakeholders.card.taxResidence', { country: s.taxCountry })}`
                    : null}
                </p>
              </div>
              <StatusBadge status={s.status} />
            </div>
            {s.email || s.phone || hasActions ? (
              <div className="flex items-end justify-between gap-2">
                {s.email || s.phone ? <Contact stakeholder={s} /> : <span />}
                {hasActions ? <RowActions stakeholder={s} {...actions} /> : null}
              </div>
            ) : null}
          </li>
        ))}
      </ul>
    </>
  );
}
