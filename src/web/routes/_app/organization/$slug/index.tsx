import { createFileRoute, redirect } from '@tanstack/react-router';

/** /organization/$slug itself has no page: members, as for /organization. */
export const Route = createFileRoute('/_app/organization/$slug/')({
  beforeLoad: ({ params: { slug } }) => {
    throw redirect({ to: '/organization/$slug/members', params: { slug }, replace: true });
  },
});
