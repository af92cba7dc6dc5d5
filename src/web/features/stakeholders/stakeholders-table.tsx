import { Building2, Pencil, Trash2, User } from 'lucide-react';
import type { Stakeholder } from '../../../contracts/equity';
import { countryName } from '../../../domain/countries';
import { RELATIONSHIP_LABELS, STATUS_LABELS, type StakeholderStatus } from '../../../domain/equity';
import { Badge } from '../../components/ui/badge';
import { Button } from '../../components/ui/button';
import { ConfirmAction } from '../../components/ui/confirm-action';
import {
  Table,
  TableBody,
  TableCell,
  TableHead,
  TableHeader,
  TableRow,
} from '../../components/ui/table';
import { KIND_LABELS } from './fields';
import { STAKEHOLDER_TABLE_COLUMNS as COLUMNS } from './stakeholders-skeleton';

type RowActionsProps = {
  stakeholder: Stakeholder;
  canUpdate: boolean;
  canDelete: boolean;
  onEdit: (stakeholder: Stakeholder) => void;
  /** Runs the request; rejects when the dialog should stay open (the caller reported it). */
  onDelete: (stakeholder: Stakeholder) => Promise<void>;
};

export type StakeholdersTableProps = Omit<RowActionsProps, 'stakeholder'> & {
  stakeholders: Stakeholder[];
};

function Empty() {
  return <span className="text-muted-foreground">—</span>;
}

const statusVariant: Record<StakeholderStatus, 'secondary' | 'outline'> = {
  active: 'secondary',
  leave_of_absence: 'outline',
  terminated: 'outline',
};

function StatusBadge({ status }: { status: StakeholderStatus }) {
  return (
    <Badge
      variant={statusVariant[status]}
      className={status === 'terminated' ? 'text-muted-foreground' : undefined}
    >
      {STATUS_LABELS[status]}
    </Badge>
  );
}

function KindIcon({ stakeholder }: { stakeholder: Stakeholder }) {
  const Icon = stakeholder.kind === 'institution' ? Building2 : User;
  return (
    <Icon
      className="size-4 shrink-0 text-muted-foreground"
      role="img"
      aria-label={KIND_LABELS[stakeholder.kind]}
    />
  );
}

/** Edit and delete buttons of one stakeholder, named after it for screen readers. */
function RowActions({ stakeholder, canUpdate, canDelete, onEdit, onDelete }: RowActionsProps) {
  return (
    <div className="flex justify-end gap-1">
      {canUpdate ? (
        <Button
          variant="ghost"
          size="icon"
          aria-label={`Edit ${stakeholder.name}`}
          title="Edit"
          onClick={() => onEdit(stakeholder)}
        >
          <Pencil aria-hidden="true" />
        </Button>
      ) : null}
      {canDelete ? (
        <ConfirmAction
          trigger={
            <Button
              variant="ghost"
              size="icon"
              className="text-destructive hover:text-destructive"
              aria-label={`Delete ${stakeholder.name}`}
              title="Delete"
            >
              <Trash2 aria-hidden="true" />
            </Button>
          }
          title="Move stakeholder to the trash?"
          description={
            <>
              <strong className="text-foreground">{stakeholder.name}</strong> moves to the trash
              with their grants. Owners and admins can restore them for 30 days. A stakeholder named
              in the shareholders&apos; register, the receipts register or a plan, or whose grants
              were exercised, cannot be deleted.
            </>
          }
          confirmLabel="Move to trash"
          onConfirm={() => onDelete(stakeholder)}
        />
      ) : null}
    </div>
  );
}

function Contact({ stakeholder }: { stakeholder: Stakeholder }) {
  if (!stakeholder.email && !stakeholder.phone) return <Empty />;
  return (
    <div className="grid min-w-0">
      {stakeholder.email ? (
        <a
          href={`mailto:${stakeholder.email}`}
          className="rounded-sm wrap-anywhere text-primary underline-offset-4 hover:underline"
        >
          {stakeholder.email}
        </a>
      ) : null}
      {stakeholder.phone ? (
        <span className="text-xs text-muted-foreground">{stakeholder.phone}</span>
      ) : null}
    </div>
  );
}

/**
 * The stakeholders of a company: a table from small tablets up, a list of cards on phones (only
 * one of the two is displayed, so assistive tech meets each stakeholder once).
 */
export function StakeholdersTable({ stakeholders, ...actions }: StakeholdersTableProps) {
  const hasActions = actions.canUpdate || actions.canDelete;
  return (
    <>
      <div className="hidden min-w-0 sm:block">
        <Table aria-label="Stakeholders">
          <TableHeader>
            <TableRow className="hover:bg-transparent">
              {COLUMNS.map((column) => (
                <TableHead key={column}>{column}</TableHead>
              ))}
              {hasActions ? (
                <TableHead>
                  <span className="sr-only">Actions</span>
                </TableHead>
              ) : null}
            </TableRow>
          </TableHeader>
          <TableBody>
            {stakeholders.map((s) => (
              <TableRow key={s.id}>
                <TableCell className="min-w-[12rem] font-medium whitespace-normal">
                  <div className="flex items-center gap-2">
                    <KindIcon stakeholder={s} />
                    <span className="break-words">{s.name}</span>
                  </div>
                </TableCell>
                <TableCell>{RELATIONSHIP_LABELS[s.relationship]}</TableCell>
                <TableCell>
                  <StatusBadge status={s.status} />
                </TableCell>
                <TableCell className="min-w-[12rem] whitespace-normal">
                  <Contact stakeholder={s} />
                </TableCell>
                <TableCell>{s.employeeId ?? <Empty />}</TableCell>
                <TableCell>
                  {s.taxCountry ? (
                    <abbr title={countryName(s.taxCountry)} className="no-underline">
                      {s.taxCountry}
                    </abbr>
                  ) : (
                    <Empty />
                  )}
                </TableCell>
                {hasActions ? (
                  <TableCell className="py-1 text-right">
                    <RowActions stakeholder={s} {...actions} />
                  </TableCell>
                ) : null}
              </TableRow>
            ))}
          </TableBody>
        </Table>
      </div>

      <ul aria-label="Stakeholders" className="grid min-w-0 gap-2 sm:hidden">
        {stakeholders.map((s) => (
          <li key={s.id} className="grid gap-2 rounded-lg border bg-card p-3 text-sm">
            <div className="flex items-start justify-between gap-2">
              <div className="grid min-w-0 gap-0.5">
                <p className="flex items-center gap-2 font-medium">
                  <KindIcon stakeholder={s} />
                  <span className="break-words">{s.name}</span>
                </p>
                <p className="text-muted-foreground">
                  {RELATIONSHIP_LABELS[s.relationship]}
                  {s.employeeId ? ` · ${s.employeeId}` : null}
                  {s.taxCountry ? ` · tax residence ${s.taxCountry}` : null}
                </p>
              </div>
              <StatusBadge status={s.status} />
            </div>
            {s.email || s.phone || hasActions ? (
              <div className="flex items-end justify-between gap-2">
                {s.email || s.phone ? <Contact stakeholder={s} /> : <span />}
                {hasActions ? <RowActions stakeholder={s} {...actions} /> : null}
              </div>
            ) : null}
          </li>
        ))}
      </ul>
    </>
  );
}
