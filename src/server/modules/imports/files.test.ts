import { strToU8, zipSync } from 'fflate';
import { describe, expect, it } from 'vitest';
import { checkWorkbookZip, decodeText, detectSeparator, zipEntries } from './files';

const workbookZip = () =>
  zipSync({
    '[Content_Types].xml': strToU8('<Types/>'),
    'xl/workbook.xml': strToU8('<workbook/>'),
  });

describe('reading text files', () => {
  it('decodes UTF-8 (a byte-order mark dropped) and otherwise Windows-1252', () => {
    expect(decodeText(new Uint8Array([0xef, 0xbb, 0xbf, 0x41, 0xc3, 0xa9]))).toBe('Aé');
    expect(decodeText(new Uint8Array([0x4a, 0x6f, 0x73, 0xe9, 0x80]))).toBe('José€');
  });

  it('takes the separator the header line uses most, outside quotes', () => {
    expect(detectSeparator('Naam;Aantal aandelen;Prijs\n1;2;3')).toBe(';');
    expect(detectSeparator('Name,Shares\n1;2')).toBe(',');
    expect(detectSeparator('"Naam, voluit";Aantal\n')).toBe(';');
    expect(detectSeparator('Name\tShares\n')).toBe('\t');
    expect(detectSeparator('Name\n')).toBe(',');
  });
});

describe('the zip check (before anything is inflated)', () => {
  it('reads the central directory', () => {
    expect(zipEntries(workbookZip())?.map((e) => e.name)).toEqual([
      '[Content_Types].xml',
      'xl/workbook.xml',
    ]);
    expect(() => checkWorkbookZip(workbookZip())).not.toThrow();
  });

  it('refuses a zip whose central directory declares a huge entry', () => {
    const zip = workbookZip();
    const view = new DataView(zip.buffer, zip.byteOffset, zip.byteLength);
    // Patch the first central directory entry's uncompressed size to 200 MB.
    const eocd = zip.length - 22;
    const offset = view.getUint32(eocd + 16, true);
    view.setUint32(offset + 24, 200 * 1024 * 1024, true);
    expect(() => checkWorkbookZip(zip)).toThrow();
  });

  it('refuses a macro-enabled content type and a zip that is no workbook', () => {
    const macro = zipSync({
      '[Content_Types].xml': strToU8(
        '<Types><Override ContentType="application/vnd.ms-excel.sheet.macroEnabled.main+xml"/></Types>',
      ),
      'xl/workbook.xml': strToU8('<workbook/>'),
    });
    expect(() => checkWorkbookZip(macro)).toThrow();
    expect(() => checkWorkbookZip(zipSync({ 'a.txt': strToU8('a') }))).toThrow();
    expect(() => checkWorkbookZip(strToU8('PK\u0003\u0004 truncated'))).toThrow();
  });
});
