import { useSuspenseQuery } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { CalendarClock, Pencil, Plus, Trash2 } from 'lucide-react';
import { Suspense, useState } from 'react';
import { toast } from '../../lib/toast';
import type { VestingTemplate } from '../../../contracts/vesting';
import { Button } from '../../components/ui/button';
import { Card, CardContent, CardFooter, CardHeader } from '../../components/ui/card';
import { ConfirmAction } from '../../components/ui/confirm-action';
import { Skeleton } from '../../components/ui/skeleton';
import { t } from '../../lib/i18n';
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
      title={
        template
          ? t('vesting.templates.editTitle', { name: template.name })
          : t('vesting.templates.newTitle')
      }
      description={
        template ? t('vesting.templates.editDescription') : t('vesting.templates.newDescription')
      }
    >
      <TemplateForm
        defaultValues={templateFormValues(template)}
        submitLabel={template ? t('vesting.templates.save') : t('vesting.templates.create')}
        onSubmit={async (body) => {
          const saved = await save.mutateAsync({ id: template?.id, body });
          toast.success(
            template
              ? t('vesting.templates.updated', { name: saved.name })
              : t('vesting.templates.created', { name: saved.name }),
          );
          onOpenChange(false);
        }}
      />
    </FormDialog>
  );
}

export function NewTemplateButton({ label }: { label?: string }) {
  const [open, setOpen] = useState(false);
  return (
    <>
      <Button onClick={() => setOpen(true)}>
        <Plus aria-hidden="true" />
        {label ?? t('vesting.templates.new')}
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
              ? t('vesting.templates.noPlan')
              : t('vesting.templates.planCount', { count: template.planCount })}
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
                  aria-label={t('vesting.templates.editNamed', { name: template.name })}
                >
                  <Pencil aria-hidden="true" />
                  {t('vesting.templates.edit')}
                </Button>
                <TemplateDialog template={template} open={editing} onOpenChange={setEditing} />
              </>
            ) : null}
            {canDelete ? (
              <ConfirmAction
                trigger={
                  <Button
                    variant="outline"
                    size="sm"
                    aria-label={t('vesting.templates.deleteNamed', { name: template.name })}
                  >
                    <Trash2 aria-hidden="true" />
                    {t('vesting.templates.delete')}
                  </Button>
                }
                title={t('vesting.templates.deleteTitle', { name: template.name })}
                description={t('vesting.templates.deleteDescription')}
                confirmLabel={t('vesting.templates.deleteConfirm')}
                onConfirm={async () => {
                  try {
                    await remove.mutateAsync(template.id);
                  } catch (error) {
                    reportDeleteError(error, t('vesting.templates.deleteFailed'));
                    throw error;
                  }
                  toast.success(t('vesting.templates.deleted', { name: template.name }));
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
        title={t('vesting.templates.empty')}
        action={
          canCreate ? <NewTemplateButton label={t('vesting.templates.createFirst')} /> : undefined
        }
      >
        {t('vesting.templates.emptyText')}
      </EmptyState>
    );
  return (
    <ul
      aria-label={t('vesting.templates.title')}
      className="grid gap-4 md:grid-cols-2 xl:grid-cols-3"
    >
      {templates.map((template) => (
        <TemplateCard
          key={template.id}
          template={template}
          canUpdate={canUpdate}
          canDelete={canDelete}
        />
      ))}
    </ul>
  );
}

function ListSkeleton() {
  return (
    <div role="status" aria-live="polite" className="grid gap-4 md:grid-cols-2 xl:grid-cols-3">
      <span className="sr-only">{t('vesting.templates.loading')}</span>
      {[0, 1, 2].map((i) => (
        <Skeleton key={i} className="h-36" />
      ))}
    </div>
  );
}

/** `/vesting-templates`: the workspace's reusable vesting terms. */
export function TemplatesPage() {
  useDocumentTitle(t('vesting.templates.title'));
  const canCreate = useCan('plan', 'create');
  return (
    <div className="grid gap-6">
      <Link
        to="/companies"
        className="justify-self-start rounded-sm text-sm text-muted-foreground hover:text-foreground"
      >
        {t('vesting.templates.back')}
      </Link>
      <div className="flex flex-col gap-3 sm:flex-row sm:items-end sm:justify-between">
        <div className="grid gap-1">
          <h1 className="text-2xl font-semibold tracking-tight">{t('vesting.templates.title')}</h1>
          <p className="text-sm text-muted-foreground">{t('vesting.templates.intro')}</p>
        </div>
        {canCreate ? <NewTemplateButton /> : null}
      </div>
      <Suspense fallback={<ListSkeleton />}>
        <TemplatesList />
      </Suspense>
    </div>
  );
}
