import { useId } from 'react';
import type { CapTableResponse } from '../../../contracts/equity';
import type { HolderGroup } from '../../../domain/equity';
import { formatCount, formatIsoDate, formatPercent } from '../../lib/format';
import { t, Trans } from '../../lib/i18n';
import { HOLDER_GROUP_LABELS } from './format';

/**
 * One theme colour per group (light and dark), distinct in lightness too; the legend carries the
 * numbers as text. Stroke for the ring, background for the legend's swatches.
 */
const GROUP_COLORS: Record<HolderGroup, { stroke: string; swatch: string }> = {
  founders: { stroke: 'stroke-chart-1', swatch: 'bg-chart-1' },
  employees: { stroke: 'stroke-chart-2', swatch: 'bg-chart-2' },
  investors: { stroke: 'stroke-chart-3', swatch: 'bg-chart-3' },
  other: { stroke: 'stroke-chart-4', swatch: 'bg-chart-4' },
  pool: { stroke: 'stroke-chart-pool', swatch: 'bg-chart-pool' },
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
    .map((g) =>
      t('cap-table.chart.summaryItem', {
        group: t(HOLDER_GROUP_LABELS[g.group]),
        count: formatCount(g.fullyDiluted),
        percent: formatPercent(g.fullyDilutedPercent, { minFraction: 4 }),
      }),
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
        aria-labelledby={`${id}-title`}
        aria-describedby={`${id}-desc`}
        className="mx-auto size-44 sm:size-48"
      >
        <title id={`${id}-title`}>{t('cap-table.chart.title')}</title>
        <desc id={`${id}-desc`}>{summary || t('cap-table.chart.empty')}</desc>
        <circle
          cx={CENTER}
          cy={CENTER}
          r={RADIUS}
          fill="none"
          className="stroke-muted"
          strokeWidth={6}
        />
        {segments.map((s) => (
          <circle
            key={s.group}
            cx={CENTER}
            cy={CENTER}
            r={RADIUS}
            fill="none"
            className={GROUP_COLORS[s.group].stroke}
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
          // 2.8 of 42 units: 11.7 px on the 176 px ring of phones, 12.8 px from `sm` (issue 12).
          fontSize="2.8"
          aria-hidden="true"
        >
          {t('cap-table.chart.center')}
        </text>
      </svg>
      <div className="grid gap-3">
        <figcaption className="text-sm font-medium">
          <Trans
            id="cap-table.chart.caption"
            values={{ date: formatIsoDate(asOf) }}
            components={{ time: <time dateTime={asOf} /> }}
          />
        </figcaption>
        <ul className="grid gap-2 text-sm" aria-label={t('cap-table.chart.legend')}>
          {groups.map((g) => (
            <li key={g.group} className="flex items-center gap-2">
              <span
                aria-hidden="true"
                className={`size-3 shrink-0 rounded-sm ${GROUP_COLORS[g.group].swatch}`}
              />
              <span className="flex-1">{t(HOLDER_GROUP_LABELS[g.group])}</span>
              <span className="text-muted-foreground tabular-nums">
                {formatCount(g.fullyDiluted)}
              </span>
              <span className="w-20 text-right font-medium tabular-nums">
                {formatPercent(g.fullyDilutedPercent, { minFraction: 4 })}
              </span>
            </li>
          ))}
        </ul>
      </div>
    </figure>
  );
}
