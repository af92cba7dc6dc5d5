import { Link } from '@tanstack/react-router';
import { ArrowLeft } from 'lucide-react';
import { Skeleton } from '../../components/ui/skeleton';
import { t } from '../../lib/i18n';

/*
 * Light pieces of the plan page. The route's pending component is not code-split (only loader,
 * component, errorComponent and notFoundComponent are, vite.config.ts), so what it renders must
 * not import the contracts' zod schemas: this module imports none.
 */

/** "All plans", back to the list. */
export function BackToPlans({ companyId }: { companyId: string }) {
  return (
    <Link
      to="/companies/$companyId/plans"
      params={{ companyId }}
      className="inline-flex items-center gap-1 justify-self-start rounded-sm text-sm text-muted-foreground hover:text-foreground"
    >
      <ArrowLeft className="size-4" aria-hidden="true" />
      {t('plans.back')}
    </Link>
  );
}

/** While the plan loads (the route's pending component). */
export function PlanDetailSkeleton() {
  return (
    <div role="status" aria-live="polite" className="grid gap-6">
      <span className="sr-only">{t('plans.detail.loading')}</span>
      <Skeleton className="h-4 w-24" />
      <Skeleton className="h-7 w-1/2" />
      <Skeleton className="h-56 w-full" />
      <Skeleton className="h-40 w-full" />
    </div>
  );
}
