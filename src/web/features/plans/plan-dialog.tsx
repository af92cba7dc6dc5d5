import { useSuspenseQuery } from '@tanstack/react-query';
import { Pencil, Plus } from 'lucide-react';
import { Suspense, useState } from 'react';
import { toast } from '../../lib/toast';
import type { Plan } from '../../../contracts/equity';
import { Button } from '../../components/ui/button';
import { Skeleton } from '../../components/ui/skeleton';
import { shareClassesQueryOptions, staksQueryOptions, useSavePlan } from './api';
import { FormDialog } from './form-dialog';
import { emptyPlanFormValues, PlanForm, planToFormValues } from './plan-form';
import { t } from '../../lib/i18n';

function FormSkeleton() {
  return (
    <div role="status" aria-live="polite" className="grid gap-4">
      <span className="sr-only">{t('plans.dialog.loading')}</span>
      <Skeleton className="h-9 w-full" />
      <Skeleton className="h-9 w-full" />
      <Skeleton className="h-9 w-2/3" />
      <Skeleton className="h-32 w-full" />
    </div>
  );
}

/** The form with its choices loaded (share classes, STAKs); mounted only while open. */
function PlanDialogBody({
  companyId,
  plan,
  onDone,
}: {
  companyId: string;
  plan?: Plan | undefined;
  onDone: () => void;
}) {
  const { data: shareClasses } = useSuspenseQuery(shareClassesQueryOptions(companyId));
  const { data: staks } = useSuspenseQuery(staksQueryOptions(companyId));
  const save = useSavePlan(companyId);
  return (
    <PlanForm
      shareClasses={shareClasses}
      staks={staks}
      isEdit={plan !== undefined}
      defaultValues={plan ? planToFormValues(plan) : emptyPlanFormValues({ shareClasses, staks })}
      submitLabel={plan ? t('plans.dialog.save') : t('plans.dialog.create')}
      onSubmit={async (body) => {
        const saved = await save.mutateAsync({ id: plan?.id, body });
        toast.success(
          plan
            ? t('plans.toast.updated', { name: saved.name })
            : t('plans.toast.created', { name: saved.name }),
        );
        onDone();
      }}
    />
  );
}

/** Create (no plan) or edit dialog of a plan. */
export function PlanDialog({
  companyId,
  plan,
  open,
  onOpenChange,
}: {
  companyId: string;
  plan?: Plan | undefined;
  open: boolean;
  onOpenChange: (open: boolean) => void;
}) {
  return (
    <FormDialog
      open={open}
      onOpenChange={onOpenChange}
      wide
      title={plan ? t('plans.dialog.editTitle', { name: plan.name }) : t('plans.dialog.newTitle')}
      description={plan ? t('plans.dialog.editDescription') : t('plans.dialog.newDescription')}
    >
      <Suspense fallback={<FormSkeleton />}>
        <PlanDialogBody companyId={companyId} plan={plan} onDone={() => onOpenChange(false)} />
      </Suspense>
    </FormDialog>
  );
}

/** "New plan" and its dialog. */
export function NewPlanButton({ companyId, label }: { companyId: string; label?: string }) {
  const [open, setOpen] = useState(false);
  return (
    <>
      <Button onClick={() => setOpen(true)}>
        <Plus aria-hidden="true" />
        {label ?? t('plans.new')}
      </Button>
      <PlanDialog companyId={companyId} open={open} onOpenChange={setOpen} />
    </>
  );
}

/** "Edit" and the plan's dialog; `label` names the plan for screen readers in a list. */
export function EditPlanButton({
  companyId,
  plan,
  size = 'default',
  accessibleName,
}: {
  companyId: string;
  plan: Plan;
  size?: 'default' | 'sm';
  accessibleName?: string;
}) {
  const [open, setOpen] = useState(false);
  return (
    <>
      <Button
        variant="outline"
        size={size}
        onClick={() => setOpen(true)}
        aria-label={accessibleName}
      >
        <Pencil aria-hidden="true" />
        {t('plans.edit')}
      </Button>
      <PlanDialog companyId={companyId} plan={plan} open={open} onOpenChange={setOpen} />
    </>
  );
}
