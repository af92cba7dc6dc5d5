import { useQuery } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import {
  Building2,
  CalendarClock,
  CalendarRange,
  FileText,
  ListTodo,
  Trash2,
  type LucideIcon,
} from 'lucide-react';
import { canReadView } from '../../contracts/views';
import type { Me } from '../../contracts/me';
import { can, meQueryOptions } from '../features/me/api';
import { msg, t } from '../lib/i18n';

type NavItem = {
  to:
    '/companies' | '/upcoming' | '/tasks' | '/vesting-templates' | '/document-templates' | '/trash';
  /** The catalog key of its name. */
  label: string;
  icon: LucideIcon;
  /**
   * Whether the role may open the page. `me` is undefined until `/me` has loaded: only the
   * pages every role opens show meanwhile.
   */
  shown: (me: Me | undefined) => boolean;
};

/**
 * The signed-in app's pages, in the order of the sidebar. A new section is one more entry here:
 * the desktop sidebar and the phone's menu both render this list.
 */
const NAV_ITEMS: readonly NavItem[] = [
  { to: '/companies', label: msg('shell.nav.companies'), icon: Building2, shown: () => true },
  {
    to: '/upcoming',
    label: msg('shell.nav.upcoming'),
    icon: CalendarClock,
    shown: (me) => !!me && canReadView(me.permissions, 'upcoming'),
  },
  {
    to: '/tasks',
    label: msg('tasks.nav'),
    icon: ListTodo,
    // The practice's to-dos (issue 15), for roles that may read tasks.
    shown: (me) => !!me && can(me, 'task', 'read'),
  },
  {
    to: '/vesting-templates',
    label: msg('shell.nav.vestingTemplates'),
    icon: CalendarRange,
    // The server lists templates to roles that may read plans (they are plans' terms).
    shown: (me) => !!me && can(me, 'plan', 'read'),
  },
  {
    to: '/document-templates',
    label: msg('documents.nav.templates'),
    icon: FileText,
    // The workspace's Word templates of generated documents (issue 14), as their API allows.
    shown: (me) => !!me && can(me, 'document', 'read'),
  },
  {
    to: '/trash',
    label: msg('shell.nav.trash'),
    icon: Trash2,
    // Owners and admins, who may restore (decision 016).
    shown: (me) => !!me && can(me, 'trash', 'read'),
  },
];

const linkClassName =
  'flex items-center gap-3 rounded-md px-3 py-2 text-sm font-medium text-muted-foreground transition-colors hover:bg-accent hover:text-accent-foreground [&_svg]:size-4 [&_svg]:shrink-0';
const activeProps = {
  className: 'bg-accent !text-accent-foreground',
  'aria-current': 'page',
} as const;

/**
 * The main navigation of the signed-in app. Not suspense: the shell renders before `/me` has
 * loaded (and on pages outside the `_app` layout); links needing a permission appear once it has.
 */
export function AppNav({ onNavigate }: { onNavigate?: () => void }) {
  const { data: me } = useQuery(meQueryOptions());
  return (
    <nav aria-label={t('shell.nav.label')}>
      <ul className="grid gap-1">
        {NAV_ITEMS.filter((item) => item.shown(me)).map(({ to, label, icon: Icon }) => (
          <li key={to}>
            <Link
              to={to}
              // Companies is active on /companies, /companies/create and /companies/<id>.
              activeOptions={{ exact: to !== '/companies', includeSearch: false }}
              className={linkClassName}
              activeProps={activeProps}
              onClick={onNavigate}
            >
              <Icon aria-hidden="true" />
              {t(label)}
            </Link>
          </li>
        ))}
      </ul>
    </nav>
  );
}
