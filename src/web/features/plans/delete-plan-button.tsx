import { useQueryClient } from '@tanstack/react-query';
import { Trash2 } from 'lucide-react';
import { toast } from 'sonner';
import type { Plan } from '../../../contracts/equity';
import { Button } from '../../components/ui/button';
import { ConfirmAction } from '../../components/ui/confirm-action';
import { forgetPlan, useDeletePlan } from './api';
import { formatCount } from './format';
import { reportDeleteError } from './report-error';

/**
 * "Delete" with its confirmation. The server refuses (409, shown as a toast) while awards are
 * granted under the plan. `beforeForget` runs after the delete and before the cache drops the
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

  async function onConfirm() {
    try {
      await remove.mutateAsync(plan.id);
    } catch (error) {
      reportDeleteError(error, 'Deleting the plan failed');
      throw error;
    }
    toast.success(`Plan ${plan.name} deleted`);
    await beforeForget?.();
    await forgetPlan(queryClient, companyId, plan.id);
  }

  return (
    <ConfirmAction
      trigger={
        <Button variant="outline" size={size} aria-label={accessibleName}>
          <Trash2 aria-hidden="true" />
          Delete
        </Button>
      }
      title={`Delete ${plan.name}?`}
      description={
        <>
          The plan and its pool of {formatCount(plan.poolReserved)} shares, with its pool
          adjustments, are removed. This cannot be undone; the activity log keeps a record.
        </>
      }
      confirmLabel="Delete plan"
      onConfirm={onConfirm}
    />
  );
}
