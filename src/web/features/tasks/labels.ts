import type { TaskPriority, TaskStatus } from '../../../contracts/tasks';
import { msg } from '../../lib/i18n';

export const TASK_STATUS_LABELS: Record<TaskStatus, string> = {
  open: msg('tasks.status.open'),
  waiting: msg('tasks.status.waiting'),
  done: msg('tasks.status.done'),
};

export const TASK_PRIORITY_LABELS: Record<TaskPriority, string> = {
  low: msg('tasks.priority.low'),
  normal: msg('tasks.priority.normal'),
  high: msg('tasks.priority.high'),
};
