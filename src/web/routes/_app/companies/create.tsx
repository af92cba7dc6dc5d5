import { createFileRoute, Link, useNavigate } from '@tanstack/react-router';
import { ArrowLeft } from 'lucide-react';
import { toast } from 'sonner';
import { Card, CardContent } from '../../../components/ui/card';
import { useCreateCompany } from '../../../features/companies/api';
import { CompanyForm, emptyCompanyFormValues } from '../../../features/companies/company-form';
import { useDocumentTitle } from '../../../lib/use-document-title';

export const Route = createFileRoute('/_app/companies/create')({
  component: CreateCompanyPage,
});

function CreateCompanyPage() {
  useDocumentTitle('New company');
  const navigate = useNavigate();
  const createCompany = useCreateCompany();

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
    </div>
  );
}
