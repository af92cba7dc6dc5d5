import { keepPreviousData, useQuery, useQueryClient } from '@tanstack/react-query';
import { Plus, Search, SearchX, Users } from 'lucide-react';
import { useEffect, useRef, useState } from 'react';
import { toast } from 'sonner';
import type { Stakeholder } from '../../../contracts/equity';
import {
  RELATIONSHIP_LABELS,
  STAKEHOLDER_RELATIONSHIPS,
  STAKEHOLDER_STATUSES,
  STATUS_LABELS,
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
import { Input } from '../../components/ui/input';
import { Label } from '../../components/ui/label';
import { Select } from '../../components/ui/select';
import { errorMessage, isApiError } from '../../lib/api';
import { invalidateCompany } from '../companies/api';
import { useCan } from '../me/api';
import { trashedToast } from '../trash/api';
import {
  stakeholdersQueryOptions,
  useCreateStakeholder,
  useDeleteStakeholder,
  useUpdateStakeholder,
} from './api';
import { hasFilters, type StakeholdersSearch } from './search';
import {
  changedStakeholderFields,
  emptyStakeholderFormValues,
  StakeholderForm,
  stakeholderToFormValues,
} from './stakeholder-form';
import { StakeholdersSkeleton } from './stakeholders-skeleton';
import { StakeholdersTable } from './stakeholders-table';

/** Debounce for search-as-you-type: one request per pause, not per keystroke. */
const SEARCH_DEBOUNCE_MS = 300;

/** Which dialog is open: a new stakeholder, one being edited, or none. */
type Editing = { mode: 'create' } | { mode: 'edit'; stakeholder: Stakeholder } | null;

function countText(count: number, filtered: boolean): string {
  const noun = count === 1 ? 'stakeholder' : 'stakeholders';
  return filtered ? `${count} ${noun} match` : `${count} ${noun}`;
}

/**
 * The Stakeholders tab (issue 4): the company's people and institutions, searched and filtered
 * through the URL (`?q=&relationship=&status=`), created and edited in a dialog, deleted after
 * confirmation. Actions the role lacks are not shown; the server checks again.
 */
export function StakeholdersPage({
  companyId,
  search,
  onSearchChange,
}: {
  companyId: string;
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

  // The search text updates on every keystroke; the URL (and the request) only after a pause.
  const [text, setText] = useState(search.q ?? '');
  const [lastQ, setLastQ] = useState(search.q);
  if (search.q !== lastQ) {
    // The URL changed (our own update, back button, "Clear filters"): show what it says.
    setLastQ(search.q);
    if ((search.q ?? '') !== text.trim()) setText(search.q ?? '');
  }
  const timer = useRef<number | undefined>(undefined);
  useEffect(() => () => window.clearTimeout(timer.current), []);

  function onSearchInput(value: string) {
    setText(value);
    window.clearTimeout(timer.current);
    timer.current = window.setTimeout(
      () => onSearchChange({ q: value.trim() || undefined }),
      SEARCH_DEBOUNCE_MS,
    );
  }

  function clearFilters() {
    window.clearTimeout(timer.current);
    setText('');
    onSearchChange({ q: undefined, relationship: undefined, status: undefined });
  }

  async function onDelete(stakeholder: Stakeholder) {
    try {
      await deleteStakeholder.mutateAsync(stakeholder);
    } catch (error) {
      // 401 is handled globally (redirect to sign-in with its own toast).
      if (isApiError(error) && error.status === 401) throw error;
      toast.error(errorMessage(error, 'Deleting the stakeholder failed'));
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
      message: `${stakeholder.name} moved to the trash`,
      canRestore,
    });
  }

  const filtered = hasFilters(search);
  const addButton = canCreate ? (
    <Button onClick={() => setEditing({ mode: 'create' })}>
      <Plus aria-hidden="true" />
      Add stakeholder
    </Button>
  ) : null;

  let content;
  if (list.isPending) {
    content = <StakeholdersSkeleton />;
  } else if (list.isError) {
    content = (
      <p role="alert" className="text-sm text-destructive">
        {errorMessage(list.error, 'Stakeholders could not be loaded.')}
      </p>
    );
  } else if (list.data.length === 0 && !filtered) {
    content = (
      <div className="grid justify-items-center gap-3 py-10 text-center">
        <Users className="size-10 text-muted-foreground" aria-hidden="true" />
        <h3 className="text-lg font-semibold">No stakeholders yet</h3>
        <p className="max-w-sm text-sm text-muted-foreground">
          {canCreate
            ? 'Add the founders, employees, investors and STAKs of this company: the shareholders’ register and the plans name them.'
            : 'Stakeholders appear here once someone in your workspace adds them.'}
        </p>
        {addButton}
      </div>
    );
  } else if (list.data.length === 0) {
    content = (
      <div className="grid justify-items-center gap-3 py-10 text-center">
        <SearchX className="size-10 text-muted-foreground" aria-hidden="true" />
        <h3 className="text-lg font-semibold">No stakeholders match</h3>
        <p className="text-sm text-muted-foreground">Try another name or fewer filters.</p>
        <Button variant="outline" onClick={clearFilters}>
          Clear filters
        </Button>
      </div>
    );
  } else {
    content = (
      <StakeholdersTable
        stakeholders={list.data}
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
          <CardTitle>Stakeholders</CardTitle>
          <CardDescription>
            The company's people and institutions: founders, employees, advisors, investors, STAKs.
          </CardDescription>
        </div>
        {list.isSuccess && (list.data.length > 0 || filtered) ? addButton : null}
      </CardHeader>
      <CardContent className="grid gap-4">
        {showFilters ? (
          <div
            role="search"
            aria-label="Stakeholders"
            className="grid gap-3 sm:grid-cols-2 sm:items-end xl:grid-cols-[1fr_11rem_11rem]"
          >
            <div className="grid gap-1.5 sm:col-span-2 xl:col-span-1">
              <Label htmlFor="stakeholder-search">Search</Label>
              <div className="relative">
                <Search
                  className="pointer-events-none absolute top-1/2 left-3 size-4 -translate-y-1/2 text-muted-foreground"
                  aria-hidden="true"
                />
                <Input
                  id="stakeholder-search"
                  type="search"
                  placeholder="Name, e-mail or employee id…"
                  className="pl-9"
                  value={text}
                  onChange={(e) => onSearchInput(e.target.value)}
                  autoComplete="off"
                />
              </div>
            </div>
            <div className="grid gap-1.5">
              <Label htmlFor="stakeholder-relationship">Relationship</Label>
              <Select
                id="stakeholder-relationship"
                value={search.relationship ?? ''}
                onChange={(e) =>
                  onSearchChange({
                    relationship: (e.target.value || undefined) as
                      StakeholderRelationship | undefined,
                  })
                }
              >
                <option value="">All relationships</option>
                {STAKEHOLDER_RELATIONSHIPS.map((value) => (
                  <option key={value} value={value}>
                    {RELATIONSHIP_LABELS[value]}
                  </option>
                ))}
              </Select>
            </div>
            <div className="grid gap-1.5">
              <Label htmlFor="stakeholder-status">Status</Label>
              <Select
                id="stakeholder-status"
                value={search.status ?? ''}
                onChange={(e) =>
                  onSearchChange({
                    status: (e.target.value || undefined) as StakeholderStatus | undefined,
                  })
                }
              >
                <option value="">All statuses</option>
                {STAKEHOLDER_STATUSES.map((value) => (
                  <option key={value} value={value}>
                    {STATUS_LABELS[value]}
                  </option>
                ))}
              </Select>
            </div>
          </div>
        ) : null}

        <div aria-busy={list.isPlaceholderData || undefined} className="grid min-w-0 gap-3">
          {content}
          {list.isSuccess && list.data.length > 0 ? (
            <p className="text-sm text-muted-foreground" aria-live="polite">
              {countText(list.data.length, filtered)}
            </p>
          ) : null}
        </div>
      </CardContent>

      <Dialog open={editing !== null} onOpenChange={(open) => !open && setEditing(null)}>
        {editing ? (
          <DialogContent className="max-h-[calc(100dvh-2rem)] overflow-y-auto sm:max-w-2xl">
            <DialogHeader className="pr-6">
              <DialogTitle>
                {editing.mode === 'create' ? 'Add stakeholder' : `Edit ${editing.stakeholder.name}`}
              </DialogTitle>
              <DialogDescription>
                Name and relationship are required; everything else is optional.
              </DialogDescription>
            </DialogHeader>
            {editing.mode === 'create' ? (
              <StakeholderForm
                defaultValues={emptyStakeholderFormValues}
                submitLabel="Add stakeholder"
                onSubmit={async (values) => {
                  const created = await createStakeholder.mutateAsync(values);
                  toast.success(`${created.name} added`);
                  setEditing(null);
                }}
              />
            ) : (
              <StakeholderForm
                key={editing.stakeholder.id}
                defaultValues={stakeholderToFormValues(editing.stakeholder)}
                submitLabel="Save changes"
                onSubmit={async (values) => {
                  const changes = changedStakeholderFields(editing.stakeholder, values);
                  if (Object.keys(changes).length === 0) {
                    toast.info('No changes to save');
                    setEditing(null);
                    return;
                  }
                  await updateStakeholder.mutateAsync({ id: editing.stakeholder.id, changes });
                  toast.success('Stakeholder updated');
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
