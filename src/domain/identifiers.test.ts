import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  isValidBeVat,
  isValidDeVat,
  isValidKvk,
  isValidNlVat,
  normalizePostal,
  normalizeVat,
  phoneError,
  postalError,
  vatError,
} from './identifiers';

// Reference implementations, written independently of the code under test (domain.md,
// "Identifiers"), so that the property tests check the rule and not the implementation.

/** NL 11-test: weights 9..2 over the first 8 digits, −1 for the 9th; sum divisible by 11. */
function nlElevenTestSum(nineDigits: string): number {
  const weights = [9, 8, 7, 6, 5, 4, 3, 2, -1];
  return [...nineDigits].reduce((acc, c, i) => acc + Number(c) * weights[i]!, 0);
}

/** ISO 7064 mod 97-10 over letters (A=10 … Z=35) and digits, computed with BigInt. */
function referenceMod97(value: string): number {
  const numeric = [...value]
    .map((c) => (/[A-Z]/.test(c) ? String(c.charCodeAt(0) - 55) : c))
    .join('');
  return Number(BigInt(numeric) % 97n);
}

/** BE check digits: 97 − (first 8 digits mod 97), as two digits. */
function beCheck(first8: number): string {
  return String(97 - (first8 % 97)).padStart(2, '0');
}

/** ISO 7064 MOD 11,10 check digit over the first 8 digits of a DE USt-IdNr. */
function deCheckDigit(first8: string): number {
  let product = 10;
  for (const c of first8) {
    const sum = (Number(c) + product) % 10 || 10;
    product = (2 * sum) % 11;
  }
  return (11 - product) % 10;
}

describe('normalizeVat', () => {
  it.each([
    ['nl 8530.26.940 b01', 'NL853026940B01'],
    ['NL123456782B01', 'NL123456782B01'],
    [' be 0417.497.106 ', 'BE0417497106'],
    ['de-136-695-976', 'DE136695976'],
    ['nl\t123456782\nb01', 'NL123456782B01'],
    ['', ''],
  ])('%j → %j', (raw, expected) => {
    expect(normalizeVat(raw)).toBe(expected);
  });
});

describe('isValidNlVat', () => {
  // NL123456789B13 is the sole-trader (mod 97) form, constructed for this test:
  //   11-test: 1·9 + 2·8 + 3·7 + 4·6 + 5·5 + 6·4 + 7·3 + 8·2 − 9 = 147; 147 mod 11 = 4 → fails.
  //   mod 97:  N=23 L=21 B=11, so "NL123456789B13" → 23 21 123456789 11 13
  //            = 23211234567891113; 23211234567891113 mod 97 = 1 → valid.
  const soleTrader = 'NL123456789B13';

  it('the constructed sole-trader id fails the 11-test and passes mod 97', () => {
    expect(nlElevenTestSum('123456789')).toBe(147);
    expect(147 % 11).toBe(4);
    expect(BigInt('23211234567891113') % 97n).toBe(1n);
    expect(referenceMod97(soleTrader)).toBe(1);
  });

  it.each([
    // 11-test: 1·9 + 2·8 + 3·7 + 4·6 + 5·5 + 6·4 + 7·3 + 8·2 − 2 = 154 = 14 · 11.
    ['NL123456782B01', '11-test'],
    ['NL123456782B99', '11-test, any two-digit suffix'],
    [soleTrader, 'mod 97 (sole trader)'],
    // 11-test sum 0 with non-zero digits: 1·2 − 2 = 0, divisible by 11 (mod 97 gives 37).
    ['NL000000012B01', '11-test with a weighted sum of 0'],
    // The all-zero number fails the 11-test but this suffix passes mod 97 (23210000000001173 ≡ 1).
    ['NL000000000B73', 'all zeros, but mod 97 passes'],
  ])('%s is valid (%s)', (vat) => {
    expect(isValidNlVat(vat)).toBe(true);
  });

  it.each([
    ['NL123456783B01', '11-test fails (sum 153) and mod 97 fails'],
    ['NL123456789B14', 'sole-trader form with the wrong check pair'],
    ['NL000000000B00', 'all zeros fail the 11-test; mod 97 gives 25'],
    ['NL12345678B01', '8 digits'],
    ['NL1234567820B01', '10 digits'],
    ['NL123456782A01', 'A instead of B'],
    ['NL123456782B1', 'one-digit suffix'],
    ['NL123456782', 'no suffix'],
    ['nl123456782b01', 'lower case (not normalized)'],
    ['NL 123456782 B01', 'spaces (not normalized)'],
    ['BE123456782B01', 'wrong prefix'],
    ['', 'empty'],
  ])('%s is invalid (%s)', (vat) => {
    expect(isValidNlVat(vat)).toBe(false);
  });

  it('property: a constructed 11-test id validates; any other 9th digit fails the 11-test', () => {
    fc.assert(
      fc.property(
        // Base 0 can only give the all-zero number, which is not a valid id: excluded.
        fc.integer({ min: 1, max: 99_999_999 }),
        fc.integer({ min: 0, max: 99 }),
        (base, suffixNumber) => {
          const first8 = String(base).padStart(8, '0');
          const partial = nlElevenTestSum(`${first8}0`); // weighted sum of the first 8 digits
          const checkDigit = partial % 11;
          fc.pre(checkDigit <= 9); // remainder 10: no check digit exists for this base
          const suffix = `B${String(suffixNumber).padStart(2, '0')}`;

          const vat = `NL${first8}${checkDigit}${suffix}`;
          expect(nlElevenTestSum(`${first8}${checkDigit}`) % 11).toBe(0);
          expect(isValidNlVat(vat)).toBe(true);

          for (let other = 0; other <= 9; other++) {
            if (other === checkDigit) continue;
            const changed = `NL${first8}${other}${suffix}`;
            // Changing the 9th digit shifts the sum by 1..9, so the 11-test must fail…
            expect(nlElevenTestSum(`${first8}${other}`) % 11).not.toBe(0);
            // …and the id is then valid exactly when the sole-trader mod 97 check happens to pass.
            expect(isValidNlVat(changed)).toBe(referenceMod97(changed) === 1);
          }
        },
      ),
      { numRuns: 1000 },
    );
  });
});

describe('isValidBeVat', () => {
  it.each([
    // 97 − (04174971 mod 97) = 97 − 91 = 6 → "06".
    ['BE0417497106', 'worked example'],
    ['BE1000000021', 'starts with 1: 97 − (10000000 mod 97) = 97 − 76 = 21'],
    ['BE0000000097', 'first 8 ≡ 0 (mod 97): check is 97'],
  ])('%s is valid (%s)', (vat) => {
    expect(isValidBeVat(vat)).toBe(true);
  });

  it.each([
    ['BE0417497107', 'wrong check digits'],
    ['BE0417497105', 'wrong check digits'],
    ['BE2417497106', 'starts with 2'],
    ['BE9417497106', 'starts with 9'],
    ['BE417497106', '9 digits (old format)'],
    ['BE04174971060', '11 digits'],
    ['BE0000000000', 'check 00 can never be right'],
    ['be0417497106', 'lower case (not normalized)'],
    ['NL0417497106', 'wrong prefix'],
    ['BE04174971O6', 'letter O instead of zero'],
  ])('%s is invalid (%s)', (vat) => {
    expect(isValidBeVat(vat)).toBe(false);
  });

  it('property: every 8-digit base starting 0 or 1 with computed check digits validates', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 19_999_999 }), (base) => {
        const first8 = String(base).padStart(8, '0');
        const check = beCheck(base);
        expect(isValidBeVat(`BE${first8}${check}`)).toBe(true);
        // Any other check pair fails.
        const wrong = String((Number(check) % 99) + 1).padStart(2, '0');
        expect(isValidBeVat(`BE${first8}${wrong}`)).toBe(false);
      }),
      { numRuns: 1000 },
    );
  });
});

describe('isValidDeVat', () => {
  it.each([['DE136695976'], ['DE811128135']])('%s is valid', (vat) => {
    expect(isValidDeVat(vat)).toBe(true);
  });

  it.each([
    ['DE136695977', 'check digit changed'],
    ['DE136695970', 'check digit changed'],
    ['DE811128136', 'check digit changed'],
    ['DE136695967', 'two digits swapped'],
    ['DE036695976', 'first digit 0'],
    ['DE13669597', '8 digits'],
    ['DE1366959760', '10 digits'],
    ['de136695976', 'lower case (not normalized)'],
    ['NL136695976', 'wrong prefix'],
  ])('%s is invalid (%s)', (vat) => {
    expect(isValidDeVat(vat)).toBe(false);
  });

  it('the reference MOD 11,10 agrees with the worked examples', () => {
    expect(deCheckDigit('13669597')).toBe(6);
    expect(deCheckDigit('81112813')).toBe(5);
  });

  it('property: exactly the MOD 11,10 check digit validates', () => {
    fc.assert(
      fc.property(fc.integer({ min: 10_000_000, max: 99_999_999 }), (base) => {
        const first8 = String(base);
        const check = deCheckDigit(first8);
        for (let digit = 0; digit <= 9; digit++) {
          expect(isValidDeVat(`DE${first8}${digit}`)).toBe(digit === check);
        }
      }),
      { numRuns: 500 },
    );
  });
});

describe('vatError', () => {
  it.each([
    ['NL123456782B01', 'NL', 'NL id for an NL company'],
    ['NL123456789B13', 'NL', 'NL sole-trader id'],
    ['BE0417497106', 'BE', 'BE id for a BE company'],
    ['DE136695976', 'DE', 'DE id for a DE company'],
    ['NL123456782B01', 'GB', 'NL id for a foreign company: the prefix decides'],
    ['BE0417497106', null, 'BE id without a company country'],
    ['FR40303265045', 'FR', 'unchecked country: format free'],
    ['GB123456789', 'GB', 'unchecked country: format free'],
    ['ATU12345678', undefined, 'unchecked prefix, no company country'],
  ] as [string, string | null | undefined, string][])(
    '%s (country %s) is accepted: %s',
    (vat, country) => {
      expect(vatError(vat, country)).toBeNull();
    },
  );

  it.each([
    ['NL123456783B01', 'NL', /Not a valid NL VAT number/],
    ['NL123456783B01', 'FR', /Not a valid NL VAT number/], // the prefix decides the rules
    ['BE0417497107', 'BE', /Not a valid BE VAT number/],
    ['DE136695977', 'DE', /Not a valid DE VAT number/],
    ['123456782B01', 'NL', /Not a valid NL VAT number/], // no prefix: company country decides
    ['FR40303265045', 'NL', /Not a valid NL VAT number/], // NL company must use the NL format
    ['0417497106', 'BE', /Not a valid BE VAT number/],
    ['ATU12345678', 'DE', /Not a valid DE VAT number/],
    ['NL123456782B01!', 'NL', /only contain letters and digits/],
    ['nl123456782b01', 'NL', /only contain letters and digits/], // expects normalized input
    ['N', 'NL', /only contain letters and digits \(at most 20\)/],
    ['A'.repeat(21), 'GB', /at most 20/],
  ])('%s (country %s) is rejected', (vat, country, message) => {
    expect(vatError(vat, country)).toMatch(message);
  });

  it('names the expected format in the message', () => {
    expect(vatError('NL123456783B01', 'NL')).toBe(
      'Not a valid NL VAT number (NL + 9 digits + B + 2 digits, e.g. NL123456782B01, with a valid check digit)',
    );
  });
});

describe('normalizePostal', () => {
  it.each([
    ['1234AB', 'NL', '1234 AB'],
    ['1234 AB', 'NL', '1234 AB'],
    ['1234ab', 'NL', '1234 AB'],
    ['  1234   ab ', 'NL', '1234 AB'],
    ['0123ab', 'NL', '0123 AB'], // normalized, and then rejected by postalError
    ['12345', 'NL', '12345'], // not NL-shaped: left as typed (trimmed, upper case)
    [' 1000 ', 'BE', '1000'],
    ['10115', 'DE', '10115'],
    ['sw1a  1aa', 'GB', 'SW1A 1AA'],
    ['1234ab', 'BE', '1234AB'], // the NL space is added only for NL
    ['1234ab', null, '1234AB'],
  ])('%j (%s) → %j', (raw, country, expected) => {
    expect(normalizePostal(raw, country)).toBe(expected);
  });
});

describe('postalError', () => {
  it.each([
    ['1234 AB', 'NL'],
    ['1234AB', 'NL'],
    ['9999 ZZ', 'NL'],
    ['1000 SB', 'NL'],
    ['1000 AS', 'NL'],
    ['1000', 'BE'],
    ['9999', 'BE'],
    ['10115', 'DE'],
    ['01067', 'DE'],
    ['SW1A 1AA', 'GB'],
    ['75001', 'FR'],
    ['A'.repeat(16), 'US'],
    ['anything', null],
    ['anything', undefined],
  ])('%j is valid for %s', (postal, country) => {
    expect(postalError(postal, country)).toBeNull();
  });

  it.each([
    ['0123 AB', 'NL', 'first digit 0'],
    ['1234 SA', 'NL', 'SA is never issued'],
    ['1234 SD', 'NL', 'SD is never issued'],
    ['1234 SS', 'NL', 'SS is never issued'],
    ['1234SS', 'NL', 'SS without space'],
    ['1234 ab', 'NL', 'lower case (not normalized)'],
    ['123 AB', 'NL', '3 digits'],
    ['12345 AB', 'NL', '5 digits'],
    ['1234 A', 'NL', 'one letter'],
    ['1234 ABC', 'NL', 'three letters'],
    ['1234', 'NL', 'digits only'],
    ['1234  AB', 'NL', 'two spaces'],
    ['0999', 'BE', 'BE first digit 0'],
    ['100', 'BE', 'BE 3 digits'],
    ['10000', 'BE', 'BE 5 digits'],
    ['B-1000', 'BE', 'BE with country prefix'],
    ['1011', 'DE', 'DE 4 digits'],
    ['101155', 'DE', 'DE 6 digits'],
    ['1011A', 'DE', 'DE letter'],
    ['A'.repeat(17), 'US', 'other country, 17 characters'],
    ['A'.repeat(17), null, 'no country, 17 characters'],
  ] as [string, string | null, string][])('%j is invalid for %s (%s)', (postal, country) => {
    expect(postalError(postal, country)).toEqual(expect.any(String));
  });

  it('names the expected format', () => {
    expect(postalError('0123 AB', 'NL')).toBe('Not a valid NL postal code (expected 1234 AB)');
    expect(postalError('100', 'BE')).toBe(
      'Not a valid BE postal code (expected 4 digits, e.g. 1000)',
    );
    expect(postalError('1011', 'DE')).toBe(
      'Not a valid DE postal code (expected 5 digits, e.g. 10115)',
    );
    expect(postalError('A'.repeat(17), 'FR')).toBe('Postal code is at most 16 characters');
  });

  it('accepts every normalized NL code of the right shape except the SA/SD/SS series', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 1000, max: 9999 }),
        fc.constantFrom(...'ABCDEFGHIJKLMNOPQRSTUVWXYZ'),
        fc.constantFrom(...'ABCDEFGHIJKLMNOPQRSTUVWXYZ'),
        (digits, a, b) => {
          const letters = `${a}${b}`;
          const postal = normalizePostal(`${digits}${letters.toLowerCase()}`, 'NL');
          expect(postal).toBe(`${digits} ${letters}`);
          const banned = ['SA', 'SD', 'SS'].includes(letters);
          expect(postalError(postal, 'NL') === null).toBe(!banned);
        },
      ),
    );
  });
});

describe('phoneError', () => {
  it.each([
    ['123456', '6 digits'],
    ['123456789012345', '15 digits'],
    ['+31 20 123 4567', 'international with spaces'],
    ['+31201234567', 'international'],
    ['020 123 4567', 'national'],
    ['+ 31 20 123 4567', 'space after +'],
    ['+123456', '+ and 6 digits'],
  ])('%j is valid (%s)', (phone) => {
    expect(phoneError(phone)).toBeNull();
  });

  it.each([
    ['12345', 'Phone number must have 6 to 15 digits'],
    ['+1 2 3 4 5', 'Phone number must have 6 to 15 digits'],
    ['1234567890123456', 'Phone number must have 6 to 15 digits'],
    ['      ', 'Phone number must have 6 to 15 digits'],
    [
      '+31-20-1234567',
      'Phone number may contain only digits and spaces, with an optional leading +',
    ],
    [
      '(020) 1234567',
      'Phone number may contain only digits and spaces, with an optional leading +',
    ],
    ['31+201234567', 'Phone number may contain only digits and spaces, with an optional leading +'],
    [
      '++31201234567',
      'Phone number may contain only digits and spaces, with an optional leading +',
    ],
    ['020.123.4567', 'Phone number may contain only digits and spaces, with an optional leading +'],
    ['+', 'Phone number may contain only digits and spaces, with an optional leading +'],
    ['', 'Phone number may contain only digits and spaces, with an optional leading +'],
    ['call me', 'Phone number may contain only digits and spaces, with an optional leading +'],
  ])('%j is invalid', (phone, message) => {
    expect(phoneError(phone)).toBe(message);
  });
});

describe('isValidKvk', () => {
  it.each([
    ['12345678', true],
    ['00000001', true],
    ['1234567', false],
    ['123456789', false],
    ['1234 5678', false],
    ['1234567a', false],
    [' 12345678', false],
    ['', false],
  ])('%j → %s', (value, expected) => {
    expect(isValidKvk(value)).toBe(expected);
  });
});
