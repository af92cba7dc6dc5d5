import { useId } from 'react';
import { formatCount, formatIsoDate } from '../plans/format';

/** A date marked on the chart: the cliff, today, a termination, a deadline. */
export type ChartMarker = {
  date: string;
  label: string;
  tone: 'cliff' | 'today' | 'event' | 'deadline';
};

const WIDTH = 640;
const HEIGHT = 240;
const PAD = { left: 60, right: 16, top: 24, bottom: 32 };
const PLOT_W = WIDTH - PAD.left - PAD.right;
const PLOT_H = HEIGHT - PAD.top - PAD.bottom;

const MARKER_COLORS: Record<ChartMarker['tone'], string> = {
  cliff: 'oklch(0.62 0.14 160)',
  today: 'oklch(0.55 0.02 260)',
  event: 'oklch(0.58 0.2 27)',
  deadline: 'oklch(0.7 0.15 75)',
};

/** Days since 1970 of an ISO date (UTC: calendar dates have no zone). */
export function dayNumber(iso: string): number {
  return (
    Date.UTC(Number(iso.slice(0, 4)), Number(iso.slice(5, 7)) - 1, Number(iso.slice(8, 10))) /
    86_400_000
  );
}

/** Ticks along the time axis: 1 January of each year, or each quarter for short spans. */
export function timeTicks(from: string, to: string): { date: string; label: string }[] {
  const firstYear = Number(from.slice(0, 4));
  const lastYear = Number(to.slice(0, 4));
  const span = dayNumber(to) - dayNumber(from);
  const ticks: { date: string; label: string }[] = [];
  if (span > 540) {
    const step = Math.max(1, Math.ceil((lastYear - firstYear + 1) / 8));
    for (let y = firstYear; y <= lastYear + 1; y += step) {
      const date = `${y}-01-01`;
      if (date >= from && date <= to) ticks.push({ date, label: String(y) });
    }
    return ticks;
  }
  const months = ['Jan', 'Apr', 'Jul', 'Oct'];
  for (let y = firstYear; y <= lastYear; y += 1) {
    months.forEach((m, i) => {
      const date = `${y}-${String(i * 3 + 1).padStart(2, '0')}-01`;
      if (date >= from && date <= to) ticks.push({ date, label: `${m} ${String(y).slice(2)}` });
    });
  }
  return ticks;
}

/**
 * Cumulative vested shares over time as a step line (hand-made SVG). The image carries a title
 * and a description with the key figures; the installment table next to it has every number.
 */
export function CumulativeChart({
  title,
  quantity,
  installments,
  from,
  to,
  markers = [],
  className,
}: {
  title: string;
  quantity: number;
  installments: readonly { date: string; cumulative: number }[];
  from: string;
  to: string;
  markers?: readonly ChartMarker[];
  className?: string;
}) {
  const id = useId();
  const start = dayNumber(from);
  const span = Math.max(1, dayNumber(to) - start);
  const x = (date: string) =>
    PAD.left + Math.min(1, Math.max(0, (dayNumber(date) - start) / span)) * PLOT_W;
  const top = Math.max(1, quantity);
  const y = (n: number) => PAD.top + PLOT_H - (n / top) * PLOT_H;

  let d = `M ${x(from)} ${y(0)}`;
  for (const i of installments) d += ` H ${x(i.date).toFixed(2)} V ${y(i.cumulative).toFixed(2)}`;
  d += ` H ${x(to)}`;
  const area = `${d} V ${y(0)} Z`;
  const last = installments.at(-1);
  const summary = last
    ? `${formatCount(last.cumulative)} of ${formatCount(quantity)} vested by ${formatIsoDate(last.date)}; first installment ${formatIsoDate(installments[0]!.date)} (${formatCount(installments[0]!.cumulative)}).`
    : 'Nothing vests on these terms yet.';
  const markerText = markers.map((m) => `${m.label}: ${formatIsoDate(m.date)}`).join('; ');

  return (
    <svg
      viewBox={`0 0 ${WIDTH} ${HEIGHT}`}
      role="img"
      aria-labelledby={`${id}-title ${id}-desc`}
      className={className ?? 'h-auto w-full'}
    >
      <title id={`${id}-title`}>{title}</title>
      <desc id={`${id}-desc`}>
        {summary}
        {markerText ? ` ${markerText}.` : ''}
      </desc>
      {[0, 0.25, 0.5, 0.75, 1].map((f) => (
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
        <g key={t.date} aria-hidden="true">
          <line
            x1={x(t.date)}
            x2={x(t.date)}
            y1={y(0)}
            y2={y(0) + 4}
            stroke="var(--color-border)"
          />
          <text
            x={x(t.date)}
            y={HEIGHT - PAD.bottom + 18}
            textAnchor="middle"
            fontSize="11"
            className="fill-muted-foreground"
          >
            {t.label}
          </text>
        </g>
      ))}
      <path d={area} fill="var(--color-primary)" opacity={0.12} aria-hidden="true" />
      <path d={d} fill="none" stroke="var(--color-primary)" strokeWidth={2} aria-hidden="true" />
      {markers
        .filter((m) => m.date >= from && m.date <= to)
        .map((m, i) => (
          <g key={`${m.tone}-${m.date}-${i}`} aria-hidden="true">
            <line
              x1={x(m.date)}
              x2={x(m.date)}
              y1={PAD.top - 6}
              y2={y(0)}
              stroke={MARKER_COLORS[m.tone]}
              strokeWidth={1.5}
              strokeDasharray={m.tone === 'today' ? '3 3' : undefined}
            />
            <text
              x={Math.min(x(m.date) + 4, WIDTH - PAD.right - 4)}
              y={PAD.top - 10 + (i % 2) * 11}
              fontSize="10"
              textAnchor={x(m.date) > WIDTH - 120 ? 'end' : 'start'}
              fill={MARKER_COLORS[m.tone]}
            >
              {m.label}
            </text>
          </g>
        ))}
    </svg>
  );
}
