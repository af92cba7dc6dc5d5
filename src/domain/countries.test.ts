import { describe, expect, it } from 'vitest';
import { COUNTRY_CODES, countryName, isCountryCode } from './countries';

// The 249 officially assigned ISO 3166-1 alpha-2 codes (ISO 3166 Maintenance Agency), typed out
// independently of countries.ts so that a missing, extra or mistyped code shows up here.
const ISO_3166_1_ALPHA_2 = `
AD AE AF AG AI AL AM AO AQ AR AS AT AU AW AX AZ
BA BB BD BE BF BG BH BI BJ BL BM BN BO BQ BR BS BT BV BW BY BZ
CA CC CD CF CG CH CI CK CL CM CN CO CR CU CV CW CX CY CZ
DE DJ DK DM DO DZ
EC EE EG EH ER ES ET
FI FJ FK FM FO FR
GA GB GD GE GF GG GH GI GL GM GN GP GQ GR GS GT GU GW GY
HK HM HN HR HT HU
ID IE IL IM IN IO IQ IR IS IT
JE JM JO JP
KE KG KH KI KM KN KP KR KW KY KZ
LA LB LC LI LK LR LS LT LU LV LY
MA MC MD ME MF MG MH MK ML MM MN MO MP MQ MR MS MT MU MV MW MX MY MZ
NA NC NE NF NG NI NL NO NP NR NU NZ
OM
PA PE PF PG PH PK PL PM PN PR PS PT PW PY
QA
RE RO RS RU RW
SA SB SC SD SE SG SH SI SJ SK SL SM SN SO SR SS ST SV SX SY SZ
TC TD TF TG TH TJ TK TL TM TN TO TR TT TV TW TZ
UA UG UM US UY UZ
VA VC VE VG VI VN VU
WF WS
YE YT
ZA ZM ZW
`
  .trim()
  .split(/\s+/);

describe('COUNTRY_CODES', () => {
  it('the reference list has 249 distinct codes', () => {
    expect(ISO_3166_1_ALPHA_2).toHaveLength(249);
    expect(new Set(ISO_3166_1_ALPHA_2).size).toBe(249);
  });

  it('is exactly the 249 ISO 3166-1 alpha-2 codes', () => {
    expect(COUNTRY_CODES).toHaveLength(249);
    const codes = new Set<string>(COUNTRY_CODES);
    expect(ISO_3166_1_ALPHA_2.filter((c) => !codes.has(c))).toEqual([]); // missing
    expect(COUNTRY_CODES.filter((c) => !ISO_3166_1_ALPHA_2.includes(c))).toEqual([]); // extra
  });

  it('has no duplicates', () => {
    expect(new Set(COUNTRY_CODES).size).toBe(COUNTRY_CODES.length);
  });

  it('is sorted', () => {
    expect([...COUNTRY_CODES]).toEqual([...COUNTRY_CODES].sort());
  });

  it('holds only two upper-case letters per code', () => {
    for (const code of COUNTRY_CODES) expect(code).toMatch(/^[A-Z]{2}$/);
  });
});

describe('isCountryCode', () => {
  it.each(['NL', 'BE', 'DE', 'GB', 'US', 'CW', 'SX', 'BQ', 'AX', 'SS'])(
    '%s is a country code',
    (code) => {
      expect(isCountryCode(code)).toBe(true);
    },
  );

  it.each([
    ['nl', 'lower case'],
    ['Nl', 'mixed case'],
    [' NL', 'leading space'],
    ['NLD', 'alpha-3'],
    ['N', 'one letter'],
    ['', 'empty'],
    ['UK', 'exceptionally reserved (use GB)'],
    ['EU', 'exceptionally reserved'],
    ['EL', 'Greece in EU VAT ids, not ISO (use GR)'],
    ['XK', 'Kosovo: user-assigned, not ISO'],
    ['AN', 'Netherlands Antilles: withdrawn 2010'],
    ['YU', 'Yugoslavia: withdrawn'],
    ['ZZ', 'user-assigned'],
    ['528', 'numeric code'],
  ])('%j is not a country code (%s)', (code) => {
    expect(isCountryCode(code)).toBe(false);
  });

  it('accepts every listed code', () => {
    for (const code of ISO_3166_1_ALPHA_2) expect(isCountryCode(code)).toBe(true);
  });
});

describe('countryName', () => {
  it.each([
    ['NL', 'Netherlands'],
    ['BE', 'Belgium'],
    ['DE', 'Germany'],
    ['GB', 'United Kingdom'],
    ['US', 'United States'],
    ['CW', 'Curaçao'],
  ])('%s → %s', (code, name) => {
    expect(countryName(code)).toBe(name);
  });

  it.each(['', 'N', 'NLD', '528x'])('falls back to the code for %j', (code) => {
    expect(countryName(code)).toBe(code);
  });

  it('gives every listed code a name other than the code itself', () => {
    for (const code of COUNTRY_CODES) expect(countryName(code)).not.toBe(code);
  });

  it.each([
    ['NL', 'Nederland'],
    ['BE', 'België'],
    ['DE', 'Duitsland'],
    ['GB', 'Verenigd Koninkrijk'],
  ])('%s → %s in Dutch', (code, name) => {
    expect(countryName(code, 'nl')).toBe(name);
  });

  it('names every listed code in Dutch too, and in English for a language Intl lacks', () => {
    for (const code of COUNTRY_CODES) expect(countryName(code, 'nl')).not.toBe(code);
    expect(countryName('NL', 'en-XA')).toBe('Netherlands');
    expect(countryName('NL', 'not a tag')).toBe('Netherlands');
    expect(countryName('NLD', 'nl')).toBe('NLD');
  });
});
