import { ChevronLeft, ChevronRight } from 'lucide-react';
import { formatCount } from '../../lib/format';
import { t } from '../../lib/i18n';
import { Button } from './button';

/**
 * "Showing 51–100 of 5,000" and the previous/next buttons under a paginated table (the grants
 * table, Upcoming). `from` is inclusive and `to` exclusive, as `pageOf` gives them.
 */
export function Pager({
  label,
  from,
  to,
  total,
  page,
  pageCount,
  onPage,
}: {
  /** The navigation landmark's name, e.g. "Grants pages". */
  label: string;
  from: number;
  to: number;
  total: number;
  page: number;
  pageCount: number;
  onPage: (page: number) => void;
}) {
  const first = page <= 1;
  const last = page >= pageCount;
  return (
    <nav aria-label={label} className="flex flex-wrap items-center justify-between gap-3">
      <p className="text-sm text-muted-foreground" aria-live="polite">
        {t('common.pager.showing', {
          from: formatCount(from + 1),
          to: formatCount(to),
          total: formatCount(total),
        })}
      </p>
      {pageCount > 1 ? (
        <div className="flex items-center gap-2">
          {/* aria-disabled, not disabled: a button that was just used keeps the focus. */}
          <Button
            variant="outline"
            size="sm"
            aria-disabled={first || undefined}
            aria-label={t('common.pager.previousPage')}
            onClick={() => (first ? undefined : onPage(page - 1))}
          >
            <ChevronLeft aria-hidden="true" />
            {t('common.pager.previous')}
          </Button>
          <span className="text-sm text-muted-foreground tabular-nums">
            {t('common.pager.pageOf', { page: formatCount(page), count: formatCount(pageCount) })}
          </span>
          <Button
            variant="outline"
            size="sm"
            aria-disabled={last || undefined}
            aria-label={t('common.pager.nextPage')}
            onClick={() => (last ? undefined : onPage(page + 1))}
          >
            {t('common.pager.next')}
            <ChevronRight aria-hidden="true" />
          </Button>
        </div>
      ) : null}
    </nav>
  );
}
