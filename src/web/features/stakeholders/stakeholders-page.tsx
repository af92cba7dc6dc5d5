import { keepPreviousData, useQuery, useQueryClient } from '@tanstack/react-query';
import { Plus, SearchX, Users } from 'lucide-react';
import { useState } from 'react';
import { toast } from '../../lib/toast';
import type { Stakeholder } from '../../../contracts/equity';
import {
  STAKEHOLDER_RELATIONSHIPS,
  STAKEHOLDER_STATUSES,
  type StakeholderRelationship,
  type StakeholderStatus,
} from '../../../domain/equity';
import { Button } from '../../components/ui/button';
import {
  Card,
  CardContent,
  CardDescription,
  CardHeader,
  CardTitle,
} from '../../components/ui/card';
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogHeader,
  DialogTitle,
} from '../../components/ui/dialog';
import { Label } from '../../components/ui/label';
import { useTableSort } from '../../components/ui/data-table';
import { Pager } from '../../components/ui/pager';
import { SearchInput } from '../../components/ui/search-input';
import { Select } from '../../components/ui/select';
import { errorMessage, isApiError } from '../../lib/api';
import { t } from '../../lib/i18n';
import { pageOf } from '../../lib/paging';
import type { SortState } from '../../lib/sort';
import { invalidateCompany } from '../companies/api';
import { useCan } from '../me/api';
import { trashedToast } from '../trash/api';
import {
  stakeholdersQueryOptions,
  useCreateStakeholder,
  useDeleteStakeholder,
  useUpdateStakeholder,
} from './api';
import { RELATIONSHIP_LABELS, STAKEHOLDER_STATUS_LABELS } from './fields';
import { hasFilters, type StakeholdersSearch } from './search';
import {
  changedStakeholderFields,
  newStakeholderFormValues,
  StakeholderForm,
  stakeholderToFormValues,
} from './stakeholder-form';
import { StakeholdersSkeleton } from './stakeholders-skeleton';
import { stakeholderSortColumns, StakeholdersTable } from './stakeholders-table';

/** The API lists stakeholders by name: the table's order until a header is pressed. */
const DEFAULT_SORT: SortState = { column: 'name', direction: 'ascending' };

const NONE: readonly Stakeholder[] = [];

/** Which dialog is open: a new stakeholder, one being edited, or none. */
type Editing = { mode: 'create' } | { mode: 'edit'; stakeholder: Stakeholder } | null;

function countText(count: number, filtered: boolean): string {
  return filtered
    ? t('stakeholders.count.matching', { count })
    : t('stakeholders.count.all', { count });
}

/**
 * The Stakeholders tab (issue 4): the company's people and institutions, searched and filtered
 * through the URL (`?q=&relationship=&status=` by the API, `?sort=&page=` in the browser, 50 a
 * page like the grants), created and edited in a dialog, deleted after confirmation. Actions the role lacks are not shown; the server checks again.
 */
export function StakeholdersPage({
  companyId,
  companyCountry,
  search,
  onSearchChange,
}: {
  companyId: string;
  /** New stakeholders default to it for address and tax residence. */
  companyCountry: string;
  search: StakeholdersSearch;
  onSearchChange: (next: Partial<StakeholdersSearch>) => void;
}) {
  const list = useQuery({
    ...stakeholdersQueryOptions(companyId, search),
    // While a new filter loads, keep showing the last list instead of a skeleton.
    placeholderData: keepPreviousData,
  });
  const queryClient = useQueryClient();
  const createStakeholder = useCreateStakeholder(companyId);
  const updateStakeholder = useUpdateStakeholder(companyId);
  const deleteStakeholder = useDeleteStakeholder(companyId);
  const canCreate = useCan('stakeholder', 'create');
  const canUpdate = useCan('stakeholder', 'update');
  const canDelete = useCan('stakeholder', 'delete');
  const canRestore = useCan('trash', 'update');
  const [editing, setEditing] = useState<Editing>(null);

  function clearFilters() {
    onSearchChange({ q: undefined, relationship: undefined, status: undefined, page: undefined });
  }

  // The API filters; the order and the pages are the table's, over every row it answered.
  const { rows, sort, paramAfterClick } = useTableSort(
    list.data ?? NONE,
    stakeholderSortColumns,
    search.sort,
    DEFAULT_SORT,
  );
  const paging = pageOf(search.page, rows.length);

  async function onDelete(stakeholder: Stakeholder) {
    try {
      await deleteStakeholder.mutateAsync(stakeholder);
    } catch (error) {
      // 401 is handled globally (redirect to sign-in with its own toast).
      if (isApiError(error) && error.status === 401) throw error;
      toast.error(errorMessage(error, t('stakeholders.delete.failed')));
      // Still in use (409) or already gone (404): retrying cannot help, so the dialog closes.
      if (isApiError(error) && (error.status === 409 || error.status === 404)) {
        if (error.status === 404) void invalidateCompany(queryClient, companyId);
        return;
      }
      throw error;
    }
    trashedToast(queryClient, {
      kind: 'stakeholder',
      id: stakeholder.id,
      message: t('stakeholders.toast.trashed', { name: stakeholder.name }),
      canRestore,
    });
  }

  const filtered = hasFilters(search);
  const addButton = canCreate ? (
    <Button onClick={() => setEditing({ mode: 'create' })}>
      <Plus aria-hidden="true" />
      {t('stakeholders.add')}
    </Button>
  ) : null;

  let content;
  if (list.isPending) {
    content = <StakeholdersSkeleton />;
  } else if (list.isError) {
    content = (
      <p role="alert" className="text-sm text-destructive">
        {errorMessage(list.error, t('stakeholders.loadFailed'))}
      </p>
    );
  } else if (list.data.length === 0 && !filtered) {
    content = (
      <div className="grid justify-items-center gap-3 py-10 text-center">
        <Users className="size-10 text-muted-foreground" aria-hidden="true" />
        <h3 className="text-lg font-semibold">{t('stakeholders.empty.title')}</h3>
        <p className="max-w-sm text-sm text-muted-foreground">
          {canCreate ? t('stakeholders.empty.canCreate') : t('stakeholders.empty.readOnly')}
        </p>
        {addButton}
      </div>
    );
  } else if (list.data.length === 0) {
    content = (
      <div className="grid justify-items-center gap-3 py-10 text-center">
        <SearchX className="size-10 text-muted-foreground" aria-hidden="true" />
        <h3 className="text-lg font-semibold">{t('stakeholders.noMatch.title')}</h3>
        <p className="text-sm text-muted-foreground">{t('stakeholders.noMatch.hint')}</p>
        <Button variant="outline" onClick={clearFilters}>
          {t('stakeholders.clearFilters')}
        </Button>
      </div>
    );
  } else {
    content = (
      <StakeholdersTable
        stakeholders={rows.slice(paging.from, paging.to)}
        sort={sort}
        onSort={(column) => onSearchChange({ sort: paramAfterClick(column), page: undefined })}
        canUpdate={canUpdate}
        canDelete={canDelete}
        onEdit={(stakeholder) => setEditing({ mode: 'edit', stakeholder })}
        onDelete={onDelete}
      />
    );
  }

  // Filters stay visible whenever there is something to filter (or a filter is on).
  const showFilters = filtered || (list.isSuccess && list.data.length > 0);

  return (
    // min-w-0: a grid item; a wide table must scroll inside, not widen the page.
    <Card className="min-w-0">
      <CardHeader className="flex-row flex-wrap items-start justify-between gap-4">
        <div className="grid gap-1.5">
          <CardTitle>{t('stakeholders.title')}</CardTitle>
          <CardDescription>{t('stakeholders.description')}</CardDescription>
        </div>
        {list.isSuccess && (list.data.length > 0 || filtered) ? addButton : null}
      </CardHeader>
      <CardContent className="grid gap-4">
        {showFilters ? (
          <div
            role="search"
            aria-label={t('stakeholders.table.label')}
            className="grid gap-3 sm:grid-cols-2 sm:items-end xl:grid-cols-[1fr_11rem_11rem]"
          >
            <SearchInput
              id="stakeholder-search"
              className="sm:col-span-2 xl:col-span-1"
              label={t('stakeholders.filters.search')}
              placeholder={t('stakeholders.table.searchPlaceholder')}
              value={search.q}
              onChange={(q) => onSearchChange({ q, page: undefined })}
            />
            <div className="grid gap-1.5">
              <Label htmlFor="stakeholder-relationship">
                {t('stakeholders.field.relationship')}
              </Label>
              <Select
                id="stakeholder-relationship"
                value={search.relationship ?? ''}
                onChange={(e) =>
                  onSearchChange({
                    relationship: (e.target.value || undefined) as
                      StakeholderRelationship | undefined,
                    page: undefined,
                  })
                }
              >
                <option value="">{t('stakeholders.filters.allRelationships')}</option>
                {STAKEHOLDER_RELATIONSHIPS.map((value) => (
                  <option key={value} value={value}>
                    {t(RELATIONSHIP_LABELS[value])}
                  </option>
                ))}
              </Select>
            </div>
            <div className="grid gap-1.5">
              <Label htmlFor="stakeholder-status">{t('stakeholders.field.status')}</Label>
              <Select
                id="stakeholder-status"
                value={search.status ?? ''}
                onChange={(e) =>
                  onSearchChange({
                    status: (e.target.value || undefined) as StakeholderStatus | undefined,
                    page: undefined,
                  })
                }
              >
                <option value="">{t('stakeholders.filters.allStatuses')}</option>
                {STAKEHOLDER_STATUSES.map((value) => (
                  <option key={value} value={value}>
                    {t(STAKEHOLDER_STATUS_LABELS[value])}
                  </option>
                ))}
              </Select>
            </div>
          </div>
        ) : null}

        <div aria-busy={list.isPlaceholderData || undefined} className="grid min-w-0 gap-3">
          {content}
          {list.isSuccess && list.data.length > 0 ? (
            <div className="grid gap-2">
              <p className="text-sm text-muted-foreground" aria-live="polite">
                {countText(list.data.length, filtered)}
              </p>
              {paging.pageCount > 1 ? (
                <Pager
                  label={t('stakeholders.table.pages')}
                  {...paging}
                  total={rows.length}
                  onPage={(page) => onSearchChange({ page: page > 1 ? page : undefined })}
                />
              ) : null}
            </div>
          ) : null}
        </div>
      </CardContent>

      <Dialog open={editing !== null} onOpenChange={(open) => !open && setEditing(null)}>
        {editing ? (
          <DialogContent className="max-h-[calc(100dvh-2rem)] overflow-y-auto sm:max-w-2xl">
            <DialogHeader className="pr-6">
              <DialogTitle>
                {editing.mode === 'create'
                  ? t('stakeholders.add')
                  : t('stakeholders.editNamed', { name: editing.stakeholder.name })}
              </DialogTitle>
              <DialogDescription>{t('stakeholders.form.required')}</DialogDescription>
            </DialogHeader>
            {editing.mode === 'create' ? (
              <StakeholderForm
                defaultValues={newStakeholderFormValues(companyCountry)}
                submitLabel={t('stakeholders.add')}
                onSubmit={async (values) => {
                  const created = await createStakeholder.mutateAsync(values);
                  toast.success(t('stakeholders.toast.added', { name: created.name }));
                  setEditing(null);
                }}
              />
            ) : (
              <StakeholderForm
                key={editing.stakeholder.id}
                defaultValues={stakeholderToFormValues(editing.stakeholder)}
                submitLabel={t('stakeholders.saveChanges')}
                onSubmit={async (values) => {
                  const changes = changedStakeholderFields(editing.stakeholder, values);
                  if (Object.keys(changes).length === 0) {
                    toast.info(t('stakeholders.toast.noChanges'));
                    setEditing(null);
                    return;
                  }
                  await updateStakeholder.mutateAsync({ id: editing.stakeholder.id, changes });
                  toast.success(t('stakeholders.toast.updated'));
                  setEditing(null);
                }}
              />
            )}
          </DialogContent>
        ) : null}
      </Dialog>
    </Card>
  );
}
