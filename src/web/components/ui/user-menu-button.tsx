import { ChevronDown } from 'lucide-react';
import type { ComponentProps } from 'react';
import { t } from '../../lib/i18n';
import { Avatar } from './avatar';

export type UserMenuUser = {
  name: string;
  email: string;
  image?: string | null | undefined;
  role?: string | null | undefined;
};

/** Whether the admin plugin's role field (comma-separated) names a platform admin. */
export function isPlatformAdmin(role: string | null | undefined): boolean {
  return (role ?? '')
    .split(',')
    .map((r) => r.trim())
    .includes('admin');
}

/**
 * The header's user-menu trigger: avatar and name. The header renders it inert while the menu's
 * lazy chunk loads, and the menu renders the same button as its trigger, so nothing jumps.
 */
export function UserMenuButton({
  user,
  ...props
}: { user: UserMenuUser } & ComponentProps<'button'>) {
  return (
    <button
      type="button"
      aria-label={t('common.userMenu.label', { name: user.name })}
      title={t('common.userMenu.signedInAs', { email: user.email })}
      className="inline-flex min-w-0 items-center gap-2 rounded-full py-0.5 pr-2 pl-0.5 text-sm transition-colors hover:bg-accent focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-ring"
      {...props}
    >
      <Avatar name={user.name} image={user.image} size={32} />
      <span className="hidden max-w-[10rem] truncate text-muted-foreground sm:inline">
        {user.name}
      </span>
      <ChevronDown className="size-4 text-muted-foreground" aria-hidden="true" />
    </button>
  );
}
