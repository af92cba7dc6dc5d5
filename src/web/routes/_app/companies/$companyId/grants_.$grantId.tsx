import { createFileRoute, Link, notFound } from '@tanstack/react-router';
import { Card, CardContent, CardHeader } from '../../../../components/ui/card';
import { Skeleton } from '../../../../components/ui/skeleton';
import { grantQueryOptions, prefetchGrantForm } from '../../../../features/grants/api';
import { GrantPage } from '../../../../features/grants/grant-page';
import { isApiError } from '../../../../lib/api';

/**
 * One grant (issue 5). Not nested in the list's route (`grants_`), so the list does not render
 * around it; the Grants tab stays active because its link matches the path's beginning.
 */
export const Route = createFileRoute('/_app/companies/$companyId/grants_/$grantId')({
  loader: async ({ context: { queryClient }, params: { companyId, grantId } }) => {
    prefetchGrantForm(queryClient, companyId);
    try {
      await queryClient.ensureQueryData(grantQueryOptions(companyId, grantId));
    } catch (error) {
      if (isApiError(error) && error.status === 404) throw notFound();
      throw error;
    }
  },
  pendingComponent: GrantPending,
  notFoundComponent: GrantNotFound,
  component: GrantRoute,
});

function GrantRoute() {
  const { companyId, grantId } = Route.useParams();
  return <GrantPage companyId={companyId} grantId={grantId} />;
}

function GrantPending() {
  return (
    <div role="status" aria-live="polite" className="grid gap-4">
      <span className="sr-only">Loading the grant…</span>
      <Skeleton className="h-8 w-1/2" />
      <Skeleton className="h-32 w-full" />
      <Skeleton className="h-64 w-full" />
    </div>
  );
}

function GrantNotFound() {
  const { companyId } = Route.useParams();
  return (
    <Card className="max-w-lg">
      <CardHeader>
        <h2 className="text-lg font-semibold">Grant not found</h2>
        <p className="text-sm text-muted-foreground">
          It may have been deleted, or the link is wrong.
        </p>
      </CardHeader>
      <CardContent>
        <Link
          to="/companies/$companyId/grants"
          params={{ companyId }}
          className="text-sm text-primary hover:underline"
        >
          All grants
        </Link>
      </CardContent>
    </Card>
  );
}
