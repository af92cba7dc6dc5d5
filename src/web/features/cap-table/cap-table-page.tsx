import { useState } from 'react';
import { useDocumentTitle } from '../../lib/use-document-title';
import { useSuspenseQuery } from '@tanstack/react-query';
import { formatIsoDate } from '../../lib/format';
import { t, Trans } from '../../lib/i18n';
import { companyQueryOptions } from '../companies/api';
import { ExportMenu } from '../exports/export-menu';
import { AsOfControl, CapTableView } from './cap-table-section';
import { ReceiptsSection } from './receipts-section';
import { RegisterActions, RegisterList, type ShareEventDialogState } from './register-section';
import type { CapTableSearch } from './search';
import { Section } from './section';
import {
  AddShareClassButton,
  ShareClassesList,
  type ShareClassDialogState,
} from './share-classes-section';

/**
 * The company's "Cap table" tab (issue 4): the fully diluted cap table as of a date with its
 * chart and its export (XLSX or CSV), then what it is derived from: share classes, the shareholders' register
 * and the STAK's depositary receipts. Each section loads and fails on its own.
 */
export function CapTablePage({
  companyId,
  asOf,
  isToday,
  onAsOfChange,
  search,
  onSortChange,
}: {
  companyId: string;
  /** The date of the cap table (YYYY-MM-DD), today when the URL names none. */
  asOf: string;
  isToday: boolean;
  /** A new date, or null for today. */
  onAsOfChange: (asOf: string | null) => void;
  /** The tables' orders from the URL. */
  search: Pick<CapTableSearch, 'sort' | 'registerSort'>;
  onSortChange: (next: Pick<CapTableSearch, 'sort' | 'registerSort'>) => void;
}) {
  const { data: company } = useSuspenseQuery(companyQueryOptions(companyId));
  useDocumentTitle(t('cap-table.page.documentTitle', { company: company.companyName }));
  // The empty states of one section open another's dialog ("Add a share class first").
  const [shareClassDialog, setShareClassDialog] = useState<ShareClassDialogState | null>(null);
  const [eventDialog, setEventDialog] = useState<ShareEventDialogState | null>(null);
  const addShareClass = () => setShareClassDialog({ mode: 'create' });
  const issueShares = () => setEventDialog({ mode: 'create', type: 'issue' });

  return (
    <div className="grid min-w-0 grid-cols-1 gap-6">
      <Section
        id="cap-table"
        title={t('cap-table.capTable.title')}
        description={
          isToday ? (
            <Trans
              id="cap-table.capTable.descriptionToday"
              values={{ date: formatIsoDate(asOf) }}
              components={{ time: <time dateTime={asOf} /> }}
            />
          ) : (
            <Trans
              id="cap-table.capTable.description"
              values={{ date: formatIsoDate(asOf) }}
              components={{ time: <time dateTime={asOf} /> }}
            />
          )
        }
        actions={
          <ExportMenu
            subject="capTable"
            resource="company"
            request={{
              path: `/company/${encodeURIComponent(companyId)}/cap-table/export`,
              query: { asOf },
              fallbackName: `cap-table-${asOf}`,
            }}
          />
        }
        resetKey={`${companyId}:${asOf}`}
        loadingLabel={t('cap-table.capTable.loading')}
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
            sort={search.sort}
            onSortChange={(sort) => onSortChange({ sort })}
            onAddShareClass={addShareClass}
            onIssueShares={issueShares}
          />
        </div>
      </Section>

      <Section
        id="share-classes"
        title={t('cap-table.shareClasses.title')}
        description={t('cap-table.shareClasses.description')}
        actions={<AddShareClassButton onClick={addShareClass} />}
        resetKey={companyId}
        loadingLabel={t('cap-table.shareClasses.loading')}
      >
        <ShareClassesList
          companyId={companyId}
          dialog={shareClassDialog}
          onDialogChange={setShareClassDialog}
        />
      </Section>

      <Section
        id="register"
        title={t('cap-table.register.title')}
        description={t('cap-table.register.description')}
        actions={
          <>
            <ExportMenu
              subject="register"
              resource="company"
              request={{
                path: `/company/${encodeURIComponent(companyId)}/share-events/export`,
                fallbackName: 'share-register',
              }}
            />
            <RegisterActions companyId={companyId} onOpen={setEventDialog} />
          </>
        }
        resetKey={companyId}
        loadingLabel={t('cap-table.register.loading')}
      >
        <RegisterList
          companyId={companyId}
          dialog={eventDialog}
          onDialogChange={setEventDialog}
          onAddShareClass={addShareClass}
          sortParam={search.registerSort}
          onSortChange={(registerSort) => onSortChange({ registerSort })}
        />
      </Section>

      <Section
        id="receipts"
        title={t('cap-table.receipts.title')}
        description={t('cap-table.receipts.description')}
        resetKey={companyId}
        loadingLabel={t('cap-table.receipts.loading')}
      >
        <ReceiptsSection companyId={companyId} asOf={asOf} />
      </Section>
    </div>
  );
}
