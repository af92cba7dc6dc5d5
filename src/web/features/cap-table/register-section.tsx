import { useSuspenseQuery } from '@tanstack/react-query';
import { ArrowRightLeft, BookOpen, Pencil, Plus, Trash2, XCircle } from 'lucide-react';
import type { ReactNode } from 'react';
import { toast } from '../../lib/toast';
import type { ShareEvent } from '../../../contracts/equity';
import type { ShareEventType } from '../../../domain/equity';
import { Badge } from '../../components/ui/badge';
import { Button } from '../../components/ui/button';
import { ConfirmAction } from '../../components/ui/confirm-action';
import {
  ColumnsMenu,
  DataTable,
  useTableSort,
  type DataColumn,
} from '../../components/ui/data-table';
import { Truncate } from '../../components/ui/truncate';
import { useColumnChoice } from '../../lib/column-choice';
import { formatCount, formatDecimal, formatIsoDate, formatMoney } from '../../lib/format';
import { t } from '../../lib/i18n';
import type { SortState } from '../../lib/sort';
import { useSessionUserId } from '../auth/use-session-user-id';
import { useCan } from '../me/api';
import {
  shareClassesQueryOptions,
  shareEventsQueryOptions,
  stakeholdersQueryOptions,
  useDeleteShareEvent,
  useSaveShareEvent,
} from './api';
import { FormDialog } from './form-dialog';
import type { RegisterSortColumn } from './search';
import { Dash, EmptyState, reportDeleteError } from './section';
import {
  newShareEventValues,
  SHARE_EVENT_ACTIONS,
  ShareEventForm,
  shareEventToFormValues,
} from './share-event-form';

/** Which register dialog is open: a new event of a type, or the event being edited. */
export type ShareEventDialogState =
  { mode: 'create'; type: ShareEventType } | { mode: 'edit'; event: ShareEvent };

const ACTION_ICONS = { issue: Plus, transfer: ArrowRightLeft, cancel: XCircle } as const;

/** "Issue shares", "Transfer", "Cancel shares": once there is a class to issue in. */
export function RegisterActions({
  companyId,
  onOpen,
}: {
  companyId: string;
  onOpen: (dialog: ShareEventDialogState) => void;
}) {
  const { data: shareClasses } = useSuspenseQuery(shareClassesQueryOptions(companyId));
  const { data: events } = useSuspenseQuery(shareEventsQueryOptions(companyId));
  const canCreate = useCan('company', 'create');
  if (!canCreate || shareClasses.length === 0) return null;
  // Nothing to transfer or cancel before the first issue.
  const types: ShareEventType[] = events.length === 0 ? ['issue'] : ['issue', 'transfer', 'cancel'];
  return types.map((type) => {
    const Icon = ACTION_ICONS[type];
    return (
      <Button
        key={type}
        variant={type === 'issue' ? 'default' : 'outline'}
        onClick={() => onOpen({ mode: 'create', type })}
      >
        <Icon aria-hidden="true" />
        {t(SHARE_EVENT_ACTIONS[type].action)}
      </Button>
    );
  });
}

/** The values of the messages that name one event ("this transfer of 1,000 Ordinary shares…"). */
function eventValues(event: ShareEvent, className: string) {
  return {
    type: event.type,
    count: formatCount(event.shareCount),
    className,
    date: formatIsoDate(event.date),
  };
}

/** The API lists the register by date: the order until a header is pressed. */
const DEFAULT_SORT: SortState = { column: 'date', direction: 'ascending' };

const OPTIONAL_COLUMNS = [
  'class',
  'shareNumbers',
  'price',
  'deedDate',
  'notary',
] as const satisfies readonly RegisterSortColumn[];

type RegisterColumn = DataColumn<ShareEvent> & { id: RegisterSortColumn | 'actions' };

function typeVariant(type: ShareEventType) {
  return type === 'issue' ? 'default' : type === 'cancel' ? 'outline' : 'secondary';
}

/** The ledger's events under sortable headers, with the columns each user chose. */
function RegisterTable({
  events,
  className,
  stakeholderName,
  sortParam,
  onSortChange,
  actions,
}: {
  events: readonly ShareEvent[];
  className: (shareClassId: string) => string;
  stakeholderName: (stakeholderId: string) => string;
  sortParam: string | undefined;
  onSortChange: (sort: string | undefined) => void;
  /** The row's edit and delete buttons; null when the role has neither. */
  actions: ((event: ShareEvent) => ReactNode) | null;
}) {
  const who = (id: string | null) =>
    id === null ? <Dash /> : <Truncate text={stakeholderName(id)} className="max-w-28" />;
  const columns: RegisterColumn[] = [
    {
      id: 'date',
      header: t('cap-table.register.date'),
      cell: (e) => <time dateTime={e.date}>{formatIsoDate(e.date)}</time>,
      sort: { kind: 'date', value: (e) => e.date },
    },
    {
      id: 'type',
      header: t('cap-table.register.type'),
      cell: (e) => (
        <Badge variant={typeVariant(e.type)}>{t(SHARE_EVENT_ACTIONS[e.type].label)}</Badge>
      ),
      sort: { kind: 'text', value: (e) => t(SHARE_EVENT_ACTIONS[e.type].label) },
    },
    {
      id: 'class',
      header: t('cap-table.register.class'),
      optional: true,
      cell: (e) => <Truncate text={className(e.shareClassId)} className="max-w-24" />,
      sort: { kind: 'text', value: (e) => className(e.shareClassId) },
    },
    {
      id: 'from',
      header: t('cap-table.register.from'),
      cell: (e) => who(e.fromStakeholderId),
      sort: {
        kind: 'text',
        value: (e) => (e.fromStakeholderId ? stakeholderName(e.fromStakeholderId) : null),
      },
    },
    {
      id: 'to',
      header: t('cap-table.register.to'),
      cell: (e) => who(e.toStakeholderId),
      sort: {
        kind: 'text',
        value: (e) => (e.toStakeholderId ? stakeholderName(e.toStakeholderId) : null),
      },
    },
    {
      id: 'shares',
      header: t('cap-table.register.shares'),
      numeric: true,
      cell: (e) => formatCount(e.shareCount),
      sort: { kind: 'count', value: (e) => e.shareCount },
    },
    {
      id: 'shareNumbers',
      header: t('cap-table.register.shareNumbers'),
      numeric: true,
      optional: true,
      className: 'whitespace-normal',
      cell: (e) =>
        e.firstShareNumber !== null && e.lastShareNumber !== null ? (
          // Two lines when the numbers are long: "12,250,001–" over "12,500,000".
          <>
            {formatCount(e.firstShareNumber)}–<wbr />
            {formatCount(e.lastShareNumber)}
          </>
        ) : (
          <Dash />
        ),
      sort: { kind: 'count', value: (e) => e.firstShareNumber },
    },
    {
      id: 'price',
      header: t('cap-table.register.price'),
      numeric: true,
      optional: true,
      cell: (e) =>
        e.pricePerShare === null ? (
          <Dash />
        ) : e.currency ? (
          formatMoney(e.pricePerShare, e.currency, { maxFraction: 10 })
        ) : (
          formatDecimal(e.pricePerShare, { maxFraction: 10 })
        ),
      sort: { kind: 'decimal', value: (e) => e.pricePerShare },
    },
    {
      id: 'deedDate',
      header: t('cap-table.register.deedDate'),
      optional: true,
      cell: (e) =>
        e.deedDate ? <time dateTime={e.deedDate}>{formatIsoDate(e.deedDate)}</time> : <Dash />,
      sort: { kind: 'date', value: (e) => e.deedDate },
    },
    {
      id: 'notary',
      header: t('cap-table.register.notary'),
      optional: true,
      cell: (e) => (e.notary ? <Truncate text={e.notary} className="max-w-28" /> : <Dash />),
      sort: { kind: 'text', value: (e) => e.notary },
    },
  ];
  if (actions)
    columns.push({
      id: 'actions',
      header: t('tables.actions'),
      headerHidden: true,
      className: 'w-0 py-0.5',
      cell: actions,
    });
  const choice = useColumnChoice(useSessionUserId(), 'register', OPTIONAL_COLUMNS);
  const { rows, sort, paramAfterClick } = useTableSort(events, columns, sortParam, DEFAULT_SORT);
  return (
    <div className="grid gap-2">
      <div className="flex justify-end">
        <ColumnsMenu
          label={t('cap-table.register.label')}
          columns={columns}
          hidden={choice.hidden}
          onVisibleChange={choice.setVisible}
          onShowAll={choice.showAll}
        />
      </div>
      <DataTable
        label={t('cap-table.register.label')}
        columns={columns}
        rows={rows}
        rowKey={(e) => e.id}
        sort={sort}
        onSort={(column) => onSortChange(paramAfterClick(column))}
        hidden={choice.hidden}
      />
    </div>
  );
}

/**
 * The shareholders' register: the ledger of issues, transfers and cancellations from which every
 * holding is derived (docs/decisions/008). Holdings are never edited; events are.
 */
export function RegisterList({
  companyId,
  dialog,
  onDialogChange,
  onAddShareClass,
  sortParam,
  onSortChange,
}: {
  companyId: string;
  dialog: ShareEventDialogState | null;
  onDialogChange: (dialog: ShareEventDialogState | null) => void;
  onAddShareClass: () => void;
  /** The register's order from the URL (`?registerSort=`). */
  sortParam: string | undefined;
  onSortChange: (sort: string | undefined) => void;
}) {
  const { data: events } = useSuspenseQuery(shareEventsQueryOptions(companyId));
  const { data: shareClasses } = useSuspenseQuery(shareClassesQueryOptions(companyId));
  const { data: stakeholders } = useSuspenseQuery(stakeholdersQueryOptions(companyId));
  const canCreate = useCan('company', 'create');
  const canUpdate = useCan('company', 'update');
  const canDelete = useCan('company', 'delete');
  const save = useSaveShareEvent(companyId);
  const remove = useDeleteShareEvent(companyId);

  const classNames = new Map(shareClasses.map((c) => [c.id, c.name]));
  const names = new Map(stakeholders.map((s) => [s.id, s.name]));
  const className = (id: string) => classNames.get(id) ?? t('cap-table.unknownClass');
  const editing = dialog?.mode === 'edit' ? dialog.event : null;
  const type = dialog ? (dialog.mode === 'edit' ? dialog.event.type : dialog.type) : null;

  let body;
  if (events.length > 0) {
    body = (
      <RegisterTable
        events={events}
        className={className}
        stakeholderName={(id) => names.get(id) ?? t('cap-table.unknownStakeholder')}
        sortParam={sortParam}
        onSortChange={onSortChange}
        actions={
          canUpdate || canDelete
            ? (event) => (
                <div className="flex justify-end gap-1">
                  {canUpdate ? (
                    <Button
                      variant="ghost"
                      size="icon"
                      className="size-7"
                      aria-label={t(
                        'cap-table.register.editEvent',
                        eventValues(event, className(event.shareClassId)),
                      )}
                      onClick={() => onDialogChange({ mode: 'edit', event })}
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
                          className="size-7"
                          aria-label={t(
                            'cap-table.register.deleteEvent',
                            eventValues(event, className(event.shareClassId)),
                          )}
                        >
                          <Trash2 aria-hidden="true" />
                        </Button>
                      }
                      title={t('cap-table.register.deleteTitle')}
                      description={t(
                        'cap-table.register.deleteDescription',
                        eventValues(event, className(event.shareClassId)),
                      )}
                      confirmLabel={t('cap-table.delete')}
                      onConfirm={async () => {
                        try {
                          await remove.mutateAsync(event.id);
                        } catch (error) {
                          reportDeleteError(error, t('cap-table.register.deleteFailed'));
                          throw error;
                        }
                        toast.success(t('cap-table.register.toast.deleted'));
                      }}
                    />
                  ) : null}
                </div>
              )
            : null
        }
      />
    );
  } else if (shareClasses.length === 0) {
    body = (
      <EmptyState
        icon={BookOpen}
        title={t('cap-table.register.empty.title')}
        action={
          canCreate ? (
            <Button onClick={onAddShareClass}>
              <Plus aria-hidden="true" />
              {t('cap-table.addShareClassFirst')}
            </Button>
          ) : null
        }
      >
        {canCreate
          ? t('cap-table.register.empty.noClassCanCreate')
          : t('cap-table.register.empty.noClass')}
      </EmptyState>
    );
  } else {
    body = (
      <EmptyState
        icon={BookOpen}
        title={t('cap-table.register.empty.title')}
        action={
          canCreate ? (
            <Button onClick={() => onDialogChange({ mode: 'create', type: 'issue' })}>
              <Plus aria-hidden="true" />
              {t('cap-table.register.action.issue')}
            </Button>
          ) : null
        }
      >
        {stakeholders.length === 0
          ? t('cap-table.register.empty.noStakeholders')
          : t('cap-table.register.empty.firstIssue')}
      </EmptyState>
    );
  }

  return (
    <>
      {body}
      <FormDialog
        open={dialog !== null}
        onOpenChange={(open) => !open && onDialogChange(null)}
        title={
          type === null
            ? ''
            : editing
              ? t(SHARE_EVENT_ACTIONS[type].editTitle)
              : t(SHARE_EVENT_ACTIONS[type].action)
        }
        description={
          stakeholders.length === 0
            ? t('cap-table.register.dialog.noStakeholders')
            : t('cap-table.register.dialog.ledger')
        }
      >
        {dialog && type ? (
          <ShareEventForm
            defaultValues={
              dialog.mode === 'edit'
                ? shareEventToFormValues(dialog.event)
                : newShareEventValues(dialog.type, shareClasses)
            }
            isNew={dialog.mode === 'create'}
            shareClasses={shareClasses}
            stakeholders={stakeholders}
            submitLabel={editing ? t('cap-table.saveChanges') : t(SHARE_EVENT_ACTIONS[type].action)}
            onSubmit={async (values) => {
              await save.mutateAsync({ id: editing?.id, body: values });
              toast.success(
                editing
                  ? t('cap-table.register.toast.updated')
                  : t('cap-table.register.toast.recorded'),
              );
              onDialogChange(null);
            }}
          />
        ) : null}
      </FormDialog>
    </>
  );
}
