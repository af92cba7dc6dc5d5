import { Link, useParams } from '@tanstack/react-router';

const TABS = [
  { page: 'settings', label: 'Settings' },
  { page: 'members', label: 'Members' },
  { page: 'teams', label: 'Teams' },
  { page: 'roles', label: 'Roles' },
  { page: 'api-keys', label: 'API keys' },
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
    <nav aria-label="Workspace" className="-mx-1 overflow-x-auto">
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
                {tab.label}
              </Link>
            ) : (
              <Link
                to={`/organization/${tab.page}`}
                className={tabClassName}
                activeProps={activeProps}
              >
                {tab.label}
              </Link>
            )}
          </li>
        ))}
      </ul>
    </nav>
  );
}
