import { createFileRoute } from '@tanstack/react-router';
import { AccountLayout } from '../../../features/account/account-layout';
import { ApiKeysCard } from '../../../features/account/api-keys-card';
import { t } from '../../../lib/i18n';
import { useDocumentTitle } from '../../../lib/use-document-title';

export const Route = createFileRoute('/_app/account/api-keys')({
  component: ApiKeysPage,
});

function ApiKeysPage() {
  useDocumentTitle(t('account.tab.apiKeys'));
  return (
    <AccountLayout title={t('account.tab.apiKeys')}>
      <ApiKeysCard />
    </AccountLayout>
  );
}
