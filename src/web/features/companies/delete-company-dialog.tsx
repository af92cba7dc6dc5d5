import { useQuery } from '@tanstack/react-query';
import { Trash2 } from 'lucide-react';
import { useId, useState } from 'react';
import type { CompanyContents } from '../../../contracts/trash';
import { Button } from '../../components/ui/button';
import { ConfirmAction } from '../../components/ui/confirm-action';
import { Input } from '../../components/ui/input';
import { Label } from '../../components/ui/label';
import { companyContentsQueryOptions } from '../trash/api';

const CONTENT_LABELS: [keyof CompanyContents, string, string][] = [
  ['stakeholders', 'stakeholder', 'stakeholders'],
  ['shareClasses', 'share class', 'share classes'],
  ['registerEntries', 'register entry', 'register entries'],
  ['receipts', 'depositary receipt line', 'depositary receipt lines'],
  ['plans', 'plan', 'plans'],
  ['grants', 'grant', 'grants'],
  ['valuations', 'valuation', 'valuations'],
];

/** "3 stakeholders", "1 grant"… for the counts that are not zero. */
export function describeContents(contents: CompanyContents): string[] {
  return CONTENT_LABELS.filter(([key]) => contents[key] > 0).map(
    ([key, one, many]) =>
      `${contents[key].toLocaleString('en')} ${contents[key] === 1 ? one : many}`,
  );
}

/**
 * "Delete" button plus its confirmation: the company moves to the trash with everything in it
 * (listed), after its name is typed. `onConfirm` runs the request (and may throw).
 */
export function DeleteCompanyDialog({
  companyId,
  companyName,
  onConfirm,
}: {
  companyId: string;
  companyName: string;
  onConfirm: () => Promise<void>;
}) {
  const [typed, setTyped] = useState('');
  const inputId = useId();
  const { data: contents, isPending, isError } = useQuery(companyContentsQueryOptions(companyId));
  const lines = contents ? describeContents(contents) : [];
  // ConfirmAction keeps the dialog open when `onConfirm` rejects: the caller has reported the
  // error, and the user can retry or cancel.
  return (
    <ConfirmAction
      trigger={
        <Button variant="outline" className="text-destructive hover:text-destructive">
          <Trash2 aria-hidden="true" />
          Delete
        </Button>
      }
      title="Move company to the trash?"
      description={
        <>
          <strong className="text-foreground">{companyName}</strong> moves to the trash with
          everything in it. Owners and admins can restore it from the trash for 30 days; then it is
          deleted for good.
        </>
      }
      confirmLabel="Move to trash"
      confirmDisabled={typed.trim() !== companyName}
      onConfirm={onConfirm}
    >
      <div className="grid gap-3 text-sm">
        <div aria-live="polite">
          {isPending ? (
            <p className="text-muted-foreground">Counting what goes with it…</p>
          ) : isError ? (
            <p className="text-muted-foreground">
              Everything recorded for it (stakeholders, register, plans, grants, valuations) goes
              with it.
            </p>
          ) : lines.length > 0 ? (
            <>
              <p className="font-medium">What goes with it:</p>
              <ul aria-label="What goes with it" className="list-disc pl-5 text-muted-foreground">
                {lines.map((line) => (
                  <li key={line}>{line}</li>
                ))}
              </ul>
            </>
          ) : (
            <p className="text-muted-foreground">Nothing else has been recorded for it yet.</p>
          )}
        </div>
        <div className="grid gap-1.5">
          <Label htmlFor={inputId}>
            Type <strong>{companyName}</strong> to confirm
          </Label>
          <Input
            id={inputId}
            value={typed}
            onChange={(e) => setTyped(e.target.value)}
            autoComplete="off"
            spellCheck={false}
          />
        </div>
      </div>
    </ConfirmAction>
  );
}
