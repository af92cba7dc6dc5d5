import { Loader2 } from 'lucide-react';
import { useState, type ReactNode } from 'react';
import { t } from '../../lib/i18n';
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
} from './alert-dialog';

/**
 * A trigger plus its confirmation dialog. `onConfirm` runs the request; when it rejects (the
 * caller reported the error) the dialog stays open so the user can retry or cancel.
 */
export function ConfirmAction({
  trigger,
  title,
  description,
  confirmLabel,
  onConfirm,
  children,
  confirmDisabled = false,
  tone = 'destructive',
}: {
  trigger: ReactNode;
  title: string;
  description: ReactNode;
  confirmLabel: string;
  onConfirm: () => Promise<unknown>;
  /** Extra content between the description and the buttons (a reason field, say). */
  children?: ReactNode;
  confirmDisabled?: boolean;
  /** The confirm button's look: red (the default) unless the action records rather than removes. */
  tone?: 'destructive' | 'default';
}) {
  const [open, setOpen] = useState(false);
  const [isPending, setIsPending] = useState(false);

  async function confirm() {
    setIsPending(true);
    try {
      await onConfirm();
      setOpen(false);
    } catch {
      // Reported by the caller.
    } finally {
      setIsPending(false);
    }
  }

  return (
    <AlertDialog open={open} onOpenChange={(next) => !isPending && setOpen(next)}>
      <AlertDialogTrigger asChild>{trigger}</AlertDialogTrigger>
      <AlertDialogContent>
        <AlertDialogHeader>
          <AlertDialogTitle>{title}</AlertDialogTitle>
          <AlertDialogDescription>{description}</AlertDialogDescription>
        </AlertDialogHeader>
        {children}
        <AlertDialogFooter>
          <AlertDialogCancel disabled={isPending}>{t('common.cancel')}</AlertDialogCancel>
          <AlertDialogConfirm
            tone={tone}
            onClick={() => void confirm()}
            disabled={isPending || confirmDisabled}
            aria-busy={isPending || undefined}
          >
            {isPending ? <Loader2 className="animate-spin" aria-hidden="true" /> : null}
            {confirmLabel}
          </AlertDialogConfirm>
        </AlertDialogFooter>
      </AlertDialogContent>
    </AlertDialog>
  );
}
