import { useSuspenseQuery } from '@tanstack/react-query';
import { createFileRoute, Outlet } from '@tanstack/react-router';
import { Lock } from 'lucide-react';
import { Card, CardContent } from '../../../components/ui/card';
import { isPlatformAdmin } from '../../../components/ui/user-menu-button';
import { sessionQueryOptions } from '../../../features/auth/session';

/** Platform administration: only for users whose (admin plugin) role includes 'admin'. */
export const Route = createFileRoute('/_app/admin')({
  component: AdminLayout,
});

function AdminLayout() {
  const { data: session } = useSuspenseQuery(sessionQueryOptions());
  const role = (session?.user as { role?: string | null } | undefined)?.role;
  if (!isPlatformAdmin(role)) {
    return (
      <div className="grid gap-6">
        <h1 className="text-2xl font-semibold tracking-tight">Administration</h1>
        <Card>
          <CardContent className="flex items-center gap-3 pt-6 text-sm">
            <Lock className="size-5 shrink-0 text-muted-foreground" aria-hidden="true" />
            <p>Not allowed. Only platform administrators can open this page.</p>
          </CardContent>
        </Card>
      </div>
    );
  }
  return <Outlet />;
}
