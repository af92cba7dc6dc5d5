import { createFileRoute } from '@tanstack/react-router';
import { loadTeamsPage, TeamsPage } from '../../../features/organization/teams-page';

export const Route = createFileRoute('/_app/organization/teams')({
  loader: ({ context: { queryClient } }) => loadTeamsPage(queryClient),
  component: TeamsPage,
});
