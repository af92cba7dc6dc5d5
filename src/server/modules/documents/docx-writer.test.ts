import { DOMParser } from '@xmldom/xmldom';
import { strFromU8, unzipSync } from 'fflate';
import { describe, expect, it } from 'vitest';
import { docxParts, escapeXml, writeDocx, type DocxSpec } from './docx-writer';

const W = 'http://schemas.openxmlformats.org/wordprocessingml/2006/main';
const spec = (blocks: DocxSpec['blocks'], extra: Partial<DocxSpec> = {}): DocxSpec => ({
  title: 'Test',
  lang: 'nl-NL',
  blocks,
  ...extra,
});

function parse(xml: string) {
  const errors: string[] = [];
  const doc = new DOMParser({
    onError: (level, message) => errors.push(`${level}: ${message}`),
  }).parseFromString(xml, 'application/xml');
  expect(errors).toEqual([]);
  return doc;
}

const texts = (xml: string) =>
  Array.from(parse(xml).getElementsByTagNameNS(W, 't')).map((t) => t.textContent);

describe('writeDocx', () => {
  it('escapes markup and drops characters XML cannot hold', () => {
    expect(escapeXml(`a & b < c > d "e" 'f'`)).toBe(
      'a &amp; b &lt; c &gt; d &quot;e&quot; &apos;f&apos;',
    );
    const { 'word/document.xml': xml } = docxParts(
      spec([{ type: 'paragraph', text: 'Van Dijk & <Partners>\u0007 “B.V.” 😀' }], {
        title: 'A & B',
      }),
    );
    expect(texts(xml!)).toEqual(['Van Dijk & <Partners> “B.V.” 😀']);
  });

  it('keeps a tag in one text element around tabs and line breaks', () => {
    const { 'word/document.xml': xml } = docxParts(
      spec([{ type: 'paragraph', text: [{ text: '{company.name}\n{company.address}\t{today}' }] }]),
    );
    expect(texts(xml!)).toEqual(['{company.name}', '{company.address}', '{today}']);
    expect(xml).toContain('<w:br/>');
    expect(xml).toContain('<w:tab/>');
  });

  it('opens a row loop in the first cell and closes it in the last', () => {
    const { 'word/document.xml': xml } = docxParts(
      spec([
        {
          type: 'table',
          columns: [
            { header: 'A', width: 1 },
            { header: 'B', width: 1 },
          ],
          rows: [{ loop: 'items', cells: ['{a}', '{b}'] }],
        },
      ]),
    );
    const rows = Array.from(parse(xml!).getElementsByTagNameNS(W, 'tr'));
    expect(rows).toHaveLength(2);
    expect(rows[0]!.getElementsByTagNameNS(W, 'tblHeader')).toHaveLength(1);
    expect(texts(xml!)).toEqual(['A', 'B', '{#items}', '{a}', '{b}', '{/items}']);
    // A table is followed by a paragraph before the section properties.
    expect(xml).toMatch(/<\/w:tbl><w:p\/><w:sectPr>/);
  });

  it('refuses a row whose cells do not match the columns', () => {
    expect(() =>
      writeDocx(
        spec([
          { type: 'table', columns: [{ header: 'A', width: 1 }], rows: [{ cells: ['1', '2'] }] },
        ]),
      ),
    ).toThrow(/2 cells for 1 columns/);
  });

  it('restarts each numbered list and shares the bullets', () => {
    const parts = docxParts(
      spec([
        { type: 'list', kind: 'number', items: ['a', 'b'] },
        { type: 'list', kind: 'number', items: ['c'] },
        { type: 'list', kind: 'bullet', items: ['d'] },
      ]),
    );
    const numbering = parse(parts['word/numbering.xml']!);
    expect(numbering.getElementsByTagNameNS(W, 'num')).toHaveLength(3);
    expect(numbering.getElementsByTagNameNS(W, 'startOverride')).toHaveLength(2);
    expect(parts['word/document.xml']).toContain('<w:numId w:val="2"/>');
  });

  it('writes sections as paragraphs of their own, landscape pages and the footer', () => {
    const parts = docxParts(
      spec(
        [
          {
            type: 'section',
            tag: 'hasX',
            inverted: true,
            blocks: [{ type: 'paragraph', text: 'x' }],
          },
        ],
        {
          orientation: 'landscape',
          footer: { text: '{company.name}', page: 'Pagina', of: 'van' },
        },
      ),
    );
    expect(texts(parts['word/document.xml']!)).toEqual(['{^hasX}', 'x', '{/hasX}']);
    expect(parts['word/document.xml']).toContain('w:orient="landscape"');
    expect(parts['word/footer1.xml']).toContain(' NUMPAGES ');
    expect(texts(parts['word/footer1.xml']!).join('')).toBe('{company.name}Pagina 1 van 1');
    expect(parts['word/_rels/document.xml.rels']).toContain('footer1.xml');
  });

  it('is a zip whose parts are the ones described, the same bytes each time', () => {
    const bytes = writeDocx(spec([{ type: 'title', text: 'T' }]));
    const files = unzipSync(bytes);
    expect(Object.keys(files)).toEqual(
      Object.keys(docxParts(spec([{ type: 'title', text: 'T' }]))),
    );
    expect(strFromU8(files['docProps/core.xml']!)).toContain('<dc:title>Test</dc:title>');
    expect(writeDocx(spec([{ type: 'title', text: 'T' }]))).toEqual(bytes);
  });
});
