import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { Download, Loader2, Plus, Table2 } from 'lucide-react';
import { useEffect, useRef, useState } from 'react';
import { toast } from 'sonner';
import type { CapTableResponse } from '../../../contracts/equity';
import { isIsoDate } from '../../../domain/dates';
import { Badge } from '../../components/ui/badge';
import { Button } from '../../components/ui/button';
import { Input } from '../../components/ui/input';
import { Label } from '../../components/ui/label';
import { Table, TableBody, TableCell, TableHead, TableHeader } from '../../components/ui/table';
import { ApiError, errorMessage } from '../../lib/api';
import { cn } from '../../lib/utils';
import { useCan } from '../me/api';
import { capTableQueryOptions, useExportCapTableCsv } from './api';
import { formatCount, formatIsoDate, formatPercent } from './format';
import { OwnershipChart } from './ownership-chart';
import { Dash, EmptyState, numberCell, RowHeader, TableSkeleton } from './section';

/** Pause after the last change of the date before the URL (and the request) follow it. */
const DATE_DEBOUNCE_MS = 300;

/**
 * The "as of" date. Chrome's date input reports a complete date after every digit of the year
 * (0002-, 0020-, 0202-, 2024-…): only a plausible date is committed, after a pause.
 */
export function AsOfControl({
  asOf,
  isToday,
  onChange,
  onToday,
}: {
  asOf: string;
  isToday: boolean;
  onChange: (asOf: string) => void;
  onToday: () => void;
}) {
  const [text, setText] = useState(asOf);
  const [lastAsOf, setLastAsOf] = useState(asOf);
  if (asOf !== lastAsOf) {
    // The URL changed (our own update, back button, "Today"): show what it says.
    setLastAsOf(asOf);
    setText(asOf);
  }
  const timer = useRef<number | undefined>(undefined);
  useEffect(() => () => window.clearTimeout(timer.current), []);

  function onInput(value: string) {
    setText(value);
    window.clearTimeout(timer.current);
    if (!isIsoDate(value) || value < '1900-01-01' || value === asOf) return;
    timer.current = window.setTimeout(() => onChange(value), DATE_DEBOUNCE_MS);
  }

  return (
    <div className="flex flex-wrap items-end gap-2">
      <div className="grid gap-1.5">
        <Label htmlFor="cap-table-as-of">As of</Label>
        <Input
          id="cap-table-as-of"
          type="date"
          className="w-44"
          min="1900-01-01"
          value={text}
          aria-describedby="cap-table-as-of-hint"
          onChange={(e) => onInput(e.target.value)}
        />
      </div>
      <Button variant="outline" onClick={onToday} disabled={isToday}>
        Today
      </Button>
      <p id="cap-table-as-of-hint" className="sr-only">
        The cap table, the chart and the receipts below follow this date.
      </p>
    </div>
  );
}

export function ExportCsvButton({ companyId, asOf }: { companyId: string; asOf: string }) {
  const canExport = useCan('company', 'export');
  const exportCsv = useExportCapTableCsv(companyId);
  if (!canExport) return null;
  return (
    <Button
      variant="outline"
      disabled={exportCsv.isPending}
      aria-busy={exportCsv.isPending || undefined}
      onClick={() =>
        exportCsv.mutate(asOf, {
          onError: (error) => {
            if (!(error instanceof ApiError && error.status === 401))
              toast.error(errorMessage(error, 'Exporting the cap table failed'));
          },
        })
      }
    >
      {exportCsv.isPending ? (
        <Loader2 className="animate-spin" aria-hidden="true" />
      ) : (
        <Download aria-hidden="true" />
      )}
      Export CSV
    </Button>
  );
}

/** The cap table of the chosen date: holders, pools, totals, and the ownership chart. */
export function CapTableView({
  companyId,
  asOf,
  onAddShareClass,
  onIssueShares,
}: {
  companyId: string;
  asOf: string;
  onAddShareClass: () => void;
  onIssueShares: () => void;
}) {
  // Another date keeps the previous table on screen (marked busy) until its figures arrive.
  const query = useQuery({
    ...capTableQueryOptions(companyId, asOf),
    placeholderData: keepPreviousData,
  });
  const canCreate = useCan('company', 'create');

  if (query.isPending) return <TableSkeleton label="Loading the cap table…" rows={4} />;
  if (query.isError && !query.data) {
    return (
      <p role="alert" className="text-sm text-destructive">
        {errorMessage(query.error, 'The cap table could not be loaded.')}
      </p>
    );
  }
  const table = query.data;
  const isUpdating = query.isPlaceholderData;

  if (table.rows.length === 0 && table.pools.length === 0) {
    return table.shareClasses.length === 0 ? (
      <EmptyState
        icon={Table2}
        title="No shares yet"
        action={
          canCreate ? (
            <Button onClick={onAddShareClass}>
              <Plus aria-hidden="true" />
              Add a share class first
            </Button>
          ) : null
        }
      >
        The cap table follows from the shareholders’ register. Shares are issued in a share class.
      </EmptyState>
    ) : (
      <EmptyState
        icon={Table2}
        title={`No shares on ${formatIsoDate(table.asOf)}`}
        action={
          canCreate ? (
            <Button onClick={onIssueShares}>
              <Plus aria-hidden="true" />
              Issue shares
            </Button>
          ) : null
        }
      >
        Nothing was issued on or before this date. Choose a later date, or record an issue of shares
        in the register.
      </EmptyState>
    );
  }

  return (
    <div className="grid grid-cols-1 gap-8" aria-busy={isUpdating || undefined}>
      <p role="status" className={cn('text-sm text-muted-foreground', !isUpdating && 'sr-only')}>
        {isUpdating ? (
          <>
            <Loader2 className="mr-1 inline size-4 animate-spin" aria-hidden="true" />
            Updating to {formatIsoDate(asOf)}…
          </>
        ) : (
          `Cap table as of ${formatIsoDate(table.asOf)}`
        )}
      </p>
      <div className="grid grid-cols-1 gap-2">
        <CapTableTable table={table} />
        <p id="cap-table-note" className="text-xs text-muted-foreground">
          Fully diluted: shares held, outstanding awards and the unallocated pools of plans that
          settle in shares. Cash-settled plans (phantom shares, SARs, virtual shares) create no
          shares and are not counted. Percentages have four decimals and add up to 100%.
        </p>
      </div>
      {table.totals.fullyDiluted > 0 ? (
        <OwnershipChart
          groups={table.groups}
          fullyDiluted={table.totals.fullyDiluted}
          asOf={table.asOf}
        />
      ) : null}
    </div>
  );
}

function CapTableTable({ table }: { table: CapTableResponse }) {
  const classes = table.shareClasses;
  const awardsVested = table.rows.reduce((s, r) => s + r.awardsVested, 0);
  const awardsUnvested = table.rows.reduce((s, r) => s + r.awardsUnvested, 0);
  const rowClass = 'border-b transition-colors hover:bg-muted/40';
  return (
    <Table aria-label="Cap table" aria-describedby="cap-table-note">
      <TableHeader>
        <tr className="border-b">
          <TableHead>Holder</TableHead>
          {classes.map((c) => (
            <TableHead key={c.id} className="text-right">
              {c.name}
              {c.classType === 'preferred' ? (
                <span className="ml-1 text-xs font-normal">(pref.)</span>
              ) : null}
            </TableHead>
          ))}
          <TableHead className="text-right">Awards vested</TableHead>
          <TableHead className="text-right">Awards unvested</TableHead>
          <TableHead className="text-right">Fully diluted</TableHead>
          <TableHead className="text-right">Fully diluted %</TableHead>
        </tr>
      </TableHeader>
      <TableBody className="[&_tr:last-child]:border-b">
        {table.rows.map((row) => (
          <tr key={row.stakeholderId} className={rowClass}>
            <RowHeader>
              {row.name}
              {row.heldForPlans > 0 ? (
                <span className="block text-xs font-normal text-muted-foreground">
                  {formatCount(row.heldForPlans)} shares back receipt options and their pool:
                  counted there, not in this row's fully diluted
                </span>
              ) : null}
            </RowHeader>
            {classes.map((c) => (
              <TableCell key={c.id} className={numberCell}>
                {row.shares[c.id] ? formatCount(row.shares[c.id]!) : <Dash />}
              </TableCell>
            ))}
            <TableCell className={numberCell}>{formatCount(row.awardsVested)}</TableCell>
            <TableCell className={numberCell}>{formatCount(row.awardsUnvested)}</TableCell>
            <TableCell className={cn(numberCell, 'font-medium')}>
              {formatCount(row.fullyDiluted)}
            </TableCell>
            <TableCell className={numberCell}>{formatPercent(row.fullyDilutedPercent)}</TableCell>
          </tr>
        ))}
        {table.pools.map((pool) => (
          <tr key={pool.planId} className={cn(rowClass, 'bg-muted/30')}>
            <RowHeader className="font-normal">
              <span className="italic">{pool.name} — unallocated pool</span>
              {pool.cashSettled ? (
                <Badge variant="outline" className="ml-2 not-italic">
                  Cash-settled: {formatCount(pool.available)} not counted
                </Badge>
              ) : null}
            </RowHeader>
            {classes.map((c) => (
              <TableCell key={c.id} className={numberCell}>
                <Dash />
              </TableCell>
            ))}
            <TableCell className={numberCell}>
              <Dash />
            </TableCell>
            <TableCell className={numberCell}>
              <Dash />
            </TableCell>
            <TableCell className={cn(numberCell, 'font-medium')}>
              {pool.cashSettled ? <Dash /> : formatCount(pool.available)}
            </TableCell>
            <TableCell className={numberCell}>
              {pool.cashSettled ? <Dash /> : formatPercent(pool.fullyDilutedPercent)}
            </TableCell>
          </tr>
        ))}
      </TableBody>
      <tfoot className="bg-muted/60 font-semibold">
        <tr>
          <RowHeader className="font-semibold">Total</RowHeader>
          {classes.map((c) => (
            <TableCell key={c.id} className={numberCell}>
              {formatCount(table.totals.sharesByClass[c.id] ?? 0)}
            </TableCell>
          ))}
          <TableCell className={numberCell}>{formatCount(awardsVested)}</TableCell>
          <TableCell className={numberCell}>{formatCount(awardsUnvested)}</TableCell>
          <TableCell className={numberCell}>{formatCount(table.totals.fullyDiluted)}</TableCell>
          <TableCell className={numberCell}>
            {table.totals.fullyDiluted > 0 ? formatPercent('100.0000') : <Dash />}
          </TableCell>
        </tr>
      </tfoot>
    </Table>
  );
}
