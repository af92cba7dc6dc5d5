import { Link } from '@tanstack/react-router';
import { ArrowLeft } from 'lucide-react';
import { Card, CardContent, CardDescription, CardHeader } from '../../components/ui/card';
import { Skeleton } from '../../components/ui/skeleton';
import { useDocumentTitle } from '../../lib/use-document-title';

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
      All plans
    </Link>
  );
}

/** While the plan loads (the route's pending component). */
export function PlanDetailSkeleton() {
  return (
    <div role="status" aria-live="polite" className="grid gap-6">
      <span className="sr-only">Loading the plan…</span>
      <Skeleton className="h-4 w-24" />
      <Skeleton className="h-7 w-1/2" />
      <Skeleton className="h-56 w-full" />
      <Skeleton className="h-40 w-full" />
    </div>
  );
}

/** The plan does not exist (deleted, or a wrong link). */
export function PlanNotFound({ companyId }: { companyId: string }) {
  useDocumentTitle('Plan not found');
  return (
    <Card className="max-w-lg">
      <CardHeader>
        <h2 className="text-lg font-semibold">Plan not found</h2>
        <CardDescription>It may have been deleted, or the link is wrong.</CardDescription>
      </CardHeader>
      <CardContent>
        <BackToPlans companyId={companyId} />
      </CardContent>
    </Card>
  );
}
