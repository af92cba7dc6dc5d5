import { zodResolver } from '@hookform/resolvers/zod';
import { Loader2, Send } from 'lucide-react';
import { useForm } from 'react-hook-form';
import { z } from 'zod';
import { Button } from '../../components/ui/button';
import { FormField } from '../../components/ui/form-field';
import { Input } from '../../components/ui/input';
import { Select } from '../../components/ui/select';
import { t } from '../../lib/i18n';
import { roleLabel } from './role-names';

/** Built when the form mounts: its messages are read in the app's language. */
function inviteSchema() {
  return z.object({
    email: z
      .string()
      .trim()
      .toLowerCase()
      .pipe(z.email(t('workspace.invite.email.invalid'))),
    role: z.string().min(1, t('workspace.invite.role.required')),
  });
}
type InviteValues = z.infer<ReturnType<typeof inviteSchema>>;

/** E-mail and role of a new invitation; the server mails the link. */
export function InviteMemberForm({
  roleNames,
  onInvite,
}: {
  roleNames: readonly string[];
  onInvite: (values: InviteValues) => Promise<unknown>;
}) {
  const form = useForm<InviteValues>({
    resolver: zodResolver(inviteSchema()),
    defaultValues: { email: '', role: 'member' },
  });
  const {
    register,
    formState: { errors, isSubmitting },
  } = form;
  return (
    <form
      noValidate
      className="grid items-start gap-4 sm:grid-cols-[1fr_12rem_auto]"
      onSubmit={form.handleSubmit(async (values) => {
        try {
          await onInvite(values);
          form.reset({ email: '', role: values.role });
        } catch {
          // Reported by the caller (toast).
        }
      })}
    >
      <FormField label={t('workspace.invite.email')} error={errors.email?.message}>
        {(control) => <Input {...control} {...register('email')} type="email" autoComplete="off" />}
      </FormField>
      <FormField label={t('workspace.invite.role')} error={errors.role?.message}>
        {(control) => (
          <Select {...control} {...register('role')}>
            {roleNames.map((role) => (
              <option key={role} value={role}>
                {roleLabel(role)}
              </option>
            ))}
          </Select>
        )}
      </FormField>
      <Button type="submit" disabled={isSubmitting} className="sm:mt-[1.375rem]">
        {isSubmitting ? (
          <Loader2 className="animate-spin" aria-hidden="true" />
        ) : (
          <Send aria-hidden="true" />
        )}
        {t('workspace.invite.send')}
      </Button>
    </form>
  );
}
