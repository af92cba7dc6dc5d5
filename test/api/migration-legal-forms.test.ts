import { systemNow } from '../../src/server/clock';
import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { asc, eq } from 'drizzle-orm';
import { drizzle } from 'drizzle-orm/pglite';
import { migrate } from 'drizzle-orm/pglite/migrator';
import { afterAll, describe, expect, it } from 'vitest';
import { migrationsFolder, pgliteExtensions } from '../../src/server/db/client';
import * as schema from '../../src/server/db/schema';

/**
 * Migration 0011 (decision 022): Belgian companies stored with the Dutch short name of a form
 * Belgium has too get its Belgian name, with an audit row each; everything else stays.
 */

const MIGRATION = '0011_belgian_legal_forms';
const dirs: string[] = [];
afterAll(() => {
  for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
});

/** The committed migrations up to (not including) `tag`, in a folder of their own. */
function migrationsBefore(tag: string): string {
  const dir = mkdtempSync(path.join(tmpdir(), 'esop-migrations-'));
  dirs.push(dir);
  cpSync(migrationsFolder(), dir, { recursive: true });
  const journalFile = path.join(dir, 'meta', '_journal.json');
  const journal = JSON.parse(readFileSync(journalFile, 'utf8')) as {
    entries: { idx: number; tag: string }[];
  };
  const index = journal.entries.findIndex((e) => e.tag === tag);
  expect(index).toBeGreaterThan(0);
  journal.entries = journal.entries.slice(0, index);
  writeFileSync(journalFile, JSON.stringify(journal));
  return dir;
}

describe(`migration ${MIGRATION}`, () => {
  it('renames the Dutch forms of Belgian companies to their Belgian names, audited', async () => {
    // The later migrations' search configuration needs unaccent (migration 0014).
    const client = await PGlite.create({ extensions: await pgliteExtensions() });
    try {
      await migrate(drizzle({ client }), { migrationsFolder: migrationsBefore(MIGRATION) });
      const db = drizzle({ client, schema });
      await db
        .insert(schema.organization)
        .values({ id: 'org-1', name: 'Firm', slug: 'firm', createdAt: systemNow() });
      const rows: [string, string, string][] = [
        ['Antwerp BV', 'BE', 'BV'],
        ['Ghent NV', 'BE', 'NV'],
        ['Leuven Coöperatie', 'BE', 'Coöperatie'],
        ['Liège VOF', 'BE', 'VOF'],
        ['Brussels Stichting', 'BE', 'Stichting'],
        ['Namur SRL', 'BE', 'BV/SRL'],
        ['Mons', 'BE', 'Other'],
        ['Bruges GmbH', 'BE', 'GmbH'],
        ['Utrecht BV', 'NL', 'BV'],
        ['Berlin BV', 'DE', 'BV'],
      ];
      // Plain SQL: the schema of today has columns the database of 0010 does not (access, search).
      for (const [companyName, country, companyType] of rows)
        await client.query(
          'insert into company (organization_id, company_name, country, company_type) values ($1, $2, $3, $4)',
          ['org-1', companyName, country, companyType],
        );

      await migrate(drizzle({ client }), { migrationsFolder: migrationsFolder() });

      const after = await db
        .select({
          id: schema.company.id,
          name: schema.company.companyName,
          type: schema.company.companyType,
        })
        .from(schema.company)
        .orderBy(asc(schema.company.companyName));
      expect(Object.fromEntries(after.map((c) => [c.name, c.type]))).toEqual({
        'Antwerp BV': 'BV/SRL',
        'Ghent NV': 'NV/SA',
        'Leuven Coöperatie': 'CV/SC',
        'Liège VOF': 'VOF/SNC',
        'Brussels Stichting': 'Stichting/Fondation',
        'Namur SRL': 'BV/SRL',
        Mons: 'Other',
        'Bruges GmbH': 'GmbH',
        'Utrecht BV': 'BV',
        'Berlin BV': 'BV',
      });
      const audit = await db
        .select()
        .from(schema.auditEvent)
        .where(eq(schema.auditEvent.entityType, 'company'));
      const byCompany = new Map(after.map((c) => [c.id, c.name]));
      expect(
        audit
          .map((a) => ({
            company: byCompany.get(a.companyId!),
            entityId: a.entityId === a.companyId,
            action: a.action,
            actor: a.actorName,
            changes: a.changes,
          }))
          .sort((a, b) => a.company!.localeCompare(b.company!)),
      ).toEqual(
        [
          ['Antwerp BV', 'BV', 'BV/SRL'],
          ['Brussels Stichting', 'Stichting', 'Stichting/Fondation'],
          ['Ghent NV', 'NV', 'NV/SA'],
          ['Leuven Coöperatie', 'Coöperatie', 'CV/SC'],
          ['Liège VOF', 'VOF', 'VOF/SNC'],
        ].map(([company, from, to]) => ({
          company,
          entityId: true,
          action: 'update',
          actor: 'ESOP CRM',
          changes: { companyType: { from, to } },
        })),
      );
    } finally {
      await client.close();
    }
  });
});
