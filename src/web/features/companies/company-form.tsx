import { zodResolver } from '@hookform/resolvers/zod';
import { useQuery, useSuspenseQuery } from '@tanstack/react-query';
import { Loader2 } from 'lucide-react';
import type { ReactNode } from 'react';
import { Controller, useForm, useWatch, type Path } from 'react-hook-form';
import { toast } from '../../lib/toast';
import {
  companyCreateSchema,
  type Company,
  type CompanyCreate,
  type CompanyCreateInput,
} from '../../../contracts/company';
import { COMPANY_STATUSES } from '../../../domain/equity';
import { DEFAULT_LEGAL_FORM, legalFormForCountry, legalFormsOf } from '../../../domain/legal-forms';
import { Button } from '../../components/ui/button';
import { FormDateInput } from '../../components/ui/date-input';
import { FormField, type FieldControlProps } from '../../components/ui/form-field';
import { Input } from '../../components/ui/input';
import { Select } from '../../components/ui/select';
import { Textarea } from '../../components/ui/textarea';
import { ApiError, errorMessage } from '../../lib/api';
import { countryName, countryOptions } from '../../lib/countries';
import { applyServerFieldErrors } from '../../lib/form-errors';
import { t } from '../../lib/i18n';
import { localizedSchema } from '../../lib/localized-schema';
import { meQueryOptions } from '../me/api';
import {
  COMPANY_FIELD_LABELS,
  COMPANY_FIELD_NAMES,
  COMPANY_STATUS_LABELS,
  legalFormName,
  registrationHint,
  registrationLabel,
  type CompanyFieldName,
} from './fields';
import { workspaceMembersQueryOptions } from './members';

/** What the inputs hold: the create schema's input ('' for an empty optional field). */
export type CompanyFormValues = CompanyCreateInput;

export const emptyCompanyFormValues: CompanyFormValues = {
  companyName: '',
  vat: '',
  companyType: DEFAULT_LEGAL_FORM,
  street: '',
  streetNumber: '',
  postal: '',
  city: '',
  country: 'NL',
  contactName: '',
  email: '',
  phone: '',
  registrationNumber: '',
  incorporationDate: '',
  status: 'active',
  responsibleUserId: '',
  notes: '',
};

/** Prefill for editing: nulls become empty inputs. */
export function companyToFormValues(company: Company): CompanyFormValues {
  return {
    companyName: company.companyName,
    vat: company.vat ?? '',
    companyType: company.companyType,
    street: company.street ?? '',
    streetNumber: company.streetNumber ?? '',
    postal: company.postal ?? '',
    city: company.city ?? '',
    country: company.country,
    contactName: company.contactName ?? '',
    email: company.email ?? '',
    phone: company.phone ?? '',
    registrationNumber: company.registrationNumber ?? '',
    incorporationDate: company.incorporationDate ?? '',
    status: company.status,
    responsibleUserId: company.responsibleUserId ?? '',
    notes: company.notes ?? '',
  };
}

/** The fields whose (normalized) value differs from the stored company: the PATCH body. */
export function changedCompanyFields(
  company: Company,
  next: CompanyCreate,
): Partial<CompanyCreate> {
  const changes: Record<string, unknown> = {};
  for (const name of COMPANY_FIELD_NAMES) {
    if ((company[name] ?? null) !== (next[name] ?? null)) changes[name] = next[name];
  }
  return changes as Partial<CompanyCreate>;
}

type CompanyFormProps = {
  defaultValues: CompanyFormValues;
  submitLabel: string;
  /** Performs the request; a rejected ApiError's `fields` are shown inline. */
  onSubmit: (values: CompanyCreate) => Promise<void>;
  /** Extra buttons next to submit (e.g. Cancel). */
  secondaryAction?: ReactNode;
  /**
   * Name of the stored responsible lawyer (editing): still shown when they are no longer a
   * member of the workspace, so opening the form does not silently change it.
   */
  responsibleUserName?: string | null;
};

/**
 * Create and edit form for a client company. Validates with `companyCreateSchema`, the very
 * schema the server applies, so VAT and postal rules per country agree on both sides.
 */
export function CompanyForm({
  defaultValues,
  submitLabel,
  onSubmit,
  secondaryAction,
  responsibleUserName = null,
}: CompanyFormProps) {
  const form = useForm<CompanyCreateInput, unknown, CompanyCreate>({
    resolver: zodResolver(localizedSchema(companyCreateSchema)),
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
        COMPANY_FIELD_NAMES as readonly Path<CompanyCreateInput>[],
      );
      // 401 is handled globally (redirect to sign-in with its own toast).
      if (!(error instanceof ApiError && error.status === 401)) {
        toast.error(errorMessage(error, t('companies.form.saveFailed')));
      }
    }
  });

  const field = (name: CompanyFieldName) => ({
    label: t(COMPANY_FIELD_LABELS[name]),
    error: errors[name]?.message,
  });
  // The register number's name and format, and the legal forms, follow the country.
  const country = useWatch({ control: form.control, name: 'country' }) ?? 'NL';
  const companyType = useWatch({ control: form.control, name: 'companyType' }) ?? '';
  const countryForms = legalFormsOf(country);
  // A stored form that is not one of the country's (entered before decision 022) stays choosable,
  // so opening and saving the form does not change it.
  const legalForms =
    countryForms && companyType && !countryForms.includes(companyType)
      ? [companyType, ...countryForms]
      : countryForms;

  return (
    <form onSubmit={(e) => void submit(e)} noValidate className="grid gap-6">
      <p className="text-sm text-muted-foreground">{t('companies.form.optional')}</p>

      <fieldset className="grid gap-4 sm:grid-cols-2">
        <legend className="sr-only">{t('companies.form.section.company')}</legend>
        <FormField {...field('companyName')} className="sm:col-span-2">
          {(control) => (
            <Input
              {...control}
              aria-required="true"
              autoComplete="organization"
              {...register('companyName')}
            />
          )}
        </FormField>
        <FormField {...field('country')}>
          {(control) => (
            <Select
              {...control}
              autoComplete="country"
              {...register('country', {
                // The legal form follows the country (decision 022): a Belgian company is not
                // left with the Dutch BV.
                onChange: (e: { target: { value: string } }) => {
                  const current = form.getValues('companyType') ?? '';
                  const next = legalFormForCountry(current, e.target.value);
                  if (next !== current) form.setValue('companyType', next, { shouldDirty: true });
                },
              })}
            >
              {countryOptions().map(({ code, name }) => (
                <option key={code} value={code}>
                  {name} ({code})
                </option>
              ))}
            </Select>
          )}
        </FormField>
        {legalForms ? (
          <FormField {...field('companyType')}>
            {(control) => (
              // A new element per list: the value set on a country change is one of its options.
              <Select key={country} {...control} {...register('companyType')}>
                {legalForms.map((value) => (
                  <option key={value} value={value}>
                    {legalFormName(value)}
                  </option>
                ))}
              </Select>
            )}
          </FormField>
        ) : (
          <FormField
            {...field('companyType')}
            description={t('companies.form.legalFormFreeText', { country: countryName(country) })}
          >
            {(control) => <Input {...control} autoComplete="off" {...register('companyType')} />}
          </FormField>
        )}
        <FormField {...field('vat')} description={t('companies.form.vat.hint')}>
          {(control) => <Input {...control} autoComplete="off" {...register('vat')} />}
        </FormField>
        <FormField
          {...field('registrationNumber')}
          label={registrationLabel(country)}
          description={registrationHint(country)}
        >
          {(control) => (
            <Input {...control} autoComplete="off" {...register('registrationNumber')} />
          )}
        </FormField>
        <FormField {...field('incorporationDate')}>
          {(control) => (
            <FormDateInput {...control} control={form.control} name="incorporationDate" />
          )}
        </FormField>
      </fieldset>

      <fieldset className="grid gap-4">
        <legend className="mb-2 text-sm font-semibold">
          {t('companies.form.section.address')}
        </legend>
        <div className="grid gap-4 sm:grid-cols-[1fr_8rem]">
          <FormField {...field('street')}>
            {(control) => (
              <Input {...control} autoComplete="address-line1" {...register('street')} />
            )}
          </FormField>
          <FormField {...field('streetNumber')}>
            {(control) => <Input {...control} autoComplete="off" {...register('streetNumber')} />}
          </FormField>
        </div>
        <div className="grid gap-4 sm:grid-cols-[10rem_1fr]">
          <FormField {...field('postal')}>
            {(control) => <Input {...control} autoComplete="postal-code" {...register('postal')} />}
          </FormField>
          <FormField {...field('city')}>
            {(control) => (
              <Input {...control} autoComplete="address-level2" {...register('city')} />
            )}
          </FormField>
        </div>
      </fieldset>

      <fieldset className="grid gap-4 sm:grid-cols-2">
        <legend className="mb-2 text-sm font-semibold">
          {t('companies.form.section.contact')}
        </legend>
        <FormField {...field('contactName')} className="sm:col-span-2">
          {(control) => <Input {...control} autoComplete="name" {...register('contactName')} />}
        </FormField>
        <FormField {...field('email')}>
          {(control) => (
            <Input {...control} type="email" autoComplete="email" {...register('email')} />
          )}
        </FormField>
        <FormField {...field('phone')}>
          {(control) => <Input {...control} type="tel" autoComplete="tel" {...register('phone')} />}
        </FormField>
      </fieldset>

      <fieldset className="grid gap-4 sm:grid-cols-2">
        <legend className="mb-2 text-sm font-semibold">
          {t('companies.form.section.practice')}
        </legend>
        <FormField {...field('status')}>
          {(control) => (
            <Select {...control} {...register('status')}>
              {COMPANY_STATUSES.map((status) => (
                <option key={status} value={status}>
                  {t(COMPANY_STATUS_LABELS[status])}
                </option>
              ))}
            </Select>
          )}
        </FormField>
        <FormField {...field('responsibleUserId')}>
          {(control) => (
            <Controller
              control={form.control}
              name="responsibleUserId"
              render={({ field: { value, onChange, onBlur, name, ref } }) => (
                <ResponsibleLawyerSelect
                  control={control}
                  name={name}
                  ref={ref}
                  value={value ?? ''}
                  onChange={onChange}
                  onBlur={onBlur}
                  storedName={responsibleUserName}
                  storedId={defaultValues.responsibleUserId ?? ''}
                />
              )}
            />
          )}
        </FormField>
        <FormField {...field('notes')} className="sm:col-span-2">
          {(control) => <Textarea {...control} rows={5} {...register('notes')} />}
        </FormField>
      </fieldset>

      <div className="flex flex-wrap items-center gap-2">
        <Button type="submit" disabled={isSubmitting} aria-busy={isSubmitting || undefined}>
          {isSubmitting ? <Loader2 className="animate-spin" aria-hidden="true" /> : null}
          {submitLabel}
        </Button>
        {secondaryAction}
      </div>
    </form>
  );
}

/**
 * The workspace's members as a native select (controlled, so the stored choice shows once the
 * members have loaded). A stored lawyer who has left the workspace stays listed as such.
 */
function ResponsibleLawyerSelect({
  control,
  name,
  ref,
  value,
  onChange,
  onBlur,
  storedId,
  storedName,
}: {
  control: FieldControlProps;
  name: string;
  ref: (element: HTMLSelectElement | null) => void;
  value: string;
  onChange: (value: string) => void;
  onBlur: () => void;
  storedId: string;
  storedName: string | null;
}) {
  const { data: me } = useSuspenseQuery(meQueryOptions());
  const members = useQuery(workspaceMembersQueryOptions(me.organizationId));
  const list = members.data ?? [];
  const storedIsGone =
    members.isSuccess && storedId !== '' && !list.some((m) => m.userId === storedId);
  return (
    <>
      <Select
        {...control}
        name={name}
        ref={ref}
        value={value}
        onChange={(e) => onChange(e.target.value)}
        onBlur={onBlur}
        disabled={members.isPending}
        aria-busy={members.isPending || undefined}
      >
        <option value="">
          {members.isPending ? t('companies.form.lawyer.loading') : t('companies.form.lawyer.none')}
        </option>
        {list.map((m) => (
          <option key={m.userId} value={m.userId}>
            {m.userId === me.user.id ? t('companies.form.lawyer.you', { name: m.name }) : m.name}
          </option>
        ))}
        {storedIsGone ? (
          <option value={storedId}>
            {t('companies.form.lawyer.formerMember', {
              name: storedName ?? t('companies.formerMember'),
            })}
          </option>
        ) : null}
      </Select>
      {members.isError ? (
        <p role="alert" className="text-xs text-destructive">
          {errorMessage(members.error, t('companies.form.lawyer.loadFailed'))}
        </p>
      ) : null}
    </>
  );
}
