import { useQuery, useQueryClient, useSuspenseQuery } from '@tanstack/react-query';
import { History, MessageSquareText, Pencil, Pin, Plus, Trash2 } from 'lucide-react';
import { useState } from 'react';
import type { Note, NoteCreate, NoteUpdate } from '../../../contracts/notes';
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
import { Skeleton } from '../../components/ui/skeleton';
import { errorMessage, isApiError } from '../../lib/api';
import { formatDateTime, formatIsoDate } from '../../lib/format';
import { t } from '../../lib/i18n';
import { toast } from '../../lib/toast';
import { useDocumentTitle } from '../../lib/use-document-title';
import { invalidateCompany } from '../companies/api';
import { workspaceMembersQueryOptions } from '../companies/members';
import { contactsQueryOptions } from '../contacts/api';
import { grantsQueryOptions } from '../grants/api';
import { can, meQueryOptions } from '../me/api';
import { plansQueryOptions } from '../plans/api';
import { valuationsQueryOptions } from '../valuations/api';
import {
  noteRevisionsQueryOptions,
  notesQueryOptions,
  useCreateNote,
  useDeleteNote,
  useUpdateNote,
} from './api';
import { NOTE_KIND_ICONS, NOTE_KIND_LABELS } from './labels';
import { NoteBody } from './note-body';
import { NoteForm, newNoteFormValues, noteToFormValues, type Option } from './note-form';
import { EmptyState } from '../cap-table/section';
import { LoadingSkeleton } from '../../components/loading-skeleton';

type Editing = { mode: 'create' } | { mode: 'edit'; note: Note } | null;

function KindLabel({ note }: { note: Pick<Note, 'kind'> }) {
  const Icon = NOTE_KIND_ICONS[note.kind];
  return (
    <span className="flex items-center gap-1.5 font-medium">
      <Icon className="size-4 text-muted-foreground" aria-hidden="true" />
      {t(NOTE_KIND_LABELS[note.kind])}
    </span>
  );
}

/** Who took part, by the names recorded. */
function Participants({ note }: { note: Pick<Note, 'participants'> }) {
  if (note.participants.length === 0) return null;
  return (
    <p className="text-sm text-muted-foreground">
      {t('notes.participants', {
        names: new Intl.ListFormat(undefined, { type: 'conjunction' }).format(
          note.participants.map((p) => p.name),
        ),
      })}
    </p>
  );
}

/** The earlier versions of a note, the latest edit first. */
function HistoryDialog({
  companyId,
  note,
  onClose,
}: {
  companyId: string;
  note: Note;
  onClose: () => void;
}) {
  const revisions = useQuery(noteRevisionsQueryOptions(companyId, note.id));
  return (
    <Dialog open onOpenChange={(open) => !open && onClose()}>
      <DialogContent className="max-h-[calc(100dvh-2rem)] overflow-y-auto sm:max-w-2xl">
        <DialogHeader className="pr-6">
          <DialogTitle>{t('notes.history.title')}</DialogTitle>
          <DialogDescription>{t('notes.history.description')}</DialogDescription>
        </DialogHeader>
        {revisions.isPending ? (
          <Skeleton className="h-24 w-full" aria-label={t('notes.history.loading')} />
        ) : revisions.isError ? (
          <p role="alert" className="text-sm text-destructive">
            {errorMessage(revisions.error, t('notes.history.loadFailed'))}
          </p>
        ) : revisions.data.length === 0 ? (
          <p className="text-sm text-muted-foreground">{t('notes.history.empty')}</p>
        ) : (
          <ol className="grid gap-3">
            {revisions.data.map((r) => (
              <li key={r.id} className="grid gap-2 rounded-lg border p-3">
                <p className="text-xs text-muted-foreground">
                  {t('notes.history.edited', {
                    name: r.editedByName,
                    when: formatDateTime(r.editedAt),
                  })}
                </p>
                <div className="flex flex-wrap items-center gap-x-3 gap-y-1 text-sm">
                  <KindLabel note={r} />
                  <span className="text-muted-foreground">{formatDateTime(r.occurredAt)}</span>
                  {r.pinned ? <Badge variant="outline">{t('notes.pinned')}</Badge> : null}
                </div>
                <Participants note={r} />
                <NoteBody html={r.bodyHtml} />
              </li>
            ))}
          </ol>
        )}
      </DialogContent>
    </Dialog>
  );
}

/**
 * The Notes tab (issue 15): the company's interaction log — notes, calls, meetings and e-mails,
 * pinned ones on top, then the latest — written, edited (each edit keeps the version before it,
 * shown in the history) and deleted after confirmation.
 */
export function NotesPage({ companyId, companyName }: { companyId: string; companyName: string }) {
  useDocumentTitle(t('notes.documentTitle', { company: companyName }));
  const { data: me } = useSuspenseQuery(meQueryOptions());
  const list = useQuery(notesQueryOptions(companyId));
  const canCreate = can(me, 'note', 'create');
  const canUpdate = can(me, 'note', 'update');
  const canDelete = can(me, 'note', 'delete');
  const editable = canCreate || canUpdate;
  const contacts = useQuery({
    ...contactsQueryOptions(companyId),
    enabled: editable && can(me, 'contact', 'read'),
  });
  const members = useQuery({
    ...workspaceMembersQueryOptions(me.organizationId),
    enabled: editable,
  });
  const grants = useQuery({
    ...grantsQueryOptions(companyId),
    enabled: editable && can(me, 'grant', 'read') && can(me, 'stakeholder', 'read'),
  });
  const plans = useQuery({
    ...plansQueryOptions(companyId),
    enabled: editable && can(me, 'plan', 'read'),
  });
  const valuations = useQuery({
    ...valuationsQueryOptions(companyId),
    enabled: editable && can(me, 'valuation', 'read'),
  });
  const queryClient = useQueryClient();
  const createNote = useCreateNote(companyId);
  const updateNote = useUpdateNote(companyId);
  const deleteNote = useDeleteNote(companyId);
  const [editing, setEditing] = useState<Editing>(null);
  const [history, setHistory] = useState<Note | null>(null);

  const options = {
    contacts: (contacts.data ?? []).map((c): Option => ({ id: c.id, label: c.name })),
    colleagues: (members.data ?? []).map((m): Option => ({ id: m.userId, label: m.name })),
    grants: (grants.data?.items ?? []).map((g): Option => ({
      id: g.id,
      label: `${g.stakeholderName} · ${formatIsoDate(g.grantDate)}`,
    })),
    plans: (plans.data ?? []).map((p): Option => ({ id: p.id, label: p.name })),
    valuations: (valuations.data?.items ?? []).map((v): Option => ({
      id: v.id,
      label: formatIsoDate(v.effectiveDate),
    })),
  };

  async function onDelete(note: Note) {
    try {
      await deleteNote.mutateAsync(note.id);
      toast.success(t('notes.toast.deleted'));
    } catch (error) {
      if (isApiError(error) && error.status === 401) throw error;
      toast.error(errorMessage(error, t('notes.delete.failed')));
      if (isApiError(error) && error.status === 404) {
        void invalidateCompany(queryClient, companyId);
        return;
      }
      throw error;
    }
  }

  const addButton = canCreate ? (
    <Button onClick={() => setEditing({ mode: 'create' })}>
      <Plus aria-hidden="true" />
      {t('notes.add')}
    </Button>
  ) : null;

  let content;
  if (list.isPending) {
    content = (
      <LoadingSkeleton
        label={t('notes.loading')}
        bars={['h-24 w-full', 'h-24 w-full']}
        className="gap-3"
      />
    );
  } else if (list.isError) {
    content = (
      <p role="alert" className="text-sm text-destructive">
        {errorMessage(list.error, t('notes.loadFailed'))}
      </p>
    );
  } else if (list.data.length === 0) {
    content = (
      <EmptyState icon={MessageSquareText} title={t('notes.empty.title')} action={addButton}>
        {canCreate ? t('notes.empty.canCreate') : t('notes.empty.readOnly')}
      </EmptyState>
    );
  } else {
    content = (
      <ol aria-label={t('notes.list.label')} className="grid gap-3">
        {list.data.map((note) => {
          const kind = t(NOTE_KIND_LABELS[note.kind]);
          const when = formatDateTime(note.occurredAt);
          const links = [
            note.grantLabel ? t('notes.link.grant', { label: note.grantLabel }) : null,
            note.planName ? t('notes.link.plan', { name: note.planName }) : null,
            note.valuationLabel
              ? t('notes.link.valuation', { date: formatIsoDate(note.valuationLabel) })
              : null,
          ].filter(Boolean);
          return (
            <li key={note.id}>
              <article
                aria-label={t('notes.item.label', { kind, when })}
                className={`grid gap-2 rounded-lg border p-4 ${note.pinned ? 'border-primary/50 bg-primary/5' : ''}`}
              >
                <header className="flex flex-wrap items-start justify-between gap-2">
                  <div className="flex flex-wrap items-center gap-x-3 gap-y-1 text-sm">
                    <KindLabel note={note} />
                    <time dateTime={note.occurredAt} className="text-muted-foreground">
                      {when}
                    </time>
                    <span className="text-muted-foreground">
                      {t('notes.by', { name: note.authorName })}
                    </span>
                    {note.pinned ? (
                      <Badge variant="outline" className="gap-1">
                        <Pin className="size-3" aria-hidden="true" />
                        {t('notes.pinned')}
                      </Badge>
                    ) : null}
                  </div>
                  <div className="flex gap-1">
                    {note.revisionCount > 0 ? (
                      <Button
                        variant="ghost"
                        size="sm"
                        className="h-7"
                        onClick={() => setHistory(note)}
                      >
                        <History aria-hidden="true" />
                        {t('notes.history.open', { count: note.revisionCount })}
                      </Button>
                    ) : null}
                    {canUpdate ? (
                      <Button
                        variant="ghost"
                        size="icon"
                        className="size-7"
                        aria-label={t('notes.editNamed', { kind, when })}
                        title={t('notes.edit')}
                        onClick={() => setEditing({ mode: 'edit', note })}
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
                            aria-label={t('notes.deleteNamed', { kind, when })}
                            title={t('notes.delete')}
                          >
                            <Trash2 aria-hidden="true" />
                          </Button>
                        }
                        title={t('notes.delete.title')}
                        description={t('notes.delete.description')}
                        confirmLabel={t('notes.delete.confirm')}
                        onConfirm={() => onDelete(note)}
                      />
                    ) : null}
                  </div>
                </header>
                <Participants note={note} />
                <NoteBody html={note.bodyHtml} />
                {links.length > 0 ? (
                  <p className="text-xs text-muted-foreground">{links.join(' · ')}</p>
                ) : null}
              </article>
            </li>
          );
        })}
      </ol>
    );
  }

  const form = (
    defaults: ReturnType<typeof newNoteFormValues>,
    submitLabel: string,
    save: (values: NoteCreate) => Promise<void>,
    key?: string,
  ) => (
    <NoteForm
      key={key}
      companyId={companyId}
      defaultValues={defaults}
      submitLabel={submitLabel}
      {...options}
      onSubmit={save}
    />
  );

  return (
    <Card className="min-w-0">
      <CardHeader className="flex-row flex-wrap items-start justify-between gap-4">
        <div className="grid gap-1.5">
          <CardTitle>{t('notes.title')}</CardTitle>
          <CardDescription>{t('notes.description')}</CardDescription>
        </div>
        {list.isSuccess && list.data.length > 0 ? addButton : null}
      </CardHeader>
      <CardContent className="grid min-w-0 gap-3">{content}</CardContent>

      <Dialog open={editing !== null} onOpenChange={(open) => !open && setEditing(null)}>
        {editing ? (
          <DialogContent className="max-h-[calc(100dvh-2rem)] overflow-y-auto sm:max-w-2xl">
            <DialogHeader className="pr-6">
              <DialogTitle>
                {editing.mode === 'create' ? t('notes.add') : t('notes.edit')}
              </DialogTitle>
              <DialogDescription>{t('notes.form.description')}</DialogDescription>
            </DialogHeader>
            {editing.mode === 'create'
              ? form(newNoteFormValues(), t('notes.form.save'), async (values) => {
                  await createNote.mutateAsync(values);
                  toast.success(t('notes.toast.added'));
                  setEditing(null);
                })
              : form(
                  noteToFormValues(editing.note),
                  t('notes.saveChanges'),
                  async (values) => {
                    const { occurredAt, ...rest } = values;
                    // The minute shown is the minute kept: an unchanged time is not sent.
                    const changes: NoteUpdate = { ...rest };
                    if (
                      occurredAt &&
                      new Date(occurredAt).getTime() !==
                        new Date(new Date(editing.note.occurredAt).setSeconds(0, 0)).getTime()
                    )
                      changes.occurredAt = occurredAt;
                    await updateNote.mutateAsync({ id: editing.note.id, changes });
                    toast.success(t('notes.toast.updated'));
                    setEditing(null);
                  },
                  editing.note.id,
                )}
          </DialogContent>
        ) : null}
      </Dialog>
      {history ? (
        <HistoryDialog companyId={companyId} note={history} onClose={() => setHistory(null)} />
      ) : null}
    </Card>
  );
}
