import { createFileRoute, Link, useNavigate } from '@tanstack/react-router';
import { ArrowLeft, Lock } from 'lucide-react';
import { toast } from 'sonner';
import { Card, CardContent } from '../../../components/ui/card';
import { useCreateCompany } from '../../../features/companies/api';
import { CompanyForm, emptyCompanyFormValues } from '../../../features/companies/company-form';
import { useCan } from '../../../features/me/api';
import { useDocumentTitle } from '../../../lib/use-document-title';

export const Route = createFileRoute('/_app/companies/create')({
  component: CreateCompanyPage,
});

function CreateCompanyPage() {
  useDocumentTitle('New company');
  const navigate = useNavigate();
  const createCompany = useCreateCompany();
  // The link is hidden without company:create, but the URL still works: explain, do not 403.
  const canCreate = useCan('company', 'create');

  return (
    <div className="grid gap-6">
      <div className="grid gap-2">
        <Link
          to="/companies"
          className="inline-flex items-center gap-1 justify-self-start rounded-sm text-sm text-muted-foreground hover:text-foreground"
        >
          <ArrowLeft className="size-4" aria-hidden="true" />
          Back to companies
        </Link>
        <h1 className="text-2xl font-semibold tracking-tight">New company</h1>
      </div>
      {canCreate ? (
        <Card>
          <CardContent className="pt-6">
            <CompanyForm
              defaultValues={emptyCompanyFormValues}
              submitLabel="Create company"
              onSubmit={async (values) => {
                const company = await createCompany.mutateAsync(values);
                toast.success('Company created');
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
            <p>Your role does not allow creating companies.</p>
          </CardContent>
        </Card>
      )}
    </div>
  );
}
