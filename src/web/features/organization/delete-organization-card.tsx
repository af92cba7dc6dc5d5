import { useQueryClient } from '@tanstack/react-query';
import { useNavigate } from '@tanstack/react-router';
import { Loader2, Trash2 } from 'lucide-react';
import { useId, useState } from 'react';
import { toast } from 'sonner';
import {
  AlertDialog,
  AlertDialogCancel,
  AlertDialogConfirm,
  AlertDialogContent,
  AlertDialogDescription,
  AlertDialogFooter,
  AlertDialogHeader,
  AlertDialogTitle,
  AlertDialogTrigger,
} from '../../components/ui/alert-dialog';
import { Button } from '../../components/ui/button';
import {
  Card,
  CardContent,
  CardDescription,
  CardHeader,
  CardTitle,
} from '../../components/ui/card';
import { Input } from '../../components/ui/input';
import { Label } from '../../components/ui/label';
import { fullAuthClient } from '../auth/auth-client-full';
import { authErrorMessage } from '../auth/error-messages';
import { clearUserData, sessionQueryOptions } from '../auth/session';
import { organizationsQueryOptions } from './keys';
import { useSwitchWorkspace } from './use-switch-workspace';

/**
 * Deleting the workspace (owners only): type the slug to confirm. Afterwards the user moves to
 * another workspace of theirs, or to the workspace list when none is left.
 */
export function DeleteOrganizationCard({
  organization,
}: {
  organization: { id: string; name: string; slug: string };
}) {
  const [open, setOpen] = useState(false);
  const [typed, setTyped] = useState('');
  const [isPending, setIsPending] = useState(false);
  const inputId = useId();
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const { switchWorkspace } = useSwitchWorkspace();

  async function confirm() {
    setIsPending(true);
    try {
      const { error } = await fullAuthClient.organization.delete({
        organizationId: organization.id,
      });
      if (error) {
        toast.error(authErrorMessage(error));
        return;
      }
      toast.success(`Workspace "${organization.name}" deleted`);
      setOpen(false);
      const remaining = await queryClient.fetchQuery({
        ...organizationsQueryOptions(),
        staleTime: 0,
      });
      const next = remaining.find((o) => o.id !== organization.id);
      if (next) {
        await switchWorkspace(next.id);
      } else {
        clearUserData(queryClient);
        await queryClient.refetchQueries({ queryKey: sessionQueryOptions().queryKey });
        await navigate({ to: '/account/organizations' });
      }
    } catch {
      toast.error('Request failed');
    } finally {
      setIsPending(false);
    }
  }

  return (
    <Card className="border-destructive/40">
      <CardHeader>
        <CardTitle>Delete workspace</CardTitle>
        <CardDescription>
          Deletes the workspace with its members, invitations, teams and roles. This cannot be
          undone.
        </CardDescription>
      </CardHeader>
      <CardContent>
        <AlertDialog
          open={open}
          onOpenChange={(next) => {
            if (isPending) return;
            setOpen(next);
            setTyped('');
          }}
        >
          <AlertDialogTrigger asChild>
            <Button variant="outline" className="text-destructive hover:text-destructive">
              <Trash2 aria-hidden="true" />
              Delete workspace
            </Button>
          </AlertDialogTrigger>
          <AlertDialogContent>
            <AlertDialogHeader>
              <AlertDialogTitle>Delete workspace?</AlertDialogTitle>
              <AlertDialogDescription>
                This permanently deletes{' '}
                <strong className="text-foreground">{organization.name}</strong>. Type its slug{' '}
                <code className="rounded bg-muted px-1 text-foreground">{organization.slug}</code>{' '}
                to confirm.
              </AlertDialogDescription>
            </AlertDialogHeader>
            <div className="grid gap-1.5">
              <Label htmlFor={inputId}>Workspace slug</Label>
              <Input
                id={inputId}
                value={typed}
                onChange={(event) => setTyped(event.target.value)}
                autoComplete="off"
                spellCheck={false}
              />
            </div>
            <AlertDialogFooter>
              <AlertDialogCancel disabled={isPending}>Cancel</AlertDialogCancel>
              <AlertDialogConfirm
                onClick={() => void confirm()}
                disabled={isPending || typed.trim() !== organization.slug}
                aria-busy={isPending || undefined}
              >
                {isPending ? <Loader2 className="animate-spin" aria-hidden="true" /> : null}
                Delete workspace
              </AlertDialogConfirm>
            </AlertDialogFooter>
          </AlertDialogContent>
        </AlertDialog>
      </CardContent>
    </Card>
  );
}
