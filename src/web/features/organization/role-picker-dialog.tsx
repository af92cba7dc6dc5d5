import { Loader2, UserCog } from 'lucide-react';
import { useId, useState } from 'react';
import { LoadingSkeleton } from '../../components/loading-skeleton';
import { Button } from '../../components/ui/button';
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
  DialogTrigger,
} from '../../components/ui/dialog';
import { splitRoles } from '../../../contracts/access-control';
import { activeLanguage, t } from '../../lib/i18n';
import { roleLabel } from './role-names';

/**
 * A member's roles as checkboxes (built-in and custom); several may be held at once. While the
 * workspace's custom roles load (`loading`), the choice waits for them: a list of the built-in
 * ones alone would hide a custom role the member holds (issue 23: a journey chose in that moment
 * and found no role to check).
 */
export function RolePickerDialog({
  memberName,
  currentRole,
  roleNames,
  loading = false,
  onSave,
}: {
  memberName: string;
  currentRole: string;
  roleNames: readonly string[];
  loading?: boolean;
  onSave: (roles: string[]) => Promise<unknown>;
}) {
  const [open, setOpen] = useState(false);
  const [selected, setSelected] = useState<string[]>(() => splitRoles(currentRole));
  const [isPending, setIsPending] = useState(false);
  const groupId = useId();

  async function save() {
    setIsPending(true);
    try {
      await onSave(selected);
      setOpen(false);
    } catch {
      // Reported by the caller; keep the dialog open.
    } finally {
      setIsPending(false);
    }
  }

  return (
    <Dialog
      open={open}
      onOpenChange={(next) => {
        if (isPending) return;
        setOpen(next);
        if (next) setSelected(splitRoles(currentRole));
      }}
    >
      <DialogTrigger asChild>
        <Button
          variant="outline"
          size="sm"
          aria-label={t('workspace.members.changeRoleOf', { name: memberName })}
        >
          <UserCog aria-hidden="true" />
          <span className="hidden sm:inline">{t('workspace.members.changeRole')}</span>
        </Button>
      </DialogTrigger>
      <DialogContent>
        <DialogHeader>
          <DialogTitle>{t('workspace.members.rolesOf', { name: memberName })}</DialogTitle>
          <DialogDescription>{t('workspace.members.roles.description')}</DialogDescription>
        </DialogHeader>
        {loading ? (
          <LoadingSkeleton
            label={t('workspace.members.roles.loading')}
            bars={['h-5 w-1/2', 'h-5 w-1/2', 'h-5 w-1/2']}
          />
        ) : (
          <fieldset className="grid gap-2" aria-describedby={`${groupId}-hint`}>
            <legend className="sr-only">{t('workspace.members.roles')}</legend>
            {roleNames.map((role) => (
              <label key={role} className="flex items-center gap-2 text-sm">
                <input
                  type="checkbox"
                  className="size-4 accent-primary"
                  checked={selected.includes(role)}
                  onChange={(event) =>
                    setSelected((current) =>
                      event.target.checked ? [...current, role] : current.filter((r) => r !== role),
                    )
                  }
                />
                {roleLabel(role)}
              </label>
            ))}
            <p id={`${groupId}-hint`} className="text-xs text-muted-foreground">
              {selected.length === 0
                ? t('workspace.members.roles.required')
                : t('workspace.members.roles.selected', {
                    roles: new Intl.ListFormat(activeLanguage(), { type: 'conjunction' }).format(
                      selected.map(roleLabel),
                    ),
                  })}
            </p>
          </fieldset>
        )}
        <DialogFooter>
          <Button
            onClick={() => void save()}
            disabled={loading || isPending || selected.length === 0}
            aria-busy={isPending || undefined}
          >
            {isPending ? <Loader2 className="animate-spin" aria-hidden="true" /> : null}
            {t('workspace.members.roles.save')}
          </Button>
        </DialogFooter>
      </DialogContent>
    </Dialog>
  );
}
