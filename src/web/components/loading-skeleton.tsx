import { cn } from '../lib/utils';
import { Skeleton } from './ui/skeleton';

/**
 * Placeholder bars while something loads, announced once by their status role with `label`. An
 * `aria-label` on a plain `div` is not allowed (axe: aria-prohibited-attr), which five lists once
 * had (issue 23); `aria-busy` tells the journeys and assistive technology it is still loading.
 */
export function LoadingSkeleton({
  label,
  bars,
  className,
}: {
  label: string;
  /** One bar per entry: its size classes, e.g. `h-12 w-full`. */
  bars: string[];
  className?: string;
}) {
  return (
    <div role="status" aria-live="polite" aria-busy="true" className={cn('grid gap-2', className)}>
      <span className="sr-only">{label}</span>
      {bars.map((size, i) => (
        <Skeleton key={i} className={size} />
      ))}
    </div>
  );
}
