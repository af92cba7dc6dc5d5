import { Loader2 } from 'lucide-react';
import { useId, useState } from 'react';
import { statements } from '../../../contracts/access-control';
import { Button } from '../../components/ui/button';
import { FormField } from '../../components/ui/form-field';
import { Input } from '../../components/ui/input';
import { roleNameSchema } from './schemas';

export type Permission = Record<string, string[]>;

/** Every resource and its actions, from the one access-control module (issue 3). */
const RESOURCES = Object.entries(statements) as [string, readonly string[]][];

const RESOURCE_LABELS: Record<string, string> = {
  organization: 'Workspace',
  member: 'Members',
  invitation: 'Invitations',
  team: 'Teams',
  ac: 'Roles',
  company: 'Companies',
  stakeholder: 'Stakeholders',
  plan: 'Plans',
  grant: 'Grants',
  valuation: 'Valuations',
  document: 'Documents',
  audit: 'Audit log',
};

/** Drops empty resources, so the stored set only names what it grants. */
function compact(permission: Permission): Permission {
  return Object.fromEntries(Object.entries(permission).filter(([, actions]) => actions.length > 0));
}

/**
 * A custom role: its name and a grid of checkboxes, one per resource and action. Each checkbox
 * is named "<resource> <action>" (e.g. "company read") for screen readers and tests.
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
  const gridId = useId();

  function toggle(resource: string, action: string, checked: boolean) {
    setPermissionError(undefined);
    setPermission((current) => {
      const actions = new Set(current[resource] ?? []);
      if (checked) actions.add(action);
      else actions.delete(action);
      return { ...current, [resource]: [...actions] };
    });
  }

  async function submit() {
    const parsedName = roleNameSchema.safeParse(name);
    const granted = compact(permission);
    setNameError(parsedName.success ? undefined : parsedName.error.issues[0]?.message);
    setPermissionError(
      Object.keys(granted).length === 0 ? 'Choose at least one permission.' : undefined,
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
        label="Role name"
        error={nameError}
        description="Lower-case letters, digits, '-' and '_'; e.g. read-only-auditor."
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
      <div className="grid gap-2">
        <p id={gridId} className="text-sm font-medium">
          Permissions
        </p>
        <div
          role="group"
          aria-labelledby={gridId}
          className="grid max-h-[50dvh] gap-3 overflow-y-auto rounded-md border p-3 sm:grid-cols-2"
        >
          {RESOURCES.map(([resource, actions]) => (
            <fieldset key={resource} className="grid gap-1.5">
              <legend className="mb-1 text-sm font-medium">
                {RESOURCE_LABELS[resource] ?? resource}
              </legend>
              <div className="flex flex-wrap gap-x-4 gap-y-1">
                {actions.map((action) => (
                  <label key={action} className="flex items-center gap-1.5 text-sm">
                    <input
                      type="checkbox"
                      className="size-4 accent-primary"
                      aria-label={`${resource} ${action}`}
                      checked={permission[resource]?.includes(action) ?? false}
                      onChange={(event) => toggle(resource, action, event.target.checked)}
                    />
                    {action}
                  </label>
                ))}
              </div>
            </fieldset>
          ))}
        </div>
        {permissionError ? (
          <p className="text-xs font-medium text-destructive">{permissionError}</p>
        ) : null}
      </div>
      <div>
        <Button type="submit" disabled={isPending} aria-busy={isPending || undefined}>
          {isPending ? <Loader2 className="animate-spin" aria-hidden="true" /> : null}
          {submitLabel}
        </Button>
      </div>
    </form>
  );
}
