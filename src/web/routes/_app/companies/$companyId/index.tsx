import { useQueryClient, useSuspenseQuery } from '@tanstack/react-query';
import { createFileRoute, useNavigate } from '@tanstack/react-router';
import { Pencil } from 'lucide-react';
import { useState, type ReactNode } from 'react';
import type { Company } from '../../../../../contracts/company';
import { toast } from '../../../../lib/toast';
import { Button } from '../../../../components/ui/button';
import { Card, CardContent, CardHeader, CardTitle } from '../../../../components/ui/card';
import {
  companyQueryOptions,
  useDeleteCompany,
  useUpdateCompany,
} from '../../../../features/companies/api';
import {
  changedCompanyFields,
  CompanyForm,
  companyToFormValues,
} from '../../../../features/companies/company-form';
import { DeleteCompanyDialog } from '../../../../features/companies/delete-company-dialog';
import { contactFunctionLabel } from '../../../../features/contacts/labels';
import {
  COMPANY_FIELD_LABELS,
  COMPANY_STATUS_LABELS,
  legalFormName,
  registrationLabel,
} from '../../../../features/companies/fields';
import { companySummaryQueryOptions, KeyFigures } from '../../../../features/companies/key-figures';
import { useCan } from '../../../../features/me/api';
import { trashedToast } from '../../../../features/trash/api';
import { ApiError, errorMessage } from '../../../../lib/api';
import { countryName } from '../../../../lib/countries';
import { formatDateTime, formatIsoDate } from '../../../../lib/format';
import { t } from '../../../../lib/i18n';
import { cn } from '../../../../lib/utils';
import { useDocumentTitle } from '../../../../lib/use-document-title';

/** Company tab "Overview": key figures, the company's details (editable) and its deletion. */
export const Route = createFileRoute('/_app/companies/$companyId/')({
  loader: ({ context: { queryClient }, params: { companyId } }) => {
    // Not awaited: the key figures card shows its own skeleton.
    void queryClient.prefetchQuery(companySummaryQueryOptions(companyId));
  },
  component: CompanyOverview,
});

function Detail({
  label,
  children,
  className,
}: {
  label: string;
  children: ReactNode;
  className?: string;
}) {
  return (
    <div className={cn('grid gap-0.5', className)}>
      <dt className="text-xs font-medium text-muted-foreground">{label}</dt>
      <dd className="text-sm break-words">
        {children ?? <span className="text-muted-foreground">—</span>}
      </dd>
    </div>
  );
}

function CompanyDetails({ company }: { company: Company }) {
  const l = (name: keyof typeof COMPANY_FIELD_LABELS) => t(COMPANY_FIELD_LABELS[name]);
  return (
    <dl className="grid gap-x-6 gap-y-4 sm:grid-cols-2">
      <Detail label={l('companyName')}>{company.companyName}</Detail>
      <Detail label={l('companyType')}>{legalFormName(company.companyType)}</Detail>
      <Detail label={l('status')}>{t(COMPANY_STATUS_LABELS[company.status])}</Detail>
      <Detail label={l('responsibleUserId')}>
        {company.responsibleUserId
          ? (company.responsibleUserName ?? t('companies.formerMember'))
          : null}
      </Detail>
      <Detail label={l('vat')}>{company.vat}</Detail>
      <Detail label={registrationLabel(company.country)}>{company.registrationNumber}</Detail>
      <Detail label={l('incorporationDate')}>
        {company.incorporationDate ? (
          <time dateTime={company.incorporationDate}>
            {formatIsoDate(company.incorporationDate)}
          </time>
        ) : null}
      </Detail>
      <Detail label={l('street')}>{company.street}</Detail>
      <Detail label={l('streetNumber')}>{company.streetNumber}</Detail>
      <Detail label={l('postal')}>{company.postal}</Detail>
      <Detail label={l('city')}>{company.city}</Detail>
      <Detail label={l('country')}>
        {countryName(company.country)} ({company.country})
      </Detail>
      {company.primaryContact ? (
        <Detail label={t('companies.primaryContact')}>
          {[company.primaryContact.name, contactFunctionLabel(company.primaryContact.function)]
            .filter(Boolean)
            .join(' · ')}
        </Detail>
      ) : (
        <Detail label={l('contactName')}>{company.contactName}</Detail>
      )}
      <Detail label={l('email')}>
        {company.email ? (
          <a
            href={`mailto:${company.email}`}
            className="text-primary underline-offset-4 hover:underline"
          >
            {company.email}
          </a>
        ) : null}
      </Detail>
      <Detail label={l('phone')}>
        {company.phone ? (
          <a
            href={`tel:${company.phone.replace(/\s+/g, '')}`}
            className="text-primary underline-offset-4 hover:underline"
          >
            {company.phone}
          </a>
        ) : null}
      </Detail>
      <Detail label={l('notes')} className="sm:col-span-2">
        {company.notes ? <span className="whitespace-pre-line">{company.notes}</span> : null}
      </Detail>
      <Detail label={t('companies.detail.created')}>
        <time dateTime={company.createdAt}>{formatDateTime(company.createdAt)}</time>
      </Detail>
      <Detail label={t('companies.detail.updated')}>
        <time dateTime={company.updatedAt}>{formatDateTime(company.updatedAt)}</time>
      </Detail>
    </dl>
  );
}

function CompanyOverview() {
  const { companyId } = Route.useParams();
  const { data: company } = useSuspenseQuery(companyQueryOptions(companyId));
  const [isEditing, setIsEditing] = useState(false);
  const updateCompany = useUpdateCompany(companyId);
  const deleteCompany = useDeleteCompany(companyId);
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const canUpdate = useCan('company', 'update');
  const canDelete = useCan('company', 'delete');
  const canRestore = useCan('trash', 'update');
  useDocumentTitle(
    isEditing ? t('companies.editNamed', { name: company.companyName }) : company.companyName,
  );

  async function onDelete() {
    try {
      await deleteCompany.mutateAsync();
    } catch (error) {
      if (!(error instanceof ApiError && error.status === 401)) {
        toast.error(errorMessage(error, t('companies.delete.failed')));
      }
      throw error;
    }
    trashedToast(queryClient, {
      kind: 'company',
      id: companyId,
      message: t('companies.toast.trashed', { name: company.companyName }),
      canRestore,
    });
    await navigate({ to: '/companies' });
    // Only now that nothing shows it: forget the company and its activity.
    queryClient.removeQueries({ queryKey: companyQueryOptions(companyId).queryKey });
  }

  return (
    <div className="grid gap-6">
      {isEditing || !(canUpdate || canDelete) ? null : (
        <div className="flex flex-wrap justify-end gap-2">
          {canUpdate ? (
            <Button variant="outline" onClick={() => setIsEditing(true)}>
              <Pencil aria-hidden="true" />
              {t('companies.edit')}
            </Button>
          ) : null}
          {canDelete ? (
            <DeleteCompanyDialog
              companyId={companyId}
              companyName={company.companyName}
              onConfirm={onDelete}
            />
          ) : null}
        </div>
      )}

      {isEditing ? null : <KeyFigures companyId={companyId} />}

      {/* The form keeps a comfortable width; the details use the page's. */}
      <Card className={isEditing ? 'max-w-4xl' : undefined}>
        <CardHeader>
          <CardTitle>
            {isEditing ? t('companies.edit.title') : t('companies.detail.title')}
          </CardTitle>
        </CardHeader>
        <CardContent>
          {isEditing ? (
            <CompanyForm
              defaultValues={companyToFormValues(company)}
              submitLabel={t('companies.saveChanges')}
              responsibleUserName={company.responsibleUserName}
              secondaryAction={
                <Button variant="ghost" onClick={() => setIsEditing(false)}>
                  {t('common.cancel')}
                </Button>
              }
              onSubmit={async (values) => {
                const changes = changedCompanyFields(company, values);
                if (Object.keys(changes).length === 0) {
                  toast.info(t('companies.toast.noChanges'));
                  setIsEditing(false);
                  return;
                }
                await updateCompany.mutateAsync(changes);
                toast.success(t('companies.toast.updated'));
                setIsEditing(false);
              }}
            />
          ) : (
            <CompanyDetails company={company} />
          )}
        </CardContent>
      </Card>
    </div>
  );
}
