import { z } from 'zod';

/** One entry of an entity's activity list (an audit event). */
export const auditEventSchema = z.object({
  id: z.uuid(),
  // trash/restore/purge: moves to and from the trash, and the permanent deletion (decision 016).
  action: z.enum(['create', 'update', 'delete', 'trash', 'restore', 'purge']),
  entityType: z.string(),
  entityId: z.string(),
  actor: z.object({ id: z.string().nullable(), name: z.string().nullable() }),
  changes: z.record(z.string(), z.object({ from: z.unknown(), to: z.unknown() })).nullable(),
  createdAt: z.iso.datetime({ offset: true }),
});
export type AuditEvent = z.infer<typeof auditEventSchema>;

export const auditListResponseSchema = z.object({ items: z.array(auditEventSchema) });
