import { zodResolver } from '@hookform/resolvers/zod';
import { Loader2 } from 'lucide-react';
import { useForm, type Path, type Resolver } from 'react-hook-form';
import {
  CONTACT_FUNCTIONS,
  CONTACT_LANGUAGES,
  contactCreateSchema,
  type Contact,
  type ContactCreate,
  type ContactFunction,
} from '../../../contracts/contacts';
import { Button } from '../../components/ui/button';
import { DialogClose, DialogFooter } from '../../components/ui/dialog';
import { FormField } from '../../components/ui/form-field';
import { Input } from '../../components/ui/input';
import { Select } from '../../components/ui/select';
import { Textarea } from '../../components/ui/textarea';
import { ApiError, errorMessage } from '../../lib/api';
import { applyServerFieldErrors } from '../../lib/form-errors';
import { languageName, t } from '../../lib/i18n';
import { localizedSchema } from '../../lib/localized-schema';
import { toast } from '../../lib/toast';
import {
  CONTACT_FIELD_LABELS,
  CONTACT_FIELD_NAMES,
  CONTACT_FUNCTION_LABELS,
  type ContactFieldName,
} from './labels';

/** What the inputs hold: '' for an empty optional field or no choice (null in the API). */
export type ContactFormValues = {
  name: string;
  function: ContactFunction | '';
  email: string;
  phone: string;
  language: (typeof CONTACT_LANGUAGES)[number] | '';
  primary: boolean;
  stakeholderId: string;
  notes: string;
};

export const emptyContactFormValues: ContactFormValues = {
  name: '',
  function: '',
  email: '',
  phone: '',
  language: '',
  primary: false,
  stakeholderId: '',
  notes: '',
};

export function contactToFormValues(c: Contact): ContactFormValues {
  return {
    name: c.name,
    function: c.function ?? '',
    email: c.email ?? '',
    phone: c.phone ?? '',
    language: c.language ?? '',
    primary: c.primary,
    stakeholderId: c.stakeholderId ?? '',
    notes: c.notes ?? '',
  };
}

/** The fields whose (normalized) value differs from the stored contact: the PATCH body. */
export function changedContactFields(
  contact: Contact,
  next: ContactCreate,
): Partial<ContactCreate> {
  const changes: Record<string, unknown> = {};
  for (const name of CONTACT_FIELD_NAMES) {
    if ((contact[name] ?? null) !== (next[name] ?? null)) changes[name] = next[name];
  }
  return changes as Partial<ContactCreate>;
}

const schemaResolver = zodResolver(localizedSchema(contactCreateSchema)) as unknown as Resolver<
  ContactFormValues,
  unknown,
  ContactCreate
>;
// Choices left empty are null in the API (the enums and the id take no '').
const resolver: Resolver<ContactFormValues, unknown, ContactCreate> = (values, ...rest) =>
  schemaResolver(
    {
      ...values,
      function: (values.function || null) as ContactFormValues['function'],
      language: (values.language || null) as ContactFormValues['language'],
      stakeholderId: (values.stakeholderId || null) as unknown as string,
    },
    ...rest,
  );

/**
 * Create and edit form of a contact, in the Contacts tab's dialog: the contract's schema is the
 * resolver; the server's field errors show inline.
 */
export function ContactForm({
  defaultValues,
  submitLabel,
  stakeholders,
  onSubmit,
}: {
  defaultValues: ContactFormValues;
  submitLabel: string;
  /** The company's stakeholders a contact may be linked to. */
  stakeholders: readonly { id: string; name: string }[];
  onSubmit: (values: ContactCreate) => Promise<void>;
}) {
  const form = useForm<ContactFormValues, unknown, ContactCreate>({
    resolver,
    defaultValues,
    mode: 'onSubmit',
    reValidateMode: 'onChange',
  });
  const { errors, isSubmitting } = form.formState;
  const { register } = form;

  const submit = form.handleSubmit(async (values) => {
    try {
      await onSubmit(values);
    } catch (error) {
      applyServerFieldErrors(
        error,
        form.setError,
        CONTACT_FIELD_NAMES as readonly Path<ContactFormValues>[],
      );
      if (!(error instanceof ApiError && error.status === 401))
        toast.error(errorMessage(error, t('contacts.form.saveFailed')));
    }
  });

  const field = (name: ContactFieldName) => ({
    label: t(CONTACT_FIELD_LABELS[name]),
    error: errors[name]?.message,
  });

  return (
    <form onSubmit={(e) => void submit(e)} noValidate className="grid gap-4 sm:grid-cols-2">
      <FormField {...field('name')} className="sm:col-span-2">
        {(control) => (
          <Input {...control} aria-required="true" autoComplete="off" {...register('name')} />
        )}
      </FormField>
      <FormField {...field('function')}>
        {(control) => (
          <Select {...control} {...register('function')}>
            <option value="">—</option>
            {CONTACT_FUNCTIONS.map((value) => (
              <option key={value} value={value}>
                {t(CONTACT_FUNCTION_LABELS[value])}
              </option>
            ))}
          </Select>
        )}
      </FormField>
      <FormField {...field('language')}>
        {(control) => (
          <Select {...control} {...register('language')}>
            <option value="">—</option>
            {CONTACT_LANGUAGES.map((language) => (
              <option key={language} value={language}>
                {languageName(language)}
              </option>
            ))}
          </Select>
        )}
      </FormField>
      <FormField {...field('email')}>
        {(control) => <Input {...control} type="email" autoComplete="off" {...register('email')} />}
      </FormField>
      <FormField {...field('phone')}>
        {(control) => <Input {...control} type="tel" autoComplete="off" {...register('phone')} />}
      </FormField>
      <FormField
        {...field('stakeholderId')}
        description={t('contacts.form.stakeholderHint')}
        className="sm:col-span-2"
      >
        {(control) => (
          <Select {...control} {...register('stakeholderId')}>
            <option value="">{t('contacts.form.noStakeholder')}</option>
            {stakeholders.map((s) => (
              <option key={s.id} value={s.id}>
                {s.name}
              </option>
            ))}
          </Select>
        )}
      </FormField>
      <label className="flex items-center gap-2 text-sm sm:col-span-2">
        <input type="checkbox" className="size-4 accent-primary" {...register('primary')} />
        {t('contacts.form.primary')}
      </label>
      <FormField {...field('notes')} className="sm:col-span-2">
        {(control) => <Textarea {...control} rows={3} {...register('notes')} />}
      </FormField>
      <DialogFooter className="sm:col-span-2">
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
