import { useQueryClient } from '@tanstack/react-query';
import { Trash2 } from 'lucide-react';
import type { Plan } from '../../../contracts/equity';
import { Button } from '../../components/ui/button';
import { ConfirmAction } from '../../components/ui/confirm-action';
import { useCan } from '../me/api';
import { trashedToast } from '../trash/api';
import { forgetPlan, useDeletePlan } from './api';
import { t } from '../../lib/i18n';
import { reportDeleteError } from './report-error';

/**
 * "Delete" with its confirmation: the plan moves to the trash with its grants. The server refuses
 * (409, shown as a toast) when its grants were exercised. `beforeForget` runs after the delete and before the cache drops the
 * plan: the detail page navigates away there, so nothing on screen refetches a deleted plan.
 */
export function DeletePlanButton({
  companyId,
  plan,
  size = 'default',
  accessibleName,
  beforeForget,
}: {
  companyId: string;
  plan: Plan;
  size?: 'default' | 'sm';
  accessibleName?: string;
  beforeForget?: () => Promise<unknown>;
}) {
  const queryClient = useQueryClient();
  const remove = useDeletePlan(companyId);
  const canRestore = useCan('trash', 'update');

  async function onConfirm() {
    try {
      await remove.mutateAsync(plan.id);
    } catch (error) {
      reportDeleteError(error, t('plans.delete.failed'));
      throw error;
    }
    trashedToast(queryClient, {
      kind: 'plan',
      id: plan.id,
      message: t('plans.delete.trashed', { name: plan.name }),
      canRestore,
    });
    await beforeForget?.();
    await forgetPlan(queryClient, companyId, plan.id);
  }

  return (
    <ConfirmAction
      trigger={
        <Button variant="outline" size={size} aria-label={accessibleName}>
          <Trash2 aria-hidden="true" />
          {t('plans.delete')}
        </Button>
      }
      title={t('plans.delete.title', { name: plan.name })}
      description={t('plans.delete.description', {
        count: plan.poolReserved,
        granted: plan.poolGranted > 0 ? 'yes' : 'no',
      })}
      confirmLabel={t('plans.delete.confirm')}
      onConfirm={onConfirm}
    />
  );
}
