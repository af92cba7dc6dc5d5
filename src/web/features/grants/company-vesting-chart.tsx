import { TimeChart } from '../../components/time-chart';
import { activeLanguage, t } from '../../lib/i18n';
import { formatCount, formatIsoDate } from '../plans/format';
import type { VestingSeries } from './schedule';

/**
 * The theme's series colours (light and dark), distinct in hue and lightness; the legend carries
 * the numbers as text. Fill for the bands, background for the legend's swatches.
 */
const COLORS = [
  { fill: 'fill-chart-1', swatch: 'bg-chart-1' },
  { fill: 'fill-chart-2', swatch: 'bg-chart-2' },
  { fill: 'fill-chart-3', swatch: 'bg-chart-3' },
  { fill: 'fill-chart-4', swatch: 'bg-chart-4' },
  { fill: 'fill-chart-5', swatch: 'bg-chart-5' },
  { fill: 'fill-chart-6', swatch: 'bg-chart-6' },
] as const;

/**
 * Shares vested over time across the company's grants, stacked by plan. The description and the
 * legend give today's figure per plan as text.
 */
export function CompanyVestingChart({
  data,
  today,
  vestedToday,
}: {
  data: VestingSeries;
  today: string;
  /** Vested today per plan, from the server's schedule summaries. */
  vestedToday: ReadonlyMap<string, number>;
}) {
  const { dates, series } = data;
  if (dates.length < 2 || series.length === 0) return null;
  const from = dates[0]!;
  const to = dates.at(-1)!;
  const totals = dates.map((_, i) => series.reduce((s, p) => s + p.values[i]!, 0));
  const colored = series.map((p, index) => ({ ...p, color: COLORS[index % COLORS.length]! }));
  const summary = new Intl.ListFormat(activeLanguage(), { type: 'unit' }).format(
    series.map((p) =>
      t('grants.chart.summary', {
        plan: p.planName,
        vested: formatCount(vestedToday.get(p.planId) ?? 0),
        today: formatIsoDate(today),
        total: formatCount(p.values.at(-1)!),
        end: formatIsoDate(to),
      }),
    ),
  );

  return (
    <figure className="grid gap-3">
      <TimeChart
        title={t('grants.chart.title')}
        description={summary}
        from={from}
        to={to}
        yMax={Math.max(1, ...totals)}
        formatY={(value) => formatCount(Math.round(value))}
        markers={[{ date: today, label: t('grants.marker.today'), tone: 'today' }]}
      >
        {({ x, y }) => {
          // Stacked: each plan's band lies on the sum of the plans before it.
          const below = dates.map(() => 0);
          return colored.map((p) => {
            const lower = [...below];
            p.values.forEach((v, i) => (below[i]! += v));
            const upper = [...below];
            const line = dates
              .map((d, i) => `${x(d).toFixed(1)},${y(upper[i]!).toFixed(1)}`)
              .join(' L ');
            const back = dates
              .map((d, i) => `${x(d).toFixed(1)},${y(lower[i]!).toFixed(1)}`)
              .reverse()
              .join(' L ');
            return (
              <path
                key={p.planId}
                d={`M ${line} L ${back} Z`}
                className={p.color.fill}
                opacity={0.85}
              />
            );
          });
        }}
      </TimeChart>
      <figcaption>
        <ul
          className="flex flex-wrap gap-x-6 gap-y-1 text-sm"
          aria-label={t('grants.chart.legend')}
        >
          {colored.map((p) => (
            <li key={p.planId} className="flex items-center gap-2">
              <span aria-hidden="true" className={`size-3 rounded-sm ${p.color.swatch}`} />
              <span>{p.planName}</span>
              <span className="text-muted-foreground tabular-nums">
                {t('grants.chart.vestedToday', {
                  count: formatCount(vestedToday.get(p.planId) ?? 0),
                })}
              </span>
            </li>
          ))}
        </ul>
      </figcaption>
    </figure>
  );
}
