import { zodResolver } from '@hookform/resolvers/zod';
import { useQuery, useSuspenseQuery } from '@tanstack/react-query';
import { Loader2 } from 'lucide-react';
import { useState, type ReactNode } from 'react';
import { useForm, useWatch, type Path } from 'react-hook-form';
import {
  TASK_PRIORITIES,
  TASK_STATUSES,
  taskCreateSchema,
  type Task,
  type TaskCreate,
  type TaskCreateInput,
} from '../../../contracts/tasks';
import { Button } from '../../components/ui/button';
import { FormDateInput } from '../../components/ui/date-input';
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
  DialogTrigger,
} from '../../components/ui/dialog';
import { FormField } from '../../components/ui/form-field';
import { Input } from '../../components/ui/input';
import { Select } from '../../components/ui/select';
import { Textarea } from '../../components/ui/textarea';
import { ApiError, errorMessage } from '../../lib/api';
import { applyServerFieldErrors } from '../../lib/form-errors';
import { t } from '../../lib/i18n';
import { localizedSchema } from '../../lib/localized-schema';
import { toast } from '../../lib/toast';
import { workspaceMembersQueryOptions } from '../companies/members';
import { contactsQueryOptions } from '../contacts/api';
import { grantsQueryOptions } from '../grants/api';
import { meQueryOptions } from '../me/api';
import { taskCompaniesQueryOptions, useSaveTask } from './api';
import { TASK_PRIORITY_LABELS, TASK_STATUS_LABELS } from './labels';

const FIELDS = [
  'title',
  'description',
  'dueDate',
  'dueTime',
  'assigneeId',
  'priority',
  'status',
  'companyId',
  'grantId',
  'contactId',
] as const satisfies readonly Path<TaskCreateInput>[];

/** A task's values in the form; a new one is the caller's own until they choose someone else. */
function toFormValues(
  task: Task | undefined,
  companyId?: string,
  me?: string | null,
): TaskCreateInput {
  return {
    title: task?.title ?? '',
    description: task?.description ?? '',
    dueDate: task?.dueDate ?? '',
    dueTime: task?.dueTime ?? '',
    assigneeId: task ? (task.assigneeId ?? '') : (me ?? ''),
    priority: task?.priority ?? 'normal',
    status: task?.status ?? 'open',
    companyId: task?.companyId ?? companyId ?? '',
    grantId: task?.grantId ?? '',
    valuationId: task?.valuationId ?? null,
    contactId: task?.contactId ?? '',
  };
}

/** The grant choices of the chosen company: holder and plan. */
function GrantChoices({ companyId }: { companyId: string }) {
  const grants = useQuery({ ...grantsQueryOptions(companyId), enabled: !!companyId });
  return (
    <>
      {(grants.data?.items ?? []).map((g) => (
        <option key={g.id} value={g.id}>
          {g.stakeholderName} · {g.planName}
        </option>
      ))}
    </>
  );
}

/** The contact choices of the chosen company: name and function. */
function ContactChoices({ companyId }: { companyId: string }) {
  const contacts = useQuery({ ...contactsQueryOptions(companyId), enabled: !!companyId });
  return (
    <>
      {(contacts.data ?? []).map((c) => (
        <option key={c.id} value={c.id}>
          {c.name}
        </option>
      ))}
    </>
  );
}

function TaskForm({
  task,
  companyId,
  onDone,
}: {
  task?: Task;
  companyId?: string;
  onDone: () => void;
}) {
  const { data: me } = useSuspenseQuery(meQueryOptions());
  const members = useQuery(workspaceMembersQueryOptions(me.organizationId));
  const companies = useQuery(taskCompaniesQueryOptions());
  const save = useSaveTask();
  const form = useForm<TaskCreateInput, unknown, TaskCreate>({
    resolver: zodResolver(localizedSchema(taskCreateSchema)),
    defaultValues: toFormValues(task, companyId, me.user.id),
  });
  const { errors, isSubmitting } = form.formState;
  const chosenCompany = useWatch({ control: form.control, name: 'companyId' }) ?? '';
  const submit = form.handleSubmit(async (values) => {
    try {
      await save.mutateAsync({ taskId: task?.id, body: values });
      toast.success(task ? t('tasks.toast.saved') : t('tasks.toast.created'));
      onDone();
    } catch (error) {
      applyServerFieldErrors(error, form.setError, FIELDS);
      if (!(error instanceof ApiError && error.status === 401))
        toast.error(errorMessage(error, t('tasks.toast.saveFailed')));
    }
  });
  const field = (name: (typeof FIELDS)[number]) => ({ error: errors[name]?.message });
  return (
    <form onSubmit={submit} noValidate className="grid gap-4">
      <FormField label={t('tasks.field.title')} {...field('title')}>
        {(control) => <Input {...control} {...form.register('title')} autoFocus />}
      </FormField>
      <FormField label={t('tasks.field.description')} {...field('description')}>
        {(control) => <Textarea {...control} rows={3} {...form.register('description')} />}
      </FormField>
      <div className="grid gap-4 sm:grid-cols-2">
        <FormField label={t('tasks.field.dueDate')} {...field('dueDate')}>
          {(control) => <FormDateInput {...control} control={form.control} name="dueDate" />}
        </FormField>
        <FormField label={t('tasks.field.dueTime')} {...field('dueTime')}>
          {(control) => <Input {...control} type="time" {...form.register('dueTime')} />}
        </FormField>
        <FormField label={t('tasks.field.priority')} {...field('priority')}>
          {(control) => (
            <Select {...control} {...form.register('priority')}>
              {TASK_PRIORITIES.map((p) => (
                <option key={p} value={p}>
                  {t(TASK_PRIORITY_LABELS[p])}
                </option>
              ))}
            </Select>
          )}
        </FormField>
        <FormField label={t('tasks.field.status')} {...field('status')}>
          {(control) => (
            <Select {...control} {...form.register('status')}>
              {TASK_STATUSES.map((s) => (
                <option key={s} value={s}>
                  {t(TASK_STATUS_LABELS[s])}
                </option>
              ))}
            </Select>
          )}
        </FormField>
      </div>
      <FormField label={t('tasks.field.assignee')} {...field('assigneeId')}>
        {(control) => (
          <Select {...control} {...form.register('assigneeId')}>
            <option value="">{t('tasks.assignee.nobody')}</option>
            {task?.assigneeId && !members.data?.some((m) => m.userId === task.assigneeId) ? (
              <option value={task.assigneeId}>{task.assigneeName ?? task.assigneeId}</option>
            ) : null}
            {(members.data ?? []).map((m) => (
              <option key={m.userId} value={m.userId}>
                {m.name}
              </option>
            ))}
          </Select>
        )}
      </FormField>
      <FormField label={t('tasks.field.company')} {...field('companyId')}>
        {(control) => (
          <Select
            {...control}
            {...form.register('companyId', {
              onChange: () => {
                form.setValue('grantId', '');
                form.setValue('contactId', '');
              },
            })}
          >
            <option value="">{t('tasks.company.none')}</option>
            {task?.companyId && !companies.data?.items.some((c) => c.id === task.companyId) ? (
              <option value={task.companyId}>{task.companyName ?? task.companyId}</option>
            ) : null}
            {(companies.data?.items ?? []).map((c) => (
              <option key={c.id} value={c.id}>
                {c.companyName}
              </option>
            ))}
          </Select>
        )}
      </FormField>
      <FormField label={t('tasks.field.grant')} {...field('grantId')}>
        {(control) => (
          <Select {...control} disabled={!chosenCompany} {...form.register('grantId')}>
            <option value="">{t('tasks.grant.none')}</option>
            {chosenCompany ? <GrantChoices companyId={chosenCompany} /> : null}
          </Select>
        )}
      </FormField>
      <FormField label={t('tasks.field.contact')} {...field('contactId')}>
        {(control) => (
          <Select {...control} disabled={!chosenCompany} {...form.register('contactId')}>
            <option value="">{t('tasks.contact.none')}</option>
            {chosenCompany ? <ContactChoices companyId={chosenCompany} /> : null}
          </Select>
        )}
      </FormField>
      <DialogFooter>
        <Button type="button" variant="outline" onClick={onDone}>
          {t('tasks.action.cancel')}
        </Button>
        <Button type="submit" disabled={isSubmitting}>
          {isSubmitting ? <Loader2 className="animate-spin" aria-hidden="true" /> : null}
          {task ? t('tasks.action.save') : t('tasks.action.create')}
        </Button>
      </DialogFooter>
    </form>
  );
}

/** Create (no `task`) or edit a task in a dialog opened by `trigger`. */
export function TaskDialog({
  task,
  companyId,
  trigger,
  defaultOpen = false,
  onClose,
}: {
  task?: Task;
  companyId?: string;
  /** The button that opens it; none for a dialog opened by the page (a search result's task). */
  trigger?: ReactNode;
  defaultOpen?: boolean;
  onClose?: () => void;
}) {
  const [open, setOpenState] = useState(defaultOpen);
  const setOpen = (next: boolean) => {
    setOpenState(next);
    if (!next) onClose?.();
  };
  return (
    <Dialog open={open} onOpenChange={setOpen}>
      {trigger ? <DialogTrigger asChild>{trigger}</DialogTrigger> : null}
      <DialogContent className="max-h-[90vh] overflow-y-auto sm:max-w-xl">
        <DialogHeader>
          <DialogTitle>
            {task ? t('tasks.dialog.editTitle') : t('tasks.dialog.newTitle')}
          </DialogTitle>
          <DialogDescription>{t('tasks.dialog.description')}</DialogDescription>
        </DialogHeader>
        {open ? <TaskForm task={task} companyId={companyId} onDone={() => setOpen(false)} /> : null}
      </DialogContent>
    </Dialog>
  );
}
