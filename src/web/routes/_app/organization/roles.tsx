import { createFileRoute } from '@tanstack/react-router';
import { loadRolesPage, RolesPage } from '../../../features/organization/roles-page';

export const Route = createFileRoute('/_app/organization/roles')({
  loader: ({ context: { queryClient } }) => loadRolesPage(queryClient),
  component: RolesPage,
});
