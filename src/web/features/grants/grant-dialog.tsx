import { useSuspenseQuery } from '@tanstack/react-query';
import { useNavigate } from '@tanstack/react-router';
import { Pencil, Plus } from 'lucide-react';
import { Suspense, useState } from 'react';
import { toast } from '../../lib/toast';
import { STORED_GRANT_STATUSES, type Grant } from '../../../contracts/vesting';
import { Button } from '../../components/ui/button';
import { Skeleton } from '../../components/ui/skeleton';
import { t } from '../../lib/i18n';
import { companyQueryOptions } from '../companies/api';
import { FormDialog } from '../plans/form-dialog';
import { formatCount } from '../plans/format';
import { vestingTemplatesQueryOptions } from '../vesting/api';
import { grantPlansQueryOptions, grantStakeholdersQueryOptions, useSaveGrant } from './api';
import { emptyGrantFormValues, GrantForm, grantToFormValues } from './grant-form';

function FormSkeleton() {
  return (
    <div role="status" aria-live="polite" className="grid gap-4">
      <span className="sr-only">{t('grants.dialog.loading')}</span>
      <Skeleton className="h-9 w-full" />
      <Skeleton className="h-9 w-full" />
      <Skeleton className="h-48 w-full" />
    </div>
  );
}

function GrantDialogBody({
  companyId,
  grant,
  onDone,
}: {
  companyId: string;
  grant?: Grant | undefined;
  onDone: (saved: Grant) => void;
}) {
  const { data: company } = useSuspenseQuery(companyQueryOptions(companyId));
  const { data: plans } = useSuspenseQuery(grantPlansQueryOptions(companyId));
  const { data: stakeholders } = useSuspenseQuery(grantStakeholdersQueryOptions(companyId));
  const { data: templates } = useSuspenseQuery(vestingTemplatesQueryOptions());
  const save = useSaveGrant(companyId);
  const choices = { plans, stakeholders, templates };
  return (
    <GrantForm
      choices={choices}
      companyCountry={company.country}
      isEdit={grant !== undefined}
      editableStatus={
        grant === undefined || (STORED_GRANT_STATUSES as readonly string[]).includes(grant.status)
      }
      defaultValues={grant ? grantToFormValues(grant) : emptyGrantFormValues(choices)}
      submitLabel={grant ? t('grants.dialog.save') : t('grants.dialog.create')}
      onSubmit={async (body) => {
        const saved = await save.mutateAsync({ id: grant?.id, body });
        toast.success(
          grant
            ? t('grants.dialog.updated', { name: saved.stakeholderName })
            : t('grants.dialog.created', {
                quantity: formatCount(saved.quantity),
                name: saved.stakeholderName,
              }),
        );
        onDone(saved);
      }}
    />
  );
}

export function GrantDialog({
  companyId,
  grant,
  open,
  onOpenChange,
  onSaved,
}: {
  companyId: string;
  grant?: Grant | undefined;
  open: boolean;
  onOpenChange: (open: boolean) => void;
  onSaved?: (saved: Grant) => void;
}) {
  return (
    <FormDialog
      open={open}
      onOpenChange={onOpenChange}
      wide
      title={
        grant ? t('grants.dialog.editTitle', { name: grant.stakeholderName }) : t('grants.new')
      }
      description={t('grants.dialog.description')}
    >
      <Suspense fallback={<FormSkeleton />}>
        <GrantDialogBody
          companyId={companyId}
          grant={grant}
          onDone={(saved) => {
            onOpenChange(false);
            onSaved?.(saved);
          }}
        />
      </Suspense>
    </FormDialog>
  );
}

/** "New grant" and its dialog; after saving, the new grant's page opens. */
export function NewGrantButton({ companyId, label }: { companyId: string; label?: string }) {
  const [open, setOpen] = useState(false);
  const navigate = useNavigate();
  return (
    <>
      <Button onClick={() => setOpen(true)}>
        <Plus aria-hidden="true" />
        {label ?? t('grants.new')}
      </Button>
      <GrantDialog
        companyId={companyId}
        open={open}
        onOpenChange={setOpen}
        onSaved={(saved) =>
          void navigate({
            to: '/companies/$companyId/grants/$grantId',
            params: { companyId, grantId: saved.id },
          })
        }
      />
    </>
  );
}

export function EditGrantButton({ companyId, grant }: { companyId: string; grant: Grant }) {
  const [open, setOpen] = useState(false);
  return (
    <>
      <Button variant="outline" onClick={() => setOpen(true)}>
        <Pencil aria-hidden="true" />
        {t('grants.edit')}
      </Button>
      <GrantDialog companyId={companyId} grant={grant} open={open} onOpenChange={setOpen} />
    </>
  );
}
