import type { Database } from '../db/client';

/** Who is calling: a signed-in user acting in their active workspace. */
export interface Actor {
  userId: string;
  userName: string;
  organizationId: string;
  role: string;
}

export interface AppEnv {
  Variables: { actor: Actor; db: Database };
}

/** Arguments every service takes (style.md: one object `{ db, actor, input }`). */
export interface ServiceArgs<I = undefined> {
  db: Database;
  actor: Actor;
  input: I;
}
