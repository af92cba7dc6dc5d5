import { Link } from '@tanstack/react-router';
import { msg, t } from '../../lib/i18n';
import type { ReactNode } from 'react';

const tabs = [
  { to: '/account/settings', label: msg('account.tab.settings') },
  { to: '/account/security', label: msg('account.tab.security') },
  { to: '/account/api-keys', label: msg('account.tab.apiKeys') },
] as const;

/** Title plus the tabs between the account pages. */
export function AccountLayout({ title, children }: { title: string; children: ReactNode }) {
  return (
    // Forms and cards: a comfortable width rather than the full window's.
    <div className="grid max-w-4xl gap-6">
      <div className="grid gap-3">
        <h1 className="text-2xl font-semibold tracking-tight">{title}</h1>
        <nav aria-label={t('account.nav')} className="flex flex-wrap gap-1 border-b pb-2">
          {tabs.map((tab) => (
            <Link
              key={tab.to}
              to={tab.to}
              className="rounded-md px-3 py-1.5 text-sm font-medium text-muted-foreground transition-colors hover:bg-accent hover:text-accent-foreground"
              activeProps={{
                className: 'bg-accent !text-accent-foreground',
                'aria-current': 'page',
              }}
            >
              {t(tab.label)}
            </Link>
          ))}
        </nav>
      </div>
      {children}
    </div>
  );
}

/** Copies `text`; resolves false when the browser refuses (no permission, insecure context). */
export async function copyText(text: string): Promise<boolean> {
  try {
    await navigator.clipboard.writeText(text);
    return true;
  } catch {
    return false;
  }
}
