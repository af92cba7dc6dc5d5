import { useQuery } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { useMemo } from 'react';
import type { ValuationMetrics } from '../../../contracts/valuation';
import type { Grant } from '../../../contracts/vesting';
import { compareDecimals, intrinsicValue } from '../../../domain/valuation';
import { Badge } from '../../components/ui/badge';
import { formatIsoDate } from '../../lib/format';
import { t } from '../../lib/i18n';
import { useCan } from '../me/api';
import { valuationMetricsQueryOptions } from './api';
import { formatValue } from './format';

type BelowFmv = ValuationMetrics['pricedBelowFmv']['items'][number];

export interface ValuationFlags {
  /** The current FMV per share, null without a valuation in force. */
  fmv: string | null;
  currency: string;
  asOf: string;
  underwater: ReadonlySet<string>;
  belowFmv: ReadonlyMap<string, BelowFmv>;
}

/**
 * The company's valuation metrics, read once per page (not per grant), as flags by grant id.
 * Null while loading, on error, or for a role that may not read valuations: the grant screens
 * then simply show no flags.
 */
export function useValuationFlags(companyId: string): ValuationFlags | null {
  const canRead = useCan('valuation', 'read');
  const { data } = useQuery({ ...valuationMetricsQueryOptions(companyId), enabled: canRead });
  return useMemo(() => {
    if (!canRead || !data) return null;
    return {
      fmv: data.fmvPerShare,
      currency: data.currency ?? 'EUR',
      asOf: data.asOf,
      underwater: new Set(data.underwater.items.map((g) => g.grantId)),
      belowFmv: new Map(data.pricedBelowFmv.items.map((g) => [g.grantId, g])),
    };
  }, [canRead, data]);
}

/** Shares of the grant still outstanding (vested not exercised, plus unvested). */
function outstandingOf(grant: Grant): number {
  if (grant.status === 'draft' || grant.status === 'offered') return 0;
  const { vested, unvested, exercised } = grant.schedule;
  return Math.max(0, vested - exercised) + unvested;
}

/** max(0, FMV − exercise price) × outstanding, at the current FMV; null without one. */
export function grantIntrinsicValue(grant: Grant, flags: ValuationFlags | null): string | null {
  if (!flags?.fmv) return null;
  return intrinsicValue(flags.fmv, grant.exercisePrice, outstandingOf(grant));
}

export function isUnderwater(grant: Grant, flags: ValuationFlags | null): boolean {
  if (!flags) return false;
  if (flags.underwater.has(grant.id)) return true;
  return (
    flags.fmv !== null &&
    grant.exercisePrice !== null &&
    outstandingOf(grant) > 0 &&
    compareDecimals(grant.exercisePrice, flags.fmv) > 0
  );
}

/** The tax-risk explanation of a grant priced below the FMV of its grant date. */
export function belowFmvText(item: BelowFmv, currency: string): string {
  return t('valuations.flags.belowFmvText', { fmv: formatValue(item.fmvPerShare, currency) });
}

/** Badges of a grant row: underwater, priced below the FMV at grant date. */
export function GrantValuationBadges({
  grant,
  flags,
}: {
  grant: Grant;
  flags: ValuationFlags | null;
}) {
  if (!flags) return null;
  const below = flags.belowFmv.get(grant.id);
  const underwater = isUnderwater(grant, flags);
  if (!below && !underwater) return null;
  return (
    <>
      {underwater ? (
        <Badge
          variant="outline"
          title={t('valuations.flags.underwaterTitle', {
            fmv: formatValue(flags.fmv ?? '0', flags.currency),
          })}
        >
          {t('valuations.flags.underwater')}
        </Badge>
      ) : null}
      {below ? (
        <Badge variant="destructive" title={belowFmvText(below, flags.currency)}>
          {/* Short on screen (a table cell); whole for screen readers and in the title. */}
          {t('valuations.flags.belowFmv')}
          <span className="sr-only">
            {' '}
            {t('valuations.flags.belowFmvAtGrant', { text: belowFmvText(below, flags.currency) })}
          </span>
        </Badge>
      ) : null}
    </>
  );
}

/**
 * The grant page's valuation figures: intrinsic value at the current FMV, and the flags with
 * their explanations.
 */
export function GrantValuationFigures({ companyId, grant }: { companyId: string; grant: Grant }) {
  const flags = useValuationFlags(companyId);
  if (!flags) return null;
  const value = grantIntrinsicValue(grant, flags);
  const below = flags.belowFmv.get(grant.id);
  const underwater = isUnderwater(grant, flags);
  return (
    <div className="grid gap-3 border-t pt-4" aria-label={t('valuations.flags.group')} role="group">
      <dl className="grid grid-cols-2 gap-x-6 gap-y-4 sm:grid-cols-3 lg:grid-cols-6">
        <div className="grid min-w-0 content-start gap-0.5">
          <dt className="text-xs font-medium text-muted-foreground">
            {t('valuations.flags.currentFmv')}
          </dt>
          <dd className="text-sm tabular-nums">
            {flags.fmv ? (
              formatValue(flags.fmv, flags.currency)
            ) : (
              <span className="text-muted-foreground">{t('valuations.flags.noValuation')}</span>
            )}
          </dd>
        </div>
        <div className="grid min-w-0 content-start gap-0.5">
          <dt className="text-xs font-medium text-muted-foreground">
            {t('valuations.flags.intrinsicValue')}
          </dt>
          <dd className="text-sm tabular-nums">
            {value !== null ? (
              formatValue(value, flags.currency)
            ) : (
              <span className="text-muted-foreground">{t('valuations.metrics.none')}</span>
            )}
          </dd>
        </div>
      </dl>
      {underwater ? (
        <p className="flex flex-wrap items-center gap-2 text-sm">
          <Badge variant="outline">{t('valuations.flags.underwater')}</Badge>
          <span>
            {t('valuations.flags.underwaterText', {
              fmv: formatValue(flags.fmv ?? '0', flags.currency),
              date: formatIsoDate(flags.asOf),
            })}
          </span>
        </p>
      ) : null}
      {below ? (
        <p className="flex flex-wrap items-center gap-2 text-sm" role="note">
          <Badge variant="destructive">{t('valuations.flags.belowFmvAtGrantBadge')}</Badge>
          <span>
            {t('valuations.flags.sentence', { text: belowFmvText(below, flags.currency) })}
          </span>
          <Link
            to="/companies/$companyId/valuations"
            params={{ companyId }}
            className="rounded-sm text-primary hover:underline"
          >
            {t('valuations.title')}
          </Link>
        </p>
      ) : null}
    </div>
  );
}
