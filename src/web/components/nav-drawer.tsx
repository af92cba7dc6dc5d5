import { useRouterState } from '@tanstack/react-router';
import { X } from 'lucide-react';
import { Dialog as DialogPrimitive } from 'radix-ui';
import { useEffect, useRef, type RefObject } from 'react';
import { AppNav } from './app-nav';
import { LanguageSwitch } from './language-switch';
import { ThemeSwitch } from './theme-switch';
import { t } from '../lib/i18n';
import { overlayClassName } from './ui/dialog';

/**
 * The main navigation on phones and narrow windows: a drawer from the left (a Radix dialog, so
 * focus stays inside it and Escape closes it). It closes on navigation and gives focus back to
 * the header's menu button. Loaded on demand by the header (decision 005).
 */
export function NavDrawer({
  open,
  onOpenChange,
  returnFocusTo,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  returnFocusTo: RefObject<HTMLButtonElement | null>;
}) {
  // Any navigation closes it, also one the drawer's links did not start (a redirect, the back
  // button): the page it opened over is gone.
  const pathname = useRouterState({ select: (state) => state.location.pathname });
  const openedOn = useRef(pathname);
  useEffect(() => {
    if (open && openedOn.current !== pathname) onOpenChange(false);
    openedOn.current = pathname;
  }, [open, pathname, onOpenChange]);

  return (
    <DialogPrimitive.Root open={open} onOpenChange={onOpenChange}>
      <DialogPrimitive.Portal>
        <DialogPrimitive.Overlay className={overlayClassName} />
        <DialogPrimitive.Content
          // The navigation is the content; there is no description to announce.
          aria-describedby={undefined}
          onCloseAutoFocus={(event) => {
            // The button that opens it lives outside Radix's trigger (it loads before this chunk).
            event.preventDefault();
            returnFocusTo.current?.focus();
          }}
          className="fixed inset-y-0 left-0 z-50 flex w-72 max-w-[85vw] animate-slide-in-left flex-col gap-4 border-r bg-card p-3 shadow-lg"
        >
          <div className="flex items-center justify-between gap-2 pl-3">
            <DialogPrimitive.Title className="truncate text-base font-semibold tracking-tight">
              {t('shell.menu.title')}
            </DialogPrimitive.Title>
            <DialogPrimitive.Close className="inline-flex size-9 shrink-0 items-center justify-center rounded-md text-muted-foreground hover:bg-accent hover:text-accent-foreground">
              <X className="size-4" aria-hidden="true" />
              <span className="sr-only">{t('shell.menu.close')}</span>
            </DialogPrimitive.Close>
          </div>
          <AppNav onNavigate={() => onOpenChange(false)} />
          {/* The header shows them from `sm` up only. */}
          <div className="mt-auto flex items-center gap-2 border-t px-3 pt-3 sm:hidden">
            <LanguageSwitch />
            <ThemeSwitch />
          </div>
        </DialogPrimitive.Content>
      </DialogPrimitive.Portal>
    </DialogPrimitive.Root>
  );
}
