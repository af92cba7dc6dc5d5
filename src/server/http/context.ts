import type { Database, Transaction } from '../db/client';

/** Who is calling: a signed-in user acting in their active workspace, or an API key. */
export interface Actor {
  /** The user behind the call; null for a workspace-owned API key. */
  userId: string | null;
  userName: string;
  organizationId: string;
  /** The member's role(s), comma-separated; empty for a workspace-owned API key. */
  role: string;
  /** Set when the call carries `x-api-key`: the key's own permissions also apply. */
  apiKey?: { id: string; permissions: Partial<Record<string, readonly string[]>> };
  /** The user's saved language (`user.locale`), when there is a user and they chose one. */
  locale?: string | null;
}

export interface AppEnv {
  Variables: {
    actor: Actor;
    db: Database;
    /** The language to answer in (issue 12): `Accept-Language`, else the account's, else English. */
    language: string;
  };
}

/** Arguments every service takes (style.md: one object `{ db, actor, input }`). */
export interface ServiceArgs<I = undefined> {
  db: Database;
  actor: Actor;
  input: I;
  /**
   * The caller's transaction, for writes that take one (`inTransaction`): the service runs in it
   * without a savepoint of its own. A spreadsheet import (decision 025) applies thousands of rows
   * in one transaction and fails whole at the first refusal, so a savepoint per row buys nothing
   * and costs a subtransaction each.
   */
  tx?: Transaction;
}
