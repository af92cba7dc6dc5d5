import { useSuspenseQuery } from '@tanstack/react-query';
import { createFileRoute, Outlet } from '@tanstack/react-router';
import { Lock } from 'lucide-react';
import { Card, CardContent } from '../../../components/ui/card';
import { isPlatformAdmin } from '../../../components/ui/user-menu-button';
import { sessionQueryOptions } from '../../../features/auth/session';
import { t } from '../../../lib/i18n';
import { useDocumentTitle } from '../../../lib/use-document-title';

/** Platform administration: only for users whose (admin plugin) role includes 'admin'. */
export const Route = createFileRoute('/_app/admin')({
  component: AdminLayout,
});

function AdminLayout() {
  const { data: session } = useSuspenseQuery(sessionQueryOptions());
  const role = (session?.user as { role?: string | null } | undefined)?.role;
  if (!isPlatformAdmin(role)) return <AdminNotAllowed />;
  return <Outlet />;
}

function AdminNotAllowed() {
  // Not in `AdminLayout`: effects run child first, so a layout's title would win over its pages'.
  useDocumentTitle(t('shell.title.administration'));
  return (
    <div className="grid gap-6">
      <h1 className="text-2xl font-semibold tracking-tight">{t('shell.title.administration')}</h1>
      <Card>
        <CardContent className="flex items-center gap-3 pt-6 text-sm">
          <Lock className="size-5 shrink-0 text-muted-foreground" aria-hidden="true" />
          <p>{t('admin.notAllowed')}</p>
        </CardContent>
      </Card>
    </div>
  );
}
