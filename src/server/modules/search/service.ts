import { sql, type SQL } from 'drizzle-orm';
import type { BusinessResource, PermissionSet } from '../../../contracts/access-control';
import { SEARCH_TYPES, type SearchResult, type SearchType } from '../../../contracts/search';
import type { DbOrTx } from '../../db/client';
import type { ServiceArgs } from '../../http/context';
import { actorMay } from '../../http/permissions';
import { hiddenCompanyIds, viewerOf } from '../access/visibility';
import { excerpt, prefixQuery, searchTerms } from './query';

/**
 * Search across the active workspace (issue 15, decision 032). One statement: per type a branch
 * that takes at most `CANDIDATES` matching rows from the type's GIN index (so a very common
 * prefix stays bounded: `part`), ranks only those (`ts_rank`) and keeps the best `limit`; the types
 * share `limit` fairly (`share`) and come back grouped in the order of `SEARCH_TYPES`.
 *
 * Walls: only the workspace's rows; nothing in the trash (the row's or its company's); soft-
 * deleted notes are out; the types the caller may not read are never queried; the companies
 * client access hides from the caller are dropped for every type.
 */

/** Matching rows a type ranks at most: bounds the work of a prefix that matches half the table. */
export const CANDIDATES = 200;

/** What each type needs the caller to be able to read. */
const NEEDS: Record<SearchType, BusinessResource[]> = {
  company: ['company'],
  contact: ['contact'],
  stakeholder: ['stakeholder'],
  grant: ['grant', 'stakeholder', 'plan'],
  note: ['note'],
  task: ['task'],
};

export interface SearchInput {
  q: string;
  limit: number;
}

interface Row {
  type: SearchType;
  id: string;
  company_id: string | null;
  title: string;
  detail: string | null;
  company_name: string | null;
  /** 1-based place within its type (a bigint: a string on node-postgres). */
  pos: number | string;
}

/** `company_id not in (…)` for the hidden companies, or nothing. */
function visible(column: string, hidden: readonly string[]): SQL {
  if (hidden.length === 0) return sql``;
  return sql` and ${sql.raw(column)} not in (${sql.join(
    hidden.map((id) => sql`${id}::uuid`),
    sql`, `,
  )})`;
}

/**
 * One type's part of the statement: a CTE of its matching rows (`match`) and the branch that
 * ranks at most `CANDIDATES` of them and keeps the best `limit`, each as (type, id, company_id,
 * title, detail, company_name, pos). `q` is the tsquery expression.
 *
 * The matches are a MATERIALIZED CTE on purpose: PostgreSQL plans a CTE for all its rows, so it
 * reads the GIN index (a bitmap scan) rather than a sequential scan that the `limit` above would
 * tempt it into (which scans the whole table when a prefix matches nothing); and it runs a CTE
 * only as far as the rows are pulled, so a prefix that matches half the table stops after
 * `CANDIDATES` rows (`ts_rank` too is computed only for those). The company's own trash is
 * checked after the cut, on the few candidates.
 */
function part(
  type: SearchType,
  args: { organizationId: string; q: SQL; hidden: readonly string[]; limit: number },
): { cte: SQL; branch: SQL } {
  const { organizationId: org, q, hidden, limit } = args;
  const name = sql.raw(`${type}_match`);
  let match: SQL;
  let select: SQL;
  switch (type) {
    case 'company':
      match = sql`select c.id, c.id as company_id, c.company_name as title,
          concat_ws(' · ', c.city, c.vat, c.registration_number) as detail, ts_rank(c.search, ${q}) as rank
        from company c
        where c.organization_id = ${org} and c.deleted_at is null and c.search @@ ${q}${visible('c.id', hidden)}`;
      select = sql`select m.id, m.company_id, m.title, m.detail, null::text as company_name, m.rank
        from (select * from ${name} limit ${CANDIDATES}) m`;
      break;
    case 'stakeholder':
      match = sql`select s.id, s.company_id, s.name as title,
          concat_ws(' · ', s.email, s.employee_id) as detail, ts_rank(s.search, ${q}) as rank
        from stakeholder s
        where s.organization_id = ${org} and s.deleted_at is null and s.search @@ ${q}${visible('s.company_id', hidden)}`;
      break;
    case 'contact':
      match = sql`select k.id, k.company_id, k.name as title,
          concat_ws(' · ', k.email, k.phone) as detail, ts_rank(k.search, ${q}) as rank
        from contact k
        where k.organization_id = ${org} and k.search @@ ${q}${visible('k.company_id', hidden)}`;
      break;
    case 'grant':
      // Grants have no vector of their own: their holder's and plan's names (decision 032).
      match = sql`select g.id, g.company_id, s.name || ' — ' || p.name as title, null::text as detail,
          ts_rank(s.search || to_tsvector('simple_unaccent'::regconfig, p.name), ${q}) as rank
        from "grant" g
          join stakeholder s on s.id = g.stakeholder_id
          join equity_plan p on p.id = g.plan_id
        where g.organization_id = ${org} and g.deleted_at is null and s.deleted_at is null
          and p.deleted_at is null
          and (s.search || to_tsvector('simple_unaccent'::regconfig, p.name)) @@ ${q}${visible('g.company_id', hidden)}`;
      break;
    case 'note':
      match = sql`select n.id, n.company_id, null::text as title, left(n.body, 4000) as detail,
          ts_rank(n.search, ${q}) as rank
        from note n
        where n.organization_id = ${org} and n.deleted_at is null and n.search @@ ${q}${visible('n.company_id', hidden)}`;
      select = sql`select m.id, m.company_id, c.company_name as title, m.detail, c.company_name, m.rank
        from (select * from ${name} limit ${CANDIDATES}) m
          join company c on c.id = m.company_id and c.deleted_at is null`;
      break;
    case 'task':
      match = sql`select t.id, t.company_id, t.title, left(t.description, 4000) as detail,
          ts_rank(t.search, ${q}) as rank
        from task t
        where t.organization_id = ${org} and t.search @@ ${q}${visible('t.company_id', hidden)}`;
      select = sql`select m.id, m.company_id, m.title, m.detail, c.company_name, m.rank
        from (select * from ${name} limit ${CANDIDATES}) m
          left join company c on c.id = m.company_id
        where c.deleted_at is null`;
      break;
  }
  select ??= sql`select m.id, m.company_id, m.title, m.detail, c.company_name, m.rank
    from (select * from ${name} limit ${CANDIDATES}) m
      join company c on c.id = m.company_id and c.deleted_at is null`;
  // `pos`: the order within the type (union all promises no order of its own).
  return {
    cte: sql`${name} as materialized (${match})`,
    branch: sql`(select ${type}::text as type, r.id, r.company_id, r.title, r.detail, r.company_name,
        row_number() over (order by r.rank desc, r.title, r.id) as pos
      from (${select}) r
      order by r.rank desc, r.title, r.id
      limit ${limit})`,
  };
}

/**
 * The one statement of a search (also what the benchmark runs through the driver), or null when
 * the input holds no word or the caller may read no type.
 */
export function searchStatement(args: {
  organizationId: string;
  input: SearchInput;
  types: readonly SearchType[];
  hidden: readonly string[];
}): SQL | null {
  const tsquery = prefixQuery(args.input.q);
  if (tsquery === null || args.types.length === 0) return null;
  const q = sql`to_tsquery('simple_unaccent'::regconfig, ${tsquery})`;
  const parts = args.types.map((type) =>
    part(type, {
      organizationId: args.organizationId,
      q,
      hidden: args.hidden,
      limit: args.input.limit,
    }),
  );
  return sql`with ${sql.join(
    parts.map((p) => p.cte),
    sql`, `,
  )} ${sql.join(
    parts.map((p) => p.branch),
    sql` union all `,
  )}`;
}

/**
 * `limit` results shared fairly among the types: taken one per type in turn, best first, so one
 * type with many matches cannot drown the others; a type with fewer leaves its share to the rest.
 * Returned grouped in the order of `SEARCH_TYPES`.
 */
export function share<T extends { type: SearchType; pos: number | string }>(
  rows: readonly T[],
  limit: number,
): T[] {
  const byType = new Map<SearchType, T[]>(SEARCH_TYPES.map((t) => [t, []]));
  for (const row of rows) byType.get(row.type)!.push(row);
  for (const list of byType.values()) list.sort((a, b) => Number(a.pos) - Number(b.pos));
  const taken = new Map<SearchType, number>(SEARCH_TYPES.map((t) => [t, 0]));
  let total = 0;
  for (let progress = true; progress && total < limit;) {
    progress = false;
    for (const type of SEARCH_TYPES) {
      if (total >= limit) break;
      const n = taken.get(type)!;
      if (n < byType.get(type)!.length) {
        taken.set(type, n + 1);
        total++;
        progress = true;
      }
    }
  }
  return SEARCH_TYPES.flatMap((t) => byType.get(t)!.slice(0, taken.get(t)));
}

/** The types the caller may read (each with what its results show). */
export async function readableTypes({
  db,
  actor,
}: Omit<ServiceArgs, 'input'>): Promise<SearchType[]> {
  const cache: { roles?: Record<string, PermissionSet> } = {};
  const may = new Map<BusinessResource, boolean>();
  const readable: SearchType[] = [];
  for (const type of SEARCH_TYPES) {
    let ok = true;
    for (const resource of NEEDS[type]) {
      if (!may.has(resource))
        may.set(resource, await actorMay(db, actor, { resource, action: 'read' }, cache));
      ok &&= may.get(resource)!;
    }
    if (ok) readable.push(type);
  }
  return readable;
}

function snippetOf(row: Row, terms: readonly string[]): string {
  const withCompany = (detail: string | null) =>
    [row.company_name, detail].filter((v): v is string => !!v).join(' · ');
  switch (row.type) {
    case 'company':
      return row.detail ?? '';
    case 'stakeholder':
    case 'contact':
      return withCompany(row.detail);
    case 'grant':
      return row.company_name ?? '';
    case 'note':
      return excerpt(row.detail ?? '', terms);
    case 'task':
      return row.detail ? excerpt(row.detail, terms) : (row.company_name ?? '');
  }
}

/** Runs a search statement; both drivers answer `execute` with `{ rows }`. */
export async function runSearch(db: DbOrTx, statement: SQL): Promise<Row[]> {
  const result = (await db.execute(statement)) as unknown as { rows: Row[] };
  return result.rows;
}

/** `GET /api/v1/search`: grouped by type, ranked within a type, `limit` in all. */
export async function search({
  db,
  actor,
  input,
}: ServiceArgs<SearchInput>): Promise<{ results: SearchResult[] }> {
  const types = await readableTypes({ db, actor });
  const hidden = await hiddenCompanyIds(db, viewerOf(actor));
  const statement = searchStatement({
    organizationId: actor.organizationId,
    input,
    types,
    hidden,
  });
  if (statement === null) return { results: [] };
  const rows = await runSearch(db, statement);
  const terms = searchTerms(input.q);
  return {
    results: share(rows, input.limit).map((row) => ({
      type: row.type,
      id: row.id,
      companyId: row.company_id,
      title: row.title,
      snippet: snippetOf(row, terms),
    })),
  };
}
