import { createFileRoute } from '@tanstack/react-router';
import { AccountLayout } from '../../../features/account/account-layout';
import { ApiKeysCard } from '../../../features/account/api-keys-card';
import { useDocumentTitle } from '../../../lib/use-document-title';

export const Route = createFileRoute('/_app/account/api-keys')({
  component: ApiKeysPage,
});

function ApiKeysPage() {
  useDocumentTitle('API keys');
  return (
    <AccountLayout title="API keys">
      <ApiKeysCard />
    </AccountLayout>
  );
}
