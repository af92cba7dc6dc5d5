import { Skeleton } from '../../components/ui/skeleton';
import {
  Table,
  TableBody,
  TableCell,
  TableHead,
  TableHeader,
  TableRow,
} from '../../components/ui/table';

// Kept apart from companies-table.tsx: route pending components are in the initial bundle, and
// the table itself pulls in the tooltip (and its positioning library).
export const COMPANY_TABLE_COLUMNS = [
  'Name',
  'Type',
  'City',
  'Country',
  'Contact',
  'Created',
] as const;
const COLUMNS = COMPANY_TABLE_COLUMNS;

/** Same shape as the table, grey bars instead of data. */
export function CompaniesTableSkeleton({ rows = 5 }: { rows?: number }) {
  return (
    <div role="status" aria-live="polite">
      <span className="sr-only">Loading companies…</span>
      <Table aria-hidden="true">
        <TableHeader>
          <TableRow className="hover:bg-transparent">
            {COLUMNS.map((column) => (
              <TableHead key={column}>{column}</TableHead>
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
      </Table>
    </div>
  );
}
