import { z } from 'zod';

/** One entry of an entity's activity list (an audit event). */
export const auditEventSchema = z.object({
  id: z.uuid(),
  action: z.enum(['create', 'update', 'delete']),
  entityType: z.string(),
  entityId: z.string(),
  actor: z.object({ id: z.string().nullable(), name: z.string().nullable() }),
  changes: z.record(z.string(), z.object({ from: z.unknown(), to: z.unknown() })).nullable(),
  createdAt: z.iso.datetime({ offset: true }),
});
export type AuditEvent = z.infer<typeof auditEventSchema>;

export const auditListResponseSchema = z.object({ items: z.array(auditEventSchema) });
