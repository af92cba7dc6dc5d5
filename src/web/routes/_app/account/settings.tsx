import { createFileRoute } from '@tanstack/react-router';
import { accountSessionQueryOptions } from '../../../features/account/api';
import { AccountLayout } from '../../../features/account/account-layout';
import {
  AvatarCard,
  DeleteAccountCard,
  EmailCard,
  ProfileCard,
} from '../../../features/account/settings-cards';
import { useDocumentTitle } from '../../../lib/use-document-title';

export const Route = createFileRoute('/_app/account/settings')({
  loader: ({ context: { queryClient } }) =>
    queryClient.ensureQueryData(accountSessionQueryOptions()),
  component: SettingsPage,
});

function SettingsPage() {
  useDocumentTitle('Account settings');
  return (
    <AccountLayout title="Account settings">
      <ProfileCard />
      <AvatarCard />
      <EmailCard />
      <DeleteAccountCard />
    </AccountLayout>
  );
}
