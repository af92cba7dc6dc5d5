import { Loader2 } from 'lucide-react';
import { useState } from 'react';
import { statements } from '../../../contracts/access-control';
import { Button } from '../../components/ui/button';
import { FormField } from '../../components/ui/form-field';
import { Input } from '../../components/ui/input';
import { t } from '../../lib/i18n';
import { compactPermission, PermissionGrid, type Permission } from './permission-grid';
import { roleNameSchema } from './schemas';

export type { Permission } from './permission-grid';

/** Every resource and its actions, from the one access-control module (issue 3). */
const RESOURCES = Object.entries(statements) as [string, readonly string[]][];

/**
 * A custom role: its name and a grid of checkboxes, one per resource and action. Each checkbox
 * is named after both ("Companies: read") for screen readers and tests.
 */
export function RoleForm({
  defaultName,
  defaultPermission,
  submitLabel,
  onSubmit,
}: {
  defaultName: string;
  defaultPermission: Permission;
  submitLabel: string;
  onSubmit: (values: { role: string; permission: Permission }) => Promise<unknown>;
}) {
  const [name, setName] = useState(defaultName);
  const [permission, setPermission] = useState<Permission>(defaultPermission);
  const [nameError, setNameError] = useState<string | undefined>();
  const [permissionError, setPermissionError] = useState<string | undefined>();
  const [isPending, setIsPending] = useState(false);

  async function submit() {
    const parsedName = roleNameSchema().safeParse(name);
    const granted = compactPermission(permission);
    setNameError(parsedName.success ? undefined : parsedName.error.issues[0]?.message);
    setPermissionError(
      Object.keys(granted).length === 0 ? t('workspace.permissions.required') : undefined,
    );
    if (!parsedName.success || Object.keys(granted).length === 0) return;
    setIsPending(true);
    try {
      await onSubmit({ role: parsedName.data, permission: granted });
    } catch {
      // Reported by the caller.
    } finally {
      setIsPending(false);
    }
  }

  return (
    <form
      noValidate
      className="grid gap-4"
      onSubmit={(event) => {
        event.preventDefault();
        void submit();
      }}
    >
      <FormField
        label={t('workspace.roles.form.name')}
        error={nameError}
        description={t('workspace.roles.form.name.hint')}
      >
        {(control) => (
          <Input
            {...control}
            value={name}
            onChange={(event) => {
              setName(event.target.value);
              setNameError(undefined);
            }}
            maxLength={32}
            autoComplete="off"
            spellCheck={false}
          />
        )}
      </FormField>
      <PermissionGrid
        label={t('workspace.permissions.label')}
        resources={RESOURCES}
        value={permission}
        onChange={(next) => {
          setPermission(next);
          setPermissionError(undefined);
        }}
        error={permissionError}
      />
      <div>
        <Button type="submit" disabled={isPending} aria-busy={isPending || undefined}>
          {isPending ? <Loader2 className="animate-spin" aria-hidden="true" /> : null}
          {submitLabel}
        </Button>
      </div>
    </form>
  );
}
