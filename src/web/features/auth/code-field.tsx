import type { UseFormRegisterReturn } from 'react-hook-form';
import { FormField } from '../../components/ui/form-field';
import { Input } from '../../components/ui/input';

/** A six-digit one-time code input: numeric keyboard on phones, autofill from SMS/mail. */
export function CodeField({
  label,
  error,
  description,
  registration,
}: {
  label: string;
  error: string | undefined;
  description?: string;
  registration: UseFormRegisterReturn;
}) {
  return (
    <FormField label={label} error={error} description={description}>
      {(control) => (
        <Input
          {...control}
          inputMode="numeric"
          autoComplete="one-time-code"
          pattern="[0-9]*"
          maxLength={6}
          aria-required="true"
          className="font-mono tracking-[0.3em]"
          {...registration}
        />
      )}
    </FormField>
  );
}
