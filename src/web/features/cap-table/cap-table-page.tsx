import { useState } from 'react';
import { useDocumentTitle } from '../../lib/use-document-title';
import { useSuspenseQuery } from '@tanstack/react-query';
import { companyQueryOptions } from '../companies/api';
import { AsOfControl, CapTableView, ExportCsvButton } from './cap-table-section';
import { formatIsoDate } from './format';
import { ReceiptsSection } from './receipts-section';
import { RegisterActions, RegisterList, type ShareEventDialogState } from './register-section';
import { Section } from './section';
import {
  AddShareClassButton,
  ShareClassesList,
  type ShareClassDialogState,
} from './share-classes-section';

/**
 * The company's "Cap table" tab (issue 4): the fully diluted cap table as of a date with its
 * chart and CSV export, then what it is derived from: share classes, the shareholders' register
 * and the STAK's depositary receipts. Each section loads and fails on its own.
 */
export function CapTablePage({
  companyId,
  asOf,
  isToday,
  onAsOfChange,
}: {
  companyId: string;
  /** The date of the cap table (YYYY-MM-DD), today when the URL names none. */
  asOf: string;
  isToday: boolean;
  /** A new date, or null for today. */
  onAsOfChange: (asOf: string | null) => void;
}) {
  const { data: company } = useSuspenseQuery(companyQueryOptions(companyId));
  useDocumentTitle(`Cap table · ${company.companyName}`);
  // The empty states of one section open another's dialog ("Add a share class first").
  const [shareClassDialog, setShareClassDialog] = useState<ShareClassDialogState | null>(null);
  const [eventDialog, setEventDialog] = useState<ShareEventDialogState | null>(null);
  const addShareClass = () => setShareClassDialog({ mode: 'create' });
  const issueShares = () => setEventDialog({ mode: 'create', type: 'issue' });

  return (
    <div className="grid min-w-0 grid-cols-1 gap-6">
      <Section
        id="cap-table"
        title="Cap table"
        description={
          <>
            Fully diluted, as of <time dateTime={asOf}>{formatIsoDate(asOf)}</time>
            {isToday ? ' (today)' : null}.
          </>
        }
        actions={<ExportCsvButton companyId={companyId} asOf={asOf} />}
        resetKey={`${companyId}:${asOf}`}
        loadingLabel="Loading the cap table…"
      >
        <div className="grid grid-cols-1 gap-6">
          <AsOfControl
            asOf={asOf}
            isToday={isToday}
            onChange={(next) => onAsOfChange(next)}
            onToday={() => onAsOfChange(null)}
          />
          <CapTableView
            companyId={companyId}
            asOf={asOf}
            onAddShareClass={addShareClass}
            onIssueShares={issueShares}
          />
        </div>
      </Section>

      <Section
        id="share-classes"
        title="Share classes"
        description="Ordinary and preference shares with their nominal value and rights."
        actions={<AddShareClassButton onClick={addShareClass} />}
        resetKey={companyId}
        loadingLabel="Loading the share classes…"
      >
        <ShareClassesList
          companyId={companyId}
          dialog={shareClassDialog}
          onDialogChange={setShareClassDialog}
        />
      </Section>

      <Section
        id="register"
        title="Shareholders’ register"
        description="A ledger of issues, transfers and cancellations; holdings follow from it and are never edited directly."
        actions={<RegisterActions companyId={companyId} onOpen={setEventDialog} />}
        resetKey={companyId}
        loadingLabel="Loading the register…"
      >
        <RegisterList
          companyId={companyId}
          dialog={eventDialog}
          onDialogChange={setEventDialog}
          onAddShareClass={addShareClass}
        />
      </Section>

      <Section
        id="receipts"
        title="Depositary receipts"
        description="The STAK holds the shares and their votes; receipt holders share in the economics."
        resetKey={companyId}
        loadingLabel="Loading the depositary receipts…"
      >
        <ReceiptsSection companyId={companyId} asOf={asOf} />
      </Section>
    </div>
  );
}
