import { Link, useParams } from '@tanstack/react-router';
import { msg, t } from '../../lib/i18n';

const TABS = [
  { page: 'settings', label: msg('workspace.nav.settings') },
  { page: 'members', label: msg('workspace.nav.members') },
  { page: 'teams', label: msg('workspace.nav.teams') },
  { page: 'roles', label: msg('workspace.nav.roles') },
  { page: 'api-keys', label: msg('workspace.nav.apiKeys') },
] as const;

const tabClassName =
  '-mb-px inline-block border-b-2 border-transparent px-3 py-2 text-sm font-medium text-muted-foreground hover:text-foreground';
const activeProps = {
  className: '!border-primary !text-foreground',
  'aria-current': 'page',
} as const;

/**
 * Tabs of the active workspace's pages; scrolls sideways on phones. Under
 * /organization/$slug/… (slug mode) the tabs keep the slug.
 */
export function OrganizationNav() {
  const { slug } = useParams({ strict: false });
  return (
    <nav aria-label={t('workspace.nav.label')} className="-mx-1 overflow-x-auto">
      <ul className="flex min-w-max gap-1 border-b px-1">
        {TABS.map((tab) => (
          <li key={tab.page}>
            {slug ? (
              <Link
                to={`/organization/$slug/${tab.page}`}
                params={{ slug }}
                className={tabClassName}
                activeProps={activeProps}
              >
                {t(tab.label)}
              </Link>
            ) : (
              <Link
                to={`/organization/${tab.page}`}
                className={tabClassName}
                activeProps={activeProps}
              >
                {t(tab.label)}
              </Link>
            )}
          </li>
        ))}
      </ul>
    </nav>
  );
}
