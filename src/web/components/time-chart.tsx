import { useId, useLayoutEffect, useRef, useState, type ReactNode } from 'react';
import { timeScale, timeTicks, type PlotArea } from '../lib/chart-scale';
import { activeLanguage } from '../lib/i18n';

/** A date marked on a time chart: the cliff, today, a termination, a deadline, a funding round. */
export type ChartMarker = {
  date: string;
  /** Written above the plot; without one, only the line is drawn (the legend says what it is). */
  label?: string;
  tone: 'cliff' | 'today' | 'event' | 'deadline' | 'round';
};

/**
 * Theme tokens only (light and dark themes), as Tailwind classes. Labels take text colours (4.5:1
 * on the card in both themes, issue 12); the series colours of the lines reach 3:1 only.
 */
const MARKER_CLASSES: Record<ChartMarker['tone'], { line: string; label: string }> = {
  cliff: { line: 'stroke-chart-2', label: 'fill-foreground' },
  today: { line: 'stroke-muted-foreground', label: 'fill-muted-foreground' },
  event: { line: 'stroke-destructive', label: 'fill-destructive' },
  deadline: { line: 'stroke-chart-3', label: 'fill-foreground' },
  round: { line: 'stroke-chart-3', label: 'fill-foreground' },
};

/**
 * Size of every label, in CSS pixels: the chart is drawn at the size it is shown (no viewBox
 * scaling), so labels stay readable on a phone and do not grow on a wide screen (issue 12: at
 * least 11 px).
 */
export const CHART_LABEL_PX = 12;
/** Until the container is measured (before the first paint), and where nothing measures. */
const FALLBACK_WIDTH = 720;
/** Room per label along the time axis ("Jan 26", "2026"). */
const TICK_SPACING_PX = 64;

/** The container's width in pixels, kept up to date as the window or the layout changes. */
function useWidth() {
  const ref = useRef<HTMLDivElement>(null);
  const [width, setWidth] = useState(0);
  useLayoutEffect(() => {
    const element = ref.current;
    if (!element) return;
    const measure = () => setWidth(element.clientWidth);
    measure();
    const observer = new ResizeObserver(measure);
    observer.observe(element);
    return () => observer.disconnect();
  }, []);
  return [ref, width] as const;
}

export type TimeChartScale = {
  x: (date: string) => number;
  y: (value: number) => number;
  area: PlotArea;
};

/**
 * The frame of the app's time charts (hand-made SVG, no chart library): a value axis with
 * gridlines from 0 to `yMax`, a time axis from `from` to `to`, dated markers, and the text
 * alternative (the image's title and description, which screen readers announce). The series
 * are drawn by `children` with the scale it is given.
 */
export function TimeChart({
  title,
  description,
  from,
  to,
  yMax,
  yDivisions = 2,
  formatY,
  height = 260,
  markers = [],
  children,
}: {
  title: string;
  /** The figures a reader would take from the chart, as text. */
  description: string;
  from: string;
  to: string;
  yMax: number;
  /** Gridlines above 0: 2 draws them at half and at the top. */
  yDivisions?: number;
  formatY: (value: number) => string;
  height?: number;
  markers?: readonly ChartMarker[];
  children: (scale: TimeChartScale) => ReactNode;
}) {
  const id = useId();
  const [ref, measured] = useWidth();
  const width = measured > 0 ? measured : FALLBACK_WIDTH;
  const yValues = Array.from({ length: yDivisions + 1 }, (_, i) => (yMax * i) / yDivisions);
  const yLabels = yValues.map(formatY);
  const shownMarkers = markers.filter((m) => m.date >= from && m.date <= to);
  // Labels alternate between two rows, so that markers close together do not overwrite each other.
  const labelRow = new Map<ChartMarker, number>();
  for (const marker of shownMarkers) if (marker.label) labelRow.set(marker, labelRow.size % 2);
  const labelRows = Math.min(2, labelRow.size);
  const longestLabel = Math.max(...yLabels.map((label) => label.length));
  const area: PlotArea = {
    // About 0.6 em per character of the system font's figures, plus the gap to the axis.
    left: Math.max(40, Math.ceil(longestLabel * CHART_LABEL_PX * 0.62) + 12),
    right: width - 16,
    top: 12 + labelRows * (CHART_LABEL_PX + 3),
    bottom: height - CHART_LABEL_PX - 16,
  };
  const { x, y } = timeScale(area, from, to, yMax);
  const ticks = timeTicks(from, to, (area.right - area.left) / TICK_SPACING_PX, activeLanguage());

  return (
    <div ref={ref} className="w-full min-w-0">
      <svg
        width={width}
        height={height}
        role="img"
        aria-labelledby={`${id}-title`}
        aria-describedby={`${id}-desc`}
        className="block max-w-full"
      >
        <title id={`${id}-title`}>{title}</title>
        <desc id={`${id}-desc`}>{description}</desc>
        <g aria-hidden="true" fontSize={CHART_LABEL_PX} className="fill-muted-foreground">
          {yValues.map((value, i) => (
            <g key={i}>
              <line
                x1={area.left}
                x2={area.right}
                y1={y(value)}
                y2={y(value)}
                className="stroke-border"
                strokeDasharray={i === 0 ? undefined : '2 3'}
              />
              <text x={area.left - 6} y={y(value)} dy="0.32em" textAnchor="end">
                {yLabels[i]}
              </text>
            </g>
          ))}
          {ticks.map((tick) => (
            <g key={tick.date}>
              <line
                x1={x(tick.date)}
                x2={x(tick.date)}
                y1={area.bottom}
                y2={area.bottom + 4}
                className="stroke-border"
              />
              <text x={x(tick.date)} y={area.bottom + 6 + CHART_LABEL_PX} textAnchor="middle">
                {tick.label}
              </text>
            </g>
          ))}
        </g>
        <g aria-hidden="true">{children({ x, y, area })}</g>
        <g aria-hidden="true" fontSize={CHART_LABEL_PX}>
          {shownMarkers.map((marker, i) => {
            const at = x(marker.date);
            // Near the right edge the label goes to the left of its line.
            const toTheLeft = at > area.right - 120;
            return (
              <g key={`${marker.tone}-${marker.date}-${i}`}>
                <line
                  className={MARKER_CLASSES[marker.tone].line}
                  x1={at}
                  x2={at}
                  y1={marker.label ? area.top - 6 : area.top}
                  y2={area.bottom}
                  strokeWidth={1.5}
                  strokeDasharray={
                    marker.tone === 'today' || marker.tone === 'round' ? '3 3' : undefined
                  }
                />
                {marker.label ? (
                  <text
                    x={toTheLeft ? at - 4 : at + 4}
                    y={area.top - 8 - (labelRow.get(marker) ?? 0) * (CHART_LABEL_PX + 3)}
                    textAnchor={toTheLeft ? 'end' : 'start'}
                    className={MARKER_CLASSES[marker.tone].label}
                  >
                    {marker.label}
                  </text>
                ) : null}
              </g>
            );
          })}
        </g>
      </svg>
    </div>
  );
}
