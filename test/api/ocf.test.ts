import { createHash } from 'node:crypto';
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { eq } from 'drizzle-orm';
import { strToU8, zipSync } from 'fflate';
import { company as companyTable } from '../../src/server/db/schema';
import { createTestApp, type TestApp } from '../support/app';
import { equityFixture, ok } from '../support/equity';
import { manifest, ocfDir, ocfValidators, unzipJson, zipJson } from '../support/ocf';

// Issue 13: the Open Cap Format. Every file we export validates against the coalition's schemas;
// the coalition's samples import; export → import → export gives the same objects; bad packages
// are refused with a 400 naming the file and leave no company behind.

let t: TestApp;
let user: Awaited<ReturnType<TestApp['signUp']>>;
let other: Awaited<ReturnType<TestApp['signUp']>>;

beforeAll(async () => {
  t = await createTestApp();
  user = await t.signUp({ name: 'Olga OCF' });
  other = await t.signUp({ name: 'Otto Other' });
}, 120_000);
afterAll(() => t.close());

interface ImportResult {
  companyId: string;
  report: {
    imported: Record<string, number>;
    skipped: { object: string; id: string; reason: string }[];
    warnings: { file: string; reason: string }[];
  };
}

async function exportPackage(companyId: string, cookie = user.cookie) {
  const res = await t.request(`/api/v1/company/${companyId}/ocf`, { cookie });
  expect(res.status).toBe(200);
  expect(res.headers.get('content-type')).toBe('application/zip');
  return {
    bytes: new Uint8Array(await res.arrayBuffer()),
    disposition: res.headers.get('content-disposition') ?? '',
  };
}

async function importPackage(
  bytes: Uint8Array<ArrayBuffer>,
  { cookie = user.cookie, language }: { cookie?: string; language?: string } = {},
) {
  return t.request('/api/v1/ocf-imports', {
    method: 'POST',
    rawBody: bytes,
    headers: {
      'content-type': 'application/zip',
      ...(language ? { 'accept-language': language } : {}),
    },
    cookie,
  });
}

async function companyCount(): Promise<number> {
  return (
    await t.db
      .select({ id: companyTable.id })
      .from(companyTable)
      .where(eq(companyTable.organizationId, user.organizationId))
  ).length;
}

/** A company with every kind of record the export maps. */
async function richCompany() {
  const f = await equityFixture(t, user.cookie, 'Rijk Voorbeeld B.V.');
  const base = `/company/${f.companyId}`;
  const call = <T = { id: string }>(path: string, body: unknown) =>
    ok<T>(t, user.cookie, `${base}${path}`, 'POST', body);
  const employee = await call('/stakeholders', {
    name: 'Eva Employee',
    relationship: 'employee',
    email: 'eva@example.com',
  });
  await call('/share-events', {
    type: 'transfer',
    date: '2024-04-01',
    shareClassId: f.commonId,
    shareCount: 100,
    fromStakeholderId: f.founderId,
    toStakeholderId: employee.id,
    firstShareNumber: 1,
    lastShareNumber: 100,
  });
  await call('/share-events', {
    type: 'cancel',
    date: '2024-04-02',
    shareClassId: f.commonId,
    shareCount: 5,
    fromStakeholderId: f.founderId,
    firstShareNumber: 101,
    lastShareNumber: 105,
  });
  const preferred = await call('/share-classes', {
    name: 'Series Seed',
    classType: 'preferred',
    nominalValue: '0.01',
    liquidationPreferenceMultiple: '2',
    participating: true,
    participationCapMultiple: '3',
    seniority: 2,
    sharesAuthorized: 100000,
  });
  await call('/share-events', {
    type: 'issue',
    date: '2024-05-01',
    shareClassId: preferred.id,
    shareCount: 2000,
    toStakeholderId: employee.id,
    pricePerShare: '1.25',
  });
  // The fixture grant's milestone, then an exercise of what vested.
  const grants = await ok<{ items: { id: string }[] }>(t, user.cookie, `${base}/grants`);
  const fixtureGrant = grants.items[0]!.id;
  await call(`/grants/${fixtureGrant}/milestones/m1/achievement`, { date: '2024-09-01' });
  await call(`/grants/${fixtureGrant}/exercises`, { date: '2024-10-01', quantity: 40 });
  const phantom = await call('/plans', {
    name: 'Phantom 2024',
    planType: 'phantom_shares',
    poolSize: 300,
    exerciseWindowMonths: 3,
  });
  await call('/grants', {
    stakeholderId: employee.id,
    planId: phantom.id,
    quantity: 120,
    exercisePrice: '0.50',
    grantDate: '2024-02-01',
    vestingStartDate: '2024-02-01',
    terms: {
      type: 'time',
      periodLength: 1,
      periodUnit: 'months',
      occurrences: 24,
      cliffPeriods: 6,
      allocation: 'FRONT_LOADED',
    },
  });
  const rsu = await call('/plans', {
    name: 'RSU 2024',
    planType: 'rsu',
    shareClassId: f.commonId,
    poolSize: 200,
  });
  const rsuGrant = await call('/grants', {
    stakeholderId: employee.id,
    planId: rsu.id,
    quantity: 50,
    grantDate: '2024-03-01',
    vestingStartDate: '2024-03-01',
    terms: {
      type: 'milestone',
      allocation: 'CUMULATIVE_ROUND_DOWN',
      milestones: [
        { id: 'ipo', name: 'IPO', quantity: 20, deadline: '2027-01-01' },
        { id: 'arr', name: 'ARR 1M', portion: { numerator: 1, denominator: 3 } },
      ],
    },
  });
  await call(`/grants/${rsuGrant.id}/cancellation`, {
    date: '2024-12-01',
    reason: 'Left before vesting',
  });
  const receiptPlan = await call('/plans', {
    name: 'Certificaten-opties',
    planType: 'receipt_options',
    shareClassId: f.commonId,
    stakStakeholderId: f.stakId,
    poolSize: 100,
  });
  const receiptGrant = await call('/grants', {
    stakeholderId: employee.id,
    planId: receiptPlan.id,
    quantity: 60,
    exercisePrice: '0.20',
    grantDate: '2024-03-01',
    vestingStartDate: '2024-03-01',
    terms: { type: 'time', periodLength: 3, periodUnit: 'months', occurrences: 4 },
  });
  await call(`/grants/${receiptGrant.id}/termination`, {
    date: '2024-10-01',
    leaverType: 'good',
    reason: 'Moved abroad',
  });
  await call('/change-of-control', { date: '2025-01-10' });
  await call('/valuations', {
    effectiveDate: '2024-12-31',
    purpose: 'funding_round',
    method: 'recent_round',
    enterpriseValue: '2500000',
    debt: '100000',
    cash: '50000',
    dlomPercent: '20',
    shareClassId: preferred.id,
  });
  return f.companyId;
}

function validateFiles(files: Record<string, Record<string, unknown>>) {
  const validators = ocfValidators();
  for (const [name, content] of Object.entries(files)) {
    const validate = validators.get(content.file_type as string);
    expect(validate, `${name}: file type ${String(content.file_type)}`).toBeDefined();
    const valid = validate!(content);
    expect(valid, `${name}: ${JSON.stringify(validate!.errors?.slice(0, 3), null, 1)}`).toBe(true);
  }
}

const UUID = /[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}/g;

/** The package's files with ids replaced by their order of first appearance; no timestamps. */
function normalize(files: Record<string, Record<string, unknown>>) {
  const labels = new Map<string, string>();
  const label = (id: string) => {
    if (!labels.has(id)) labels.set(id, `#${labels.size + 1}`);
    return labels.get(id)!;
  };
  const walk = (value: unknown, key?: string): unknown => {
    if (typeof value === 'string') return value.replace(UUID, label);
    if (Array.isArray(value)) return value.map((v) => walk(v));
    if (value && typeof value === 'object')
      return Object.fromEntries(
        Object.entries(value)
          .filter(([k]) => !['generated_at', 'md5'].includes(k))
          .map(([k, v]) => [k, walk(v, k)]),
      );
    void key;
    return value;
  };
  const order = [
    'Manifest.ocf.json',
    'Stakeholders.ocf.json',
    'StockClasses.ocf.json',
    'StockPlans.ocf.json',
    'VestingTerms.ocf.json',
    'Valuations.ocf.json',
    'Transactions.ocf.json',
  ];
  return order.map((name) => {
    const content = structuredClone(files[name]!);
    if (name === 'Manifest.ocf.json') {
      const issuer = content.issuer as Record<string, unknown>;
      delete issuer.id;
    }
    return [name, walk(content)];
  });
}

describe('export', () => {
  it('exports every object type as OCF files that validate against the OCF schemas', async () => {
    const companyId = await richCompany();
    const { bytes, disposition } = await exportPackage(companyId);
    expect(disposition).toContain('rijk-voorbeeld-bv.ocf.zip');
    const files = unzipJson(bytes);
    expect(Object.keys(files).sort()).toEqual([
      'Manifest.ocf.json',
      'Stakeholders.ocf.json',
      'StockClasses.ocf.json',
      'StockPlans.ocf.json',
      'Transactions.ocf.json',
      'Valuations.ocf.json',
      'VestingTerms.ocf.json',
    ]);
    validateFiles(files);
    const types = new Set(
      (files['Transactions.ocf.json']!.items as { object_type: string }[]).map(
        (i) => i.object_type,
      ),
    );
    for (const type of [
      'TX_STOCK_ISSUANCE',
      'TX_STOCK_TRANSFER',
      'TX_STOCK_CANCELLATION',
      'TX_EQUITY_COMPENSATION_ISSUANCE',
      'TX_EQUITY_COMPENSATION_EXERCISE',
      'TX_EQUITY_COMPENSATION_CANCELLATION',
      'TX_VESTING_START',
      'TX_VESTING_EVENT',
      'TX_STOCK_PLAN_POOL_ADJUSTMENT',
    ])
      expect(types, type).toContain(type);

    // …and it comes back as the same company (cap table included): the package as exported,
    // byte for byte, so the manifest's MD5s are checked against our own files.
    const res = await importPackage(bytes as Uint8Array<ArrayBuffer>);
    expect(res.status, await res.clone().text()).toBe(201);
    const result = (await res.json()) as ImportResult;
    expect(result.report.skipped).toEqual([]);
    const before = await ok<Record<string, unknown>>(
      t,
      user.cookie,
      `/company/${companyId}/cap-table?asOf=2025-06-30`,
    );
    const after = await ok<Record<string, unknown>>(
      t,
      user.cookie,
      `/company/${result.companyId}/cap-table?asOf=2025-06-30`,
    );
    expect(JSON.stringify(after).replace(UUID, 'id')).toEqual(
      JSON.stringify(before).replace(UUID, 'id'),
    );
    const again = unzipJson((await exportPackage(result.companyId)).bytes);
    expect(normalize(again)).toEqual(normalize(files));
  }, 120_000);

  it("answers 404 for another workspace's company", async () => {
    const mine = await ok<{ id: string }>(t, user.cookie, '/company', 'POST', {
      companyName: 'Eigen B.V.',
    });
    const res = await t.request(`/api/v1/company/${mine.id}/ocf`, { cookie: other.cookie });
    expect(res.status).toBe(404);
  });
});

// ------------------------------------------------------------------------------------ samples

function sampleFiles(): Record<string, Record<string, unknown>> {
  const dir = join(ocfDir(), 'samples');
  return Object.fromEntries(
    readdirSync(dir)
      .filter((n) => n.endsWith('.json'))
      .map((n) => [n, JSON.parse(readFileSync(join(dir, n), 'utf8')) as Record<string, unknown>]),
  );
}

type Item = Record<string, unknown> & { id: string; object_type: string };

/** The cap table totals a package implies, by the rules of decision 024, from its JSON. */
function impliedTotals(files: Record<string, Record<string, unknown>>, listed: string[]) {
  const items = listed.flatMap((n) => (files[n]?.items as Item[] | undefined) ?? []);
  const of = (type: string) => items.filter((i) => i.object_type === type);
  const stakeholders = new Set(of('STAKEHOLDER').map((s) => s.id));
  const classes = new Set(of('STOCK_CLASS').map((s) => s.id));
  const plans = new Map(
    of('STOCK_PLAN').map((p) => [p.id, Number(String(p.initial_shares_reserved).replace('+', ''))]),
  );
  const results = new Set(
    items.flatMap((i) => [
      ...((i.resulting_security_ids as string[] | undefined) ?? []),
      ...(i.balance_security_id ? [i.balance_security_id as string] : []),
    ]),
  );
  const isWhole = (q: unknown) => /^\+?\d+(\.0+)?$/.test(String(q));
  let shares = 0;
  for (const s of of('TX_STOCK_ISSUANCE'))
    if (
      !results.has(s.security_id as string) &&
      stakeholders.has(s.stakeholder_id as string) &&
      classes.has(s.stock_class_id as string) &&
      isWhole(s.quantity)
    )
      shares += Number(String(s.quantity).split('.')[0]);
  let granted = 0;
  for (const g of of('TX_EQUITY_COMPENSATION_ISSUANCE'))
    if (stakeholders.has(g.stakeholder_id as string) && plans.has(g.stock_plan_id as string))
      granted += Number(g.quantity);
  for (const a of of('TX_STOCK_PLAN_POOL_ADJUSTMENT'))
    if (plans.has(a.stock_plan_id as string))
      plans.set(a.stock_plan_id as string, Number(a.shares_reserved));
  const reserved = [...plans.values()].reduce((a, b) => a + b, 0);
  return { shares, granted, reserved, fullyDiluted: shares + Math.max(granted, reserved) };
}

describe('the coalition samples', () => {
  const samples = sampleFiles();
  const sampleManifest = samples['Manifest.ocf.json']!;
  const listedIn = (m: Record<string, unknown>) =>
    Object.entries(m)
      .filter(([k]) => k.endsWith('_files'))
      .flatMap(([, v]) => (v as { filepath: string }[]).map((f) => f.filepath.replace('./', '')));
  const packages: [string, Record<string, unknown>][] = [
    ['the sample package (Manifest.ocf.json and the files it lists)', samples],
    ...[
      'VestingTerms.example1.ocf.json',
      'VestingTerms.example2.ocf.json',
      'VestingTransactions.examples.ocf.json',
    ].map((extra) => {
      const list = extra.startsWith('VestingTerms') ? 'vesting_terms_files' : 'transactions_files';
      const m = structuredClone(sampleManifest);
      m[list] = [{ filepath: `./${extra}`, md5: '00000000000000000000000000000000' }];
      const files: Record<string, unknown> = { 'Manifest.ocf.json': m };
      for (const name of listedIn(m)) files[name] = samples[name];
      return [`the sample manifest with ${extra}`, files] as [string, Record<string, unknown>];
    }),
  ];

  it.each(packages)(
    'imports %s with the cap table its files imply',
    async (_label, files) => {
      const before = await companyCount();
      const res = await importPackage(zipJson(files));
      const text = await res.clone().text();
      expect(res.status, text).toBe(201);
      const result = (await res.json()) as ImportResult;
      // Every object is either imported or skipped with a reason.
      for (const s of result.report.skipped)
        expect(s.reason.length, JSON.stringify(s)).toBeGreaterThan(5);
      expect(await companyCount()).toBe(before + 1);
      const m = files['Manifest.ocf.json'] as Record<string, unknown>;
      const implied = impliedTotals(files as Record<string, Record<string, unknown>>, listedIn(m));
      const table = await ok<{
        totals: { shares: number; fullyDiluted: number };
        pools: { reserved: number }[];
      }>(t, user.cookie, `/company/${result.companyId}/cap-table`);
      expect(table.totals.shares).toBe(implied.shares);
      expect(table.pools.reduce((a, p) => a + p.reserved, 0)).toBe(implied.reserved);
      expect(table.totals.fullyDiluted).toBe(implied.fullyDiluted);
    },
    60_000,
  );

  // The samples' manifest lists MD5s that match none of its files (nor any re-serialization of
  // them). Byte for byte as published, the package imports, and the report says which files'
  // MD5s differ (decision 024).
  it('imports the samples as published, whose manifest MD5s do not match their files, with a warning each', async () => {
    const dir = join(ocfDir(), 'samples');
    const raw = Object.fromEntries(
      readdirSync(dir)
        .filter((n) => n.endsWith('.json'))
        .map((n) => [n, new Uint8Array(readFileSync(join(dir, n)))]),
    );
    const res = await importPackage(zipJson(raw, { keepMd5: true }));
    const body = (await res.json()) as ImportResult;
    expect(res.status, JSON.stringify(body)).toBe(201);
    const listed = listedIn(sampleManifest).filter((name) => name in raw);
    expect(body.report.warnings.map((w) => w.file).sort()).toEqual([...listed].sort());
    expect(body.report.warnings.find((w) => w.file === 'Stakeholders.ocf.json')?.reason).toMatch(
      /^the file's MD5 does not match the manifest \(the manifest gives 12c14ee9ac8e71a120cee15d075ecea6, the file has [0-9a-f]{32}\): it was read as it is/,
    );
    const table = await ok<{ totals: { shares: number } }>(
      t,
      user.cookie,
      `/company/${body.companyId}/cap-table`,
    );
    expect(table.totals.shares).toBe(
      impliedTotals(samples as Record<string, Record<string, unknown>>, listedIn(sampleManifest))
        .shares,
    );
  });
});

describe('a package from another tool', () => {
  it('turns securities back into register events and reads its vesting terms', async () => {
    const sh = (id: string, name: string, relationship: string) => ({
      object_type: 'STAKEHOLDER',
      id,
      name: { legal_name: name },
      stakeholder_type: 'INDIVIDUAL',
      current_relationship: relationship,
    });
    const issuance = (security: string, holder: string, quantity: string, date: string) => ({
      object_type: 'TX_STOCK_ISSUANCE',
      id: `tx-${security}`,
      security_id: security,
      date,
      stakeholder_id: holder,
      stock_class_id: 'common',
      custom_id: `CS-${security}`,
      share_price: { amount: '0.01', currency: 'EUR' },
      quantity,
      security_law_exemptions: [],
      stock_legend_ids: [],
    });
    const files = {
      'Manifest.ocf.json': manifest('Vreemd Pakket B.V.', {
        stakeholders_files: ['Stakeholders.ocf.json'],
        stock_classes_files: ['StockClasses.ocf.json'],
        stock_plans_files: ['StockPlans.ocf.json'],
        vesting_terms_files: ['VestingTerms.ocf.json'],
        transactions_files: ['Transactions.ocf.json'],
      }),
      'Stakeholders.ocf.json': {
        file_type: 'OCF_STAKEHOLDERS_FILE',
        items: [
          sh('ann', 'Ann Founder', 'FOUNDER'),
          sh('bob', 'Bob Investor', 'INVESTOR'),
          sh('cy', 'Cy Employee', 'NON_US_EMPLOYEE'),
        ],
      },
      'StockClasses.ocf.json': {
        file_type: 'OCF_STOCK_CLASSES_FILE',
        items: [
          {
            object_type: 'STOCK_CLASS',
            id: 'common',
            name: 'Common',
            class_type: 'COMMON',
            default_id_prefix: 'CS-',
            initial_shares_authorized: 'UNLIMITED',
            votes_per_share: '1',
            seniority: '1',
            par_value: { amount: '0.01', currency: 'EUR' },
          },
        ],
      },
      'StockPlans.ocf.json': {
        file_type: 'OCF_STOCK_PLANS_FILE',
        items: [
          {
            object_type: 'STOCK_PLAN',
            id: 'plan',
            plan_name: 'Option Plan',
            initial_shares_reserved: '500',
            stock_class_ids: ['common'],
          },
        ],
      },
      'VestingTerms.ocf.json': {
        file_type: 'OCF_VESTING_TERMS_FILE',
        items: [
          {
            object_type: 'VESTING_TERMS',
            id: '4y1y',
            name: 'Four years, one-year cliff',
            description: '25% after a year, then monthly',
            allocation_type: 'CUMULATIVE_ROUNDING',
            vesting_conditions: [
              {
                id: 'start',
                quantity: '0',
                trigger: { type: 'VESTING_START_DATE' },
                next_condition_ids: ['cliff'],
              },
              {
                id: 'cliff',
                portion: { numerator: '12', denominator: '48' },
                trigger: {
                  type: 'VESTING_SCHEDULE_RELATIVE',
                  period: {
                    length: 12,
                    type: 'MONTHS',
                    occurrences: 1,
                    day_of_month: 'VESTING_START_DAY_OR_LAST_DAY_OF_MONTH',
                  },
                  relative_to_condition_id: 'start',
                },
                next_condition_ids: ['monthly'],
              },
              {
                id: 'monthly',
                portion: { numerator: '1', denominator: '48' },
                trigger: {
                  type: 'VESTING_SCHEDULE_RELATIVE',
                  period: {
                    length: 1,
                    type: 'MONTHS',
                    occurrences: 36,
                    day_of_month: 'VESTING_START_DAY_OR_LAST_DAY_OF_MONTH',
                  },
                  relative_to_condition_id: 'cliff',
                },
                next_condition_ids: [],
              },
            ],
          },
        ],
      },
      'Transactions.ocf.json': {
        file_type: 'OCF_TRANSACTIONS_FILE',
        items: [
          issuance('s1', 'ann', '1000', '2022-01-01'),
          {
            object_type: 'TX_STOCK_TRANSFER',
            id: 't1',
            security_id: 's1',
            date: '2022-06-01',
            quantity: '300',
            resulting_security_ids: ['s2'],
            balance_security_id: 's3',
          },
          issuance('s2', 'bob', '300', '2022-06-01'),
          issuance('s3', 'ann', '700', '2022-06-01'),
          {
            object_type: 'TX_STOCK_CANCELLATION',
            id: 'c1',
            security_id: 's3',
            date: '2022-07-01',
            quantity: '100',
            reason_text: 'Bought back',
            balance_security_id: 's4',
          },
          issuance('s4', 'ann', '600', '2022-07-01'),
          {
            object_type: 'TX_EQUITY_COMPENSATION_ISSUANCE',
            id: 'g1',
            security_id: 'o1',
            date: '2022-02-01',
            stakeholder_id: 'cy',
            stock_plan_id: 'plan',
            compensation_type: 'OPTION_NSO',
            quantity: '480',
            exercise_price: { amount: '0.50', currency: 'EUR' },
            expiration_date: null,
            termination_exercise_windows: [],
            vesting_terms_id: '4y1y',
            custom_id: 'O-1',
            security_law_exemptions: [],
          },
          {
            object_type: 'TX_VESTING_START',
            id: 'vs1',
            security_id: 'o1',
            vesting_condition_id: 'start',
            date: '2022-01-01',
          },
          {
            object_type: 'TX_EQUITY_COMPENSATION_EXERCISE',
            id: 'x1',
            security_id: 'o1',
            date: '2023-06-01',
            quantity: '100',
            resulting_security_ids: ['s5'],
          },
          issuance('s5', 'cy', '100', '2023-06-01'),
        ],
      },
    };
    const res = await importPackage(zipJson(files));
    expect(res.status, await res.clone().text()).toBe(201);
    const result = (await res.json()) as ImportResult;
    expect(result.report.skipped).toEqual([]);
    expect(result.report.imported).toMatchObject({
      TX_STOCK_TRANSFER: 1,
      TX_STOCK_CANCELLATION: 1,
      TX_EQUITY_COMPENSATION_ISSUANCE: 1,
      TX_EQUITY_COMPENSATION_EXERCISE: 1,
      VESTING_TERMS: 1,
    });
    const table = await ok<{
      rows: {
        name: string;
        shares: Record<string, number>;
        awardsVested: number;
        awardsUnvested: number;
      }[];
      totals: { shares: number };
    }>(t, user.cookie, `/company/${result.companyId}/cap-table?asOf=2023-06-01`);
    const held = Object.fromEntries(
      table.rows.map((r) => [r.name, Object.values(r.shares).reduce((a, b) => a + b, 0)]),
    );
    expect(held).toMatchObject({ 'Ann Founder': 600, 'Bob Investor': 300, 'Cy Employee': 100 });
    expect(table.totals.shares).toBe(1000);
    const cy = table.rows.find((r) => r.name === 'Cy Employee')!;
    // 480 over 48 months from 2022-01-01 with a 12-month cliff: 170 vested on 2023-06-01, 100 exercised.
    expect(cy.awardsVested + cy.awardsUnvested).toBe(380);
    expect(cy.awardsVested).toBe(70);
  }, 60_000);
});

// ------------------------------------------------------------------------------ bad packages

describe('bad packages', () => {
  const stakeholderFile = (items: unknown[]) => ({ file_type: 'OCF_STAKEHOLDERS_FILE', items });
  const goodManifest = manifest('Slecht B.V.', { stakeholders_files: ['Stakeholders.ocf.json'] });
  const cases: [string, () => Uint8Array<ArrayBuffer>, RegExp][] = [
    [
      'not a zip',
      () => strToU8('this is not a zip file at all') as Uint8Array<ArrayBuffer>,
      /package: it is not a zip/,
    ],
    [
      'a zip without a manifest',
      () => zipJson({ 'Stakeholders.ocf.json': stakeholderFile([]) }),
      /manifest/,
    ],
    [
      'JSON that is not JSON',
      () =>
        zipJson({
          'Manifest.ocf.json': goodManifest,
          'Stakeholders.ocf.json': strToU8('{"items": ['),
        }),
      /Stakeholders\.ocf\.json: it is not valid JSON/,
    ],
    [
      'an object that fails the OCF schema',
      () =>
        zipJson({
          'Manifest.ocf.json': goodManifest,
          'Stakeholders.ocf.json': stakeholderFile([
            {
              object_type: 'STAKEHOLDER',
              id: 'sh-1',
              name: { legal_name: 'Ann' },
              stakeholder_type: 'ROBOT',
            },
          ]),
        }),
      /Stakeholders\.ocf\.json: object STAKEHOLDER "sh-1": stakeholder_type/,
    ],
    [
      'a manifest whose issuer fails the schema',
      () =>
        zipJson({
          'Manifest.ocf.json': {
            ...goodManifest,
            issuer: { object_type: 'ISSUER', id: 'x', legal_name: 'X' },
          },
        }),
      /Manifest\.ocf\.json: the ISSUER object/,
    ],
    [
      'a listed file that is missing',
      () => zipJson({ 'Manifest.ocf.json': goodManifest }),
      /Stakeholders\.ocf\.json: the manifest lists it/,
    ],
    [
      'a file larger than 25 MB',
      () =>
        zipSync({
          'Manifest.ocf.json': strToU8(JSON.stringify(goodManifest)),
          'Stakeholders.ocf.json': new Uint8Array(26 * 1024 * 1024).fill(32),
        }) as Uint8Array<ArrayBuffer>,
      /Stakeholders\.ocf\.json: the file is larger than 25 MB/,
    ],
    [
      'a zip bomb (declared sizes over 100 MB together)',
      () => {
        const entries: Record<string, Uint8Array> = {
          'Manifest.ocf.json': strToU8(JSON.stringify(goodManifest)),
        };
        for (let i = 0; i < 5; i++)
          entries[`filler-${i}.json`] = new Uint8Array(24 * 1024 * 1024).fill(32);
        return zipSync(entries, { level: 9 }) as Uint8Array<ArrayBuffer>;
      },
      /larger than 100 MB/,
    ],
  ];

  it.each(cases)(
    'refuses %s with a 400 naming the file, and makes no company',
    async (_label, make, message) => {
      const before = await companyCount();
      const res = await importPackage(make());
      const body = (await res.json()) as { error: { code: string; message: string } };
      expect(res.status, JSON.stringify(body)).toBe(400);
      expect(body.error.message).toMatch(message);
      expect(await companyCount()).toBe(before);
    },
    60_000,
  );

  it('refuses an upload over 25 MB with 413 (its own limit, not the API’s 1 MB)', async () => {
    const before = await companyCount();
    const big = new Uint8Array(25 * 1024 * 1024 + 100 * 1024);
    big.set([0x50, 0x4b, 0x03, 0x04]);
    const res = await importPackage(big);
    expect(res.status).toBe(413);
    expect(await companyCount()).toBe(before);
  }, 60_000);

  it('refuses a foreign content type with 415', async () => {
    const res = await t.request('/api/v1/ocf-imports', {
      method: 'POST',
      rawBody: 'x',
      headers: { 'content-type': 'text/plain' },
      cookie: user.cookie,
    });
    expect(res.status).toBe(415);
  });

  it('takes the package as multipart field "file"', async () => {
    const boundary = 'ocfboundary';
    const zip = zipJson({ 'Manifest.ocf.json': manifest('Multipart B.V.') });
    const head = strToU8(
      `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="a.ocf.zip"\r\nContent-Type: application/zip\r\n\r\n`,
    );
    const tail = strToU8(`\r\n--${boundary}--\r\n`);
    const body = new Uint8Array(head.length + zip.length + tail.length);
    body.set(head, 0);
    body.set(zip, head.length);
    body.set(tail, head.length + zip.length);
    const res = await t.request('/api/v1/ocf-imports', {
      method: 'POST',
      rawBody: body,
      headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
      cookie: user.cookie,
    });
    expect(res.status, await res.clone().text()).toBe(201);
  });

  it('reports an object our rules refuse as skipped, with the reason', async () => {
    const files = {
      'Manifest.ocf.json': goodManifest,
      'Stakeholders.ocf.json': stakeholderFile([
        {
          object_type: 'STAKEHOLDER',
          id: 'sh-1',
          name: { legal_name: 'Ann\u0007' },
          stakeholder_type: 'INDIVIDUAL',
        },
      ]),
    };
    const res = await importPackage(zipJson(files));
    expect(res.status, await res.clone().text()).toBe(201);
    const result = (await res.json()) as ImportResult;
    expect(result.report.skipped.map((s) => s.object)).toEqual(['STAKEHOLDER']);
  });
});

// ------------------------------------------------------------------- the caller's language, MD5s

// Issue 12: what the import says (a 400's problem, a skip's reason) is in the caller's language.
describe("the import in the caller's language", () => {
  const stakeholderFile = (items: unknown[]) => ({ file_type: 'OCF_STAKEHOLDERS_FILE', items });
  const listing = manifest('Taal B.V.', { stakeholders_files: ['Stakeholders.ocf.json'] });
  const robot = {
    object_type: 'STAKEHOLDER',
    id: 'sh-1',
    name: { legal_name: 'Ann' },
    stakeholder_type: 'ROBOT',
  };
  const refusals: [string, () => Uint8Array<ArrayBuffer>, string, string][] = [
    [
      'not a zip',
      () => strToU8('this is not a zip file at all') as Uint8Array<ArrayBuffer>,
      'file: package: it is not a zip file',
      'file: pakket: het is geen zip-bestand',
    ],
    [
      'a listed file that is missing',
      () => zipJson({ 'Manifest.ocf.json': listing }),
      'file: Stakeholders.ocf.json: the manifest lists it but the package lacks it',
      'file: Stakeholders.ocf.json: het manifest noemt dit bestand, maar het ontbreekt in het pakket',
    ],
    [
      'an object that fails the OCF schema',
      () =>
        zipJson({
          'Manifest.ocf.json': listing,
          'Stakeholders.ocf.json': stakeholderFile([robot]),
        }),
      'file: Stakeholders.ocf.json: object STAKEHOLDER "sh-1": stakeholder_type: Invalid option: expected one of "INDIVIDUAL"|"INSTITUTION"',
      'file: Stakeholders.ocf.json: object STAKEHOLDER "sh-1": stakeholder_type: Moet een van deze waarden zijn: INDIVIDUAL, INSTITUTION',
    ],
    [
      'an issuer without its formation date',
      () =>
        zipJson({
          'Manifest.ocf.json': {
            ...listing,
            issuer: { object_type: 'ISSUER', id: 'x', legal_name: 'X', country_of_formation: 'NL' },
          },
        }),
      'file: Manifest.ocf.json: the ISSUER object: formation_date: Invalid input: expected string, received undefined',
      'file: Manifest.ocf.json: het ISSUER-object: formation_date: Dit veld is verplicht',
    ],
  ];

  it.each(refusals)('refuses %s in English and in Dutch', async (_label, make, en, nl) => {
    for (const [language, message] of [
      ['en', en],
      ['nl', nl],
    ] as const) {
      const res = await importPackage(make(), { language });
      const body = (await res.json()) as { error: { code: string; message: string } };
      expect(res.status, JSON.stringify(body)).toBe(400);
      expect(body.error).toEqual({
        code: 'VALIDATION_ERROR',
        message,
        fields: { file: message.replace(/^file: /, '') },
      });
    }
  });

  it('gives the reasons of what it left out in English and in Dutch', async () => {
    const files = {
      'Manifest.ocf.json': manifest('Redenen B.V.', {
        stakeholders_files: ['Stakeholders.ocf.json'],
        stock_classes_files: ['StockClasses.ocf.json'],
        stock_plans_files: ['StockPlans.ocf.json'],
        vesting_terms_files: ['VestingTerms.ocf.json'],
        transactions_files: ['Transactions.ocf.json'],
      }),
      'Notes.json': { note: 'not part of the package' },
      'Stakeholders.ocf.json': stakeholderFile([
        {
          object_type: 'STAKEHOLDER',
          id: 'ann',
          name: { legal_name: 'Ann Employee' },
          stakeholder_type: 'INDIVIDUAL',
          contact_info: { emails: [{ email_address: 'not an address' }] },
        },
      ]),
      'StockClasses.ocf.json': {
        file_type: 'OCF_STOCK_CLASSES_FILE',
        items: [
          {
            object_type: 'STOCK_CLASS',
            id: 'common',
            name: 'Common',
            class_type: 'COMMON',
            default_id_prefix: 'CS-',
            initial_shares_authorized: 'UNLIMITED',
            votes_per_share: '1',
            seniority: '1',
          },
        ],
      },
      'StockPlans.ocf.json': {
        file_type: 'OCF_STOCK_PLANS_FILE',
        items: [
          {
            object_type: 'STOCK_PLAN',
            id: 'plan',
            plan_name: 'Option Plan',
            initial_shares_reserved: '500',
            stock_class_ids: ['common'],
          },
        ],
      },
      'VestingTerms.ocf.json': {
        file_type: 'OCF_VESTING_TERMS_FILE',
        items: [
          {
            object_type: 'VESTING_TERMS',
            id: 'odd',
            name: 'Back-loaded milestone',
            description: 'All on the exit',
            allocation_type: 'BACK_LOADED',
            vesting_conditions: [
              {
                id: 'exit',
                portion: { numerator: '1', denominator: '1' },
                trigger: { type: 'VESTING_EVENT' },
                next_condition_ids: [],
              },
            ],
          },
        ],
      },
      'Transactions.ocf.json': {
        file_type: 'OCF_TRANSACTIONS_FILE',
        items: [
          {
            object_type: 'TX_STOCK_ISSUANCE',
            id: 'tx-s1',
            security_id: 's1',
            date: '2022-01-01',
            stakeholder_id: 'nobody',
            stock_class_id: 'common',
            share_price: { amount: '0.01', currency: 'EUR' },
            quantity: '100',
          },
          {
            object_type: 'TX_EQUITY_COMPENSATION_ISSUANCE',
            id: 'g1',
            security_id: 'o1',
            date: '2022-02-01',
            stakeholder_id: 'ann',
            stock_plan_id: 'plan',
            compensation_type: 'OPTION',
            quantity: '100',
            exercise_price: { amount: '0.50', currency: 'EUR' },
            expiration_date: null,
            termination_exercise_windows: [],
            vesting_terms_id: 'odd',
          },
          { object_type: 'TX_STOCK_SPLIT', id: 'split-1', date: '2022-03-01' },
        ],
      },
    };
    const reasons = async (language: string) => {
      const res = await importPackage(zipJson(files), { language });
      expect(res.status, await res.clone().text()).toBe(201);
      const { report } = (await res.json()) as ImportResult;
      return Object.fromEntries(report.skipped.map((s) => [`${s.object} ${s.id}`, s.reason]));
    };
    expect(await reasons('en')).toEqual({
      'FILE Notes.json': 'not listed in the manifest',
      'STAKEHOLDER ann': expect.stringMatching(/^email left out: email: /) as string,
      'TX_STOCK_SPLIT split-1': 'OCF TX_STOCK_SPLIT has no counterpart in ESOP CRM',
      'TX_STOCK_ISSUANCE tx-s1': 'its stakeholder "nobody" is not in the package or was skipped',
      'TX_EQUITY_COMPENSATION_ISSUANCE g1':
        'its vesting terms "odd" cannot be represented: milestones cannot use allocation type BACK_LOADED',
      'VESTING_TERMS odd': 'no imported grant uses these terms (terms are kept with each grant)',
    });
    expect(await reasons('nl')).toEqual({
      'FILE Notes.json': 'staat niet in het manifest',
      'STAKEHOLDER ann': 'email weggelaten: email: Vul een geldig e-mailadres in',
      'TX_STOCK_SPLIT split-1': 'OCF TX_STOCK_SPLIT heeft geen tegenhanger in ESOP CRM',
      'TX_STOCK_ISSUANCE tx-s1':
        'de belanghebbende "nobody" zit niet in het pakket of is overgeslagen',
      'TX_EQUITY_COMPENSATION_ISSUANCE g1':
        'de vestingvoorwaarden "odd" zijn hier niet weer te geven: mijlpalen kunnen allocatietype BACK_LOADED niet gebruiken',
      'VESTING_TERMS odd':
        'geen geïmporteerde toekenning gebruikt deze voorwaarden (voorwaarden worden bij elke toekenning bewaard)',
    });
  });
});

// OCF File.md5: a file whose bytes differ from its manifest entry's MD5 is read, and reported.
describe("the manifest's MD5s", () => {
  const items = { file_type: 'OCF_STAKEHOLDERS_FILE', items: [] };
  const withMd5 = (md5: string) => {
    const m = {
      ...manifest('Controle B.V.'),
      stakeholders_files: [{ filepath: './Stakeholders.ocf.json', md5 }],
    };
    return zipJson({ 'Manifest.ocf.json': m, 'Stakeholders.ocf.json': items }, { keepMd5: true });
  };
  const md5Of = (value: unknown) => createHash('md5').update(JSON.stringify(value)).digest('hex');

  it('imports a file whose MD5 does not match, and names it in the report in the caller’s language', async () => {
    const wrong = 'ffffffffffffffffffffffffffffffff';
    for (const [language, reason] of [
      [
        'en',
        `the file's MD5 does not match the manifest (the manifest gives ${wrong}, the file has ${md5Of(items)}): it was read as it is and checked against the schemas like every file`,
      ],
      [
        'nl',
        `de MD5 van het bestand komt niet overeen met het manifest (het manifest vermeldt ${wrong}, het bestand heeft ${md5Of(items)}): het is gelezen zoals het is en net als elk bestand aan de schema's getoetst`,
      ],
    ] as const) {
      const res = await importPackage(withMd5(wrong), { language });
      const body = (await res.json()) as ImportResult;
      expect(res.status, JSON.stringify(body)).toBe(201);
      expect(body.report.warnings).toEqual([{ file: 'Stakeholders.ocf.json', reason }]);
    }
  });

  it('takes a matching MD5 in upper or lower case without a warning', async () => {
    for (const md5 of [md5Of(items), md5Of(items).toUpperCase()]) {
      const res = await importPackage(withMd5(md5));
      expect(res.status, await res.clone().text()).toBe(201);
      expect(((await res.json()) as ImportResult).report.warnings).toEqual([]);
    }
  });

  it('checks an MD5 given in the optional lists (financings, documents) too', async () => {
    const m = manifest('Documenten B.V.');
    const documents = { file_type: 'OCF_DOCUMENTS_FILE', items: [] };
    const res = await importPackage(
      zipJson(
        {
          'Manifest.ocf.json': {
            ...m,
            documents_files: [{ filepath: './Documents.ocf.json', md5: md5Of({}) }],
          },
          'Documents.ocf.json': documents,
        },
        { keepMd5: true },
      ),
    );
    const body = (await res.json()) as ImportResult;
    expect(res.status).toBe(201);
    expect(body.report.warnings.map((w) => w.file)).toEqual(['Documents.ocf.json']);
  });
});

// ------------------------------------------------------------------------------- round trip

interface Generated {
  people: { name: string; relationship: string }[];
  issues: { holder: number; shares: number; day: number }[];
  transfers: { from: number; to: number; fraction: number; day: number }[];
  grants: {
    holder: number;
    quantity: number;
    day: number;
    months: number;
    cliff: number;
    milestone: boolean;
  }[];
  valuation: boolean;
}

const generated: fc.Arbitrary<Generated> = fc.record({
  people: fc.uniqueArray(
    fc.record({
      name: fc.constantFrom('Anna', 'Bram', 'Chris', 'Daan', 'Eva', 'Fleur', 'Gijs', 'Hanna'),
      relationship: fc.constantFrom('founder', 'employee', 'investor', 'advisor'),
    }),
    { minLength: 1, maxLength: 4, selector: (p) => p.name },
  ),
  issues: fc.array(
    fc.record({
      holder: fc.nat(3),
      shares: fc.integer({ min: 1, max: 5000 }),
      day: fc.integer({ min: 1, max: 28 }),
    }),
    { minLength: 1, maxLength: 3 },
  ),
  transfers: fc.array(
    fc.record({
      from: fc.nat(3),
      to: fc.nat(3),
      fraction: fc.double({ min: 0.1, max: 1, noNaN: true }),
      day: fc.integer({ min: 1, max: 28 }),
    }),
    { maxLength: 2 },
  ),
  grants: fc.array(
    fc.record({
      holder: fc.nat(3),
      quantity: fc.integer({ min: 2, max: 400 }),
      day: fc.integer({ min: 1, max: 28 }),
      months: fc.integer({ min: 1, max: 48 }),
      cliff: fc.nat(12),
      milestone: fc.boolean(),
    }),
    { maxLength: 2 },
  ),
  valuation: fc.boolean(),
});

async function buildCompany(g: Generated, n: number) {
  const c = await ok<{ id: string }>(t, user.cookie, '/company', 'POST', {
    companyName: `Ronde ${n} B.V.`,
    incorporationDate: '2020-02-02',
    city: 'Utrecht',
    registrationNumber: '12345678',
  });
  const base = `/company/${c.id}`;
  const post = <T = { id: string }>(path: string, body: unknown) =>
    ok<T>(t, user.cookie, `${base}${path}`, 'POST', body);
  const people = [];
  for (const p of g.people) people.push(await post('/stakeholders', p));
  const cls = await post('/share-classes', { name: 'Gewone aandelen', nominalValue: '0.01' });
  const held = new Map<number, number>();
  for (const i of g.issues) {
    const holder = i.holder % people.length;
    await post('/share-events', {
      type: 'issue',
      date: `2023-01-${String(i.day).padStart(2, '0')}`,
      shareClassId: cls.id,
      shareCount: i.shares,
      toStakeholderId: people[holder]!.id,
    });
    held.set(holder, (held.get(holder) ?? 0) + i.shares);
  }
  // In date order, so that what `held` says someone holds is what they hold on the transfer's date.
  for (const tr of [...g.transfers].sort((a, b) => a.day - b.day)) {
    const from = tr.from % people.length;
    const to = tr.to % people.length;
    const count = Math.floor((held.get(from) ?? 0) * tr.fraction);
    if (from === to || count < 1) continue;
    await post('/share-events', {
      type: 'transfer',
      date: `2023-06-${String(tr.day).padStart(2, '0')}`,
      shareClassId: cls.id,
      shareCount: count,
      fromStakeholderId: people[from]!.id,
      toStakeholderId: people[to]!.id,
    });
    held.set(from, held.get(from)! - count);
    held.set(to, (held.get(to) ?? 0) + count);
  }
  if (g.grants.length > 0) {
    const plan = await post('/plans', {
      name: 'ESOP',
      planType: 'stock_options',
      shareClassId: cls.id,
      poolSize: 1000,
    });
    for (const gr of g.grants) {
      const date = `2023-03-${String(gr.day).padStart(2, '0')}`;
      const terms = gr.milestone
        ? {
            type: 'milestone',
            milestones: [
              { id: 'exit', name: 'Exit', portion: { numerator: 1, denominator: 2 } },
              { id: 'arr', name: 'ARR', quantity: 1, achievedDate: '2023-09-01' },
            ],
          }
        : {
            type: 'time',
            periodLength: 1,
            periodUnit: 'months',
            occurrences: gr.months,
            cliffPeriods: Math.min(gr.cliff, gr.months),
          };
      await post('/grants', {
        stakeholderId: people[gr.holder % people.length]!.id,
        planId: plan.id,
        quantity: gr.quantity,
        exercisePrice: '0.10',
        grantDate: date,
        vestingStartDate: date,
        terms,
      });
    }
  }
  if (g.valuation)
    await post('/valuations', {
      effectiveDate: '2023-12-31',
      purpose: 'tax_fmv',
      method: 'dcf',
      enterpriseValue: '1000000',
    });
  return c.id;
}

describe('round trip', () => {
  it('export → import → export gives the same objects (but ids and dates of creation)', async () => {
    let n = 0;
    await fc.assert(
      fc.asyncProperty(generated, async (g) => {
        n += 1;
        const id = await buildCompany(g, n);
        const first = unzipJson((await exportPackage(id)).bytes);
        validateFiles(first);
        const res = await importPackage(zipJson(first));
        expect(res.status, await res.clone().text()).toBe(201);
        const result = (await res.json()) as ImportResult;
        expect(result.report.skipped).toEqual([]);
        const second = unzipJson((await exportPackage(result.companyId)).bytes);
        expect(normalize(second)).toEqual(normalize(first));
      }),
      { numRuns: 15 },
    );
  }, 600_000);
});
