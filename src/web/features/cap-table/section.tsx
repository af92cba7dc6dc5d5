import { CatchBoundary } from '@tanstack/react-router';
import type { LucideIcon } from 'lucide-react';
import { Suspense, type ReactNode } from 'react';
import type { FieldValues, Path, UseFormSetError } from 'react-hook-form';
import { toast } from '../../lib/toast';
import { Card, CardContent, CardDescription, CardHeader } from '../../components/ui/card';
import { Skeleton } from '../../components/ui/skeleton';
import { ApiError, errorMessage } from '../../lib/api';
import { applyServerFieldErrors } from '../../lib/form-errors';
import { t } from '../../lib/i18n';
import { cn } from '../../lib/utils';

/**
 * One card of the Cap table tab with its own error and loading boundaries: a failing or slow
 * section (say, the receipts) must not take the cap table down with it.
 */
export function Section({
  id,
  title,
  description,
  actions,
  resetKey,
  loadingLabel,
  children,
}: {
  id: string;
  title: string;
  description?: ReactNode;
  /** Buttons in the header (they may read queries: they render inside the boundaries). */
  actions?: ReactNode;
  resetKey: string;
  loadingLabel: string;
  children: ReactNode;
}) {
  const headingId = `${id}-heading`;
  return (
    <section id={id} aria-labelledby={headingId} className="scroll-mt-4">
      <Card>
        <CatchBoundary
          getResetKey={() => resetKey}
          errorComponent={({ error }) => (
            <>
              <CardHeader>
                <h2 id={headingId} className="text-lg leading-tight font-semibold">
                  {title}
                </h2>
              </CardHeader>
              <CardContent>
                <p role="alert" className="text-sm text-destructive">
                  {errorMessage(error, t('cap-table.section.loadFailed', { title }))}
                </p>
              </CardContent>
            </>
          )}
        >
          <Suspense
            fallback={
              <>
                <SectionHeader headingId={headingId} title={title} description={description} />
                <CardContent>
                  <TableSkeleton label={loadingLabel} />
                </CardContent>
              </>
            }
          >
            <SectionHeader
              headingId={headingId}
              title={title}
              description={description}
              actions={actions}
            />
            <CardContent>{children}</CardContent>
          </Suspense>
        </CatchBoundary>
      </Card>
    </section>
  );
}

function SectionHeader({
  headingId,
  title,
  description,
  actions,
}: {
  headingId: string;
  title: string;
  description?: ReactNode;
  actions?: ReactNode;
}) {
  return (
    <CardHeader className="flex-row flex-wrap items-start justify-between gap-3">
      <div className="grid min-w-0 gap-1.5">
        <h2 id={headingId} className="text-lg leading-tight font-semibold">
          {title}
        </h2>
        {description ? <CardDescription>{description}</CardDescription> : null}
      </div>
      {actions ? <div className="flex flex-wrap gap-2">{actions}</div> : null}
    </CardHeader>
  );
}

/** Placeholder rows while a list loads; announced once by its status role. */
export function TableSkeleton({ label, rows = 3 }: { label: string; rows?: number }) {
  return (
    <div role="status" aria-live="polite" className="grid gap-2">
      <span className="sr-only">{label}</span>
      <Skeleton className="h-9 w-full" />
      {Array.from({ length: rows }, (_, i) => (
        <Skeleton key={i} className="h-8 w-full" />
      ))}
    </div>
  );
}

/** An empty list: what is missing and what to do about it. */
export function EmptyState({
  icon: Icon,
  title,
  children,
  action,
}: {
  icon: LucideIcon;
  title: string;
  children?: ReactNode;
  action?: ReactNode;
}) {
  return (
    <div className="grid justify-items-center gap-3 rounded-lg border border-dashed px-4 py-10 text-center">
      <Icon className="size-8 text-muted-foreground" aria-hidden="true" />
      <h3 className="text-base font-semibold">{title}</h3>
      {children ? <p className="max-w-md text-sm text-muted-foreground">{children}</p> : null}
      {action}
    </div>
  );
}

/** A number cell: right-aligned, digits of equal width so columns line up. */
export const numberCell = 'text-right tabular-nums';

/** Header cell of a row (the holder's name): read out with every cell of its row. */
export function RowHeader({ className, children }: { className?: string; children: ReactNode }) {
  return (
    <th
      scope="row"
      className={cn('px-3 py-2.5 text-left align-middle font-medium whitespace-nowrap', className)}
    >
      {children}
    </th>
  );
}

/** "—" for an empty cell, hidden from screen readers in favour of "none". */
export function Dash() {
  return (
    <>
      <span aria-hidden="true" className="text-muted-foreground">
        —
      </span>
      <span className="sr-only">{t('cap-table.none')}</span>
    </>
  );
}

/**
 * After a rejected save: the API's `error.fields` (400 validation, and the 409s of the register
 * such as INSUFFICIENT_SHARES or SHARE_NUMBERS_OVERLAP, which name their field) go inline next to
 * the input; the message also goes to a toast, so a field the form does not show is not lost.
 */
export function reportSaveError<T extends FieldValues>(
  error: unknown,
  setError: UseFormSetError<T>,
  fieldNames: readonly Path<T>[],
  fallback: string,
) {
  applyServerFieldErrors(error, setError, fieldNames);
  // 401 is handled globally (redirect to sign-in with its own toast).
  if (!(error instanceof ApiError && error.status === 401)) {
    toast.error(errorMessage(error, fallback));
  }
}

/** After a rejected delete: the server's message (a 409 says what still depends on the row). */
export function reportDeleteError(error: unknown, fallback: string) {
  if (!(error instanceof ApiError && error.status === 401)) {
    toast.error(errorMessage(error, fallback));
  }
}
