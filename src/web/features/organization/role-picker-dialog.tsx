import { Loader2, UserCog } from 'lucide-react';
import { useId, useState } from 'react';
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

/** A member's roles as checkboxes (built-in and custom); several may be held at once. */
export function RolePickerDialog({
  memberName,
  currentRole,
  roleNames,
  onSave,
}: {
  memberName: string;
  currentRole: string;
  roleNames: readonly string[];
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
        <Button variant="outline" size="sm" aria-label={`Change role of ${memberName}`}>
          <UserCog aria-hidden="true" />
          <span className="hidden sm:inline">Change role</span>
        </Button>
      </DialogTrigger>
      <DialogContent>
        <DialogHeader>
          <DialogTitle>Roles of {memberName}</DialogTitle>
          <DialogDescription>
            A member may hold several roles; each adds its permissions.
          </DialogDescription>
        </DialogHeader>
        <fieldset className="grid gap-2" aria-describedby={`${groupId}-hint`}>
          <legend className="sr-only">Roles</legend>
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
              {role}
            </label>
          ))}
          <p id={`${groupId}-hint`} className="text-xs text-muted-foreground">
            {selected.length === 0
              ? 'Choose at least one role.'
              : `Selected: ${selected.join(', ')}`}
          </p>
        </fieldset>
        <DialogFooter>
          <Button
            onClick={() => void save()}
            disabled={isPending || selected.length === 0}
            aria-busy={isPending || undefined}
          >
            {isPending ? <Loader2 className="animate-spin" aria-hidden="true" /> : null}
            Save roles
          </Button>
        </DialogFooter>
      </DialogContent>
    </Dialog>
  );
}
