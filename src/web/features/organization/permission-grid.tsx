import { useId } from 'react';

/** resource → actions, as custom roles and API keys store their permissions. */
export type Permission = Record<string, string[]>;

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

/** Drops empty resources, so a stored set only names what it grants. */
export function compactPermission(permission: Permission): Permission {
  return Object.fromEntries(Object.entries(permission).filter(([, actions]) => actions.length > 0));
}

/** `{ company: ['read'] }` → `['company:read']`, for lists and badges. */
export function permissionSummary(
  permission: Partial<Record<string, readonly string[]>>,
): string[] {
  return Object.entries(permission).flatMap(([resource, actions]) =>
    (actions ?? []).map((action) => `${resource}:${action}`),
  );
}

/**
 * A grid of checkboxes, one per resource and action, for custom roles and API keys. Each
 * checkbox is named "<resource> <action>" (e.g. "company read") for screen readers and tests.
 */
export function PermissionGrid({
  label,
  resources,
  value,
  onChange,
  error,
}: {
  label: string;
  /** The resources and the actions offered for each (resources without actions are left out). */
  resources: readonly (readonly [string, readonly string[]])[];
  value: Permission;
  onChange: (next: Permission) => void;
  error?: string | undefined;
}) {
  const labelId = useId();
  const errorId = useId();

  function toggle(resource: string, action: string, checked: boolean) {
    const actions = new Set(value[resource] ?? []);
    if (checked) actions.add(action);
    else actions.delete(action);
    onChange({ ...value, [resource]: [...actions] });
  }

  return (
    <div className="grid gap-2">
      <p id={labelId} className="text-sm font-medium">
        {label}
      </p>
      <div
        role="group"
        aria-labelledby={labelId}
        aria-describedby={error ? errorId : undefined}
        className="grid max-h-[50dvh] gap-3 overflow-y-auto rounded-md border p-3 sm:grid-cols-2"
      >
        {resources
          .filter(([, actions]) => actions.length > 0)
          .map(([resource, actions]) => (
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
                      checked={value[resource]?.includes(action) ?? false}
                      onChange={(event) => toggle(resource, action, event.target.checked)}
                    />
                    {action}
                  </label>
                ))}
              </div>
            </fieldset>
          ))}
      </div>
      {error ? (
        <p id={errorId} className="text-xs font-medium text-destructive">
          {error}
        </p>
      ) : null}
    </div>
  );
}
