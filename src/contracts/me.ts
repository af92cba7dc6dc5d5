import { z } from 'zod';
import { BUSINESS_ACTIONS, BUSINESS_RESOURCES } from './access-control';

/** `GET /api/v1/me`: the caller, their active workspace and what their role lets them do. */
export const meResponseSchema = z.object({
  // id is null when a workspace-owned API key calls.
  user: z.object({ id: z.string().nullable(), name: z.string() }),
  organizationId: z.string(),
  role: z.string(),
  permissions: z.record(z.enum(BUSINESS_RESOURCES), z.array(z.enum(BUSINESS_ACTIONS))),
});
export type Me = z.infer<typeof meResponseSchema>;
