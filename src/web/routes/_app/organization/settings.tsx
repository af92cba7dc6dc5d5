import { createFileRoute } from '@tanstack/react-router';
import { OrganizationSettingsPage } from '../../../features/organization/settings-page';

export const Route = createFileRoute('/_app/organization/settings')({
  component: OrganizationSettingsPage,
});
