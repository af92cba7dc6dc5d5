import { zodResolver } from '@hookform/resolvers/zod';
import { Loader2 } from 'lucide-react';
import type { ReactNode } from 'react';
import { useForm, type Path } from 'react-hook-form';
import { toast } from 'sonner';
import {
  companyCreateSchema,
  type Company,
  type CompanyCreate,
  type CompanyCreateInput,
} from '../../../contracts/company';
import { COUNTRY_CODES, countryName } from '../../../domain/countries';
import { DEFAULT_LEGAL_FORM, LEGAL_FORM_GROUPS, legalFormLabel } from '../../../domain/legal-forms';
import { Button } from '../../components/ui/button';
import { FormField } from '../../components/ui/form-field';
import { Input } from '../../components/ui/input';
import { Select } from '../../components/ui/select';
import { ApiError, errorMessage } from '../../lib/api';
import { applyServerFieldErrors } from '../../lib/form-errors';
import { COMPANY_FIELD_LABELS, COMPANY_FIELD_NAMES, type CompanyFieldName } from './fields';

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

// Sorted by the English name people scan for, not by code.
const countryOptions = COUNTRY_CODES.map((code) => ({ code, name: countryName(code) })).sort(
  (a, b) => a.name.localeCompare(b.name, 'en'),
);

type CompanyFormProps = {
  defaultValues: CompanyFormValues;
  submitLabel: string;
  /** Performs the request; a rejected ApiError's `fields` are shown inline. */
  onSubmit: (values: CompanyCreate) => Promise<void>;
  /** Extra buttons next to submit (e.g. Cancel). */
  secondaryAction?: ReactNode;
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
}: CompanyFormProps) {
  const form = useForm<CompanyCreateInput, unknown, CompanyCreate>({
    resolver: zodResolver(companyCreateSchema),
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
        toast.error(errorMessage(error, 'Saving the company failed'));
      }
    }
  });

  const field = (name: CompanyFieldName) => ({
    label: COMPANY_FIELD_LABELS[name],
    error: errors[name]?.message,
  });

  return (
    <form onSubmit={(e) => void submit(e)} noValidate className="grid gap-6">
      <p className="text-sm text-muted-foreground">
        Fields other than the company name are optional.
      </p>

      <fieldset className="grid gap-4 sm:grid-cols-2">
        <legend className="sr-only">Company</legend>
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
        <FormField {...field('vat')} description="e.g. NL123456782B01">
          {(control) => <Input {...control} autoComplete="off" {...register('vat')} />}
        </FormField>
        <FormField {...field('companyType')}>
          {(control) => (
            <Select {...control} {...register('companyType')}>
              {LEGAL_FORM_GROUPS.map((group) => (
                <optgroup key={group.label} label={group.label}>
                  {group.forms.map((form) => (
                    <option key={form} value={form}>
                      {legalFormLabel(form)}
                    </option>
                  ))}
                </optgroup>
              ))}
            </Select>
          )}
        </FormField>
      </fieldset>

      <fieldset className="grid gap-4">
        <legend className="mb-2 text-sm font-semibold">Address</legend>
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
        <FormField {...field('country')}>
          {(control) => (
            <Select {...control} autoComplete="country" {...register('country')}>
              {countryOptions.map(({ code, name }) => (
                <option key={code} value={code}>
                  {name} ({code})
                </option>
              ))}
            </Select>
          )}
        </FormField>
      </fieldset>

      <fieldset className="grid gap-4 sm:grid-cols-2">
        <legend className="mb-2 text-sm font-semibold">Contact</legend>
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
