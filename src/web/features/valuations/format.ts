import type { ValuationMethod, ValuationPurpose, ValuationStatus } from '../../../domain/valuation';
import { formatMoney, formatPercent } from '../../lib/format';
import { msg, t } from '../../lib/i18n';

/**
 * Display helpers of the Valuations tab. Amounts stay the API's decimal strings. The label maps
 * hold catalog keys: `t(PURPOSE_LABELS[purpose])`.
 */

export const PURPOSE_LABELS: Record<ValuationPurpose, string> = {
  tax_fmv: msg('valuations.purpose.tax_fmv'),
  funding_round: msg('valuations.purpose.funding_round'),
  '409a': msg('valuations.purpose.409a'),
  internal: msg('valuations.purpose.internal'),
  audit: msg('valuations.purpose.audit'),
  other: msg('valuations.purpose.other'),
};

export const METHOD_LABELS: Record<ValuationMethod, string> = {
  opm: msg('valuations.method.opm'),
  pwerm: msg('valuations.method.pwerm'),
  hybrid: msg('valuations.method.hybrid'),
  dcf: msg('valuations.method.dcf'),
  market_multiples: msg('valuations.method.market_multiples'),
  net_asset_value: msg('valuations.method.net_asset_value'),
  recent_round: msg('valuations.method.recent_round'),
  other: msg('valuations.method.other'),
};

export const STATUS_LABELS: Record<ValuationStatus, string> = {
  upcoming: msg('valuations.status.upcoming'),
  superseded: msg('valuations.status.superseded'),
  stale: msg('valuations.status.stale'),
  expired: msg('valuations.status.expired'),
  expiring: msg('valuations.status.expiring'),
  current: msg('valuations.status.current'),
};

/** What each status means, for the badge's tooltip text and screen readers. */
export const STATUS_HINTS: Record<ValuationStatus, string> = {
  upcoming: msg('valuations.statusHint.upcoming'),
  superseded: msg('valuations.statusHint.superseded'),
  stale: msg('valuations.statusHint.stale'),
  expired: msg('valuations.statusHint.expired'),
  expiring: msg('valuations.statusHint.expiring'),
  current: msg('valuations.statusHint.current'),
};

export function statusVariant(
  status: ValuationStatus,
): 'default' | 'secondary' | 'outline' | 'destructive' {
  switch (status) {
    case 'current':
      return 'default';
    case 'expiring':
      return 'outline';
    case 'stale':
    case 'expired':
      return 'destructive';
    default:
      return 'secondary';
  }
}

/**
 * An amount in its currency, in the active language: "€3,600,000.00" (en), "€ 2,70" (nl); at
 * least 2 and up to 6 decimals, so a per-share "0.123456" keeps its digits (no float).
 */
export function formatValue(value: string, currency: string): string {
  return formatMoney(value, currency);
}

/** "+12.50%" / "−3.00%" (a real minus sign) for a change, in the active language; "—" for none. */
export function formatChangePercent(percent: string | null | undefined): string {
  if (percent === null || percent === undefined) return '—';
  const negative = percent.startsWith('-');
  const size = negative || percent.startsWith('+') ? percent.slice(1) : percent;
  const text = formatPercent(size, { minFraction: 2, maxFraction: 4 });
  if (negative) return `\u2212${text}`;
  return Number(size) === 0 ? text : `+${text}`;
}

/** The report upload limit, as the API has it: 20 MB. */
export const MAX_REPORT_MB = 20;

/** Why a chosen file cannot be the report (type, size), or null when it can. */
export function reportFileProblem(
  file: { name: string; type: string; size: number },
  maxBytes: number,
): string | null {
  const isPdf = file.type === 'application/pdf' || /\.pdf$/i.test(file.name);
  if (!isPdf) return t('valuations.report.notPdf');
  if (file.size > maxBytes) return t('valuations.report.tooLarge', { mb: MAX_REPORT_MB });
  if (file.size === 0) return t('valuations.report.empty');
  return null;
}
