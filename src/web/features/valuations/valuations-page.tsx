import { useSuspenseQuery } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { FileText, Scale } from 'lucide-react';
import type { ReactNode } from 'react';
import type { Valuation, ValuationMetrics } from '../../../contracts/valuation';
import type { ValuationStatus } from '../../../domain/valuation';
import { Badge } from '../../components/ui/badge';
import {
  Table,
  TableBody,
  TableCell,
  TableHead,
  TableHeader,
  TableRow,
} from '../../components/ui/table';
import { useDocumentTitle } from '../../lib/use-document-title';
import { Dash, EmptyState, numberCell, RowHeader, Section } from '../cap-table/section';
import { companyQueryOptions } from '../companies/api';
import { useCan } from '../me/api';
import { formatCount, formatIsoDate, todayIso } from '../plans/format';
import { reportUrl, valuationMetricsQueryOptions, valuationsQueryOptions } from './api';
import {
  formatAmount,
  formatChangePercent,
  METHOD_LABELS,
  PURPOSE_LABELS,
  STATUS_HINTS,
  STATUS_LABELS,
  statusVariant,
} from './format';
import { ValuationChart } from './valuation-chart';
import { DeleteValuationButton, EditValuationButton, NewValuationButton } from './valuation-dialog';

/** A status badge whose text reads "Status: Current (in force)" to screen readers. */
export function ValuationStatusBadge({ status }: { status: ValuationStatus }) {
  return (
    <Badge variant={statusVariant(status)} title={STATUS_HINTS[status]}>
      <span className="sr-only">Status: </span>
      {STATUS_LABELS[status]}
      <span className="sr-only"> ({STATUS_HINTS[status]})</span>
    </Badge>
  );
}

function Figure({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div className="grid min-w-0 content-start gap-0.5">
      <dt className="text-xs font-medium text-muted-foreground">{label}</dt>
      <dd className="text-sm break-words tabular-nums">{children}</dd>
    </div>
  );
}

const muted = (text: string) => <span className="text-muted-foreground">{text}</span>;

function CurrentValuation({ companyId }: { companyId: string }) {
  const { data: metrics } = useSuspenseQuery(valuationMetricsQueryOptions(companyId));
  const canCreate = useCan('valuation', 'create');
  const v = metrics.current;
  if (!v)
    return (
      <EmptyState
        icon={Scale}
        title="No valuation yet"
        action={
          canCreate ? (
            <NewValuationButton companyId={companyId} label="Add the first valuation" />
          ) : undefined
        }
      >
        Record the company&apos;s valuation reports to know the fair market value of its shares:
        grants priced below it are a tax risk.
      </EmptyState>
    );
  return (
    <div className="grid gap-4">
      <div className="flex flex-wrap items-center gap-2 text-sm text-muted-foreground">
        <ValuationStatusBadge status={v.status} />
        <span>
          {PURPOSE_LABELS[v.purpose]} · {METHOD_LABELS[v.method]}
          {v.provider ? ` · ${v.provider}` : ''}
        </span>
      </div>
      <dl className="grid grid-cols-2 gap-x-6 gap-y-4 sm:grid-cols-3">
        <Figure label="FMV per share">
          <span className="text-base font-semibold">{formatAmount(v.fmvPerShare, v.currency)}</span>
        </Figure>
        <Figure label="Price per share">{formatAmount(v.pricePerShare, v.currency)}</Figure>
        <Figure label="Equity value">{formatAmount(v.equityValue, v.currency)}</Figure>
        <Figure label="Effective">{formatIsoDate(v.effectiveDate)}</Figure>
        <Figure label="Valid until">{formatIsoDate(v.validUntil)}</Figure>
        <Figure label="Fully diluted shares">
          {formatCount(v.fullyDilutedShares)}
          {v.fullyDilutedSharesDerived ? (
            <span className="block text-xs text-muted-foreground">from the cap table</span>
          ) : null}
        </Figure>
      </dl>
    </div>
  );
}

function GrantLink({
  companyId,
  grantId,
  children,
}: {
  companyId: string;
  grantId: string;
  children: ReactNode;
}) {
  return (
    <Link
      to="/companies/$companyId/grants/$grantId"
      params={{ companyId, grantId }}
      className="rounded-sm text-primary hover:underline"
    >
      {children}
    </Link>
  );
}

function BelowFmvList({ companyId, metrics }: { companyId: string; metrics: ValuationMetrics }) {
  const currency = metrics.currency ?? 'EUR';
  if (metrics.pricedBelowFmv.count === 0)
    return <p className="text-sm text-muted-foreground">No grant is priced below its FMV.</p>;
  return (
    <Table aria-label="Grants priced below the FMV at grant date">
      <TableHeader>
        <TableRow>
          <TableHead>Stakeholder</TableHead>
          <TableHead>Plan</TableHead>
          <TableHead>Grant date</TableHead>
          <TableHead className="text-right">Quantity</TableHead>
          <TableHead className="text-right">Exercise price</TableHead>
          <TableHead className="text-right">FMV then</TableHead>
          <TableHead className="text-right">Shortfall per share</TableHead>
        </TableRow>
      </TableHeader>
      <TableBody>
        {metrics.pricedBelowFmv.items.map((g) => (
          <TableRow key={g.grantId}>
            <RowHeader>
              <GrantLink companyId={companyId} grantId={g.grantId}>
                {g.stakeholderName}
              </GrantLink>
            </RowHeader>
            <TableCell>{g.planName}</TableCell>
            <TableCell>{formatIsoDate(g.grantDate)}</TableCell>
            <TableCell className={numberCell}>{formatCount(g.quantity)}</TableCell>
            <TableCell className={numberCell}>{formatAmount(g.exercisePrice, currency)}</TableCell>
            <TableCell className={numberCell}>{formatAmount(g.fmvPerShare, currency)}</TableCell>
            <TableCell className={numberCell}>
              {formatAmount(g.shortfallPerShare, currency)}
            </TableCell>
          </TableRow>
        ))}
      </TableBody>
    </Table>
  );
}

function Metrics({ companyId }: { companyId: string }) {
  const { data: m } = useSuspenseQuery(valuationMetricsQueryOptions(companyId));
  const currency = m.currency ?? 'EUR';
  return (
    <div className="grid gap-6">
      <dl className="grid grid-cols-2 gap-x-6 gap-y-4 sm:grid-cols-4">
        <Figure label="FMV growth (CAGR)">
          {m.fmvCagr ? (
            <>
              {formatChangePercent(m.fmvCagr.percent)} a year
              <span className="block text-xs text-muted-foreground">
                since {formatIsoDate(m.fmvCagr.fromDate)}
              </span>
            </>
          ) : (
            muted('Needs two valuations')
          )}
        </Figure>
        <Figure label="Intrinsic value, vested">
          {m.intrinsicValue ? formatAmount(m.intrinsicValue.vested, currency) : muted('None')}
        </Figure>
        <Figure label="Intrinsic value, unvested">
          {m.intrinsicValue ? formatAmount(m.intrinsicValue.unvested, currency) : muted('None')}
        </Figure>
        <Figure label="Outstanding grants">{formatCount(m.outstandingGrants)}</Figure>
        <Figure label="Underwater grants">{formatCount(m.underwater.count)}</Figure>
        <Figure label="Priced below FMV at grant">{formatCount(m.pricedBelowFmv.count)}</Figure>
        <Figure label="Unallocated pool">
          {formatCount(m.unallocatedPool.shares)} shares
          {m.unallocatedPool.value !== null ? (
            <span className="block text-xs text-muted-foreground">
              worth {formatAmount(m.unallocatedPool.value, currency)}
            </span>
          ) : null}
        </Figure>
      </dl>
      {m.underwater.count > 0 ? (
        <div className="grid gap-2">
          <h3 className="text-sm font-semibold">Underwater grants</h3>
          <p className="text-sm text-muted-foreground">
            Exercise price above the current FMV: worth nothing to exercise today.
          </p>
          <ul className="grid gap-1 text-sm">
            {m.underwater.items.map((g) => (
              <li key={g.grantId}>
                <GrantLink companyId={companyId} grantId={g.grantId}>
                  {g.stakeholderName}
                </GrantLink>{' '}
                <span className="text-muted-foreground">
                  {g.planName} · {formatCount(g.outstanding)} at{' '}
                  {formatAmount(g.exercisePrice, currency)}
                </span>
              </li>
            ))}
          </ul>
        </div>
      ) : null}
      <div className="grid gap-2">
        <h3 className="text-sm font-semibold">Grants priced below the FMV at grant date</h3>
        <p className="text-sm text-muted-foreground">
          An exercise price below the FMV valid on the grant date is a tax risk.
        </p>
        <BelowFmvList companyId={companyId} metrics={m} />
      </div>
    </div>
  );
}

function HistoryRow({
  companyId,
  v,
  canUpdate,
  canDelete,
}: {
  companyId: string;
  v: Valuation;
  canUpdate: boolean;
  canDelete: boolean;
}) {
  const change = v.change?.pricePerShare.percent;
  return (
    <TableRow>
      <RowHeader>{formatIsoDate(v.effectiveDate)}</RowHeader>
      <TableCell>{PURPOSE_LABELS[v.purpose]}</TableCell>
      <TableCell>{METHOD_LABELS[v.method]}</TableCell>
      <TableCell>{v.provider ?? <Dash />}</TableCell>
      <TableCell className={numberCell}>{formatAmount(v.equityValue, v.currency)}</TableCell>
      <TableCell className={numberCell}>{formatAmount(v.pricePerShare, v.currency)}</TableCell>
      <TableCell className={numberCell}>{formatAmount(v.fmvPerShare, v.currency)}</TableCell>
      <TableCell className={numberCell}>
        {v.change ? formatChangePercent(v.change.fmvPerShare.percent) : <Dash />}
        {change !== undefined && change !== null && v.change ? (
          <span className="sr-only">; price per share {formatChangePercent(change)}</span>
        ) : null}
      </TableCell>
      <TableCell>
        <ValuationStatusBadge status={v.status} />
      </TableCell>
      <TableCell>
        {v.report ? (
          <a
            href={reportUrl(companyId, v.id)}
            download={v.report.filename}
            className="inline-flex items-center gap-1 rounded-sm text-primary hover:underline"
          >
            <FileText className="size-4" aria-hidden="true" />
            PDF
            <span className="sr-only"> report of {formatIsoDate(v.effectiveDate)}</span>
          </a>
        ) : (
          <Dash />
        )}
      </TableCell>
      {canUpdate || canDelete ? (
        <TableCell className="py-1 text-right whitespace-nowrap">
          {canUpdate ? <EditValuationButton companyId={companyId} valuation={v} /> : null}
          {canDelete ? <DeleteValuationButton companyId={companyId} valuation={v} /> : null}
        </TableCell>
      ) : null}
    </TableRow>
  );
}

function History({ companyId }: { companyId: string }) {
  const { data } = useSuspenseQuery(valuationsQueryOptions(companyId));
  const canUpdate = useCan('valuation', 'update');
  const canDelete = useCan('valuation', 'delete');
  const canCreate = useCan('valuation', 'create');
  if (data.items.length === 0)
    return (
      <EmptyState
        icon={Scale}
        title="No valuations recorded"
        action={canCreate ? <NewValuationButton companyId={companyId} /> : undefined}
      >
        Each valuation report gives an FMV that is current for 12 months.
      </EmptyState>
    );
  // Newest first reads best; the API's order (oldest first) drives the changes.
  const rows = [...data.items].reverse();
  return (
    <Table aria-label="Valuation history">
      <TableHeader>
        <TableRow>
          <TableHead>Date</TableHead>
          <TableHead>Purpose</TableHead>
          <TableHead>Method</TableHead>
          <TableHead>Provider</TableHead>
          <TableHead className="text-right">Equity value</TableHead>
          <TableHead className="text-right">Price per share</TableHead>
          <TableHead className="text-right">FMV</TableHead>
          <TableHead className="text-right">Change (FMV)</TableHead>
          <TableHead>Status</TableHead>
          <TableHead>Report</TableHead>
          {canUpdate || canDelete ? (
            <TableHead>
              <span className="sr-only">Actions</span>
            </TableHead>
          ) : null}
        </TableRow>
      </TableHeader>
      <TableBody>
        {rows.map((v) => (
          <HistoryRow
            key={v.id}
            companyId={companyId}
            v={v}
            canUpdate={canUpdate}
            canDelete={canDelete}
          />
        ))}
      </TableBody>
    </Table>
  );
}

function Chart({ companyId }: { companyId: string }) {
  const { data } = useSuspenseQuery(valuationsQueryOptions(companyId));
  if (data.items.length === 0)
    return <p className="text-sm text-muted-foreground">No valuations to chart yet.</p>;
  return <ValuationChart items={data.items} today={data.asOf || todayIso()} />;
}

/** The Valuations tab: the current valuation, its metrics, the chart and the history. */
export function ValuationsPage({ companyId }: { companyId: string }) {
  const { data: company } = useSuspenseQuery(companyQueryOptions(companyId));
  const canCreate = useCan('valuation', 'create');
  useDocumentTitle(`Valuations · ${company.companyName}`);
  return (
    <div className="grid grid-cols-[minmax(0,1fr)] gap-6">
      <div className="flex flex-col gap-3 sm:flex-row sm:items-start sm:justify-between">
        <div className="grid min-w-0 gap-1">
          <h2 className="text-lg leading-tight font-semibold">Valuations</h2>
          <p className="text-sm text-muted-foreground">
            Valuation reports of {company.companyName}: the fair market value of its shares over
            time.
          </p>
        </div>
        {canCreate ? (
          <div className="shrink-0">
            <NewValuationButton companyId={companyId} />
          </div>
        ) : null}
      </div>
      <Section
        id="valuation-current"
        title="Current valuation"
        resetKey={companyId}
        loadingLabel="Loading the current valuation…"
      >
        <CurrentValuation companyId={companyId} />
      </Section>
      <Section
        id="valuation-metrics"
        title="Metrics"
        description="At the current FMV, over the outstanding grants."
        resetKey={companyId}
        loadingLabel="Loading the metrics…"
      >
        <Metrics companyId={companyId} />
      </Section>
      <Section
        id="valuation-chart"
        title="FMV and price per share over time"
        description="Each valuation holds until the next; funding-round valuations are marked."
        resetKey={companyId}
        loadingLabel="Loading the chart…"
      >
        <Chart companyId={companyId} />
      </Section>
      <Section
        id="valuation-history"
        title="History"
        resetKey={companyId}
        loadingLabel="Loading the valuations…"
      >
        <History companyId={companyId} />
      </Section>
    </div>
  );
}
