import { now } from '../../lib/clock';
import { zodResolver } from '@hookform/resolvers/zod';
import { Loader2 } from 'lucide-react';
import { useState } from 'react';
import { useForm, useWatch, type Path, type Resolver } from 'react-hook-form';
import {
  NOTE_KINDS,
  noteCreateSchema,
  type Note,
  type NoteCreate,
  type NoteKind,
} from '../../../contracts/notes';
import { Button } from '../../components/ui/button';
import { DialogClose, DialogFooter } from '../../components/ui/dialog';
import { FormField } from '../../components/ui/form-field';
import { Input } from '../../components/ui/input';
import { Select } from '../../components/ui/select';
import { Textarea } from '../../components/ui/textarea';
import { ApiError, errorMessage } from '../../lib/api';
import { applyServerFieldErrors } from '../../lib/form-errors';
import { t } from '../../lib/i18n';
import { localizedSchema } from '../../lib/localized-schema';
import { toast } from '../../lib/toast';
import { previewNote } from './api';
import { NOTE_KIND_ICONS, NOTE_KIND_LABELS } from './labels';
import { NoteBody } from './note-body';

/** A choice of the form: an id and what it is called. */
export type Option = { id: string; label: string };

/** What the inputs hold: the time as `datetime-local` does (the viewer's zone), ids or ''. */
export type NoteFormValues = {
  kind: NoteKind;
  occurredAt: string;
  body: string;
  pinned: boolean;
  /** `c:<contactId>` and `u:<userId>`. */
  participants: string[];
  grantId: string;
  planId: string;
  valuationId: string;
};

/** An instant as a `datetime-local` value in the viewer's time zone. */
export function localInput(instant: Date): string {
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${String(instant.getFullYear()).padStart(4, '0')}-${pad(instant.getMonth() + 1)}-${pad(
    instant.getDate(),
  )}T${pad(instant.getHours())}:${pad(instant.getMinutes())}`;
}

export function newNoteFormValues(): NoteFormValues {
  return {
    kind: 'note',
    occurredAt: localInput(now()),
    body: '',
    pinned: false,
    participants: [],
    grantId: '',
    planId: '',
    valuationId: '',
  };
}

export function noteToFormValues(note: Note): NoteFormValues {
  return {
    kind: note.kind,
    occurredAt: localInput(new Date(note.occurredAt)),
    body: note.body,
    pinned: note.pinned,
    participants: note.participants.flatMap((p) =>
      p.contactId ? [`c:${p.contactId}`] : p.userId ? [`u:${p.userId}`] : [],
    ),
    grantId: note.grantId ?? '',
    planId: note.planId ?? '',
    valuationId: note.valuationId ?? '',
  };
}

const FIELD_NAMES = [
  'kind',
  'occurredAt',
  'body',
  'pinned',
  'grantId',
  'planId',
  'valuationId',
] as const satisfies readonly Path<NoteFormValues>[];

const schemaResolver = zodResolver(localizedSchema(noteCreateSchema)) as unknown as Resolver<
  Record<string, unknown>,
  unknown,
  NoteCreate
>;
/** The inputs as the API takes them: an instant with its offset, participants as objects. */
const resolver: Resolver<NoteFormValues, unknown, NoteCreate> = (values, context, options) => {
  const at = new Date(values.occurredAt);
  return schemaResolver(
    {
      ...values,
      occurredAt: Number.isNaN(at.getTime()) ? values.occurredAt : at.toISOString(),
      participants: values.participants.map((key) =>
        key.startsWith('c:') ? { contactId: key.slice(2) } : { userId: key.slice(2) },
      ),
      grantId: values.grantId || null,
      planId: values.planId || null,
      valuationId: values.valuationId || null,
    },
    context,
    options as never,
  ) as unknown as ReturnType<Resolver<NoteFormValues, unknown, NoteCreate>>;
};

/**
 * The form of a note, call, meeting or e-mail: kind, when, who took part (the company's contacts
 * and the workspace's colleagues), the body in Markdown with a preview rendered by the server
 * (decision 028), pinned, and links to a grant, plan or valuation.
 */
export function NoteForm({
  companyId,
  defaultValues,
  submitLabel,
  contacts,
  colleagues,
  grants,
  plans,
  valuations,
  onSubmit,
}: {
  companyId: string;
  defaultValues: NoteFormValues;
  submitLabel: string;
  contacts: readonly Option[];
  colleagues: readonly Option[];
  grants: readonly Option[];
  plans: readonly Option[];
  valuations: readonly Option[];
  onSubmit: (values: NoteCreate) => Promise<void>;
}) {
  const form = useForm<NoteFormValues, unknown, NoteCreate>({
    resolver,
    defaultValues,
    mode: 'onSubmit',
    reValidateMode: 'onChange',
  });
  const { errors, isSubmitting } = form.formState;
  const { register } = form;
  const body = useWatch({ control: form.control, name: 'body' });
  const [preview, setPreview] = useState<{ html: string } | 'loading' | null>(null);

  const submit = form.handleSubmit(async (values) => {
    try {
      await onSubmit(values);
    } catch (error) {
      applyServerFieldErrors(error, form.setError, FIELD_NAMES);
      if (!(error instanceof ApiError && error.status === 401))
        toast.error(errorMessage(error, t('notes.form.saveFailed')));
    }
  });

  async function showPreview() {
    setPreview('loading');
    try {
      setPreview({ html: (await previewNote(companyId, body)).bodyHtml });
    } catch (error) {
      setPreview(null);
      toast.error(errorMessage(error, t('notes.form.previewFailed')));
    }
  }

  const participantGroup = (legend: string, options: readonly Option[], prefix: 'c' | 'u') =>
    options.length > 0 ? (
      <fieldset className="grid gap-1.5">
        <legend className="mb-1 text-sm font-medium">{legend}</legend>
        <div className="flex flex-wrap gap-x-4 gap-y-1.5">
          {options.map((o) => (
            <label key={o.id} className="flex items-center gap-2 text-sm">
              <input
                type="checkbox"
                value={`${prefix}:${o.id}`}
                className="size-4 accent-primary"
                {...register('participants')}
              />
              {o.label}
            </label>
          ))}
        </div>
      </fieldset>
    ) : null;

  const linkSelect = (
    name: 'grantId' | 'planId' | 'valuationId',
    label: string,
    options: readonly Option[],
  ) =>
    options.length > 0 ? (
      <FormField label={label} error={errors[name]?.message}>
        {(control) => (
          <Select {...control} {...register(name)}>
            <option value="">—</option>
            {options.map((o) => (
              <option key={o.id} value={o.id}>
                {o.label}
              </option>
            ))}
          </Select>
        )}
      </FormField>
    ) : null;

  return (
    <form onSubmit={(e) => void submit(e)} noValidate className="grid gap-5">
      <fieldset className="grid gap-2">
        <legend className="mb-1 text-sm font-medium">{t('notes.field.kind')}</legend>
        <div className="flex flex-wrap gap-x-5 gap-y-2">
          {NOTE_KINDS.map((kind) => {
            const Icon = NOTE_KIND_ICONS[kind];
            return (
              <label key={kind} className="flex items-center gap-2 text-sm">
                <input
                  type="radio"
                  value={kind}
                  className="size-4 accent-primary"
                  {...register('kind')}
                />
                <Icon className="size-4 text-muted-foreground" aria-hidden="true" />
                {t(NOTE_KIND_LABELS[kind])}
              </label>
            );
          })}
        </div>
      </fieldset>
      <div className="grid gap-4 sm:grid-cols-2">
        <FormField label={t('notes.field.occurredAt')} error={errors.occurredAt?.message}>
          {(control) => <Input {...control} type="datetime-local" {...register('occurredAt')} />}
        </FormField>
        <label className="flex items-center gap-2 self-end pb-2 text-sm">
          <input type="checkbox" className="size-4 accent-primary" {...register('pinned')} />
          {t('notes.form.pin')}
        </label>
      </div>
      {participantGroup(t('notes.form.contacts'), contacts, 'c')}
      {participantGroup(t('notes.form.colleagues'), colleagues, 'u')}
      <div className="grid gap-1.5">
        <FormField
          label={t('notes.field.body')}
          error={errors.body?.message}
          description={t('notes.form.markdownHint')}
        >
          {(control) => (
            <Textarea
              {...control}
              rows={8}
              aria-required="true"
              className="font-mono text-sm"
              {...register('body', { onChange: () => setPreview(null) })}
            />
          )}
        </FormField>
        <div className="flex justify-end">
          <Button
            type="button"
            variant="outline"
            size="sm"
            disabled={!body.trim() || preview === 'loading'}
            onClick={() => void showPreview()}
          >
            {preview === 'loading' ? <Loader2 className="animate-spin" aria-hidden="true" /> : null}
            {t('notes.form.preview')}
          </Button>
        </div>
        {preview && preview !== 'loading' ? (
          <section
            aria-label={t('notes.form.previewLabel')}
            className="rounded-md border bg-muted/30 p-3"
          >
            <NoteBody html={preview.html} />
          </section>
        ) : null}
      </div>
      <div className="grid gap-4 sm:grid-cols-3">
        {linkSelect('grantId', t('notes.field.grant'), grants)}
        {linkSelect('planId', t('notes.field.plan'), plans)}
        {linkSelect('valuationId', t('notes.field.valuation'), valuations)}
      </div>
      <DialogFooter>
        <DialogClose asChild>
          <Button variant="ghost" disabled={isSubmitting}>
            {t('common.cancel')}
          </Button>
        </DialogClose>
        <Button type="submit" disabled={isSubmitting} aria-busy={isSubmitting || undefined}>
          {isSubmitting ? <Loader2 className="animate-spin" aria-hidden="true" /> : null}
          {submitLabel}
        </Button>
      </DialogFooter>
    </form>
  );
}
