import type { ComponentProps } from 'react';
import { t } from '../../lib/i18n';
import { useOverflow } from '../../lib/use-overflow';
import { cn } from '../../lib/utils';
import { tableFrame } from './table-parts';

export {
  TableBody,
  TableCaption,
  TableCell,
  TableHead,
  TableHeader,
  TableRow,
  tableFrame,
} from './table-parts';

/**
 * The wrapper scrolls horizontally so wide tables stay usable on phones. While it scrolls it is
 * a region named after the table and a tab stop, so keyboard users can scroll it too (axe:
 * scrollable-region-focusable). The company tabs' data tables use `DataTable` (data-table.tsx).
 */
export function Table({ className, ...props }: ComponentProps<'table'>) {
  const [ref, overflow] = useOverflow<HTMLDivElement>();
  const scrolls = (overflow.x || overflow.y) && !props['aria-hidden'];
  const label = props['aria-label'];
  return (
    <div
      ref={ref}
      role={scrolls ? 'region' : undefined}
      aria-label={scrolls && label ? t('tables.scrollable', { table: label }) : undefined}
      aria-labelledby={scrolls && !label ? props['aria-labelledby'] : undefined}
      tabIndex={scrolls ? 0 : undefined}
      className={cn(
        tableFrame,
        'focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-ring',
      )}
    >
      <table className={cn('w-full caption-bottom text-sm', className)} {...props} />
    </div>
  );
}
