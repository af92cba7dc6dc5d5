import { useSuspenseQuery } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { CalendarClock, Pencil, Plus, Trash2 } from 'lucide-react';
import { Suspense, useState } from 'react';
import { toast } from 'sonner';
import type { VestingTemplate } from '../../../contracts/vesting';
import { Button } from '../../components/ui/button';
import { Card, CardContent, CardFooter, CardHeader } from '../../components/ui/card';
import { ConfirmAction } from '../../components/ui/confirm-action';
import { Skeleton } from '../../components/ui/skeleton';
import { useDocumentTitle } from '../../lib/use-document-title';
import { EmptyState } from '../cap-table/section';
import { useCan } from '../me/api';
import { FormDialog } from '../plans/form-dialog';
import { reportDeleteError } from '../plans/report-error';
import { useDeleteTemplate, useSaveTemplate, vestingTemplatesQueryOptions } from './api';
import { TemplateForm, templateFormValues } from './template-form';
import { describeTerms } from './terms';

function TemplateDialog({
  template,
  open,
  onOpenChange,
}: {
  template?: VestingTemplate | undefined;
  open: boolean;
  onOpenChange: (open: boolean) => void;
}) {
  const save = useSaveTemplate();
  return (
    <FormDialog
      open={open}
      onOpenChange={onOpenChange}
      wide
      title={template ? `Edit ${template.name}` : 'New vesting template'}
      description={
        template
          ? 'Grants keep the copy of the terms they were made with; plans pick up the change for new grants.'
          : 'Reusable vesting terms: plans point to one as their default, and grants copy it.'
      }
    >
      <TemplateForm
        defaultValues={templateFormValues(template)}
        submitLabel={template ? 'Save template' : 'Create template'}
        onSubmit={async (body) => {
          const saved = await save.mutateAsync({ id: template?.id, body });
          toast.success(
            template ? `Template ${saved.name} updated` : `Template ${saved.name} created`,
          );
          onOpenChange(false);
        }}
      />
    </FormDialog>
  );
}

export function NewTemplateButton({ label = 'New template' }: { label?: string }) {
  const [open, setOpen] = useState(false);
  return (
    <>
      <Button onClick={() => setOpen(true)}>
        <Plus aria-hidden="true" />
        {label}
      </Button>
      <TemplateDialog open={open} onOpenChange={setOpen} />
    </>
  );
}

function TemplateCard({
  template,
  canUpdate,
  canDelete,
}: {
  template: VestingTemplate;
  canUpdate: boolean;
  canDelete: boolean;
}) {
  const [editing, setEditing] = useState(false);
  const remove = useDeleteTemplate();
  const headingId = `template-${template.id}-heading`;
  return (
    <li>
      <Card role="article" aria-labelledby={headingId} className="flex h-full flex-col">
        <CardHeader className="gap-1 pb-3">
          <h2 id={headingId} className="text-base leading-tight font-semibold break-words">
            {template.name}
          </h2>
          <p className="text-sm">{describeTerms(template.terms)}</p>
        </CardHeader>
        <CardContent className="grid flex-1 content-start gap-2 text-sm text-muted-foreground">
          {template.description ? <p className="break-words">{template.description}</p> : null}
          <p>
            {template.planCount === 0
              ? 'Not the default of any plan'
              : `Default of ${template.planCount} ${template.planCount === 1 ? 'plan' : 'plans'}`}
          </p>
        </CardContent>
        {canUpdate || canDelete ? (
          <CardFooter className="justify-end gap-2">
            {canUpdate ? (
              <>
                <Button
                  variant="outline"
                  size="sm"
                  onClick={() => setEditing(true)}
                  aria-label={`Edit ${template.name}`}
                >
                  <Pencil aria-hidden="true" />
                  Edit
                </Button>
                <TemplateDialog template={template} open={editing} onOpenChange={setEditing} />
              </>
            ) : null}
            {canDelete ? (
              <ConfirmAction
                trigger={
                  <Button variant="outline" size="sm" aria-label={`Delete ${template.name}`}>
                    <Trash2 aria-hidden="true" />
                    Delete
                  </Button>
                }
                title={`Delete ${template.name}?`}
                description="Grants keep their own copy of the terms. A template that a plan uses as its default cannot be deleted."
                confirmLabel="Delete template"
                onConfirm={async () => {
                  try {
                    await remove.mutateAsync(template.id);
                  } catch (error) {
                    reportDeleteError(error, 'Deleting the template failed');
                    throw error;
                  }
                  toast.success(`Template ${template.name} deleted`);
                }}
              />
            ) : null}
          </CardFooter>
        ) : null}
      </Card>
    </li>
  );
}

function TemplatesList() {
  const { data: templates } = useSuspenseQuery(vestingTemplatesQueryOptions());
  const canCreate = useCan('plan', 'create');
  const canUpdate = useCan('plan', 'update');
  const canDelete = useCan('plan', 'delete');
  if (templates.length === 0)
    return (
      <EmptyState
        icon={CalendarClock}
        title="No vesting templates yet"
        action={canCreate ? <NewTemplateButton label="Create the first template" /> : undefined}
      >
        A template holds vesting terms you use again and again, such as “4 years monthly, 1-year
        cliff”. Plans take one as their default; grants copy its terms.
      </EmptyState>
    );
  return (
    <ul aria-label="Vesting templates" className="grid gap-4 md:grid-cols-2 xl:grid-cols-3">
      {templates.map((t) => (
        <TemplateCard key={t.id} template={t} canUpdate={canUpdate} canDelete={canDelete} />
      ))}
    </ul>
  );
}

function ListSkeleton() {
  return (
    <div role="status" aria-live="polite" className="grid gap-4 md:grid-cols-2 xl:grid-cols-3">
      <span className="sr-only">Loading templates…</span>
      {[0, 1, 2].map((i) => (
        <Skeleton key={i} className="h-36" />
      ))}
    </div>
  );
}

/** `/vesting-templates`: the workspace's reusable vesting terms. */
export function TemplatesPage() {
  useDocumentTitle('Vesting templates');
  const canCreate = useCan('plan', 'create');
  return (
    <div className="grid gap-6">
      <Link
        to="/companies"
        className="justify-self-start rounded-sm text-sm text-muted-foreground hover:text-foreground"
      >
        Back to companies
      </Link>
      <div className="flex flex-col gap-3 sm:flex-row sm:items-end sm:justify-between">
        <div className="grid gap-1">
          <h1 className="text-2xl font-semibold tracking-tight">Vesting templates</h1>
          <p className="text-sm text-muted-foreground">
            Your workspace&apos;s reusable vesting terms: time-based with a cliff, milestones, or
            both. Plans pick a default; each grant keeps its own editable copy.
          </p>
        </div>
        {canCreate ? <NewTemplateButton /> : null}
      </div>
      <Suspense fallback={<ListSkeleton />}>
        <TemplatesList />
      </Suspense>
    </div>
  );
}
