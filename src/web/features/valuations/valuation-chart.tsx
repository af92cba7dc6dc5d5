import type { Valuation } from '../../../contracts/valuation';
import { addMonths } from '../../../domain/vesting/dates';
import { TimeChart, type ChartMarker } from '../../components/time-chart';
import { niceMax } from '../../lib/chart-scale';
import { formatDecimal, formatIsoDate } from '../../lib/format';
import { msg, t } from '../../lib/i18n';
import { formatValue } from './format';

/** Theme tokens (light and dark) for the lines, the points and the legend. */
const SERIES = [
  {
    key: 'fmvPerShare',
    label: msg('valuations.figure.fmvPerShare'),
    stroke: 'stroke-chart-1',
    fill: 'fill-chart-1',
    dash: undefined,
  },
  {
    key: 'pricePerShare',
    label: msg('valuations.figure.pricePerShare'),
    stroke: 'stroke-chart-2',
    fill: 'fill-chart-2',
    dash: '6 4',
  },
] as const;

/**
 * FMV and price per share over time: each valuation holds until the next one, so the lines step;
 * funding-round valuations are marked with a diamond and a dashed line. The description and the
 * table below carry the figures as text.
 */
export function ValuationChart({ items, today }: { items: readonly Valuation[]; today: string }) {
  if (items.length === 0) return null;
  const from = items[0]!.effectiveDate;
  const lastDate = items.at(-1)!.effectiveDate;
  // Show at least a few months after the last valuation (and today, if later).
  const to = [addMonths(lastDate, 3), today].sort().at(-1)!;
  const top = niceMax(
    Math.max(...items.flatMap((v) => [Number(v.fmvPerShare), Number(v.pricePerShare)])),
  );
  const rounds = items.filter((v) => v.purpose === 'funding_round');
  const markers: ChartMarker[] = [
    ...rounds.map((v) => ({ date: v.effectiveDate, tone: 'round' as const })),
    { date: today, label: t('valuations.chart.today'), tone: 'today' },
  ];
  // The chart's text alternative: every valuation's date and figures.
  const summary = items
    .map((v) => {
      const values = {
        date: formatIsoDate(v.effectiveDate),
        fmv: formatValue(v.fmvPerShare, v.currency),
        price: formatValue(v.pricePerShare, v.currency),
      };
      return v.purpose === 'funding_round'
        ? t('valuations.chart.summaryRound', values)
        : t('valuations.chart.summary', values);
    })
    .join('; ');

  return (
    <figure className="grid gap-3">
      <TimeChart
        title={t('valuations.chart.title')}
        description={summary}
        from={from}
        to={to}
        yMax={top}
        formatY={(value) => formatDecimal(value, { minFraction: 2, maxFraction: 2 })}
        markers={markers}
      >
        {({ x, y }) =>
          SERIES.map((s) => {
            const points: string[] = [];
            items.forEach((v, i) => {
              const value = y(Number(v[s.key])).toFixed(1);
              const next = items[i + 1]?.effectiveDate ?? to;
              points.push(
                `${x(v.effectiveDate).toFixed(1)},${value}`,
                `${x(next).toFixed(1)},${value}`,
              );
            });
            return (
              <g key={s.key}>
                <path
                  d={`M ${points.join(' L ')}`}
                  fill="none"
                  className={s.stroke}
                  strokeWidth={2}
                  strokeDasharray={s.dash}
                />
                {items.map((v) => {
                  const cx = x(v.effectiveDate);
                  const cy = y(Number(v[s.key]));
                  return v.purpose === 'funding_round' ? (
                    <path
                      key={v.id}
                      d={`M ${cx} ${cy - 6} L ${cx + 6} ${cy} L ${cx} ${cy + 6} L ${cx - 6} ${cy} Z`}
                      className={`fill-chart-3 ${s.stroke}`}
                      strokeWidth={1.5}
                    />
                  ) : (
                    <circle key={v.id} cx={cx} cy={cy} r={3.5} className={s.fill} />
                  );
                })}
              </g>
            );
          })
        }
      </TimeChart>
      <figcaption>
        <ul
          className="flex flex-wrap gap-x-6 gap-y-1 text-sm"
          aria-label={t('valuations.chart.legend')}
        >
          {SERIES.map((s) => (
            <li key={s.key} className="flex items-center gap-2">
              <svg aria-hidden="true" width="20" height="8" className="shrink-0">
                <line
                  x1="0"
                  x2="20"
                  y1="4"
                  y2="4"
                  className={s.stroke}
                  strokeWidth="2"
                  strokeDasharray={s.dash}
                />
              </svg>
              <span>{t(s.label)}</span>
            </li>
          ))}
          {rounds.length > 0 ? (
            <li className="flex items-center gap-2">
              <span aria-hidden="true" className="size-2.5 rotate-45 bg-chart-3" />
              <span>
                {rounds.length === 1
                  ? t('valuations.chart.round', { date: formatIsoDate(rounds[0]!.effectiveDate) })
                  : t('valuations.chart.rounds')}
              </span>
            </li>
          ) : null}
        </ul>
      </figcaption>
    </figure>
  );
}
