import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { companyListResponseSchema } from '../../../contracts/company';
import {
  taskBulkResultSchema,
  taskListSchema,
  taskSchema,
  type TaskCreate,
  type TaskFromDeadline,
  type TaskUpdate,
} from '../../../contracts/tasks';
import { apiFetch } from '../../lib/api';
import { WORKSPACE_DERIVED_KEYS } from '../companies/api';

/** The filters of `GET /api/v1/tasks` the pages use. */
export type TaskFilters = {
  assignee?: string;
  status?: string;
  companyId?: string;
  due?: string;
};

// The key hierarchy lives here only; components get keys through the *QueryOptions helpers.
const taskKeys = {
  all: ['tasks'] as const,
  list: (filters: TaskFilters) => [...taskKeys.all, 'list', filters] as const,
};

/** `GET /api/v1/tasks`: overdue first, then by due date and time, then priority. */
export function tasksQueryOptions(filters: TaskFilters) {
  return queryOptions({
    queryKey: taskKeys.list(filters),
    queryFn: ({ signal }) => apiFetch('/tasks', { signal, query: filters, schema: taskListSchema }),
  });
}

/** `GET /api/v1/tasks/{taskId}`: one task (a search result opens it). */
export function taskQueryOptions(taskId: string) {
  return queryOptions({
    queryKey: [...taskKeys.all, 'detail', taskId] as const,
    queryFn: ({ signal }) => apiFetch(`/tasks/${taskId}`, { signal, schema: taskSchema }),
  });
}

/** The first 200 companies by name: the task form's company choices. */
export function taskCompaniesQueryOptions() {
  return queryOptions({
    queryKey: ['companies', 'list', 'task-choices'] as const,
    queryFn: ({ signal }) =>
      apiFetch('/company', {
        signal,
        query: { limit: 200, sort: 'name', order: 'asc' },
        schema: companyListResponseSchema,
      }),
  });
}

/**
 * After any task write: the task lists, the practice view (it shows each deadline's task) and
 * the companies' activity.
 */
function useInvalidateTasks() {
  const queryClient = useQueryClient();
  return () => {
    for (const queryKey of WORKSPACE_DERIVED_KEYS) void queryClient.invalidateQueries({ queryKey });
    // A company's activity lists its tasks' changes: stale, refetched when next shown.
    void queryClient.invalidateQueries({ queryKey: ['companies', 'detail'], refetchType: 'none' });
    return queryClient.invalidateQueries({ queryKey: taskKeys.all });
  };
}

export function useSaveTask() {
  const invalidate = useInvalidateTasks();
  return useMutation({
    mutationFn: ({ taskId, body }: { taskId?: string; body: TaskCreate | TaskUpdate }) =>
      taskId
        ? apiFetch(`/tasks/${encodeURIComponent(taskId)}`, {
            method: 'PATCH',
            body,
            schema: taskSchema,
          })
        : apiFetch('/tasks', { method: 'POST', body, schema: taskSchema }),
    onSuccess: invalidate,
  });
}

export function useDeleteTask() {
  const invalidate = useInvalidateTasks();
  return useMutation({
    mutationFn: (taskId: string) =>
      apiFetch(`/tasks/${encodeURIComponent(taskId)}`, { method: 'DELETE' }),
    onSuccess: invalidate,
  });
}

export function useBulkTasks() {
  const invalidate = useInvalidateTasks();
  return useMutation({
    mutationFn: (body: {
      ids: string[];
      action: 'complete' | 'reopen' | 'reassign';
      assigneeId?: string | null;
    }) => apiFetch('/tasks/bulk', { method: 'POST', body, schema: taskBulkResultSchema }),
    onSuccess: invalidate,
  });
}

export function useTaskFromDeadline() {
  const invalidate = useInvalidateTasks();
  return useMutation({
    mutationFn: (body: TaskFromDeadline) =>
      apiFetch('/tasks/from-deadline', { method: 'POST', body, schema: taskSchema }),
    onSettled: invalidate,
  });
}
