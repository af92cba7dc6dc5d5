import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import { fullAuthClient } from '../auth/auth-client-full';
import { unwrap } from '../organization/api';

/** Rows per page of the admin user list. */
export const ADMIN_USERS_PAGE_SIZE = 20;

// The key hierarchy lives here only (user data: dropped at sign-out and on impersonation).
const adminKeys = {
  all: ['admin'] as const,
  users: () => [...adminKeys.all, 'users'] as const,
  userList: (search: string, page: number) => [...adminKeys.users(), { search, page }] as const,
};

export { adminKeys };

/** One page of users, searched by e-mail (contains), oldest first. */
export function adminUsersQueryOptions(search: string, page: number) {
  return queryOptions({
    queryKey: adminKeys.userList(search, page),
    queryFn: async () => {
      const data = await unwrap(
        fullAuthClient.admin.listUsers({
          query: {
            ...(search
              ? { searchValue: search, searchField: 'email', searchOperator: 'contains' }
              : {}),
            limit: ADMIN_USERS_PAGE_SIZE,
            offset: page * ADMIN_USERS_PAGE_SIZE,
            sortBy: 'createdAt',
            sortDirection: 'asc',
          },
        }),
      );
      return data ?? { users: [], total: 0 };
    },
    placeholderData: keepPreviousData,
  });
}

export type AdminUserList = NonNullable<
  Awaited<ReturnType<typeof fullAuthClient.admin.listUsers>>['data']
>;
export type AdminUser = AdminUserList['users'][number];
