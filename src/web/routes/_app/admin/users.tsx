import { useQuery } from '@tanstack/react-query';
import { createFileRoute } from '@tanstack/react-router';
import { ChevronLeft, ChevronRight, Search, UserX } from 'lucide-react';
import { useEffect, useId, useState } from 'react';
import { Avatar } from '../../../components/ui/avatar';
import { Badge } from '../../../components/ui/badge';
import { Button } from '../../../components/ui/button';
import { Card, CardContent } from '../../../components/ui/card';
import { Input } from '../../../components/ui/input';
import { Label } from '../../../components/ui/label';
import { Skeleton } from '../../../components/ui/skeleton';
import {
  Table,
  TableBody,
  TableCell,
  TableHead,
  TableHeader,
  TableRow,
} from '../../../components/ui/table';
import { ADMIN_USERS_PAGE_SIZE, adminUsersQueryOptions } from '../../../features/admin/api';
import { ManageUserDialog } from '../../../features/admin/manage-user-dialog';
import { sessionQueryOptions } from '../../../features/auth/session';
import { formatDate } from '../../../lib/format';
import { t } from '../../../lib/i18n';
import { useDocumentTitle } from '../../../lib/use-document-title';

export const Route = createFileRoute('/_app/admin/users')({
  component: AdminUsersPage,
});

const SEARCH_DEBOUNCE_MS = 300;

function AdminUsersPage() {
  useDocumentTitle(t('admin.users.title'));
  const [typed, setTyped] = useState('');
  const [search, setSearch] = useState('');
  const [page, setPage] = useState(0);
  const searchId = useId();
  const { data: session } = useQuery(sessionQueryOptions());
  const users = useQuery(adminUsersQueryOptions(search, page));

  useEffect(() => {
    const timer = setTimeout(() => {
      setSearch(typed.trim());
      setPage(0);
    }, SEARCH_DEBOUNCE_MS);
    return () => clearTimeout(timer);
  }, [typed]);

  const total = users.data?.total ?? 0;
  const pageCount = Math.max(1, Math.ceil(total / ADMIN_USERS_PAGE_SIZE));

  return (
    <div className="grid gap-6">
      <div className="grid gap-1">
        <h1 className="text-2xl font-semibold tracking-tight">{t('admin.users.title')}</h1>
        <p className="text-sm text-muted-foreground">{t('admin.users.description')}</p>
      </div>
      <div className="grid max-w-md gap-1.5">
        <Label htmlFor={searchId}>{t('admin.users.search')}</Label>
        <div className="relative">
          <Search
            className="pointer-events-none absolute top-1/2 left-3 size-4 -translate-y-1/2 text-muted-foreground"
            aria-hidden="true"
          />
          <Input
            id={searchId}
            type="search"
            className="pl-9"
            value={typed}
            onChange={(event) => setTyped(event.target.value)}
          />
        </div>
      </div>
      {users.isPending ? (
        <Skeleton className="h-64 w-full" />
      ) : users.isError ? (
        <Card>
          <CardContent className="pt-6 text-sm text-destructive">{users.error.message}</CardContent>
        </Card>
      ) : users.data.users.length === 0 ? (
        <Card>
          <CardContent className="flex items-center gap-3 pt-6 text-sm text-muted-foreground">
            <UserX className="size-5" aria-hidden="true" />
            {search ? t('admin.users.noMatch', { search }) : t('admin.users.empty')}
          </CardContent>
        </Card>
      ) : (
        <>
          <Table aria-label={t('admin.users.title')} aria-busy={users.isFetching || undefined}>
            <TableHeader>
              <TableRow>
                <TableHead>{t('admin.users.column.user')}</TableHead>
                <TableHead>{t('admin.users.column.status')}</TableHead>
                <TableHead className="hidden md:table-cell">
                  {t('admin.users.column.joined')}
                </TableHead>
                <TableHead className="text-right">
                  <span className="sr-only">{t('admin.users.column.actions')}</span>
                </TableHead>
              </TableRow>
            </TableHeader>
            <TableBody>
              {users.data.users.map((user) => (
                <TableRow key={user.id}>
                  <TableCell>
                    <div className="flex items-center gap-2">
                      <Avatar name={user.name} image={user.image} size={32} />
                      <div className="grid min-w-0">
                        <span className="truncate font-medium">{user.name}</span>
                        <span className="truncate text-xs text-muted-foreground">{user.email}</span>
                      </div>
                    </div>
                  </TableCell>
                  <TableCell>
                    <div className="flex flex-wrap gap-1">
                      {user.role?.split(',').includes('admin') ? (
                        <Badge variant="default">{t('admin.users.badge.admin')}</Badge>
                      ) : null}
                      {user.banned ? (
                        <Badge variant="destructive">{t('admin.users.badge.banned')}</Badge>
                      ) : null}
                      {user.emailVerified ? null : (
                        <Badge variant="outline">{t('admin.users.badge.unverified')}</Badge>
                      )}
                    </div>
                  </TableCell>
                  <TableCell className="hidden text-muted-foreground md:table-cell">
                    {formatDate(new Date(user.createdAt).toISOString())}
                  </TableCell>
                  <TableCell className="text-right">
                    <ManageUserDialog user={user} isSelf={user.id === session?.user.id} />
                  </TableCell>
                </TableRow>
              ))}
            </TableBody>
          </Table>
          <nav
            aria-label={t('admin.users.pages')}
            className="flex items-center justify-between gap-2 text-sm"
          >
            <span className="text-muted-foreground">
              {t('admin.users.count', { count: total, page: page + 1, pages: pageCount })}
            </span>
            <div className="flex gap-2">
              <Button
                variant="outline"
                size="sm"
                disabled={page === 0}
                onClick={() => setPage((p) => Math.max(0, p - 1))}
              >
                <ChevronLeft aria-hidden="true" />
                {t('admin.users.previous')}
              </Button>
              <Button
                variant="outline"
                size="sm"
                disabled={page + 1 >= pageCount}
                onClick={() => setPage((p) => p + 1)}
              >
                {t('admin.users.next')}
                <ChevronRight aria-hidden="true" />
              </Button>
            </div>
          </nav>
        </>
      )}
    </div>
  );
}
