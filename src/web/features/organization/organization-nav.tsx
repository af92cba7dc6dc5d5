import { Link } from '@tanstack/react-router';

const TABS = [
  { to: '/organization/settings', label: 'Settings' },
  { to: '/organization/members', label: 'Members' },
  { to: '/organization/teams', label: 'Teams' },
  { to: '/organization/roles', label: 'Roles' },
  { to: '/organization/api-keys', label: 'API keys' },
] as const;

/** Tabs of the active workspace's pages; scrolls sideways on phones. */
export function OrganizationNav() {
  return (
    <nav aria-label="Workspace" className="-mx-1 overflow-x-auto">
      <ul className="flex min-w-max gap-1 border-b px-1">
        {TABS.map((tab) => (
          <li key={tab.to}>
            <Link
              to={tab.to}
              className="-mb-px inline-block border-b-2 border-transparent px-3 py-2 text-sm font-medium text-muted-foreground hover:text-foreground"
              activeProps={{
                className: '!border-primary !text-foreground',
                'aria-current': 'page',
              }}
            >
              {tab.label}
            </Link>
          </li>
        ))}
      </ul>
    </nav>
  );
}
