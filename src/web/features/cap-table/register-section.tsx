import { useSuspenseQuery } from '@tanstack/react-query';
import { ArrowRightLeft, BookOpen, Pencil, Plus, Trash2, XCircle } from 'lucide-react';
import { toast } from 'sonner';
import type { ShareEvent } from '../../../contracts/equity';
import type { ShareEventType } from '../../../domain/equity';
import { Badge } from '../../components/ui/badge';
import { Button } from '../../components/ui/button';
import { ConfirmAction } from '../../components/ui/confirm-action';
import {
  Table,
  TableBody,
  TableCell,
  TableHead,
  TableHeader,
  TableRow,
} from '../../components/ui/table';
import { useCan } from '../me/api';
import {
  shareClassesQueryOptions,
  shareEventsQueryOptions,
  stakeholdersQueryOptions,
  useDeleteShareEvent,
  useSaveShareEvent,
} from './api';
import { formatCount, formatIsoDate } from './format';
import { FormDialog } from './form-dialog';
import { Dash, EmptyState, numberCell, reportDeleteError } from './section';
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
        {SHARE_EVENT_ACTIONS[type].action}
      </Button>
    );
  });
}

function eventSummary(event: ShareEvent, className: string): string {
  const what = SHARE_EVENT_ACTIONS[event.type].label.toLowerCase();
  return `this ${what} of ${formatCount(event.shareCount)} ${className} shares on ${formatIsoDate(event.date)}`;
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
}: {
  companyId: string;
  dialog: ShareEventDialogState | null;
  onDialogChange: (dialog: ShareEventDialogState | null) => void;
  onAddShareClass: () => void;
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
  const className = (id: string) => classNames.get(id) ?? 'Unknown class';
  const who = (id: string | null) =>
    id === null ? <Dash /> : (names.get(id) ?? 'Unknown stakeholder');
  const editing = dialog?.mode === 'edit' ? dialog.event : null;
  const type = dialog ? (dialog.mode === 'edit' ? dialog.event.type : dialog.type) : null;

  let body;
  if (events.length > 0) {
    body = (
      <Table aria-label="Shareholders register">
        <TableHeader>
          <TableRow className="hover:bg-transparent">
            <TableHead>Date</TableHead>
            <TableHead>Type</TableHead>
            <TableHead>Class</TableHead>
            <TableHead>From</TableHead>
            <TableHead>To</TableHead>
            <TableHead className="text-right">Shares</TableHead>
            <TableHead className="text-right">Share numbers</TableHead>
            <TableHead className="text-right">Price per share</TableHead>
            <TableHead>Deed date</TableHead>
            <TableHead>Notary</TableHead>
            {canUpdate || canDelete ? (
              <TableHead>
                <span className="sr-only">Actions</span>
              </TableHead>
            ) : null}
          </TableRow>
        </TableHeader>
        <TableBody>
          {events.map((event) => (
            <TableRow key={event.id}>
              <TableCell>
                <time dateTime={event.date}>{formatIsoDate(event.date)}</time>
              </TableCell>
              <TableCell>
                <Badge
                  variant={
                    event.type === 'issue'
                      ? 'default'
                      : event.type === 'cancel'
                        ? 'outline'
                        : 'secondary'
                  }
                >
                  {SHARE_EVENT_ACTIONS[event.type].label}
                </Badge>
              </TableCell>
              <TableCell>{className(event.shareClassId)}</TableCell>
              <TableCell>{who(event.fromStakeholderId)}</TableCell>
              <TableCell>{who(event.toStakeholderId)}</TableCell>
              <TableCell className={numberCell}>{formatCount(event.shareCount)}</TableCell>
              <TableCell className={numberCell}>
                {event.firstShareNumber !== null && event.lastShareNumber !== null ? (
                  `${formatCount(event.firstShareNumber)}–${formatCount(event.lastShareNumber)}`
                ) : (
                  <Dash />
                )}
              </TableCell>
              <TableCell className={numberCell}>
                {event.pricePerShare !== null ? (
                  `${event.currency ?? ''} ${event.pricePerShare}`.trim()
                ) : (
                  <Dash />
                )}
              </TableCell>
              <TableCell>
                {event.deedDate ? (
                  <time dateTime={event.deedDate}>{formatIsoDate(event.deedDate)}</time>
                ) : (
                  <Dash />
                )}
              </TableCell>
              <TableCell className="max-w-[14rem] truncate">{event.notary ?? <Dash />}</TableCell>
              {canUpdate || canDelete ? (
                <TableCell className="text-right">
                  <div className="flex justify-end gap-1">
                    {canUpdate ? (
                      <Button
                        variant="ghost"
                        size="icon"
                        aria-label={`Edit ${eventSummary(event, className(event.shareClassId))}`}
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
                            aria-label={`Delete ${eventSummary(event, className(event.shareClassId))}`}
                          >
                            <Trash2 aria-hidden="true" />
                          </Button>
                        }
                        title="Delete this register event?"
                        description={`Delete ${eventSummary(event, className(event.shareClassId))}. The register is replayed without it; when later events depend on these shares, the deletion is refused.`}
                        confirmLabel="Delete"
                        onConfirm={async () => {
                          try {
                            await remove.mutateAsync(event.id);
                          } catch (error) {
                            reportDeleteError(error, 'Deleting the register event failed');
                            throw error;
                          }
                          toast.success('Register event deleted');
                        }}
                      />
                    ) : null}
                  </div>
                </TableCell>
              ) : null}
            </TableRow>
          ))}
        </TableBody>
      </Table>
    );
  } else if (shareClasses.length === 0) {
    body = (
      <EmptyState
        icon={BookOpen}
        title="The register is empty"
        action={
          canCreate ? (
            <Button onClick={onAddShareClass}>
              <Plus aria-hidden="true" />
              Add a share class first
            </Button>
          ) : null
        }
      >
        Shares are issued in a share class.
        {canCreate ? ' Add a class, then issue the first shares.' : null}
      </EmptyState>
    );
  } else {
    body = (
      <EmptyState
        icon={BookOpen}
        title="The register is empty"
        action={
          canCreate ? (
            <Button onClick={() => onDialogChange({ mode: 'create', type: 'issue' })}>
              <Plus aria-hidden="true" />
              Issue shares
            </Button>
          ) : null
        }
      >
        {stakeholders.length === 0
          ? 'Add the company’s stakeholders (in the Stakeholders tab) to issue shares to them.'
          : 'Record the first issue of shares (usually at incorporation).'}
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
              ? SHARE_EVENT_ACTIONS[type].editTitle
              : SHARE_EVENT_ACTIONS[type].action
        }
        description={
          stakeholders.length === 0
            ? 'This company has no stakeholders yet: add them in the Stakeholders tab first.'
            : 'The register is a ledger: holdings follow from its events.'
        }
      >
        {dialog && type ? (
          <ShareEventForm
            defaultValues={
              dialog.mode === 'edit'
                ? shareEventToFormValues(dialog.event)
                : newShareEventValues(dialog.type, shareClasses)
            }
            shareClasses={shareClasses}
            stakeholders={stakeholders}
            submitLabel={editing ? 'Save changes' : SHARE_EVENT_ACTIONS[type].action}
            onSubmit={async (values) => {
              await save.mutateAsync({ id: editing?.id, body: values });
              toast.success(editing ? 'Register event updated' : 'Register event recorded');
              onDialogChange(null);
            }}
          />
        ) : null}
      </FormDialog>
    </>
  );
}
