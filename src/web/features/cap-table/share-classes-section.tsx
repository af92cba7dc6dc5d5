import { useSuspenseQuery } from '@tanstack/react-query';
import { Layers, Pencil, Plus, Trash2 } from 'lucide-react';
import { toast } from '../../lib/toast';
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
import { formatCount, formatDecimal, formatMoney } from '../../lib/format';
import { t } from '../../lib/i18n';
import { useCan } from '../me/api';
import { shareClassesQueryOptions, useDeleteShareClass, useSaveShareClass } from './api';
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
      {t('cap-table.shareClasses.add')}
    </Button>
  );
}

function participation(c: ShareClass): string {
  if (!c.participating) return t('cap-table.shareClasses.participation.none');
  return c.participationCapMultiple
    ? t('cap-table.shareClasses.participation.capped', {
        cap: formatDecimal(c.participationCapMultiple, { maxFraction: 10 }),
      })
    : t('cap-table.shareClasses.participation.uncapped');
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
          title={t('cap-table.shareClasses.empty.title')}
          action={
            canCreate ? (
              <Button onClick={() => onDialogChange({ mode: 'create' })}>
                <Plus aria-hidden="true" />
                {t('cap-table.shareClasses.addFirst')}
              </Button>
            ) : null
          }
        >
          {canCreate
            ? t('cap-table.shareClasses.empty.canCreate')
            : t('cap-table.shareClasses.empty.text')}
        </EmptyState>
      ) : (
        <Table aria-label={t('cap-table.shareClasses.title')}>
          <TableHeader>
            <TableRow className="hover:bg-transparent">
              <TableHead>{t('cap-table.shareClasses.column.name')}</TableHead>
              <TableHead>{t('cap-table.shareClasses.column.type')}</TableHead>
              <TableHead className="text-right">
                {t('cap-table.shareClasses.column.nominalValue')}
              </TableHead>
              <TableHead className="text-right">
                {t('cap-table.shareClasses.column.votesPerShare')}
              </TableHead>
              <TableHead className="text-right">
                {t('cap-table.shareClasses.column.liquidationPreference')}
              </TableHead>
              <TableHead>{t('cap-table.shareClasses.column.participation')}</TableHead>
              <TableHead className="text-right">
                {t('cap-table.shareClasses.column.seniority')}
              </TableHead>
              <TableHead className="text-right">
                {t('cap-table.shareClasses.column.authorized')}
              </TableHead>
              <TableHead className="text-right">
                {t('cap-table.shareClasses.column.outstanding')}
              </TableHead>
              {canUpdate || canDelete ? (
                <TableHead>
                  <span className="sr-only">{t('tables.actions')}</span>
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
                    {c.classType === 'preferred'
                      ? t('cap-table.shareClasses.type.preferred')
                      : t('cap-table.shareClasses.type.common')}
                  </Badge>
                </TableCell>
                <TableCell className={numberCell}>
                  {formatMoney(c.nominalValue, c.currency, { maxFraction: 10 })}
                </TableCell>
                <TableCell className={numberCell}>
                  {formatDecimal(c.votesPerShare, { maxFraction: 10 })}
                </TableCell>
                <TableCell className={numberCell}>
                  {formatDecimal(c.liquidationPreferenceMultiple, { maxFraction: 10 })}×
                </TableCell>
                <TableCell>{participation(c)}</TableCell>
                <TableCell className={numberCell}>{formatCount(c.seniority)}</TableCell>
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
                          aria-label={t('cap-table.shareClasses.edit', { name: c.name })}
                          onClick={() => onDialogChange({ mode: 'edit', shareClass: c })}
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
                              aria-label={t('cap-table.shareClasses.deleteNamed', { name: c.name })}
                            >
                              <Trash2 aria-hidden="true" />
                            </Button>
                          }
                          title={t('cap-table.shareClasses.deleteTitle', { name: c.name })}
                          description={t('cap-table.shareClasses.deleteDescription')}
                          confirmLabel={t('cap-table.delete')}
                          onConfirm={async () => {
                            try {
                              await remove.mutateAsync(c.id);
                            } catch (error) {
                              reportDeleteError(error, t('cap-table.shareClasses.deleteFailed'));
                              throw error;
                            }
                            toast.success(
                              t('cap-table.shareClasses.toast.deleted', { name: c.name }),
                            );
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
        title={
          editing
            ? t('cap-table.shareClasses.dialog.edit', { name: editing.name })
            : t('cap-table.shareClasses.dialog.new')
        }
      >
        <ShareClassForm
          defaultValues={editing ? shareClassToFormValues(editing) : emptyShareClass}
          submitLabel={editing ? t('cap-table.saveChanges') : t('cap-table.shareClasses.create')}
          onSubmit={async (values) => {
            const saved = await save.mutateAsync({ id: editing?.id, body: values });
            toast.success(
              editing
                ? t('cap-table.shareClasses.toast.updated', { name: saved.name })
                : t('cap-table.shareClasses.toast.created', { name: saved.name }),
            );
            onDialogChange(null);
          }}
        />
      </FormDialog>
    </>
  );
}
