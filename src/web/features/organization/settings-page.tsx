import { useSuspenseQuery } from '@tanstack/react-query';
import { Lock } from 'lucide-react';
import {
  Card,
  CardContent,
  CardDescription,
  CardHeader,
  CardTitle,
} from '../../components/ui/card';
import {
  fullOrganizationQueryOptions,
  organizationKeys,
  unwrap,
  useOrganizationAccess,
} from './api';
import { fullAuthClient } from '../auth/auth-client-full';
import { DeleteOrganizationCard } from './delete-organization-card';
import { OrganizationForm } from './organization-form';
import type { OrganizationFormValues } from './schemas';
import { useAuthMutation } from './use-auth-mutation';
import { t } from '../../lib/i18n';
import { useDocumentTitle } from '../../lib/use-document-title';

export function OrganizationSettingsPage() {
  useDocumentTitle(t('workspace.settings.documentTitle'));
  const access = useOrganizationAccess();
  const { organizationId } = access;
  const { data: organization } = useSuspenseQuery(fullOrganizationQueryOptions(organizationId));
  const canUpdate = access.can('organization', 'update');
  const update = useAuthMutation({
    mutationFn: (values: OrganizationFormValues) =>
      unwrap(
        fullAuthClient.organization.update({
          organizationId,
          data: { name: values.name, slug: values.slug, logo: values.logo ?? '' },
        }),
      ),
    invalidate: () => [organizationKeys.workspace(organizationId), organizationKeys.list()],
    successMessage: t('workspace.settings.toast.updated'),
  });

  return (
    <div className="grid gap-6">
      <Card>
        <CardHeader>
          <CardTitle>{t('workspace.settings.title')}</CardTitle>
          <CardDescription>{t('workspace.settings.description')}</CardDescription>
        </CardHeader>
        <CardContent className="grid gap-4">
          {canUpdate ? null : (
            <p className="flex items-center gap-2 text-sm text-muted-foreground">
              <Lock className="size-4" aria-hidden="true" />
              {t('workspace.settings.readOnly')}
            </p>
          )}
          <OrganizationForm
            key={organization.id}
            readOnly={!canUpdate}
            defaultValues={{
              name: organization.name,
              slug: organization.slug,
              logo: organization.logo || null,
            }}
            submitLabel={t('workspace.saveChanges')}
            onSubmit={(values) => update.mutateAsync(values)}
          />
        </CardContent>
      </Card>
      {access.can('organization', 'delete') ? (
        <DeleteOrganizationCard organization={organization} />
      ) : null}
    </div>
  );
}
