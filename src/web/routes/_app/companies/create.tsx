import { createFileRoute, Link, useNavigate } from '@tanstack/react-router';
import { ArrowLeft, Lock } from 'lucide-react';
import { toast } from '../../../lib/toast';
import { Card, CardContent } from '../../../components/ui/card';
import { useCreateCompany } from '../../../features/companies/api';
import { CompanyForm, emptyCompanyFormValues } from '../../../features/companies/company-form';
import { useCan } from '../../../features/me/api';
import { t } from '../../../lib/i18n';
import { useDocumentTitle } from '../../../lib/use-document-title';

export const Route = createFileRoute('/_app/companies/create')({
  component: CreateCompanyPage,
});

function CreateCompanyPage() {
  useDocumentTitle(t('companies.new'));
  const navigate = useNavigate();
  const createCompany = useCreateCompany();
  // The link is hidden without company:create, but the URL still works: explain, do not 403.
  const canCreate = useCan('company', 'create');

  return (
    // A form reads best at a comfortable width, whatever the window's (the shell is full width).
    <div className="grid max-w-4xl gap-6">
      <div className="grid gap-2">
        <Link
          to="/companies"
          className="inline-flex items-center gap-1 justify-self-start rounded-sm text-sm text-muted-foreground hover:text-foreground"
        >
          <ArrowLeft className="size-4" aria-hidden="true" />
          {t('companies.backToList')}
        </Link>
        <h1 className="text-2xl font-semibold tracking-tight">{t('companies.new')}</h1>
      </div>
      {canCreate ? (
        <Card>
          <CardContent className="pt-6">
            <CompanyForm
              defaultValues={emptyCompanyFormValues}
              submitLabel={t('companies.create')}
              onSubmit={async (values) => {
                const company = await createCompany.mutateAsync(values);
                toast.success(t('companies.toast.created'));
                await navigate({
                  to: '/companies/$companyId',
                  params: { companyId: company.id },
                });
              }}
            />
          </CardContent>
        </Card>
      ) : (
        <Card>
          <CardContent className="flex items-center gap-3 pt-6 text-sm">
            <Lock className="size-5 shrink-0 text-muted-foreground" aria-hidden="true" />
            <p>{t('companies.create.notAllowed')}</p>
          </CardContent>
        </Card>
      )}
    </div>
  );
}
