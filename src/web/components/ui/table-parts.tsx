import type { ComponentProps } from 'react';
import { cn } from '../../lib/utils';

/**
 * The parts of a table (`Table` itself is in table.tsx, which re-exports these). Kept apart so
 * that a pending screen in the initial bundle (the companies skeleton) can draw a table without
 * bringing `Table`'s overflow measuring along: a module's code goes to one chunk as a whole.
 */

/** The frame of a table: a bordered card that scrolls sideways when the table is wider. */
export const tableFrame = 'relative w-full overflow-x-auto rounded-lg border bg-card';

export function TableHeader({ className, ...props }: ComponentProps<'thead'>) {
  return <thead className={cn('bg-muted/60 [&_tr]:border-b', className)} {...props} />;
}

export function TableBody({ className, ...props }: ComponentProps<'tbody'>) {
  return <tbody className={cn('[&_tr:last-child]:border-0', className)} {...props} />;
}

export function TableRow({ className, ...props }: ComponentProps<'tr'>) {
  return (
    <tr className={cn('border-b transition-colors hover:bg-muted/40', className)} {...props} />
  );
}

export function TableHead({ className, ...props }: ComponentProps<'th'>) {
  return (
    <th
      scope="col"
      className={cn(
        'h-10 px-3 text-left align-middle font-medium whitespace-nowrap text-muted-foreground',
        className,
      )}
      {...props}
    />
  );
}

export function TableCell({ className, ...props }: ComponentProps<'td'>) {
  return <td className={cn('px-3 py-2.5 align-middle whitespace-nowrap', className)} {...props} />;
}

export function TableCaption({ className, ...props }: ComponentProps<'caption'>) {
  return <caption className={cn('mt-3 text-sm text-muted-foreground', className)} {...props} />;
}
