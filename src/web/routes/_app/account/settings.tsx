import { createFileRoute } from '@tanstack/react-router';
import { accountSessionQueryOptions } from '../../../features/account/api';
import { AccountLayout } from '../../../features/account/account-layout';
import { LanguageCard } from '../../../features/account/language-card';
import {
  calendarFeedsQueryOptions,
  reminderSettingsQueryOptions,
} from '../../../features/reminders/api';
import { CalendarFeedsCard, DigestCard } from '../../../features/reminders/reminders-cards';
import {
  AvatarCard,
  DeleteAccountCard,
  DeletionLinkAlert,
  EmailCard,
  ProfileCard,
} from '../../../features/account/settings-cards';
import { optionalString } from '../../../lib/search-params';
import { t } from '../../../lib/i18n';
import { useDocumentTitle } from '../../../lib/use-document-title';

export const Route = createFileRoute('/_app/account/settings')({
  // Where a failed account-deletion link lands (src/server/auth/delete-account-link.ts).
  validateSearch: (search: Record<string, unknown>): { deleteAccountError?: string } => ({
    deleteAccountError: optionalString(search.deleteAccountError),
  }),
  loader: ({ context: { queryClient } }) =>
    Promise.all([
      queryClient.ensureQueryData(accountSessionQueryOptions()),
      // Reminders (issue 15): the daily digest and the calendar feeds.
      queryClient.ensureQueryData(reminderSettingsQueryOptions()),
      queryClient.ensureQueryData(calendarFeedsQueryOptions()),
    ]),
  component: SettingsPage,
});

function SettingsPage() {
  useDocumentTitle(t('account.settings.title'));
  const { deleteAccountError } = Route.useSearch();
  const navigate = Route.useNavigate();
  return (
    <AccountLayout title={t('account.settings.title')}>
      {deleteAccountError ? <DeletionLinkAlert code={deleteAccountError} /> : null}
      <ProfileCard />
      <AvatarCard />
      <EmailCard />
      <LanguageCard />
      <DigestCard />
      <CalendarFeedsCard />
      <DeleteAccountCard
        // A new mail is on its way: the explanation of the failed link is history.
        onRequested={() => void navigate({ search: {}, replace: true })}
      />
    </AccountLayout>
  );
}
