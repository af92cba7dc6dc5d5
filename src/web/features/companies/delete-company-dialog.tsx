import { useQuery } from '@tanstack/react-query';
import { Trash2 } from 'lucide-react';
import { useId, useState } from 'react';
import type { CompanyContents } from '../../../contracts/trash';
import { Button } from '../../components/ui/button';
import { ConfirmAction } from '../../components/ui/confirm-action';
import { Input } from '../../components/ui/input';
import { Label } from '../../components/ui/label';
import { msg, t, Trans } from '../../lib/i18n';
import { companyContentsQueryOptions } from '../trash/api';

// Each a plural message: "{count, plural, one {# stakeholder} other {# stakeholders}}".
const CONTENT_LABELS: [keyof CompanyContents, string][] = [
  ['stakeholders', msg('companies.contents.stakeholders')],
  ['shareClasses', msg('companies.contents.shareClasses')],
  ['registerEntries', msg('companies.contents.registerEntries')],
  ['receipts', msg('companies.contents.receipts')],
  ['plans', msg('companies.contents.plans')],
  ['grants', msg('companies.contents.grants')],
  ['valuations', msg('companies.contents.valuations')],
];

/** "3 stakeholders", "1 grant"… for the counts that are not zero, in the app's language. */
export function describeContents(contents: CompanyContents): string[] {
  return CONTENT_LABELS.filter(([key]) => contents[key] > 0).map(([key, label]) =>
    t(label, { count: contents[key] }),
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
          {t('companies.delete')}
        </Button>
      }
      title={t('companies.delete.title')}
      description={
        <Trans
          id="companies.delete.description"
          components={{ name: <strong className="text-foreground">{companyName}</strong> }}
        />
      }
      confirmLabel={t('companies.delete.confirm')}
      confirmDisabled={typed.trim() !== companyName}
      onConfirm={onConfirm}
    >
      <div className="grid gap-3 text-sm">
        <div aria-live="polite">
          {isPending ? (
            <p className="text-muted-foreground">{t('companies.delete.counting')}</p>
          ) : isError ? (
            <p className="text-muted-foreground">{t('companies.delete.contentsUnknown')}</p>
          ) : lines.length > 0 ? (
            <>
              <p className="font-medium">{t('companies.delete.contents')}</p>
              <ul
                aria-label={t('companies.delete.contents.label')}
                className="list-disc pl-5 text-muted-foreground"
              >
                {lines.map((line) => (
                  <li key={line}>{line}</li>
                ))}
              </ul>
            </>
          ) : (
            <p className="text-muted-foreground">{t('companies.delete.contentsEmpty')}</p>
          )}
        </div>
        <div className="grid gap-1.5">
          <Label htmlFor={inputId}>
            <Trans
              id="companies.delete.typeName"
              components={{ name: <strong>{companyName}</strong> }}
            />
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
