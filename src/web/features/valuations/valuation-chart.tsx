import { useId } from 'react';
import type { Valuation } from '../../../contracts/valuation';
import { addMonths } from '../../../domain/vesting/dates';
import { formatIsoDate } from '../plans/format';
import { dayNumber, timeTicks } from '../vesting/cumulative-chart';
import { formatAmount } from './format';

const WIDTH = 720;
const HEIGHT = 260;
const PAD = { left: 72, right: 16, top: 20, bottom: 32 };
const PLOT_W = WIDTH - PAD.left - PAD.right;
const PLOT_H = HEIGHT - PAD.top - PAD.bottom;

const SERIES = [
  { key: 'fmvPerShare', label: 'FMV per share', color: 'oklch(0.45 0.15 262)', dash: undefined },
  {
    key: 'pricePerShare',
    label: 'Price per share',
    color: 'oklch(0.65 0.14 160)',
    dash: '6 4',
  },
] as const;

/** A rounded axis maximum: 1, 2 or 5 × 10^n at or above the value. */
function niceMax(value: number): number {
  if (value <= 0) return 1;
  const power = 10 ** Math.floor(Math.log10(value));
  for (const step of [1, 2, 5, 10]) if (step * power >= value) return step * power;
  return 10 * power;
}

/**
 * FMV and price per share over time (hand-made SVG, like the vesting charts): each valuation
 * holds until the next one, so the lines step; funding-round valuations are marked with a
 * diamond. The description and the table below carry the figures as text.
 */
export function ValuationChart({ items, today }: { items: readonly Valuation[]; today: string }) {
  const id = useId();
  if (items.length === 0) return null;
  const currency = items.at(-1)!.currency;
  const from = items[0]!.effectiveDate;
  const lastDate = items.at(-1)!.effectiveDate;
  // Show at least a few months after the last valuation (and today, if later).
  const to = [addMonths(lastDate, 3), today].sort().at(-1)!;
  const start = dayNumber(from);
  const span = Math.max(1, dayNumber(to) - start);
  const x = (date: string) => PAD.left + ((dayNumber(date) - start) / span) * PLOT_W;
  const top = niceMax(
    Math.max(...items.flatMap((v) => [Number(v.fmvPerShare), Number(v.pricePerShare)])),
  );
  const y = (n: number) => PAD.top + PLOT_H - (n / top) * PLOT_H;
  const lines = SERIES.map((s) => {
    const points: string[] = [];
    items.forEach((v, i) => {
      const value = y(Number(v[s.key])).toFixed(1);
      const next = items[i + 1]?.effectiveDate ?? to;
      points.push(`${x(v.effectiveDate).toFixed(1)},${value}`, `${x(next).toFixed(1)},${value}`);
    });
    return { ...s, path: `M ${points.join(' L ')}` };
  });
  const rounds = items.filter((v) => v.purpose === 'funding_round');
  const summary = items
    .map(
      (v) =>
        `${formatIsoDate(v.effectiveDate)}${v.purpose === 'funding_round' ? ' (funding round)' : ''}: FMV ${formatAmount(v.fmvPerShare, v.currency)}, price ${formatAmount(v.pricePerShare, v.currency)}`,
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
        <title id={`${id}-t`}>FMV and price per share over time</title>
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
              {formatAmount(String(top * f), currency).replace(`${currency} `, '')}
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
        {rounds.map((v) => (
          <line
            key={`round-${v.id}`}
            x1={x(v.effectiveDate)}
            x2={x(v.effectiveDate)}
            y1={PAD.top}
            y2={y(0)}
            stroke="oklch(0.75 0.15 75)"
            strokeDasharray="3 3"
            aria-hidden="true"
          />
        ))}
        {lines.map((l) => (
          <path
            key={l.key}
            d={l.path}
            fill="none"
            stroke={l.color}
            strokeWidth={2}
            strokeDasharray={l.dash}
            aria-hidden="true"
          />
        ))}
        {items.map((v) =>
          SERIES.map((s) => {
            const cx = x(v.effectiveDate);
            const cy = y(Number(v[s.key]));
            return v.purpose === 'funding_round' ? (
              <path
                key={`${v.id}-${s.key}`}
                d={`M ${cx} ${cy - 6} L ${cx + 6} ${cy} L ${cx} ${cy + 6} L ${cx - 6} ${cy} Z`}
                fill="oklch(0.75 0.15 75)"
                stroke={s.color}
                strokeWidth={1.5}
                aria-hidden="true"
              />
            ) : (
              <circle
                key={`${v.id}-${s.key}`}
                cx={cx}
                cy={cy}
                r={3.5}
                fill={s.color}
                aria-hidden="true"
              />
            );
          }),
        )}
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
            <text
              x={x(today) - 4}
              y={PAD.top - 6}
              fontSize="10"
              textAnchor="end"
              className="fill-muted-foreground"
            >
              Today
            </text>
          </g>
        ) : null}
      </svg>
      <figcaption>
        <ul className="flex flex-wrap gap-x-6 gap-y-1 text-sm" aria-label="Chart legend">
          {SERIES.map((s) => (
            <li key={s.key} className="flex items-center gap-2">
              <svg aria-hidden="true" width="20" height="8" className="shrink-0">
                <line
                  x1="0"
                  x2="20"
                  y1="4"
                  y2="4"
                  stroke={s.color}
                  strokeWidth="2"
                  strokeDasharray={s.dash}
                />
              </svg>
              <span>{s.label}</span>
            </li>
          ))}
          {rounds.length > 0 ? (
            <li className="flex items-center gap-2">
              <span
                aria-hidden="true"
                className="size-2.5 rotate-45"
                style={{ backgroundColor: 'oklch(0.75 0.15 75)' }}
              />
              <span>
                Funding round
                {rounds.length === 1 ? ` (${formatIsoDate(rounds[0]!.effectiveDate)})` : 's'}
              </span>
            </li>
          ) : null}
        </ul>
      </figcaption>
    </figure>
  );
}
