import { Loader2 } from 'lucide-react';
import type { ReactNode } from 'react';
import { Button } from '../../components/ui/button';
import {
  Dialog,
  DialogClose,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
} from '../../components/ui/dialog';
import { t } from '../../lib/i18n';

/**
 * A dialog around one form of the tab. The form is mounted only while the dialog is open, so
 * every opening starts from its defaults; it renders `FormDialogActions` as its last child.
 * Long forms scroll inside the dialog, which never outgrows the viewport.
 */
export function FormDialog({
  open,
  onOpenChange,
  title,
  description,
  wide = false,
  children,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  title: string;
  description?: ReactNode;
  wide?: boolean;
  children: ReactNode;
}) {
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent
        className={
          wide
            ? 'max-h-[calc(100dvh-2rem)] overflow-y-auto sm:max-w-3xl'
            : 'max-h-[calc(100dvh-2rem)] overflow-y-auto sm:max-w-xl'
        }
        // Radix warns about a missing description unless told there is none.
        {...(description ? {} : { 'aria-describedby': undefined })}
      >
        <DialogHeader className="pr-6">
          <DialogTitle>{title}</DialogTitle>
          {description ? <DialogDescription>{description}</DialogDescription> : null}
        </DialogHeader>
        {children}
      </DialogContent>
    </Dialog>
  );
}

/** Cancel and submit, at the foot of a dialog's form. */
export function FormDialogActions({
  submitLabel,
  isSubmitting,
}: {
  submitLabel: string;
  isSubmitting: boolean;
}) {
  return (
    <DialogFooter>
      <DialogClose asChild>
        <Button variant="ghost" disabled={isSubmitting}>
          {t('common.cancel')}
        </Button>
      </DialogClose>
      <Button type="submit" disabled={isSubmitting} aria-busy={isSubmitting || undefined}>
        {isSubmitting ? <Loader2 className="animate-spin" aria-hidden="true" /> : null}
        {submitLabel}
      </Button>
    </DialogFooter>
  );
}
