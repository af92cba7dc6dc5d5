import { useId } from 'react';
import { msg, t } from '../../lib/i18n';

/** resource → actions, as custom roles and API keys store their permissions. */
export type Permission = Record<string, string[]>;

const RESOURCE_LABELS: Record<string, string> = {
  organization: msg('workspace.permissions.resource.organization'),
  member: msg('workspace.permissions.resource.member'),
  invitation: msg('workspace.permissions.resource.invitation'),
  team: msg('workspace.permissions.resource.team'),
  ac: msg('workspace.permissions.resource.ac'),
  apiKey: msg('workspace.permissions.resource.apiKey'),
  company: msg('workspace.permissions.resource.company'),
  stakeholder: msg('workspace.permissions.resource.stakeholder'),
  plan: msg('workspace.permissions.resource.plan'),
  grant: msg('workspace.permissions.resource.grant'),
  valuation: msg('workspace.permissions.resource.valuation'),
  document: msg('workspace.permissions.resource.document'),
  contact: msg('workspace.permissions.resource.contact'),
  note: msg('workspace.permissions.resource.note'),
  task: msg('workspace.permissions.resource.task'),
  audit: msg('workspace.permissions.resource.audit'),
  trash: msg('workspace.permissions.resource.trash'),
};

const ACTION_LABELS: Record<string, string> = {
  create: msg('workspace.permissions.action.create'),
  read: msg('workspace.permissions.action.read'),
  update: msg('workspace.permissions.action.update'),
  delete: msg('workspace.permissions.action.delete'),
  export: msg('workspace.permissions.action.export'),
  cancel: msg('workspace.permissions.action.cancel'),
};

/** A resource's name ("Companies"); an unknown one as it is stored. */
function resourceLabel(resource: string): string {
  return Object.hasOwn(RESOURCE_LABELS, resource) ? t(RESOURCE_LABELS[resource]!) : resource;
}

/** An action's name ("read"); an unknown one as it is stored. */
function actionLabel(action: string): string {
  return Object.hasOwn(ACTION_LABELS, action) ? t(ACTION_LABELS[action]!) : action;
}

/** "Companies: read" for `company` and `read`, in the app's language. */
export function permissionLabel(resource: string, action: string): string {
  return t('workspace.permissions.item', {
    resource: resourceLabel(resource),
    action: actionLabel(action),
  });
}

/** Drops empty resources, so a stored set only names what it grants. */
export function compactPermission(permission: Permission): Permission {
  return Object.fromEntries(Object.entries(permission).filter(([, actions]) => actions.length > 0));
}

/**
 * `{ company: ['read'] }` → one entry per granted action, for lists and badges: `id` is the
 * stored name (`company:read`, as the API knows it), `label` what people read ("Companies: read").
 */
export function permissionSummary(
  permission: Partial<Record<string, readonly string[]>>,
): { id: string; label: string }[] {
  return Object.entries(permission).flatMap(([resource, actions]) =>
    (actions ?? []).map((action) => ({
      id: `${resource}:${action}`,
      label: permissionLabel(resource, action),
    })),
  );
}

/**
 * A grid of checkboxes, one per resource and action, for custom roles and API keys. Each
 * checkbox is named after both ("Companies: read"), for screen readers and tests.
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
              <legend className="mb-1 text-sm font-medium">{resourceLabel(resource)}</legend>
              <div className="flex flex-wrap gap-x-4 gap-y-1">
                {actions.map((action) => (
                  <label key={action} className="flex items-center gap-1.5 text-sm">
                    <input
                      type="checkbox"
                      className="size-4 accent-primary"
                      aria-label={permissionLabel(resource, action)}
                      checked={value[resource]?.includes(action) ?? false}
                      onChange={(event) => toggle(resource, action, event.target.checked)}
                    />
                    {actionLabel(action)}
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
