import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Contact as ContactIcon, Pencil, Plus, Star, Trash2 } from 'lucide-react';
import { useState } from 'react';
import type { Contact } from '../../../contracts/contacts';
import { Badge } from '../../components/ui/badge';
import { Button } from '../../components/ui/button';
import {
  Card,
  CardContent,
  CardDescription,
  CardHeader,
  CardTitle,
} from '../../components/ui/card';
import { ConfirmAction } from '../../components/ui/confirm-action';
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogHeader,
  DialogTitle,
} from '../../components/ui/dialog';
import {
  Table,
  TableBody,
  TableCell,
  TableHead,
  TableHeader,
  TableRow,
} from '../../components/ui/table';
import { errorMessage, isApiError } from '../../lib/api';
import { languageName, t } from '../../lib/i18n';
import { toast } from '../../lib/toast';
import { useDocumentTitle } from '../../lib/use-document-title';
import { invalidateCompany } from '../companies/api';
import { useCan } from '../me/api';
import { stakeholdersQueryOptions } from '../stakeholders/api';
import { contactsQueryOptions, useCreateContact, useDeleteContact, useUpdateContact } from './api';
import {
  changedContactFields,
  ContactForm,
  contactToFormValues,
  emptyContactFormValues,
} from './contact-form';
import { contactFunctionLabel } from './labels';
import { EmptyState } from '../cap-table/section';
import { LoadingSkeleton } from '../../components/loading-skeleton';

type Editing = { mode: 'create' } | { mode: 'edit'; contact: Contact } | null;

function Empty() {
  return <span className="text-muted-foreground">—</span>;
}

function PrimaryBadge() {
  return (
    <Badge variant="default" className="gap-1">
      <Star className="size-3" aria-hidden="true" />
      {t('contacts.primary')}
    </Badge>
  );
}

/** Make primary, edit and delete of one contact, named after it for screen readers. */
function RowActions({
  contact,
  canUpdate,
  canDelete,
  onEdit,
  onMakePrimary,
  onDelete,
}: {
  contact: Contact;
  canUpdate: boolean;
  canDelete: boolean;
  onEdit: (contact: Contact) => void;
  onMakePrimary: (contact: Contact) => void;
  onDelete: (contact: Contact) => Promise<void>;
}) {
  return (
    <div className="flex justify-end gap-1">
      {canUpdate && !contact.primary ? (
        <Button
          variant="ghost"
          size="icon"
          className="size-7"
          aria-label={t('contacts.makePrimaryNamed', { name: contact.name })}
          title={t('contacts.makePrimary')}
          onClick={() => onMakePrimary(contact)}
        >
          <Star aria-hidden="true" />
        </Button>
      ) : null}
      {canUpdate ? (
        <Button
          variant="ghost"
          size="icon"
          className="size-7"
          aria-label={t('contacts.editNamed', { name: contact.name })}
          title={t('contacts.edit')}
          onClick={() => onEdit(contact)}
        >
          <Pencil aria-hidden="true" />
        </Button>
      ) : null}
      {canDelete ? (
        <ConfirmAction
          trigger={
            <Button
              variant="ghost"
              size="icon"
              className="size-7 text-destructive hover:text-destructive"
              aria-label={t('contacts.deleteNamed', { name: contact.name })}
              title={t('contacts.delete')}
            >
              <Trash2 aria-hidden="true" />
            </Button>
          }
          title={t('contacts.delete.title', { name: contact.name })}
          description={t('contacts.delete.description')}
          confirmLabel={t('contacts.delete.confirm')}
          onConfirm={() => onDelete(contact)}
        />
      ) : null}
    </div>
  );
}

/**
 * The Contacts tab (issue 15): the people the firm deals with at the company, the primary one
 * first; added and edited in a dialog, made primary in one click, deleted after confirmation.
 * Actions the role lacks are not shown; the server checks again.
 */
export function ContactsPage({
  companyId,
  companyName,
}: {
  companyId: string;
  companyName: string;
}) {
  useDocumentTitle(t('contacts.documentTitle', { company: companyName }));
  const list = useQuery(contactsQueryOptions(companyId));
  const canReadStakeholders = useCan('stakeholder', 'read');
  const stakeholders = useQuery({
    ...stakeholdersQueryOptions(companyId, {}),
    enabled: canReadStakeholders,
  });
  const queryClient = useQueryClient();
  const createContact = useCreateContact(companyId);
  const updateContact = useUpdateContact(companyId);
  const deleteContact = useDeleteContact(companyId);
  const canCreate = useCan('contact', 'create');
  const canUpdate = useCan('contact', 'update');
  const canDelete = useCan('contact', 'delete');
  const [editing, setEditing] = useState<Editing>(null);
  const stakeholderOptions = (stakeholders.data ?? []).map((s) => ({ id: s.id, name: s.name }));

  async function onDelete(contact: Contact) {
    try {
      await deleteContact.mutateAsync(contact);
      toast.success(t('contacts.toast.deleted', { name: contact.name }));
    } catch (error) {
      if (isApiError(error) && error.status === 401) throw error;
      toast.error(errorMessage(error, t('contacts.delete.failed')));
      if (isApiError(error) && error.status === 404) {
        void invalidateCompany(queryClient, companyId);
        return;
      }
      throw error;
    }
  }

  async function onMakePrimary(contact: Contact) {
    try {
      await updateContact.mutateAsync({ id: contact.id, changes: { primary: true } });
      toast.success(t('contacts.toast.primary', { name: contact.name }));
    } catch (error) {
      if (!(isApiError(error) && error.status === 401))
        toast.error(errorMessage(error, t('contacts.form.saveFailed')));
    }
  }

  const addButton = canCreate ? (
    <Button onClick={() => setEditing({ mode: 'create' })}>
      <Plus aria-hidden="true" />
      {t('contacts.add')}
    </Button>
  ) : null;
  const actions = {
    canUpdate,
    canDelete,
    onEdit: (c: Contact) => setEditing({ mode: 'edit', contact: c }),
    onMakePrimary: (c: Contact) => void onMakePrimary(c),
    onDelete,
  };

  let content;
  if (list.isPending) {
    content = (
      <LoadingSkeleton
        label={t('contacts.loading')}
        bars={['h-8 w-full', 'h-8 w-full', 'h-8 w-full']}
      />
    );
  } else if (list.isError) {
    content = (
      <p role="alert" className="text-sm text-destructive">
        {errorMessage(list.error, t('contacts.loadFailed'))}
      </p>
    );
  } else if (list.data.length === 0) {
    content = (
      <EmptyState icon={ContactIcon} title={t('contacts.empty.title')} action={addButton}>
        {canCreate ? t('contacts.empty.canCreate') : t('contacts.empty.readOnly')}
      </EmptyState>
    );
  } else {
    const hasActions = canUpdate || canDelete;
    content = (
      <>
        <div className="hidden min-w-0 md:block">
          <Table aria-label={t('contacts.table.label')}>
            <TableHeader>
              <TableRow>
                <TableHead>{t('contacts.field.name')}</TableHead>
                <TableHead>{t('contacts.field.function')}</TableHead>
                <TableHead>{t('contacts.field.email')}</TableHead>
                <TableHead>{t('contacts.field.phone')}</TableHead>
                <TableHead>{t('contacts.field.language')}</TableHead>
                <TableHead>{t('contacts.table.stakeholder')}</TableHead>
                {hasActions ? (
                  <TableHead>
                    <span className="sr-only">{t('tables.actions')}</span>
                  </TableHead>
                ) : null}
              </TableRow>
            </TableHeader>
            <TableBody>
              {list.data.map((c) => (
                <TableRow key={c.id}>
                  <TableCell>
                    <span className="flex flex-wrap items-center gap-2 font-medium">
                      {c.name}
                      {c.primary ? <PrimaryBadge /> : null}
                    </span>
                  </TableCell>
                  <TableCell>{c.function ? contactFunctionLabel(c.function) : <Empty />}</TableCell>
                  <TableCell>
                    {c.email ? (
                      <a className="underline-offset-4 hover:underline" href={`mailto:${c.email}`}>
                        {c.email}
                      </a>
                    ) : (
                      <Empty />
                    )}
                  </TableCell>
                  <TableCell>
                    {c.phone ? (
                      <a
                        className="underline-offset-4 hover:underline"
                        href={`tel:${c.phone.replace(/\s+/g, '')}`}
                      >
                        {c.phone}
                      </a>
                    ) : (
                      <Empty />
                    )}
                  </TableCell>
                  <TableCell>{c.language ? languageName(c.language) : <Empty />}</TableCell>
                  <TableCell>{c.stakeholderName ?? <Empty />}</TableCell>
                  {hasActions ? (
                    <TableCell className="w-0 py-0.5 text-right">
                      <RowActions contact={c} {...actions} />
                    </TableCell>
                  ) : null}
                </TableRow>
              ))}
            </TableBody>
          </Table>
        </div>
        <ul aria-label={t('contacts.table.label')} className="grid min-w-0 gap-2 md:hidden">
          {list.data.map((c) => (
            <li key={c.id} className="grid gap-1 rounded-lg border bg-card p-3 text-sm">
              <div className="flex items-start justify-between gap-2">
                <p className="flex flex-wrap items-center gap-2 font-medium">
                  {c.name}
                  {c.primary ? <PrimaryBadge /> : null}
                </p>
                {hasActions ? <RowActions contact={c} {...actions} /> : null}
              </div>
              <p className="text-muted-foreground">
                {[
                  contactFunctionLabel(c.function),
                  c.language ? languageName(c.language) : '',
                  c.stakeholderName ?? '',
                ]
                  .filter(Boolean)
                  .join(' · ')}
              </p>
              {c.email ? <a href={`mailto:${c.email}`}>{c.email}</a> : null}
              {c.phone ? <a href={`tel:${c.phone.replace(/\s+/g, '')}`}>{c.phone}</a> : null}
            </li>
          ))}
        </ul>
      </>
    );
  }

  return (
    <Card className="min-w-0">
      <CardHeader className="flex-row flex-wrap items-start justify-between gap-4">
        <div className="grid gap-1.5">
          <CardTitle>{t('contacts.title')}</CardTitle>
          <CardDescription>{t('contacts.description')}</CardDescription>
        </div>
        {list.isSuccess && list.data.length > 0 ? addButton : null}
      </CardHeader>
      <CardContent className="grid min-w-0 gap-3">{content}</CardContent>

      <Dialog open={editing !== null} onOpenChange={(open) => !open && setEditing(null)}>
        {editing ? (
          <DialogContent className="max-h-[calc(100dvh-2rem)] overflow-y-auto sm:max-w-xl">
            <DialogHeader className="pr-6">
              <DialogTitle>
                {editing.mode === 'create'
                  ? t('contacts.add')
                  : t('contacts.editNamed', { name: editing.contact.name })}
              </DialogTitle>
              <DialogDescription>{t('contacts.form.required')}</DialogDescription>
            </DialogHeader>
            {editing.mode === 'create' ? (
              <ContactForm
                defaultValues={{
                  ...emptyContactFormValues,
                  // The first contact is the primary one, unless the lawyer says otherwise.
                  primary: list.data?.length === 0,
                }}
                stakeholders={stakeholderOptions}
                submitLabel={t('contacts.add')}
                onSubmit={async (values) => {
                  const created = await createContact.mutateAsync(values);
                  toast.success(t('contacts.toast.added', { name: created.name }));
                  setEditing(null);
                }}
              />
            ) : (
              <ContactForm
                key={editing.contact.id}
                defaultValues={contactToFormValues(editing.contact)}
                stakeholders={stakeholderOptions}
                submitLabel={t('contacts.saveChanges')}
                onSubmit={async (values) => {
                  const changes = changedContactFields(editing.contact, values);
                  if (Object.keys(changes).length > 0)
                    await updateContact.mutateAsync({ id: editing.contact.id, changes });
                  toast.success(t('contacts.toast.updated'));
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
