import { t } from '../lib/i18n';
import { Skeleton } from './ui/skeleton';

/** Generic placeholder while a route's loader runs (after the router's pendingMs). */
export function PagePending() {
  return (
    <div role="status" aria-live="polite" className="grid gap-4">
      <span className="sr-only">{t('common.loading')}</span>
      <Skeleton className="h-8 w-1/3" />
      <Skeleton className="h-4 w-2/3" />
      <Skeleton className="h-40 w-full" />
    </div>
  );
}
