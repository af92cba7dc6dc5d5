import { Skeleton } from '../../components/ui/skeleton';
import { t } from '../../lib/i18n';

/** Grey bars in the shape of the list while the stakeholders load. */
export function StakeholdersSkeleton({ rows = 4 }: { rows?: number }) {
  return (
    <div role="status" aria-live="polite" className="grid gap-2">
      <span className="sr-only">{t('stakeholders.loading')}</span>
      <div className="overflow-hidden rounded-lg border" aria-hidden="true">
        <div className="flex gap-4 border-b bg-muted/60 px-3 py-3">
          <Skeleton className="h-3 w-24" />
          <Skeleton className="h-3 w-20" />
          <Skeleton className="hidden h-3 w-16 sm:block" />
        </div>
        {Array.from({ length: rows }, (_, row) => (
          <div key={row} className="flex items-center gap-4 border-b px-3 py-3 last:border-0">
            <Skeleton className="h-4 w-40" />
            <Skeleton className="h-4 w-20" />
            <Skeleton className="hidden h-5 w-16 sm:block" />
            <Skeleton className="hidden h-4 w-32 md:block" />
          </div>
        ))}
      </div>
    </div>
  );
}
