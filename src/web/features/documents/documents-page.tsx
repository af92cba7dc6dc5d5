import { useSuspenseQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { DOCUMENT_KINDS, type DocumentKind } from '../../../contracts/documents';
import { Label } from '../../components/ui/label';
import { Select } from '../../components/ui/select';
import { t } from '../../lib/i18n';
import { useDocumentTitle } from '../../lib/use-document-title';
import { Section } from '../cap-table/section';
import { companyQueryOptions } from '../companies/api';
import { DocumentsTable } from './documents-table';
import { GenerateDocumentButton } from './generate-dialog';
import { kindLabel } from './labels';

function KindFilter({
  value,
  onChange,
}: {
  value: DocumentKind | undefined;
  onChange: (kind: DocumentKind | undefined) => void;
}) {
  return (
    <div className="grid w-56 gap-1.5">
      <Label htmlFor="documents-kind-filter">{t('documents.filter.kind')}</Label>
      <Select
        id="documents-kind-filter"
        value={value ?? ''}
        onChange={(e) => onChange((e.target.value || undefined) as DocumentKind | undefined)}
      >
        <option value="">{t('documents.filter.allKinds')}</option>
        {DOCUMENT_KINDS.map((kind) => (
          <option key={kind} value={kind}>
            {kindLabel(kind)}
          </option>
        ))}
      </Select>
    </div>
  );
}

/**
 * The company's Documents tab (issue 14): every document generated for it, newest first, with
 * what can be done with each; a register extract and a cap-table report are generated here
 * (grant letters, board resolutions and exercise notices from the grants).
 */
export function DocumentsPage({ companyId }: { companyId: string }) {
  const { data: company } = useSuspenseQuery(companyQueryOptions(companyId));
  useDocumentTitle(t('documents.page.documentTitle', { company: company.companyName }));
  const [kind, setKind] = useState<DocumentKind | undefined>();
  return (
    <div className="grid grid-cols-[minmax(0,1fr)] gap-6">
      <div className="flex flex-col gap-3 sm:flex-row sm:items-start sm:justify-between">
        <div className="grid min-w-0 gap-1">
          <h2 className="text-lg leading-tight font-semibold">{t('documents.page.title')}</h2>
          <p className="text-sm text-muted-foreground">
            {t('documents.page.intro', { company: company.companyName })}
          </p>
        </div>
        <div className="flex shrink-0 flex-wrap gap-2">
          <GenerateDocumentButton
            companyId={companyId}
            target={{ kind: 'register_extract' }}
            label={t('documents.page.registerExtract')}
          />
          <GenerateDocumentButton
            companyId={companyId}
            target={{ kind: 'cap_table_report' }}
            label={t('documents.page.capTableReport')}
          />
        </div>
      </div>
      <Section
        id="documents-list"
        title={t('documents.list.title')}
        resetKey={`${companyId}-${kind ?? ''}`}
        loadingLabel={t('documents.list.loading')}
        actions={<KindFilter value={kind} onChange={setKind} />}
      >
        <DocumentsTable
          companyId={companyId}
          filter={kind ? { kind } : {}}
          label={t('documents.list.label')}
          empty={
            kind
              ? { title: t('documents.list.noMatch') }
              : { title: t('documents.list.empty'), text: t('documents.list.emptyText') }
          }
        />
      </Section>
    </div>
  );
}
