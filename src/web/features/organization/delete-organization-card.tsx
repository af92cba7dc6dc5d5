import { useQueryClient } from '@tanstack/react-query';
import { useNavigate } from '@tanstack/react-router';
import { Loader2, Trash2 } from 'lucide-react';
import { useId, useState } from 'react';
import { toast } from '../../lib/toast';
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
import { t, Trans } from '../../lib/i18n';
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
      toast.success(t('workspace.delete.toast.deleted', { name: organization.name }));
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
      toast.error(t('common.requestFailed'));
    } finally {
      setIsPending(false);
    }
  }

  return (
    <Card className="border-destructive/40">
      <CardHeader>
        <CardTitle>{t('workspace.delete.title')}</CardTitle>
        <CardDescription>{t('workspace.delete.description')}</CardDescription>
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
              {t('workspace.delete.title')}
            </Button>
          </AlertDialogTrigger>
          <AlertDialogContent>
            <AlertDialogHeader>
              <AlertDialogTitle>{t('workspace.delete.confirm.title')}</AlertDialogTitle>
              <AlertDialogDescription>
                <Trans
                  id="workspace.delete.confirm.description"
                  components={{
                    name: <strong className="text-foreground">{organization.name}</strong>,
                    slug: (
                      <code className="rounded bg-muted px-1 text-foreground">
                        {organization.slug}
                      </code>
                    ),
                  }}
                />
              </AlertDialogDescription>
            </AlertDialogHeader>
            <div className="grid gap-1.5">
              <Label htmlFor={inputId}>{t('workspace.delete.confirm.slug')}</Label>
              <Input
                id={inputId}
                value={typed}
                onChange={(event) => setTyped(event.target.value)}
                autoComplete="off"
                spellCheck={false}
              />
            </div>
            <AlertDialogFooter>
              <AlertDialogCancel disabled={isPending}>{t('common.cancel')}</AlertDialogCancel>
              <AlertDialogConfirm
                onClick={() => void confirm()}
                disabled={isPending || typed.trim() !== organization.slug}
                aria-busy={isPending || undefined}
              >
                {isPending ? <Loader2 className="animate-spin" aria-hidden="true" /> : null}
                {t('workspace.delete.title')}
              </AlertDialogConfirm>
            </AlertDialogFooter>
          </AlertDialogContent>
        </AlertDialog>
      </CardContent>
    </Card>
  );
}
