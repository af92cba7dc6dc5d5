import { useId } from 'react';
import { formatCount, formatIsoDate } from '../plans/format';
import { dayNumber, timeTicks } from '../vesting/cumulative-chart';
import type { VestingSeries } from './schedule';

const WIDTH = 720;
const HEIGHT = 260;
const PAD = { left: 64, right: 16, top: 16, bottom: 32 };
const PLOT_W = WIDTH - PAD.left - PAD.right;
const PLOT_H = HEIGHT - PAD.top - PAD.bottom;

/** Distinct in hue and lightness; the legend carries the numbers as text. */
const COLORS = [
  'oklch(0.45 0.15 262)',
  'oklch(0.65 0.14 160)',
  'oklch(0.75 0.15 75)',
  'oklch(0.55 0.17 330)',
  'oklch(0.6 0.12 220)',
  'oklch(0.5 0.1 40)',
];

/**
 * Shares vested over time across the company's grants, stacked by plan (hand-made SVG). The
 * description and the legend give today's figure per plan as text.
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
  const id = useId();
  const { dates, series } = data;
  if (dates.length < 2 || series.length === 0) return null;
  const from = dates[0]!;
  const to = dates.at(-1)!;
  const start = dayNumber(from);
  const span = Math.max(1, dayNumber(to) - start);
  const x = (date: string) => PAD.left + ((dayNumber(date) - start) / span) * PLOT_W;
  const totals = dates.map((_, i) => series.reduce((s, p) => s + p.values[i]!, 0));
  const top = Math.max(1, ...totals);
  const y = (n: number) => PAD.top + PLOT_H - (n / top) * PLOT_H;

  // Stacked: each plan's band lies on the sum of the plans before it.
  const below = dates.map(() => 0);
  const bands = series.map((p, index) => {
    const lower = [...below];
    p.values.forEach((v, i) => (below[i]! += v));
    const upper = [...below];
    const line = dates.map((d, i) => `${x(d).toFixed(1)},${y(upper[i]!).toFixed(1)}`).join(' L ');
    const back = dates
      .map((d, i) => `${x(d).toFixed(1)},${y(lower[i]!).toFixed(1)}`)
      .reverse()
      .join(' L ');
    return { ...p, color: COLORS[index % COLORS.length]!, path: `M ${line} L ${back} Z` };
  });
  const summary = series
    .map(
      (p) =>
        `${p.planName}: ${formatCount(vestedToday.get(p.planId) ?? 0)} vested on ${formatIsoDate(today)}, ${formatCount(p.values.at(-1)!)} by ${formatIsoDate(to)}`,
    )
    .join('; ');

  return (
    <figure className="grid gap-3">
      <svg
        viewBox={`0 0 ${WIDTH} ${HEIGHT}`}
        role="img"
        aria-labelledby={`${id}-t ${id}-d`}
        className="h-auto w-full"
      >
        <title id={`${id}-t`}>Vested shares over time, by plan</title>
        <desc id={`${id}-d`}>{summary}</desc>
        {[0, 0.5, 1].map((f) => (
          <g key={f} aria-hidden="true">
            <line
              x1={PAD.left}
              x2={WIDTH - PAD.right}
              y1={y(top * f)}
              y2={y(top * f)}
              stroke="var(--color-border)"
              strokeDasharray={f === 0 ? undefined : '2 3'}
            />
            <text
              x={PAD.left - 6}
              y={y(top * f) + 4}
              textAnchor="end"
              fontSize="11"
              className="fill-muted-foreground"
            >
              {formatCount(Math.round(top * f))}
            </text>
          </g>
        ))}
        {timeTicks(from, to).map((t) => (
          <text
            key={t.date}
            x={x(t.date)}
            y={HEIGHT - PAD.bottom + 18}
            textAnchor="middle"
            fontSize="11"
            className="fill-muted-foreground"
            aria-hidden="true"
          >
            {t.label}
          </text>
        ))}
        {bands.map((b) => (
          <path key={b.planId} d={b.path} fill={b.color} opacity={0.85} aria-hidden="true" />
        ))}
        {today >= from && today <= to ? (
          <g aria-hidden="true">
            <line
              x1={x(today)}
              x2={x(today)}
              y1={PAD.top}
              y2={y(0)}
              stroke="currentColor"
              strokeDasharray="3 3"
              opacity={0.6}
            />
            <text x={x(today) + 4} y={PAD.top + 10} fontSize="10" className="fill-muted-foreground">
              Today
            </text>
          </g>
        ) : null}
      </svg>
      <figcaption>
        <ul className="flex flex-wrap gap-x-6 gap-y-1 text-sm" aria-label="Plans in the chart">
          {bands.map((b) => (
            <li key={b.planId} className="flex items-center gap-2">
              <span
                aria-hidden="true"
                className="size-3 rounded-sm"
                style={{ backgroundColor: b.color }}
              />
              <span>{b.planName}</span>
              <span className="text-muted-foreground tabular-nums">
                {formatCount(vestedToday.get(b.planId) ?? 0)} vested today
              </span>
            </li>
          ))}
        </ul>
      </figcaption>
    </figure>
  );
}
