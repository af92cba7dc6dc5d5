import { Link } from '@tanstack/react-router';
import type { ReactNode } from 'react';

const tabs = [
  { to: '/account/settings', label: 'Settings' },
  { to: '/account/security', label: 'Security' },
  { to: '/account/api-keys', label: 'API keys' },
] as const;

/** Title plus the tabs between the account pages. */
export function AccountLayout({ title, children }: { title: string; children: ReactNode }) {
  return (
    <div className="grid gap-6">
      <div className="grid gap-3">
        <h1 className="text-2xl font-semibold tracking-tight">{title}</h1>
        <nav aria-label="Account" className="flex flex-wrap gap-1 border-b pb-2">
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
              {tab.label}
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
