import { TimeChart, type ChartMarker } from '../../components/time-chart';
import { t } from '../../lib/i18n';
import { formatCount, formatIsoDate } from '../plans/format';

/**
 * Cumulative vested shares over time as a step line. The image carries a title and a
 * description with the key figures; the installment table next to it has every number.
 */
export function CumulativeChart({
  title,
  quantity,
  installments,
  from,
  to,
  markers = [],
}: {
  title: string;
  quantity: number;
  installments: readonly { date: string; cumulative: number }[];
  from: string;
  to: string;
  markers?: readonly ChartMarker[];
}) {
  const last = installments.at(-1);
  const summary = last
    ? t('grants.chart.cumulative.summary', {
        vested: formatCount(last.cumulative),
        quantity: formatCount(quantity),
        date: formatIsoDate(last.date),
        first: formatIsoDate(installments[0]!.date),
        firstQuantity: formatCount(installments[0]!.cumulative),
      })
    : t('grants.chart.cumulative.none');
  const markerText = markers
    .filter((m) => m.label)
    .map((m) =>
      t('grants.chart.cumulative.marker', { label: m.label, date: formatIsoDate(m.date) }),
    )
    .join('; ');

  return (
    <TimeChart
      title={title}
      description={
        markerText
          ? t('grants.chart.cumulative.withMarkers', { summary, markers: markerText })
          : summary
      }
      from={from}
      to={to}
      yMax={Math.max(1, quantity)}
      yDivisions={4}
      formatY={(value) => formatCount(Math.round(value))}
      height={240}
      markers={markers}
    >
      {({ x, y }) => {
        let line = `M ${x(from)} ${y(0)}`;
        for (const i of installments) {
          line += ` H ${x(i.date).toFixed(2)} V ${y(i.cumulative).toFixed(2)}`;
        }
        line += ` H ${x(to)}`;
        return (
          <>
            <path d={`${line} V ${y(0)} Z`} className="fill-primary" opacity={0.12} />
            <path d={line} fill="none" className="stroke-primary" strokeWidth={2} />
          </>
        );
      }}
    </TimeChart>
  );
}
