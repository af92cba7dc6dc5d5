import { createFileRoute, redirect } from '@tanstack/react-router';

/** /organization itself has no page: members is where people usually go. */
export const Route = createFileRoute('/_app/organization/')({
  beforeLoad: () => {
    throw redirect({ to: '/organization/members', replace: true });
  },
});
