import { useId } from 'react';
import type { CapTableResponse } from '../../../contracts/equity';
import { HOLDER_GROUP_LABELS, type HolderGroup } from '../../../domain/equity';
import { formatCount, formatIsoDate, formatPercent } from './format';

/** One colour per group, distinct in lightness too (the legend carries the numbers as text). */
const GROUP_COLORS: Record<HolderGroup, string> = {
  founders: 'oklch(0.42 0.15 262)',
  employees: 'oklch(0.62 0.14 160)',
  investors: 'oklch(0.75 0.15 75)',
  other: 'oklch(0.55 0.17 330)',
  pool: 'oklch(0.82 0.04 250)',
};

// A circle of circumference 100: stroke-dasharray then reads in percent.
const RADIUS = 100 / (2 * Math.PI);
const CENTER = 21;

/**
 * Fully diluted ownership by holder group as a donut (hand-made SVG, no chart library). The SVG is
 * an image with a title and a description naming every group; the legend beside it shows the same
 * figures as text, so nothing depends on telling colours apart.
 */
export function OwnershipChart({
  groups,
  fullyDiluted,
  asOf,
}: {
  groups: CapTableResponse['groups'];
  fullyDiluted: number;
  asOf: string;
}) {
  const id = useId();
  const shown = groups.filter((g) => g.fullyDiluted > 0);
  const summary = shown
    .map(
      (g) =>
        `${HOLDER_GROUP_LABELS[g.group]}: ${formatCount(g.fullyDiluted)} (${formatPercent(g.fullyDilutedPercent)})`,
    )
    .join('; ');

  // Geometry only: the figures shown are the API's strings.
  const segments: { group: HolderGroup; percent: number; offset: number }[] = [];
  for (const g of shown) {
    const previous = segments.at(-1);
    segments.push({
      group: g.group,
      percent: Number(g.fullyDilutedPercent),
      offset: previous ? previous.offset + previous.percent : 0,
    });
  }

  return (
    <figure className="grid max-w-2xl items-center gap-6 sm:grid-cols-[12rem_minmax(0,1fr)]">
      <svg
        viewBox="0 0 42 42"
        role="img"
        aria-labelledby={`${id}-title ${id}-desc`}
        className="mx-auto size-44 sm:size-48"
      >
        <title id={`${id}-title`}>Fully diluted ownership by holder group</title>
        <desc id={`${id}-desc`}>{summary || 'No shares, awards or pools on this date.'}</desc>
        <circle
          cx={CENTER}
          cy={CENTER}
          r={RADIUS}
          fill="none"
          stroke="var(--color-muted)"
          strokeWidth={6}
        />
        {segments.map((s) => (
          <circle
            key={s.group}
            cx={CENTER}
            cy={CENTER}
            r={RADIUS}
            fill="none"
            stroke={GROUP_COLORS[s.group]}
            strokeWidth={6}
            strokeDasharray={`${s.percent} ${100 - s.percent}`}
            // Start at 12 o'clock and run clockwise.
            strokeDashoffset={25 - s.offset}
          />
        ))}
        <text
          x={CENTER}
          y={CENTER - 1}
          textAnchor="middle"
          className="fill-foreground"
          fontSize="4.2"
          fontWeight="600"
          aria-hidden="true"
        >
          {formatCount(fullyDiluted)}
        </text>
        <text
          x={CENTER}
          y={CENTER + 4}
          textAnchor="middle"
          className="fill-muted-foreground"
          fontSize="2.6"
          aria-hidden="true"
        >
          fully diluted
        </text>
      </svg>
      <div className="grid gap-3">
        <figcaption className="text-sm font-medium">
          Ownership by holder group, fully diluted, as of{' '}
          <time dateTime={asOf}>{formatIsoDate(asOf)}</time>
        </figcaption>
        <ul className="grid gap-2 text-sm" aria-label="Holder groups">
          {groups.map((g) => (
            <li key={g.group} className="flex items-center gap-2">
              <span
                aria-hidden="true"
                className="size-3 shrink-0 rounded-sm"
                style={{ backgroundColor: GROUP_COLORS[g.group] }}
              />
              <span className="flex-1">{HOLDER_GROUP_LABELS[g.group]}</span>
              <span className="text-muted-foreground tabular-nums">
                {formatCount(g.fullyDiluted)}
              </span>
              <span className="w-20 text-right font-medium tabular-nums">
                {formatPercent(g.fullyDilutedPercent)}
              </span>
            </li>
          ))}
        </ul>
      </div>
    </figure>
  );
}
