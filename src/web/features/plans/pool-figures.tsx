import type { Plan } from '../../../contracts/equity';
import { cn } from '../../lib/utils';
import { formatCount } from '../../lib/format';
import { t } from '../../lib/i18n';
import { formatUsedPercent } from './format';

/**
 * A plan's pool today: reserved (pool size plus adjustments so far), granted and available, and
 * a bar of how much is used. Figures are the server's; the bar only draws them.
 */
export function PoolFigures({
  plan,
  className,
}: {
  plan: Pick<Plan, 'name' | 'poolReserved' | 'poolGranted' | 'poolAvailable'>;
  className?: string;
}) {
  const { poolReserved: reserved, poolGranted: granted, poolAvailable: available } = plan;
  const used = formatUsedPercent(granted, reserved);
  const width = reserved > 0 ? Math.min(100, (granted / reserved) * 100) : 0;
  return (
    <div className={cn('grid gap-3', className)}>
      <dl className="grid grid-cols-3 gap-2">
        <Figure label={t('plans.pool.reserved')} value={reserved} />
        <Figure label={t('plans.pool.granted')} value={granted} />
        <Figure label={t('plans.pool.available')} value={available} emphasis />
      </dl>
      <div className="grid gap-1">
        <div
          role="meter"
          aria-label={t('plans.pool.usedLabel', { plan: plan.name })}
          aria-valuemin={0}
          aria-valuemax={Math.max(reserved, 1)}
          aria-valuenow={Math.min(granted, Math.max(reserved, 1))}
          aria-valuetext={t('plans.pool.usedText', {
            granted: formatCount(granted),
            reserved: formatCount(reserved),
            used,
          })}
          className="h-2 w-full overflow-hidden rounded-full bg-muted"
        >
          <div
            className={cn('h-full rounded-full', width >= 90 ? 'bg-destructive' : 'bg-primary')}
            style={{ width: `${width}%` }}
          />
        </div>
        <p className="text-xs text-muted-foreground" aria-hidden="true">
          {t('plans.pool.used', { used })}
        </p>
      </div>
    </div>
  );
}

function Figure({ label, value, emphasis }: { label: string; value: number; emphasis?: boolean }) {
  return (
    <div className="grid min-w-0 content-start gap-0.5">
      <dt className="text-xs font-medium text-muted-foreground">{label}</dt>
      <dd
        className={cn(
          'truncate text-lg leading-tight tabular-nums',
          emphasis ? 'font-semibold' : 'font-medium',
        )}
      >
        {formatCount(value)}
      </dd>
    </div>
  );
}
