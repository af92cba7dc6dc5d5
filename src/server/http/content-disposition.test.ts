import { describe, expect, it } from 'vitest';
import { attachmentDisposition, fileNameSlug } from './content-disposition';

describe('file names of downloads (issue 12)', () => {
  it.each([
    ['Acme B.V.', 'acme-bv', 'acme-bv'],
    ['Acme BV', 'acme-bv', 'acme-bv'],
    ["O'Brien & Zoë Holding N.V.", 'obrien-zoe-holding-nv', 'obrien-zoe-holding-nv'],
    ['  ../etc/passwd "x"; y\r\n', 'etc-passwd-x-y', 'etc-passwd-x-y'],
    ['Straße 1', 'straße-1', 'strasse-1'],
    ['Ærø Fonden', 'ærø-fonden', 'aero-fonden'],
    ['北京 Holding', '北京-holding', 'holding'],
    ['北京', '北京', ''],
  ])('%j → %j (ASCII %j)', (name, slug, ascii) => {
    expect(fileNameSlug(name)).toBe(slug);
    expect(fileNameSlug(name, { ascii: true })).toBe(ascii);
  });

  it('keeps a slug to 60 characters, without a trailing dash', () => {
    const slug = fileNameSlug(`${'a'.repeat(59)} b ${'c'.repeat(20)}`);
    expect(slug).toBe('a'.repeat(59));
  });

  it('gives an ASCII filename and the UTF-8 filename* (RFC 5987)', () => {
    expect(
      attachmentDisposition(
        'captabel-straße-1-2026-11-24.csv',
        'captabel-strasse-1-2026-11-24.csv',
      ),
    ).toBe(
      `attachment; filename="captabel-strasse-1-2026-11-24.csv"; filename*=UTF-8''captabel-stra%C3%9Fe-1-2026-11-24.csv`,
    );
    expect(attachmentDisposition(`it's (x)*.csv`, 'a"b\\c\u00e9.csv')).toBe(
      `attachment; filename="a_b_c_.csv"; filename*=UTF-8''it%27s%20%28x%29%2A.csv`,
    );
  });
});
