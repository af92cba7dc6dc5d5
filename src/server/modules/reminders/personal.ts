import type { MiddlewareHandler } from 'hono';
import type { AppEnv } from '../../http/context';
import { AppError, msg } from '../../http/errors';
import { refuseMalformedInput } from '../../http/input-guard';

/**
 * Routes about the caller's own reminders and calendar feeds: any member of the workspace, guests
 * included, has them (they read only what their role lets them read); a workspace-owned API key
 * has no person to remind (403).
 */
const requireUser: MiddlewareHandler<AppEnv> = async (c, next) => {
  if (c.var.actor.userId === null)
    throw new AppError('FORBIDDEN', msg('errors.forbidden.personal'));
  await next();
};

/** The middleware of a personal route (what `guarded` adds to the business ones). */
export const personal = [requireUser, refuseMalformedInput];
