import { zodResolver } from '@hookform/resolvers/zod';
import { Loader2 } from 'lucide-react';
import { useForm, useWatch, type Path, type Resolver } from 'react-hook-form';
import { toast } from '../../lib/toast';
import {
  stakeholderCreateSchema,
  type Stakeholder,
  type StakeholderCreate,
} from '../../../contracts/equity';
import {
  STAKEHOLDER_KINDS,
  STAKEHOLDER_RELATIONSHIPS,
  STAKEHOLDER_STATUSES,
  type StakeholderKind,
  type StakeholderRelationship,
  type StakeholderStatus,
} from '../../../domain/equity';
import { Button } from '../../components/ui/button';
import { DialogClose, DialogFooter } from '../../components/ui/dialog';
import { FormField } from '../../components/ui/form-field';
import { Input } from '../../components/ui/input';
import { Select } from '../../components/ui/select';
import { Textarea } from '../../components/ui/textarea';
import { ApiError, errorMessage } from '../../lib/api';
import { countryOptions } from '../../lib/countries';
import { DOCUMENT_LANGUAGES, type DocumentLanguage } from '../../../contracts/documents';
import { documentLanguageName } from '../documents/labels';
import { applyServerFieldErrors } from '../../lib/form-errors';
import { t } from '../../lib/i18n';
import { localizedSchema } from '../../lib/localized-schema';
import {
  KIND_LABELS,
  RELATIONSHIP_LABELS,
  STAKEHOLDER_FIELD_LABELS,
  STAKEHOLDER_STATUS_LABELS,
  STAKEHOLDER_FIELD_NAMES,
  type StakeholderFieldName,
} from './fields';

/**
 * What the inputs hold: text for every optional field ('' when empty, the schema turns it into
 * null) and '' for a relationship not chosen yet.
 */
export type StakeholderFormValues = {
  kind: StakeholderKind;
  name: string;
  relationship: StakeholderRelationship | '';
  status: StakeholderStatus;
  email: string;
  phone: string;
  employeeId: string;
  street: string;
  postal: string;
  city: string;
  country: string;
  taxCountry: string;
  /** The documents' language; '' for the workspace's (null in the API). */
  language: DocumentLanguage | '';
  notes: string;
};

export const emptyStakeholderFormValues: StakeholderFormValues = {
  kind: 'individual',
  name: '',
  relationship: '',
  status: 'active',
  email: '',
  phone: '',
  employeeId: '',
  street: '',
  postal: '',
  city: '',
  country: '',
  taxCountry: '',
  language: '',
  notes: '',
};

/**
 * Prefill of a new stakeholder: address and tax residence in the company's country, the usual
 * case (issue 12, "First day, without friction"); the lawyer changes them for a foreign holder.
 */
export function newStakeholderFormValues(companyCountry: string): StakeholderFormValues {
  return { ...emptyStakeholderFormValues, country: companyCountry, taxCountry: companyCountry };
}

/** Prefill for editing: nulls become empty inputs. */
export function stakeholderToFormValues(s: Stakeholder): StakeholderFormValues {
  return {
    kind: s.kind,
    name: s.name,
    relationship: s.relationship,
    status: s.status,
    email: s.email ?? '',
    phone: s.phone ?? '',
    employeeId: s.employeeId ?? '',
    street: s.street ?? '',
    postal: s.postal ?? '',
    city: s.city ?? '',
    country: s.country ?? '',
    taxCountry: s.taxCountry ?? '',
    language: s.language ?? '',
    notes: s.notes ?? '',
  };
}

/** The fields whose (normalized) value differs from the stored stakeholder: the PATCH body. */
export function changedStakeholderFields(
  stakeholder: Stakeholder,
  next: StakeholderCreate,
): Partial<StakeholderCreate> {
  const changes: Record<string, unknown> = {};
  for (const name of STAKEHOLDER_FIELD_NAMES) {
    if ((stakeholder[name] ?? null) !== (next[name] ?? null)) changes[name] = next[name];
  }
  return changes as Partial<StakeholderCreate>;
}

// The contract's resolver, typed for inputs that hold '' where the schema expects a choice.
const schemaResolver = zodResolver(localizedSchema(stakeholderCreateSchema)) as unknown as Resolver<
  StakeholderFormValues,
  unknown,
  StakeholderCreate
>;
// "Workspace default" is '' in the select and null in the API (the schema takes no '').
const resolver: Resolver<StakeholderFormValues, unknown, StakeholderCreate> = (
  values,
  context,
  options,
) =>
  schemaResolver(
    { ...values, language: (values.language || null) as StakeholderFormValues['language'] },
    context,
    options,
  );

/**
 * Create and edit form of a stakeholder, inside the tab's dialog. Validates with
 * `stakeholderCreateSchema`, the schema the server applies; server field errors show inline.
 */
export function StakeholderForm({
  defaultValues,
  submitLabel,
  onSubmit,
}: {
  defaultValues: StakeholderFormValues;
  submitLabel: string;
  /** Performs the request; a rejected ApiError's `fields` are shown inline. */
  onSubmit: (values: StakeholderCreate) => Promise<void>;
}) {
  const form = useForm<StakeholderFormValues, unknown, StakeholderCreate>({
    resolver,
    defaultValues,
    mode: 'onSubmit',
    reValidateMode: 'onChange',
  });
  const { errors, isSubmitting } = form.formState;
  const { register } = form;
  const relationship = useWatch({ control: form.control, name: 'relationship' });

  const submit = form.handleSubmit(async (values) => {
    try {
      await onSubmit(values);
    } catch (error) {
      applyServerFieldErrors(
        error,
        form.setError,
        STAKEHOLDER_FIELD_NAMES as readonly Path<StakeholderFormValues>[],
      );
      // 401 is handled globally (redirect to sign-in with its own toast).
      if (!(error instanceof ApiError && error.status === 401)) {
        toast.error(errorMessage(error, t('stakeholders.form.saveFailed')));
      }
    }
  });

  const field = (name: StakeholderFieldName) => ({
    label: t(STAKEHOLDER_FIELD_LABELS[name]),
    error: errors[name]?.message,
  });

  return (
    <form onSubmit={(e) => void submit(e)} noValidate className="grid gap-6">
      <fieldset className="grid gap-4 sm:grid-cols-2">
        <legend className="sr-only">{t('stakeholders.form.section.stakeholder')}</legend>
        <fieldset className="grid gap-2 sm:col-span-2">
          <legend className="mb-1 text-sm font-medium">{t(STAKEHOLDER_FIELD_LABELS.kind)}</legend>
          <div className="flex flex-wrap gap-x-6 gap-y-2">
            {STAKEHOLDER_KINDS.map((value) => (
              <label key={value} className="flex items-center gap-2 text-sm">
                <input
                  type="radio"
                  value={value}
                  className="size-4 accent-primary"
                  {...register('kind')}
                />
                {t(KIND_LABELS[value])}
                <span className="text-muted-foreground">
                  {value === 'individual'
                    ? t('stakeholders.kind.individual.hint')
                    : t('stakeholders.kind.institution.hint')}
                </span>
              </label>
            ))}
          </div>
        </fieldset>
        <FormField {...field('name')} className="sm:col-span-2">
          {(control) => (
            <Input {...control} aria-required="true" autoComplete="off" {...register('name')} />
          )}
        </FormField>
        <FormField
          {...field('relationship')}
          // The schema's message lists the codes; a missing choice deserves plainer words.
          error={
            errors.relationship
              ? relationship === ''
                ? t('stakeholders.form.relationship.required')
                : errors.relationship.message
              : undefined
          }
        >
          {(control) => (
            <Select {...control} aria-required="true" {...register('relationship')}>
              <option value="" disabled>
                {t('stakeholders.form.choose')}
              </option>
              {STAKEHOLDER_RELATIONSHIPS.map((value) => (
                <option key={value} value={value}>
                  {t(RELATIONSHIP_LABELS[value])}
                </option>
              ))}
            </Select>
          )}
        </FormField>
        <FormField {...field('status')}>
          {(control) => (
            <Select {...control} {...register('status')}>
              {STAKEHOLDER_STATUSES.map((value) => (
                <option key={value} value={value}>
                  {t(STAKEHOLDER_STATUS_LABELS[value])}
                </option>
              ))}
            </Select>
          )}
        </FormField>
      </fieldset>

      <fieldset className="grid gap-4 sm:grid-cols-2">
        <legend className="mb-2 text-sm font-semibold">
          {t('stakeholders.form.section.contact')}
        </legend>
        <FormField {...field('email')}>
          {(control) => (
            <Input {...control} type="email" autoComplete="off" {...register('email')} />
          )}
        </FormField>
        <FormField {...field('phone')}>
          {(control) => <Input {...control} type="tel" autoComplete="off" {...register('phone')} />}
        </FormField>
        <FormField {...field('employeeId')} description={t('stakeholders.form.employeeId.hint')}>
          {(control) => <Input {...control} autoComplete="off" {...register('employeeId')} />}
        </FormField>
      </fieldset>

      <fieldset className="grid gap-4">
        <legend className="mb-2 text-sm font-semibold">
          {t('stakeholders.form.section.address')}
        </legend>
        <FormField {...field('street')}>
          {(control) => <Input {...control} autoComplete="off" {...register('street')} />}
        </FormField>
        <div className="grid gap-4 sm:grid-cols-[10rem_1fr]">
          <FormField {...field('postal')}>
            {(control) => <Input {...control} autoComplete="off" {...register('postal')} />}
          </FormField>
          <FormField {...field('city')}>
            {(control) => <Input {...control} autoComplete="off" {...register('city')} />}
          </FormField>
        </div>
        <div className="grid gap-4 sm:grid-cols-2">
          <FormField {...field('country')}>
            {(control) => (
              <Select {...control} {...register('country')}>
                <option value="">—</option>
                {countryOptions().map(({ code, name }) => (
                  <option key={code} value={code}>
                    {name} ({code})
                  </option>
                ))}
              </Select>
            )}
          </FormField>
          <FormField {...field('taxCountry')} description={t('stakeholders.form.taxCountry.hint')}>
            {(control) => (
              <Select {...control} {...register('taxCountry')}>
                <option value="">—</option>
                {countryOptions().map(({ code, name }) => (
                  <option key={code} value={code}>
                    {name} ({code})
                  </option>
                ))}
              </Select>
            )}
          </FormField>
        </div>
      </fieldset>

      <FormField {...field('language')} description={t('documents.stakeholder.languageHint')}>
        {(control) => (
          <Select {...control} {...register('language')}>
            <option value="">{t('documents.stakeholder.workspaceDefault')}</option>
            {DOCUMENT_LANGUAGES.map((language) => (
              <option key={language} value={language}>
                {documentLanguageName(language)}
              </option>
            ))}
          </Select>
        )}
      </FormField>

      <FormField {...field('notes')}>
        {(control) => <Textarea {...control} rows={3} {...register('notes')} />}
      </FormField>

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
