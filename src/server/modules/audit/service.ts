import { and, desc, eq } from 'drizzle-orm';
import type { AuditEvent } from '../../../contracts/audit';
import type { DbOrTx } from '../../db/client';
import { auditEvent } from '../../db/schema';
import type { Actor } from '../../http/context';

export type AuditAction = 'create' | 'update' | 'delete' | 'trash' | 'restore' | 'purge';
export type Changes = Record<string, { from: unknown; to: unknown }>;

/** Writes one audit row; call it with the transaction that performs the write. */
export async function recordAudit(
  tx: DbOrTx,
  args: {
    actor: Actor;
    action: AuditAction;
    entityType: string;
    entityId: string;
    /** The client company the entity belongs to; its activity tab lists the event. */
    companyId?: string | null;
    changes: Changes | null;
  },
): Promise<void> {
  await tx.insert(auditEvent).values({
    organizationId: args.actor.organizationId,
    actorUserId: args.actor.userId,
    actorName: args.actor.userName,
    action: args.action,
    entityType: args.entityType,
    entityId: args.entityId,
    companyId: args.companyId ?? null,
    changes: args.changes,
  });
}

/** Several audit events of one actor in one insert (a bulk write: the spreadsheet import). */
export async function recordAudits(
  tx: DbOrTx,
  actor: Actor,
  events: readonly {
    action: AuditAction;
    entityType: string;
    entityId: string;
    companyId?: string | null;
    changes: Changes | null;
  }[],
): Promise<void> {
  if (events.length === 0) return;
  await tx.insert(auditEvent).values(
    events.map((e) => ({
      organizationId: actor.organizationId,
      actorUserId: actor.userId,
      actorName: actor.userName,
      action: e.action,
      entityType: e.entityType,
      entityId: e.entityId,
      companyId: e.companyId ?? null,
      changes: e.changes,
    })),
  );
}

/** Field-by-field differences between two snapshots (only keys present in `after`). */
export function diff<T extends Record<string, unknown>>(before: T, after: Partial<T>): Changes {
  const changes: Changes = {};
  for (const [key, to] of Object.entries(after)) {
    const from = before[key];
    if (to !== undefined && JSON.stringify(from) !== JSON.stringify(to))
      changes[key] = { from, to };
  }
  return changes;
}

/** Snapshot of created/deleted values for the audit row (nulls left out). */
export function snapshot(values: Record<string, unknown>): Changes {
  const changes: Changes = {};
  for (const [key, value] of Object.entries(values)) {
    if (value !== null && value !== undefined) changes[key] = { from: null, to: value };
  }
  return changes;
}

/**
 * A company's activity, newest first, within the caller's workspace: the company's own events and
 * those of everything in it (stakeholders, share classes, register, plans…).
 */
export async function listCompanyAuditEvents(
  db: DbOrTx,
  args: { organizationId: string; companyId: string; limit?: number },
): Promise<AuditEvent[]> {
  const rows = await db
    .select()
    .from(auditEvent)
    .where(
      and(
        eq(auditEvent.organizationId, args.organizationId),
        eq(auditEvent.companyId, args.companyId),
      ),
    )
    .orderBy(desc(auditEvent.createdAt), desc(auditEvent.id))
    .limit(args.limit ?? 200);
  return rows.map((row) => ({
    id: row.id,
    action: row.action as AuditAction,
    entityType: row.entityType,
    entityId: row.entityId,
    actor: { id: row.actorUserId, name: row.actorName },
    changes: row.changes ?? null,
    createdAt: row.createdAt.toISOString(),
  }));
}
