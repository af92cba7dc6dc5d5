import { useSuspenseQuery } from '@tanstack/react-query';
import { Layers, Pencil, Plus, Trash2 } from 'lucide-react';
import { toast } from 'sonner';
import type { ShareClass } from '../../../contracts/equity';
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
import { shareClassesQueryOptions, useDeleteShareClass, useSaveShareClass } from './api';
import { formatCount } from './format';
import { FormDialog } from './form-dialog';
import { Dash, EmptyState, numberCell, reportDeleteError, RowHeader } from './section';
import { emptyShareClass, ShareClassForm, shareClassToFormValues } from './share-class-form';

/** Which share class dialog is open: a new class, or the one being edited. */
export type ShareClassDialogState = { mode: 'create' } | { mode: 'edit'; shareClass: ShareClass };

/** "Add share class", in the section's header. */
export function AddShareClassButton({ onClick }: { onClick: () => void }) {
  const canCreate = useCan('company', 'create');
  if (!canCreate) return null;
  return (
    <Button onClick={onClick}>
      <Plus aria-hidden="true" />
      Add share class
    </Button>
  );
}

function participation(c: ShareClass): string {
  if (!c.participating) return 'Non-participating';
  return c.participationCapMultiple
    ? `Participating, cap ${c.participationCapMultiple}×`
    : 'Participating';
}

/** The company's share classes with their rights and shares outstanding today. */
export function ShareClassesList({
  companyId,
  dialog,
  onDialogChange,
}: {
  companyId: string;
  dialog: ShareClassDialogState | null;
  onDialogChange: (dialog: ShareClassDialogState | null) => void;
}) {
  const { data: shareClasses } = useSuspenseQuery(shareClassesQueryOptions(companyId));
  const canCreate = useCan('company', 'create');
  const canUpdate = useCan('company', 'update');
  const canDelete = useCan('company', 'delete');
  const save = useSaveShareClass(companyId);
  const remove = useDeleteShareClass(companyId);
  const editing = dialog?.mode === 'edit' ? dialog.shareClass : null;

  return (
    <>
      {shareClasses.length === 0 ? (
        <EmptyState
          icon={Layers}
          title="No share classes yet"
          action={
            canCreate ? (
              <Button onClick={() => onDialogChange({ mode: 'create' })}>
                <Plus aria-hidden="true" />
                Add a share class
              </Button>
            ) : null
          }
        >
          Shares are issued in a class (ordinary or preference shares, with their nominal value and
          rights).
          {canCreate ? ' Add the first class to start the register.' : null}
        </EmptyState>
      ) : (
        <Table aria-label="Share classes">
          <TableHeader>
            <TableRow className="hover:bg-transparent">
              <TableHead>Name</TableHead>
              <TableHead>Type</TableHead>
              <TableHead className="text-right">Nominal value</TableHead>
              <TableHead className="text-right">Votes per share</TableHead>
              <TableHead className="text-right">Liquidation preference</TableHead>
              <TableHead>Participation</TableHead>
              <TableHead className="text-right">Seniority</TableHead>
              <TableHead className="text-right">Authorized</TableHead>
              <TableHead className="text-right">Outstanding</TableHead>
              {canUpdate || canDelete ? (
                <TableHead>
                  <span className="sr-only">Actions</span>
                </TableHead>
              ) : null}
            </TableRow>
          </TableHeader>
          <TableBody>
            {shareClasses.map((c) => (
              <TableRow key={c.id}>
                <RowHeader>{c.name}</RowHeader>
                <TableCell>
                  <Badge variant={c.classType === 'preferred' ? 'default' : 'secondary'}>
                    {c.classType === 'preferred' ? 'Preferred' : 'Common'}
                  </Badge>
                </TableCell>
                <TableCell className={numberCell}>
                  {c.currency} {c.nominalValue}
                </TableCell>
                <TableCell className={numberCell}>{c.votesPerShare}</TableCell>
                <TableCell className={numberCell}>{c.liquidationPreferenceMultiple}×</TableCell>
                <TableCell>{participation(c)}</TableCell>
                <TableCell className={numberCell}>{c.seniority}</TableCell>
                <TableCell className={numberCell}>
                  {c.sharesAuthorized === null ? <Dash /> : formatCount(c.sharesAuthorized)}
                </TableCell>
                <TableCell className={numberCell}>{formatCount(c.sharesOutstanding)}</TableCell>
                {canUpdate || canDelete ? (
                  <TableCell className="text-right">
                    <div className="flex justify-end gap-1">
                      {canUpdate ? (
                        <Button
                          variant="ghost"
                          size="icon"
                          aria-label={`Edit ${c.name}`}
                          onClick={() => onDialogChange({ mode: 'edit', shareClass: c })}
                        >
                          <Pencil aria-hidden="true" />
                        </Button>
                      ) : null}
                      {canDelete ? (
                        <ConfirmAction
                          trigger={
                            <Button variant="ghost" size="icon" aria-label={`Delete ${c.name}`}>
                              <Trash2 aria-hidden="true" />
                            </Button>
                          }
                          title={`Delete share class ${c.name}?`}
                          description="Only a class that no register event, receipt or plan refers to can be deleted."
                          confirmLabel="Delete"
                          onConfirm={async () => {
                            try {
                              await remove.mutateAsync(c.id);
                            } catch (error) {
                              reportDeleteError(error, 'Deleting the share class failed');
                              throw error;
                            }
                            toast.success(`Share class ${c.name} deleted`);
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
      )}

      <FormDialog
        open={dialog !== null}
        onOpenChange={(open) => !open && onDialogChange(null)}
        title={editing ? `Edit share class ${editing.name}` : 'New share class'}
      >
        <ShareClassForm
          defaultValues={editing ? shareClassToFormValues(editing) : emptyShareClass}
          submitLabel={editing ? 'Save changes' : 'Create share class'}
          onSubmit={async (values) => {
            const saved = await save.mutateAsync({ id: editing?.id, body: values });
            toast.success(
              editing ? `Share class ${saved.name} updated` : `Share class ${saved.name} created`,
            );
            onDialogChange(null);
          }}
        />
      </FormDialog>
    </>
  );
}
