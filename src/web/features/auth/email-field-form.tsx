import { zodResolver } from '@hookform/resolvers/zod';
import { Loader2 } from 'lucide-react';
import { useForm } from 'react-hook-form';
import { Button } from '../../components/ui/button';
import { FormField } from '../../components/ui/form-field';
import { Input } from '../../components/ui/input';
import { t } from '../../lib/i18n';
import { emailOnlySchema } from './auth-schemas';

/**
 * One e-mail field and a submit button: the first step of the forgot-password, magic-link and
 * e-mail code pages. `onSubmit` reports errors itself (toasts); the button is disabled meanwhile.
 */
export function EmailFieldForm({
  submitLabel,
  defaultEmail = '',
  onSubmit,
}: {
  submitLabel: string;
  defaultEmail?: string;
  onSubmit: (email: string) => Promise<void>;
}) {
  const form = useForm({
    resolver: zodResolver(emailOnlySchema),
    defaultValues: { email: defaultEmail },
  });
  const { errors, isSubmitting } = form.formState;
  const submit = form.handleSubmit(async ({ email }) => onSubmit(email));

  return (
    <form onSubmit={(e) => void submit(e)} noValidate className="grid gap-4">
      <FormField label={t('auth.field.email')} error={errors.email?.message}>
        {(control) => (
          <Input
            {...control}
            type="email"
            autoComplete="email"
            aria-required="true"
            {...form.register('email')}
          />
        )}
      </FormField>
      <Button type="submit" disabled={isSubmitting} aria-busy={isSubmitting || undefined}>
        {isSubmitting ? <Loader2 className="animate-spin" aria-hidden="true" /> : null}
        {submitLabel}
      </Button>
    </form>
  );
}
