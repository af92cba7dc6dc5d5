import { randomBytes } from 'node:crypto';
import { hashPassword } from 'better-auth/crypto';
import type { Database } from '../src/server/db/client';
import { account, company, member, organization, user } from '../src/server/db/schema';

export const BENCH_EMAIL = 'bench@esop-crm.local';
export const BENCH_NAME = 'Bram Bench';

export interface SeededWorkspace {
  email: string;
  password: string;
  userId: string;
  organizationId: string;
  companyCount: number;
}

const newId = () => randomBytes(16).toString('hex');

/** Small deterministic PRNG (mulberry32): every run seeds the same 10,000 companies. */
export function prng(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

interface Market {
  country: 'NL' | 'BE' | 'DE';
  forms: { type: string; suffix: string }[];
  cities: { city: string; postal: () => string }[];
  streets: string[];
  phone: () => string;
  vat: () => string;
}

/** The words the benches make company and person names of. */
export const BENCH_WORDS = {
  prefixes: [
    'Noordzee',
    'Tulip',
    'Grachten',
    'Polder',
    'Delta',
    'Dijk',
    'Atomium',
    'Schelde',
    'Spree',
    'Isar',
    'Rhein',
    'Elbe',
    'Maas',
    'Hanze',
    'Alpen',
    'Zuidas',
    'Kempen',
    'Veluwe',
    'Ardennen',
    'Brabant',
    'Oranje',
    'Molen',
    'Lotus',
    'Horizon',
    'Nova',
    'Vector',
    'Quantum',
    'Helix',
    'Nimbus',
    'Orbit',
    'Kobalt',
    'Saffier',
    'Amber',
    'Falcon',
    'Lynx',
    'Otter',
    'Reiger',
    'Vos',
    'Eik',
    'Linde',
  ],
  sectors: [
    'Robotics',
    'Data',
    'Energy',
    'Software',
    'Photonics',
    'Logistics',
    'BioSciences',
    'Foodtech',
    'Games',
    'Mobility',
    'Analytics',
    'Fintech',
    'Labs',
    'Medtech',
    'Maritime',
    'Cloud',
    'Health',
    'Sensorik',
    'Payments',
    'Biotech',
    'Security',
    'Materials',
    'Payroll',
    'Insights',
    'Systems',
    'Ventures',
    'Networks',
    'Studio',
    'Agritech',
    'Climate',
  ],
  firstNames: [
    'Sanne',
    'Pieter',
    'Eva',
    'Daan',
    'Lotte',
    'Ruben',
    'Femke',
    'Thomas',
    'Anouk',
    'Milan',
    'Lucas',
    'Emma',
    'Noah',
    'Louise',
    'Hugo',
    'Elise',
    'Jonas',
    'Lena',
    'Felix',
    'Mia',
    'Paul',
    'Hannah',
    'Leon',
    'Sophie',
    'Julia',
    'Lars',
    'Fleur',
    'Sem',
    'Noor',
    'Finn',
  ],
  lastNames: [
    'Jansen',
    'de Vries',
    'van den Berg',
    'Bakker',
    'Visser',
    'Smit',
    'Meijer',
    'de Boer',
    'Mulder',
    'de Graaf',
    'Bos',
    'Peters',
    'Peeters',
    'Janssens',
    'Maes',
    'Jacobs',
    'Dubois',
    'Willems',
    'Schneider',
    'Fischer',
    'Weber',
    'Wagner',
    'Becker',
    'Hoffmann',
    'Schulz',
    'Koch',
    'Richter',
    'Klein',
    'Wolf',
    'Neumann',
  ],
};

function pick<T>(rand: () => number, list: readonly T[]): T {
  return list[Math.floor(rand() * list.length)]!;
}

function digits(rand: () => number, n: number): string {
  let out = '';
  for (let i = 0; i < n; i++) out += Math.floor(rand() * 10);
  return out;
}

function markets(rand: () => number): Market[] {
  const letters = () =>
    String.fromCharCode(65 + Math.floor(rand() * 26), 65 + Math.floor(rand() * 26));
  return [
    {
      country: 'NL',
      forms: [
        { type: 'BV', suffix: 'B.V.' },
        { type: 'BV', suffix: 'B.V.' },
        { type: 'BV', suffix: 'B.V.' },
        { type: 'NV', suffix: 'N.V.' },
        { type: 'Stichting', suffix: '' },
        { type: 'Coöperatie', suffix: 'Coöperatie U.A.' },
        { type: 'VOF', suffix: 'VOF' },
      ],
      cities: [
        'Amsterdam',
        'Rotterdam',
        'Den Haag',
        'Utrecht',
        'Eindhoven',
        'Groningen',
        'Leiden',
      ].map((city, i) => ({
        city,
        postal: () => `${1000 + i * 1000 + Math.floor(rand() * 900)} ${letters()}`,
      })),
      streets: ['Keizersgracht', 'Stationsplein', 'Oudegracht', 'Vismarkt', 'Europaweg', 'Markt'],
      phone: () => `+31 20 555 ${digits(rand, 4)}`,
      vat: () => `NL${digits(rand, 9)}B01`,
    },
    {
      country: 'BE',
      forms: [
        { type: 'BV/SRL', suffix: 'BV' },
        { type: 'BV/SRL', suffix: 'SRL' },
        { type: 'NV/SA', suffix: 'NV' },
      ],
      cities: ['Brussel', 'Gent', 'Antwerpen', 'Leuven', 'Liège', 'Brugge'].map((city, i) => ({
        city,
        postal: () => String(1000 + i * 1500 + Math.floor(rand() * 99)),
      })),
      streets: ['Avenue Louise', 'Korenmarkt', 'Hoveniersstraat', 'Kapeldreef', 'Markt'],
      phone: () => `+32 2 555 ${digits(rand, 2)} ${digits(rand, 2)}`,
      vat: () => `BE0${digits(rand, 9)}`,
    },
    {
      country: 'DE',
      forms: [
        { type: 'GmbH', suffix: 'GmbH' },
        { type: 'GmbH', suffix: 'GmbH' },
        { type: 'UG', suffix: 'UG (haftungsbeschränkt)' },
        { type: 'AG', suffix: 'AG' },
      ],
      cities: [
        'Berlin',
        'München',
        'Hamburg',
        'Köln',
        'Stuttgart',
        'Frankfurt am Main',
        'Dresden',
      ].map((city, i) => ({
        city,
        postal: () => String(10000 + i * 12000 + Math.floor(rand() * 999)),
      })),
      streets: ['Friedrichstraße', 'Leopoldstraße', 'Am Sandtorkai', 'Königstraße', 'Taunusanlage'],
      phone: () => `+49 30 555${digits(rand, 4)}`,
      vat: () => `DE${digits(rand, 9)}`,
    },
  ];
}

/** `count` realistic client companies (NL, BE, DE), created over the past five years. */
export function generateCompanies(organizationId: string, count: number, now = new Date()) {
  const rand = prng(20_260_101);
  const all = markets(rand);
  const fiveYearsMs = 5 * 365 * 86_400_000;
  return Array.from({ length: count }, () => {
    const m = rand() < 0.6 ? all[0]! : rand() < 0.5 ? all[1]! : all[2]!;
    const form = pick(rand, m.forms);
    const base = `${pick(rand, BENCH_WORDS.prefixes)} ${pick(rand, BENCH_WORDS.sectors)}`;
    const companyName =
      form.type === 'Stichting'
        ? `Stichting Administratiekantoor ${base}`
        : `${base} ${form.suffix}`;
    const place = pick(rand, m.cities);
    const first = pick(rand, BENCH_WORDS.firstNames);
    const last = pick(rand, BENCH_WORDS.lastNames);
    const domain = base.toLowerCase().replace(/[^a-z]+/g, '');
    const createdAt = new Date(now.getTime() - Math.floor(rand() * fiveYearsMs));
    return {
      organizationId,
      companyName,
      companyType: form.type,
      vat: rand() < 0.8 ? m.vat() : null,
      street: pick(rand, m.streets),
      streetNumber: String(1 + Math.floor(rand() * 300)),
      postal: place.postal(),
      city: place.city,
      country: m.country,
      contactName: `${first} ${last}`,
      email: `${first.toLowerCase()}@${domain}.${m.country.toLowerCase()}`,
      phone: rand() < 0.9 ? m.phone() : null,
      createdAt,
      updatedAt: createdAt,
    };
  });
}

/**
 * A verified lawyer (e-mail + password) owning one workspace with `companyCount` companies,
 * inserted directly as src/server/demo/seed.ts does. The password hash is better-auth's own
 * (scrypt), so the real sign-in endpoint accepts it.
 */
export async function seedWorkspace(db: Database, companyCount: number): Promise<SeededWorkspace> {
  const password = randomBytes(12).toString('base64url');
  const passwordHash = await hashPassword(password);
  const now = new Date();
  const userId = newId();
  const organizationId = newId();
  await db.transaction(async (tx) => {
    await tx.insert(user).values({
      id: userId,
      name: BENCH_NAME,
      email: BENCH_EMAIL,
      emailVerified: true,
      createdAt: now,
      updatedAt: now,
    });
    await tx.insert(account).values({
      id: newId(),
      accountId: userId,
      providerId: 'credential',
      userId,
      password: passwordHash,
      createdAt: now,
      updatedAt: now,
    });
    await tx.insert(organization).values({
      id: organizationId,
      name: 'Bench Advocaten',
      slug: `bench-advocaten-${randomBytes(3).toString('hex')}`,
      createdAt: now,
    });
    await tx
      .insert(member)
      .values({ id: newId(), organizationId, userId, role: 'owner', createdAt: now });
    const rows = generateCompanies(organizationId, companyCount, now);
    for (let i = 0; i < rows.length; i += 1000) {
      await tx.insert(company).values(rows.slice(i, i + 1000));
    }
  });
  return { email: BENCH_EMAIL, password, userId, organizationId, companyCount };
}
