import { useSuspenseQuery } from '@tanstack/react-query';
import { createFileRoute, Outlet } from '@tanstack/react-router';
import { Avatar } from '../../../components/ui/avatar';
import { Badge } from '../../../components/ui/badge';
import { fullOrganizationQueryOptions } from '../../../features/organization/api';
import { OrganizationNav } from '../../../features/organization/organization-nav';
import { meQueryOptions } from '../../../features/me/api';
import { roleLabel } from '../../../features/organization/role-names';
import { splitRoles } from '../../../../contracts/access-control';
import { t } from '../../../lib/i18n';

/** The active workspace's pages: settings, members, teams, roles and workspace API keys. */
export const Route = createFileRoute('/_app/organization')({
  loader: async ({ context: { queryClient } }) => {
    const me = await queryClient.ensureQueryData(meQueryOptions());
    await queryClient.ensureQueryData(fullOrganizationQueryOptions(me.organizationId));
  },
  component: OrganizationLayout,
});

function OrganizationLayout() {
  const { data: me } = useSuspenseQuery(meQueryOptions());
  const { data: organization } = useSuspenseQuery(fullOrganizationQueryOptions(me.organizationId));
  return (
    // Forms and short lists: a comfortable width rather than the full window's.
    <div className="grid max-w-5xl gap-6">
      <div className="flex items-center gap-3">
        <Avatar
          name={organization.name}
          image={organization.logo}
          size={40}
          className="rounded-md"
        />
        <div className="grid min-w-0 gap-0.5">
          <h1 className="truncate text-2xl font-semibold tracking-tight">{organization.name}</h1>
          <p className="flex flex-wrap items-center gap-2 text-sm text-muted-foreground">
            <span>{t('workspace.header.kind')}</span>
            <span aria-hidden="true">·</span>
            <span>
              {t('workspace.header.yourRole')}{' '}
              <Badge variant="outline">{splitRoles(me.role).map(roleLabel).join(', ')}</Badge>
            </span>
          </p>
        </div>
      </div>
      <OrganizationNav />
      <Outlet />
    </div>
  );
}
