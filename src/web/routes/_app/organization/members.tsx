import { createFileRoute } from '@tanstack/react-router';
import { MembersPage } from '../../../features/organization/members-page';

export const Route = createFileRoute('/_app/organization/members')({
  component: MembersPage,
});
