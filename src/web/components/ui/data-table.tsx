import { ArrowDown, ArrowUp, ChevronsUpDown, Columns3 } from 'lucide-react';
import { useMemo, type ReactNode } from 'react';
import { activeLanguage, t } from '../../lib/i18n';
import {
  formatSort,
  resolveSort,
  sortRows,
  toggleSort,
  type SortKind,
  type SortState,
  type SortValue,
} from '../../lib/sort';
import { useOverflow } from '../../lib/use-overflow';
import { cn } from '../../lib/utils';
import { Button } from './button';
import {
  DropdownMenu,
  DropdownMenuCheckboxItem,
  DropdownMenuContent,
  DropdownMenuItem,
  DropdownMenuLabel,
  DropdownMenuSeparator,
  DropdownMenuTrigger,
} from './dropdown-menu';

/**
 * The data tables of the company tabs (issue 12): dense type, numbers right-aligned in tabular
 * figures, sortable headers, optional columns. Every column fits a 1440 px screen; when a table
 * does not fit (a phone, many share classes), it scrolls inside its box with the header row and
 * the first column kept in view, and the box becomes a named, focusable region so keyboard users
 * can scroll it too.
 */

export interface DataColumn<Row> {
  /** Stable id: the URL's `?sort=` and the stored column choice name columns by it. */
  id: string;
  /** The column's name: its header and its entry in the Columns menu. */
  header: string;
  /** The header is for screen readers only (a column of row actions). */
  headerHidden?: boolean;
  /** Right-aligned, digits of equal width so figures line up. */
  numeric?: boolean;
  cell: (row: Row) => ReactNode;
  /** Makes the column sortable: how its values compare, and each row's value. */
  sort?: { kind: SortKind; value: (row: Row) => SortValue };
  /** May be hidden in the Columns menu (the first column never is). */
  optional?: boolean;
  /** Extra classes of the column's header and cells (a width limit, say). */
  className?: string;
  /** The column's cell in the table's footer row (a total). */
  footer?: ReactNode;
}

// Opaque backgrounds: the sticky header, first column and footer cover what scrolls beneath them.
const headBg = 'bg-[color-mix(in_oklab,var(--color-muted)_100%,var(--color-card))]';
const mutedRowBg = 'bg-[color-mix(in_oklab,var(--color-muted)_55%,var(--color-card))]';
const hoverBg = 'group-hover/row:bg-[color-mix(in_oklab,var(--color-muted)_70%,var(--color-card))]';

function SortIcon({ direction }: { direction: SortState['direction'] | null }) {
  const Icon =
    direction === 'ascending' ? ArrowUp : direction === 'descending' ? ArrowDown : ChevronsUpDown;
  return (
    <Icon
      className={cn('size-3 shrink-0', direction ? 'text-foreground' : 'opacity-50')}
      aria-hidden="true"
    />
  );
}

function HeaderCell<Row>({
  column,
  first,
  sort,
  onSort,
}: {
  column: DataColumn<Row>;
  first: boolean;
  sort: SortState | null | undefined;
  onSort?: (column: string) => void;
}) {
  const direction = sort?.column === column.id ? sort.direction : null;
  const sortable = Boolean(column.sort && onSort);
  return (
    <th
      scope="col"
      aria-sort={sortable && direction ? direction : undefined}
      className={cn(
        'sticky top-0 z-20 border-b px-1.5 py-1.5 text-left align-bottom text-xs font-medium text-muted-foreground first:pl-2.5 last:pr-2.5',
        headBg,
        column.numeric && 'text-right',
        first && 'left-0 z-30',
        column.className,
      )}
    >
      {column.headerHidden ? (
        <span className="sr-only">{column.header}</span>
      ) : sortable ? (
        <button
          type="button"
          onClick={() => onSort?.(column.id)}
          className={cn(
            '-mx-0.5 inline-flex items-end gap-0.5 rounded-sm px-0.5 text-left font-medium hover:text-foreground focus-visible:outline-2 focus-visible:outline-ring',
            column.numeric && 'flex-row-reverse text-right',
            direction && 'text-foreground',
          )}
        >
          <span>{column.header}</span>
          <SortIcon direction={direction} />
        </button>
      ) : (
        column.header
      )}
    </th>
  );
}

/**
 * A table of `rows` (already sorted and paged by the caller: sorting must see every row, not
 * just the page) under sortable headers. The first column is the rows' header (`th scope=row`).
 */
export function DataTable<Row>({
  label,
  columns,
  rows,
  rowKey,
  sort,
  onSort,
  hidden,
  rowTone,
  className,
  'aria-describedby': describedBy,
}: {
  /** The table's accessible name; the scroll region is named after it. */
  label: string;
  columns: readonly DataColumn<Row>[];
  rows: readonly Row[];
  rowKey: (row: Row) => string;
  /** The order shown (explicit or the table's default), for the headers' `aria-sort`. */
  sort?: SortState | null;
  /** A header's button was pressed. */
  onSort?: (column: string) => void;
  /** Ids of optional columns the user has hidden. */
  hidden?: ReadonlySet<string>;
  /** Rows set apart with a muted background (a cap table's pools). */
  rowTone?: (row: Row) => 'muted' | undefined;
  className?: string;
  'aria-describedby'?: string;
}) {
  const shown = columns.filter((c, i) => i === 0 || !c.optional || !hidden?.has(c.id));
  const [regionRef, overflow] = useOverflow<HTMLDivElement>(rows);
  const scrolls = overflow.x || overflow.y;
  const hasFooter = shown.some((c) => c.footer !== undefined);
  return (
    <div
      ref={regionRef}
      // Only a box that scrolls is a landmark and a tab stop (axe: scrollable-region-focusable).
      role={scrolls ? 'region' : undefined}
      aria-label={scrolls ? t('tables.scrollable', { table: label }) : undefined}
      tabIndex={scrolls ? 0 : undefined}
      className={cn(
        'relative max-h-[75dvh] w-full overflow-auto rounded-lg border bg-card focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-ring',
        className,
      )}
    >
      <table
        aria-label={label}
        aria-describedby={describedBy}
        className="w-full border-separate border-spacing-0 text-xs leading-snug"
      >
        <thead>
          <tr>
            {shown.map((column, i) => (
              <HeaderCell
                key={column.id}
                column={column}
                first={i === 0}
                sort={sort}
                onSort={onSort}
              />
            ))}
          </tr>
        </thead>
        <tbody>
          {rows.map((row) => {
            const muted = rowTone?.(row) === 'muted';
            return (
              <tr key={rowKey(row)} className="group/row">
                {shown.map((column, i) => {
                  const cellClass = cn(
                    'border-b px-1.5 py-1.5 align-middle whitespace-nowrap group-last/row:border-b-0 first:pl-2.5 last:pr-2.5',
                    muted ? mutedRowBg : 'bg-card',
                    hoverBg,
                    column.numeric && 'text-right tabular-nums',
                    column.className,
                  );
                  return i === 0 ? (
                    <th
                      key={column.id}
                      scope="row"
                      className={cn(
                        cellClass,
                        'sticky left-0 z-10 text-left font-medium shadow-[inset_-1px_0_0_var(--color-border)]',
                      )}
                    >
                      {column.cell(row)}
                    </th>
                  ) : (
                    <td key={column.id} className={cellClass}>
                      {column.cell(row)}
                    </td>
                  );
                })}
              </tr>
            );
          })}
        </tbody>
        {hasFooter ? (
          <tfoot>
            <tr>
              {shown.map((column, i) => {
                const cellClass = cn(
                  'sticky bottom-0 z-20 border-t px-1.5 py-1.5 font-semibold whitespace-nowrap first:pl-2.5 last:pr-2.5',
                  headBg,
                  column.numeric && 'text-right tabular-nums',
                  column.className,
                );
                return i === 0 ? (
                  <th
                    key={column.id}
                    scope="row"
                    className={cn(cellClass, 'left-0 z-30 text-left')}
                  >
                    {column.footer}
                  </th>
                ) : (
                  <td key={column.id} className={cellClass}>
                    {column.footer}
                  </td>
                );
              })}
            </tr>
          </tfoot>
        ) : null}
      </table>
    </div>
  );
}

/**
 * "Columns": shows and hides a table's optional columns. The choice is the caller's to keep
 * (`useColumnChoice`, per user). The menu stays open while boxes are ticked.
 */
export function ColumnsMenu<Row>({
  label,
  columns,
  hidden,
  onVisibleChange,
  onShowAll,
}: {
  /** The table's name, for the button's accessible name. */
  label: string;
  columns: readonly DataColumn<Row>[];
  hidden: ReadonlySet<string>;
  onVisibleChange: (column: string, visible: boolean) => void;
  onShowAll: () => void;
}) {
  const optional = columns.filter((c) => c.optional);
  if (optional.length === 0) return null;
  return (
    <DropdownMenu>
      <DropdownMenuTrigger asChild>
        <Button variant="outline" size="sm" aria-label={t('tables.columns.name', { table: label })}>
          <Columns3 aria-hidden="true" />
          {t('tables.columns.button')}
        </Button>
      </DropdownMenuTrigger>
      <DropdownMenuContent align="end" className="min-w-48">
        <DropdownMenuLabel>{t('tables.columns.menu')}</DropdownMenuLabel>
        {optional.map((column) => (
          <DropdownMenuCheckboxItem
            key={column.id}
            checked={!hidden.has(column.id)}
            onCheckedChange={(checked) => onVisibleChange(column.id, checked === true)}
            // Keep the menu open for the next box.
            onSelect={(event) => event.preventDefault()}
          >
            {column.header}
          </DropdownMenuCheckboxItem>
        ))}
        <DropdownMenuSeparator />
        <DropdownMenuItem disabled={hidden.size === 0} onSelect={onShowAll}>
          {t('tables.columns.showAll')}
        </DropdownMenuItem>
      </DropdownMenuContent>
    </DropdownMenu>
  );
}

/**
 * `rows` in the order `sort` names, when it names a sortable column of `columns`; otherwise as
 * given (the API's order, which is the table's default).
 */
export function sortByColumn<Row>(
  rows: readonly Row[],
  columns: readonly DataColumn<Row>[],
  sort: SortState | null,
): readonly Row[] {
  const column = sort ? columns.find((c) => c.id === sort.column) : undefined;
  if (!sort || !column?.sort) return rows;
  // Text in the active language's alphabet ("IJsselmeer" and accents as a Dutch reader expects).
  return sortRows(rows, column.sort.value, column.sort.kind, sort.direction, activeLanguage());
}

/**
 * A table's order from its URL parameter (`?sort=-vested`): `rows` in that order (as given, the
 * API's order, when the parameter is absent or names no sortable column), the order to show in
 * the headers, and the parameter a click on a header leads to (undefined for the default).
 */
export function useTableSort<Row>(
  rows: readonly Row[],
  columns: readonly DataColumn<Row>[],
  param: string | undefined,
  defaultSort: SortState,
) {
  const sortable = columns.filter((c) => c.sort).map((c) => c.id);
  const sort = resolveSort(param, sortable);
  const column = sort?.column;
  const direction = sort?.direction;
  const sorted = useMemo(
    () => (column && direction ? sortByColumn(rows, columns, { column, direction }) : rows),
    [rows, columns, column, direction],
  );
  const shown = sort ?? defaultSort;
  return {
    rows: sorted,
    sort: shown,
    paramAfterClick: (clicked: string) => formatSort(toggleSort(shown, clicked), defaultSort),
  };
}
