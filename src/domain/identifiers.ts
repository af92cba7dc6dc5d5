/**
 * Validators for the identifiers a lawyer types in: VAT ids, postal codes, phone numbers and
 * Chamber of Commerce numbers. Rules and sources: ../shared/domain.md ("Identifiers").
 * Each validator takes raw user input; `normalize*` functions return the canonical form.
 */

/** Countries whose VAT id format and checksum we check. */
export const VAT_CHECKED_COUNTRIES = ['NL', 'BE', 'DE'] as const;
export type VatCheckedCountry = (typeof VAT_CHECKED_COUNTRIES)[number];

/** Upper case, without spaces, dots and dashes: "nl 8530.26.940 b01" → "NL853026940B01". */
export function normalizeVat(raw: string): string {
  return raw.replace(/[\s.-]/g, '').toUpperCase();
}

function digitsAt(value: string): number[] {
  return [...value].map((c) => c.charCodeAt(0) - 48);
}

/** ISO 7064 mod 97-10 over a string of digits and letters (A=10 … Z=35), as used by IBAN. */
function mod97(value: string): number {
  let remainder = 0;
  for (const ch of value) {
    const code = ch.charCodeAt(0);
    const chunk = code >= 65 && code <= 90 ? String(code - 55) : ch;
    for (const d of chunk) remainder = (remainder * 10 + (d.charCodeAt(0) - 48)) % 97;
  }
  return remainder;
}

/**
 * NL VAT id: NL + 9 digits + B + 2 digits. Valid by the 11-test over the 9 digits
 * (weights 9..2, then −1) or, for the post-2020 sole-trader form, mod 97 over the whole id.
 */
export function isValidNlVat(vat: string): boolean {
  if (!/^NL\d{9}B\d{2}$/.test(vat)) return false;
  const d = digitsAt(vat.slice(2, 11));
  const weights = [9, 8, 7, 6, 5, 4, 3, 2, -1];
  const sum = d.reduce((acc, digit, i) => acc + digit * weights[i]!, 0);
  // Only the all-zero number is excluded; a weighted sum of 0 (e.g. 000000012) passes the 11-test.
  if (sum % 11 === 0 && d.some((digit) => digit !== 0)) return true;
  return mod97(vat) === 1;
}

/** BE VAT id: BE + 10 digits starting 0 or 1; last two digits = 97 − (first 8 mod 97). */
export function isValidBeVat(vat: string): boolean {
  if (!/^BE[01]\d{9}$/.test(vat)) return false;
  const first8 = Number(vat.slice(2, 10));
  const check = Number(vat.slice(10, 12));
  return 97 - (first8 % 97) === check;
}

/** DE VAT id (USt-IdNr.): DE + 9 digits, first not 0, last digit by ISO 7064 MOD 11,10. */
export function isValidDeVat(vat: string): boolean {
  if (!/^DE[1-9]\d{8}$/.test(vat)) return false;
  const d = digitsAt(vat.slice(2));
  let product = 10;
  for (let i = 0; i < 8; i++) {
    let sum = (d[i]! + product) % 10;
    if (sum === 0) sum = 10;
    product = (2 * sum) % 11;
  }
  const check = (11 - product) % 10;
  return check === d[8];
}

const vatFormats: Record<VatCheckedCountry, { check: (v: string) => boolean; format: string }> = {
  NL: { check: isValidNlVat, format: 'NL + 9 digits + B + 2 digits, e.g. NL123456782B01' },
  BE: { check: isValidBeVat, format: 'BE + 10 digits starting with 0 or 1, e.g. BE0417497106' },
  DE: { check: isValidDeVat, format: 'DE + 9 digits, e.g. DE136695976' },
};

function isVatChecked(country: string): country is VatCheckedCountry {
  return (VAT_CHECKED_COUNTRIES as readonly string[]).includes(country);
}

/**
 * Checks a (normalized) VAT id. The id's own prefix decides the rules when it is NL, BE or DE;
 * a company registered in NL, BE or DE must use its own country's format.
 * Returns an error message, or null when the id is acceptable.
 */
export function vatError(vat: string, companyCountry: string | null | undefined): string | null {
  if (!/^[A-Z0-9]{2,20}$/.test(vat)) {
    return 'VAT number may only contain letters and digits (at most 20)';
  }
  const prefix = vat.slice(0, 2);
  const country = isVatChecked(prefix)
    ? prefix
    : companyCountry && isVatChecked(companyCountry)
      ? companyCountry
      : null;
  if (!country) return null;
  const rule = vatFormats[country];
  if (!vat.startsWith(country) || !/^[A-Z]{2}\d{9}/.test(vat) || !rule.check(vat)) {
    return `Not a valid ${country} VAT number (${rule.format}, with a valid check digit)`;
  }
  return null;
}

const postalRules: Record<string, { pattern: RegExp; format: string }> = {
  // NL: 4 digits (first not 0), a space, 2 letters; SA, SD and SS are never issued.
  NL: { pattern: /^[1-9]\d{3} ?(?!SA|SD|SS)[A-Z]{2}$/, format: '1234 AB' },
  BE: { pattern: /^[1-9]\d{3}$/, format: '4 digits, e.g. 1000' },
  DE: { pattern: /^\d{5}$/, format: '5 digits, e.g. 10115' },
};

/** Canonical postal code: upper case, single spaces; NL gets its space ("1234ab" → "1234 AB"). */
export function normalizePostal(raw: string, country: string | null | undefined): string {
  const value = raw.trim().replace(/\s+/g, ' ').toUpperCase();
  if (country === 'NL') {
    const m = /^(\d{4}) ?([A-Z]{2})$/.exec(value);
    if (m) return `${m[1]} ${m[2]}`;
  }
  return value;
}

/** Error message for a postal code that does not fit its country's format, else null. */
export function postalError(postal: string, country: string | null | undefined): string | null {
  const rule = country ? postalRules[country] : undefined;
  if (rule) {
    return rule.pattern.test(postal)
      ? null
      : `Not a valid ${country} postal code (expected ${rule.format})`;
  }
  return postal.length <= 16 ? null : 'Postal code is at most 16 characters';
}

/** Phone: digits with an optional leading +, spaces allowed; 6–15 digits. */
export function phoneError(phone: string): string | null {
  if (!/^\+?[\d ]+$/.test(phone)) {
    return 'Phone number may contain only digits and spaces, with an optional leading +';
  }
  const digits = phone.replace(/\D/g, '').length;
  if (digits < 6 || digits > 15) return 'Phone number must have 6 to 15 digits';
  return null;
}

/** Dutch Chamber of Commerce (KvK) number: exactly 8 digits. */
export function isValidKvk(value: string): boolean {
  return /^\d{8}$/.test(value);
}

/** The register number's name per legal-form country (issue 4: company overview). */
export function registrationLabel(country: string | null | undefined): string {
  switch (country) {
    case 'NL':
      return 'KvK number';
    case 'BE':
      return 'Enterprise number';
    case 'DE':
    case 'GB':
      return 'Register number';
    default:
      return 'Registration number';
  }
}

/** Canonical form of a register number: BE enterprise numbers as 0123.456.749, others trimmed. */
export function normalizeRegistration(raw: string, country: string | null | undefined): string {
  const value = raw.trim().replace(/\s+/g, ' ');
  if (country === 'BE') {
    const digits = value.replace(/[.\s]/g, '');
    if (/^\d{10}$/.test(digits))
      return `${digits.slice(0, 4)}.${digits.slice(4, 7)}.${digits.slice(7)}`;
  }
  if (country === 'NL') return value.replace(/\s/g, '');
  if (country === 'GB') return value.replace(/\s/g, '').toUpperCase();
  return value;
}

/**
 * Checks a normalized register number for the company's country: NL KvK 8 digits; BE enterprise
 * number 10 digits starting 0 or 1 with the mod-97 check (as the BE VAT id); DE Handelsregister
 * entry (HRA/HRB/GnR/PR/VR + number); GB Companies House number (8 characters).
 */
export function registrationError(
  value: string,
  country: string | null | undefined,
): string | null {
  switch (country) {
    case 'NL':
      return isValidKvk(value) ? null : 'KvK number must be exactly 8 digits';
    case 'BE':
      return isValidBeVat(`BE${value.replace(/\./g, '')}`)
        ? null
        : 'Enterprise number must be 10 digits starting with 0 or 1 and pass the mod-97 check, e.g. 0403.170.701';
    case 'DE':
      return /^(HRA|HRB|GnR|PR|VR) \d{1,6}( [A-Z]{1,2})?$/.test(value)
        ? null
        : 'Register number must look like "HRB 123456" (HRA, HRB, GnR, PR or VR and a number)';
    case 'GB':
      return /^([0-9]{2}|[A-Z]{2})[0-9]{6}$/.test(value)
        ? null
        : 'Company number must be 8 characters: 8 digits, or 2 letters and 6 digits';
    default:
      return value.length <= 64 ? null : 'Registration number is at most 64 characters';
  }
}
