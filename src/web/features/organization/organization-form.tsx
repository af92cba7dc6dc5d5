import { zodResolver } from '@hookform/resolvers/zod';
import { Loader2 } from 'lucide-react';
import { useState } from 'react';
import { Controller, useForm, useWatch } from 'react-hook-form';
import { Button } from '../../components/ui/button';
import { FormField } from '../../components/ui/form-field';
import { Input } from '../../components/ui/input';
import { t } from '../../lib/i18n';
import { LogoInput } from './logo-input';
import {
  LOGO_MAX_SIZE_PX,
  ORGANIZATION_NAME_MAX_LENGTH,
  ORGANIZATION_SLUG_MAX_LENGTH,
  organizationFormSchema,
  slugify,
  type OrganizationFormValues,
} from './schemas';

/**
 * Name, slug and logo of a workspace. On create (`deriveSlug`) the slug follows the name until
 * the user edits it. `onSubmit` reports its own errors (toasts); a rejection keeps the values.
 */
export function OrganizationForm({
  defaultValues,
  submitLabel,
  readOnly = false,
  deriveSlug = false,
  onSubmit,
}: {
  defaultValues: OrganizationFormValues;
  submitLabel: string;
  readOnly?: boolean;
  deriveSlug?: boolean;
  onSubmit: (values: OrganizationFormValues) => Promise<unknown>;
}) {
  const form = useForm<OrganizationFormValues>({
    resolver: zodResolver(organizationFormSchema()),
    defaultValues,
  });
  const [slugEdited, setSlugEdited] = useState(!deriveSlug);
  const watchedName = useWatch({ control: form.control, name: 'name' });
  const {
    register,
    control,
    formState: { errors, isSubmitting, isDirty },
  } = form;
  const nameField = register('name', {
    onChange: (event: { target: { value: string } }) => {
      if (!slugEdited) {
        form.setValue('slug', slugify(event.target.value), {
          shouldValidate: form.formState.isSubmitted,
        });
      }
    },
  });

  return (
    <form
      noValidate
      className="grid gap-4"
      onSubmit={form.handleSubmit(async (values) => {
        try {
          await onSubmit(values);
          form.reset(values);
        } catch {
          // Reported by the caller (toast); the form keeps what was typed.
        }
      })}
    >
      <div className="grid gap-4 sm:grid-cols-2">
        <FormField label={t('workspace.form.name')} error={errors.name?.message}>
          {(control) => (
            <Input
              {...control}
              {...nameField}
              maxLength={ORGANIZATION_NAME_MAX_LENGTH}
              autoComplete="organization"
              readOnly={readOnly}
            />
          )}
        </FormField>
        <FormField
          label={t('workspace.form.slug')}
          error={errors.slug?.message}
          description={t('workspace.form.slug.hint')}
        >
          {(control) => (
            <Input
              {...control}
              {...register('slug', {
                onChange: () => setSlugEdited(true),
              })}
              maxLength={ORGANIZATION_SLUG_MAX_LENGTH}
              autoComplete="off"
              spellCheck={false}
              readOnly={readOnly}
            />
          )}
        </FormField>
      </div>
      <FormField
        label={t('workspace.form.logo')}
        error={errors.logo?.message}
        description={t('workspace.form.logo.hint', { size: LOGO_MAX_SIZE_PX })}
      >
        {(fieldControl) => (
          <Controller
            control={control}
            name="logo"
            render={({ field }) => (
              <LogoInput
                id={fieldControl.id}
                describedBy={fieldControl['aria-describedby']}
                name={watchedName}
                value={field.value}
                onChange={(value) => field.onChange(value)}
                disabled={readOnly}
              />
            )}
          />
        )}
      </FormField>
      {readOnly ? null : (
        <div>
          <Button type="submit" disabled={isSubmitting || (!deriveSlug && !isDirty)}>
            {isSubmitting ? <Loader2 className="animate-spin" aria-hidden="true" /> : null}
            {submitLabel}
          </Button>
        </div>
      )}
    </form>
  );
}
