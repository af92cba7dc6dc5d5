import { createFileRoute } from '@tanstack/react-router';
import { AccountLayout } from '../../../features/account/account-layout';
import { accountSessionQueryOptions } from '../../../features/account/api';
import {
  DeviceSessionsCard,
  PasskeysCard,
  PasswordCard,
  PhoneCard,
  SessionsCard,
} from '../../../features/account/security-cards';
import { TwoFactorCard } from '../../../features/account/two-factor-card';
import { t } from '../../../lib/i18n';
import { useDocumentTitle } from '../../../lib/use-document-title';

export const Route = createFileRoute('/_app/account/security')({
  loader: ({ context: { queryClient } }) =>
    queryClient.ensureQueryData(accountSessionQueryOptions()),
  component: SecurityPage,
});

function SecurityPage() {
  useDocumentTitle(t('account.security.title'));
  return (
    <AccountLayout title={t('account.security.title')}>
      <PasswordCard />
      <TwoFactorCard />
      <PhoneCard />
      <PasskeysCard />
      <SessionsCard />
      <DeviceSessionsCard />
    </AccountLayout>
  );
}
