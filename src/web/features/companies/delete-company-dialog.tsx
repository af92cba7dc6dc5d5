import { Trash2 } from 'lucide-react';
import { Button } from '../../components/ui/button';
import { ConfirmAction } from '../../components/ui/confirm-action';

/** "Delete" button plus its confirmation; `onConfirm` runs the request (and may throw). */
export function DeleteCompanyDialog({
  companyName,
  onConfirm,
}: {
  companyName: string;
  onConfirm: () => Promise<void>;
}) {
  // ConfirmAction keeps the dialog open when `onConfirm` rejects: the caller has reported the
  // error, and the user can retry or cancel.
  return (
    <ConfirmAction
      trigger={
        <Button variant="outline" className="text-destructive hover:text-destructive">
          <Trash2 aria-hidden="true" />
          Delete
        </Button>
      }
      title="Delete company?"
      description={
        <>
          This permanently deletes <strong className="text-foreground">{companyName}</strong> from
          your workspace. This cannot be undone.
        </>
      }
      confirmLabel="Delete"
      onConfirm={onConfirm}
    />
  );
}
