import { Skeleton } from '../../components/ui/skeleton';
import { msg, t } from '../../lib/i18n';
import {
  tableFrame,
  TableBody,
  TableCell,
  TableHead,
  TableHeader,
  TableRow,
} from '../../components/ui/table-parts';

// Kept apart from companies-table.tsx: route pending components are in the initial bundle, and
// the table itself pulls in the tooltip (and its positioning library).
export const COMPANY_TABLE_COLUMNS = [
  msg('companies.table.name'),
  msg('companies.table.type'),
  msg('companies.table.city'),
  msg('companies.table.country'),
  msg('companies.table.contact'),
  msg('companies.table.created'),
] as const;
const COLUMNS = COMPANY_TABLE_COLUMNS;

/** Same shape as the table, grey bars instead of data. */
export function CompaniesTableSkeleton({ rows = 5 }: { rows?: number }) {
  return (
    <div role="status" aria-live="polite">
      <span className="sr-only">{t('companies.list.loading')}</span>
      {/* Not `Table`: it measures its overflow, which the initial bundle need not carry. */}
      <div className={tableFrame} aria-hidden="true">
        <table className="w-full text-sm">
          <TableHeader>
            <TableRow className="hover:bg-transparent">
              {COLUMNS.map((column) => (
                <TableHead key={column}>{t(column)}</TableHead>
              ))}
            </TableRow>
          </TableHeader>
          <TableBody>
            {Array.from({ length: rows }, (_, row) => (
              <TableRow key={row}>
                {COLUMNS.map((column) => (
                  <TableCell key={column}>
                    <Skeleton className="h-4 w-20" />
                  </TableCell>
                ))}
              </TableRow>
            ))}
          </TableBody>
        </table>
      </div>
    </div>
  );
}
