import { createHash } from 'node:crypto';
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { strToU8, unzipSync, zipSync } from 'fflate';
import Ajv, { type ValidateFunction } from 'ajv';
import addFormats from 'ajv-formats';

/**
 * The Open Cap Table Coalition's schemas and samples (never copied into the project): the folder
 * named by OCF_DIR, else `<repo root>/../shared/ocf`, else `/work/shared/ocf`.
 */
export function ocfDir(): string {
  // Tests may read the environment (only src/ is bound to env.ts).
  const candidates = [
    process.env.OCF_DIR,
    resolve(dirname(fileURLToPath(import.meta.url)), '../../../shared/ocf'),
    '/work/shared/ocf',
  ].filter((d): d is string => Boolean(d));
  const found = candidates.find(
    (d) => existsSync(join(d, 'schema')) && existsSync(join(d, 'samples')),
  );
  if (!found)
    throw new Error(
      `The OCF schemas and samples were not found (tried ${candidates.join(', ')}): set OCF_DIR to the folder holding schema/ and samples/`,
    );
  return found;
}

function walk(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    return statSync(path).isDirectory() ? walk(path) : [path];
  });
}

let validators: Map<string, ValidateFunction> | undefined;
/** A validator per OCF file type, every schema loaded from disk and resolved by its $id. */
export function ocfValidators(): Map<string, ValidateFunction> {
  if (validators) return validators;
  const ajv = new Ajv({ strict: false, allErrors: true });
  addFormats(ajv);
  const schemas = walk(join(ocfDir(), 'schema'))
    .filter((p) => p.endsWith('.schema.json'))
    .map((p) => JSON.parse(readFileSync(p, 'utf8')) as { $id: string });
  for (const schema of schemas) ajv.addSchema(schema);
  const byFileType: [string, string][] = [
    ['OCF_MANIFEST_FILE', 'OCFManifestFile'],
    ['OCF_STAKEHOLDERS_FILE', 'StakeholdersFile'],
    ['OCF_STOCK_CLASSES_FILE', 'StockClassesFile'],
    ['OCF_STOCK_PLANS_FILE', 'StockPlansFile'],
    ['OCF_VESTING_TERMS_FILE', 'VestingTermsFile'],
    ['OCF_VALUATIONS_FILE', 'ValuationsFile'],
    ['OCF_TRANSACTIONS_FILE', 'TransactionsFile'],
  ];
  validators = new Map(
    byFileType.map(([type, name]) => {
      const schema = schemas.find((s) => s.$id.endsWith(`/files/${name}.schema.json`));
      if (!schema) throw new Error(`OCF schema ${name} not found`);
      return [type, ajv.getSchema(schema.$id)!];
    }),
  );
  return validators;
}

const md5 = (bytes: Uint8Array) => createHash('md5').update(bytes).digest('hex');

/**
 * A zip of JSON files (or raw bytes). As a producer writes a package, a manifest among them
 * (file type OCF_MANIFEST_FILE) gets the MD5 of each file it lists that the zip holds, over the
 * bytes zipped; `{ keepMd5: true }` keeps the manifest's own values (to test a mismatch).
 */
export function zipJson(
  files: Record<string, unknown>,
  { keepMd5 = false }: { keepMd5?: boolean } = {},
): Uint8Array<ArrayBuffer> {
  const entries: Record<string, Uint8Array> = {};
  for (const [name, value] of Object.entries(files))
    entries[name] = value instanceof Uint8Array ? value : strToU8(JSON.stringify(value));
  if (!keepMd5)
    for (const [name, value] of Object.entries(files)) {
      if ((value as { file_type?: unknown } | null)?.file_type !== 'OCF_MANIFEST_FILE') continue;
      const stamped = structuredClone(value) as Record<string, unknown>;
      for (const [key, list] of Object.entries(stamped)) {
        if (!key.endsWith('_files') || !Array.isArray(list)) continue;
        for (const entry of list as { filepath?: unknown; md5?: unknown }[]) {
          const bytes = entries[String(entry.filepath).split('/').at(-1)!];
          if (bytes) entry.md5 = md5(bytes);
        }
      }
      entries[name] = strToU8(JSON.stringify(stamped));
    }
  return zipSync(entries) as Uint8Array<ArrayBuffer>;
}

/** The JSON files of a zip. */
export function unzipJson(bytes: Uint8Array): Record<string, Record<string, unknown>> {
  const files = unzipSync(bytes);
  return Object.fromEntries(
    Object.entries(files).map(([name, data]) => [
      name,
      JSON.parse(new TextDecoder().decode(data)) as Record<string, unknown>,
    ]),
  );
}

const EMPTY_LISTS = {
  stock_plans_files: [],
  stock_legend_templates_files: [],
  stock_classes_files: [],
  vesting_terms_files: [],
  valuations_files: [],
  transactions_files: [],
  stakeholders_files: [],
};

/** An OCF manifest of a company, listing `lists` (e.g. stakeholders_files). */
export function manifest(name: string, lists: Record<string, string[]> = {}) {
  const listed = Object.fromEntries(
    Object.entries(lists).map(([k, files]) => [
      k,
      files.map((f) => ({ filepath: `./${f}`, md5: '00000000000000000000000000000000' })),
    ]),
  );
  return {
    ocf_version: '1.2.1-alpha+main',
    file_type: 'OCF_MANIFEST_FILE',
    issuer: {
      object_type: 'ISSUER',
      id: 'issuer',
      legal_name: name,
      formation_date: '2020-01-01',
      country_of_formation: 'NL',
    },
    as_of: '2024-01-01',
    generated_at: '2024-01-01T00:00:00Z',
    ...EMPTY_LISTS,
    ...listed,
  };
}

/** The smallest package: a manifest of a company without any objects. */
export function minimalOcfPackage(name: string): Uint8Array<ArrayBuffer> {
  return zipJson({ 'Manifest.ocf.json': manifest(name) });
}
