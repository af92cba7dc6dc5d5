import { DOMParser, type Document as XmlDocument, type Element } from '@xmldom/xmldom';
import Docxtemplater from 'docxtemplater';
import { strFromU8, unzipSync } from 'fflate';
import PizZip from 'pizzip';
import { describe, expect, it } from 'vitest';
import {
  DOCUMENT_FIELDS,
  DOCUMENT_KINDS,
  DOCUMENT_LANGUAGES,
  fieldPaths,
  type DocumentKind,
  type DocumentLanguage,
  type FieldTree,
  type MergeData,
} from '../../../contracts/documents';
import { defaultTemplate, defaultTemplateFileName } from './defaults';
import { dottedParser } from './parser';
import { SAMPLE_MERGE_DATA as SAMPLES } from './sample-data';

const W = 'http://schemas.openxmlformats.org/wordprocessingml/2006/main';
const MAIN_DOCUMENT =
  'application/vnd.openxmlformats-officedocument.wordprocessingml.document.main+xml';

/** The table loops of each kind, with the item field that marks a row as that item's. */
const TABLE_LOOPS: Record<DocumentKind, Record<string, string>> = {
  grant_letter: { schedule: 'date' },
  board_resolution: { grants: 'stakeholder' },
  exercise_notice: {},
  register_extract: { holdings: 'address', lines: 'date' },
  cap_table_report: { rows: 'group', pools: 'name' },
};

// ------------------------------------------------------------------------------- helpers

function unzip(bytes: Uint8Array): Record<string, string> {
  const parts: Record<string, string> = {};
  // PizZip writes folder entries too ("word/"): only files are parts.
  for (const [name, data] of Object.entries(unzipSync(bytes)))
    if (!name.endsWith('/')) parts[name] = strFromU8(data);
  return parts;
}

function parseXml(xml: string): { doc: XmlDocument; errors: string[] } {
  const errors: string[] = [];
  const doc = new DOMParser({
    onError: (level, message) => errors.push(`${level}: ${message}`),
  }).parseFromString(xml, 'application/xml');
  return { doc, errors };
}

const elements = (node: XmlDocument | Element, name: string) =>
  Array.from(node.getElementsByTagNameNS(W, name));

/** The parts docxtemplater templates: the body and the footer. */
const textParts = (parts: Record<string, string>) =>
  Object.keys(parts).filter((name) => /^word\/(document|footer\d*)\.xml$/.test(name));

/** Every `<w:t>`'s text in the body and footer, in order. */
function runTexts(parts: Record<string, string>): string[] {
  return textParts(parts).flatMap((name) =>
    elements(parseXml(parts[name]!).doc, 't').map((t) => t.textContent ?? ''),
  );
}

const plainText = (parts: Record<string, string>) => runTexts(parts).join('');

interface UsedTag {
  /** The field as `fieldPaths` names it, e.g. `grant.quantity` or `schedule[].date`. */
  path: string;
  /** The flags it is shown under, `{#flag}` (true) or `{^flag}` (false). */
  when: { flag: string; value: boolean }[];
}

/**
 * The template's tags checked against DOCUMENT_FIELDS as docxtemplater resolves them: inside a
 * loop, the item's fields first, then the outer scopes. Returns the problems and the tags.
 */
function analyse(kind: DocumentKind, parts: Record<string, string>) {
  const paths = new Set(fieldPaths(DOCUMENT_FIELDS[kind] as FieldTree));
  const problems: string[] = [];
  const used: UsedTag[] = [];
  const open: { name: string; loop: boolean; flag?: { flag: string; value: boolean } }[] = [];
  const scopes = [''];
  const resolve = (path: string, suffix = '') =>
    [...scopes]
      .reverse()
      .map((prefix) => prefix + path)
      .find((p) => paths.has(p + suffix));

  for (const text of runTexts(parts)) {
    const tags = [...text.matchAll(/\{([^{}]*)\}/g)].map((m) => m[1]!);
    if (/[{}]/.test(text.replace(/\{[^{}]*\}/g, '')))
      problems.push(`a tag is split across runs or unbalanced near "${text}"`);
    for (const tag of tags) {
      const sigil = tag[0];
      const name = tag.slice(1);
      if (sigil === '#' || sigil === '^') {
        const loop = resolve(name, '[]');
        const flag = resolve(name);
        if (loop && sigil === '#') {
          open.push({ name, loop: true });
          scopes.push(`${loop}[].`);
        } else if (flag && /(^|\.)(has|is)[A-Z]\w*$/.test(flag)) {
          open.push({ name, loop: false, flag: { flag, value: sigil === '#' } });
        } else problems.push(`{${tag}} is neither a loop nor a has…/is… flag of ${kind}`);
      } else if (sigil === '/') {
        const top = open.pop();
        if (top?.name !== name)
          problems.push(`{${tag}} closes ${top ? `{#${top.name}}` : 'nothing'}`);
        else if (top.loop) scopes.pop();
      } else {
        const path = resolve(tag);
        if (!path) problems.push(`{${tag}} is not a field of ${kind}`);
        else if (/(^|\.)(has|is)[A-Z]\w*$/.test(path)) problems.push(`{${tag}} prints a flag`);
        else used.push({ path, when: open.flatMap((o) => (o.flag ? [o.flag] : [])) });
      }
    }
  }
  for (const o of open) problems.push(`{#${o.name}} is never closed`);
  return { problems, used };
}

/** The sample's values at a field path (a loop's path gives each item's value). */
function valuesAt(data: unknown, path: string): string[] {
  const [head, ...rest] = path.split('[].');
  let value: unknown = data;
  for (const key of head!.split('.')) value = (value as Record<string, unknown>)[key];
  if (rest.length === 0) return [String(value)];
  return (value as unknown[]).flatMap((item) => valuesAt(item, rest.join('[].')));
}

function render(kind: DocumentKind, language: DocumentLanguage, data: object) {
  const doc = new Docxtemplater(new PizZip(defaultTemplate(kind, language)), {
    paragraphLoop: true,
    linebreaks: true,
    parser: dottedParser,
  });
  doc.render(data);
  return unzip(doc.getZip().generate({ type: 'uint8array' }));
}

const flagsOf = (kind: DocumentKind) =>
  fieldPaths(DOCUMENT_FIELDS[kind] as FieldTree).filter((p) => /^(has|is)[A-Z]/.test(p));

// --------------------------------------------------------------------------------- tests

const CASES = DOCUMENT_KINDS.flatMap((kind) =>
  DOCUMENT_LANGUAGES.map((language) => [kind, language] as const),
);

describe.each(CASES)('the default %s template (%s)', (kind, language) => {
  const parts = unzip(defaultTemplate(kind, language));

  it('uses only the fields of its kind, each tag in one run, every section closed', () => {
    const { problems, used } = analyse(kind, parts);
    expect(problems).toEqual([]);
    expect(used.length).toBeGreaterThan(10);
  });

  it('is well-formed XML in every part, with every relationship pointing at a part', () => {
    for (const [name, xml] of Object.entries(parts)) {
      const { doc, errors } = parseXml(xml);
      expect(errors, name).toEqual([]);
      expect(doc.documentElement, name).toBeTruthy();
    }
    for (const [rels, base] of [
      ['_rels/.rels', ''],
      ['word/_rels/document.xml.rels', 'word/'],
    ] as const) {
      const { doc } = parseXml(parts[rels]!);
      for (const rel of Array.from(doc.getElementsByTagName('Relationship')))
        expect(parts, `${rels} → ${rel.getAttribute('Target')}`).toHaveProperty([
          base + rel.getAttribute('Target'),
        ]);
    }
  });

  it('declares its main part as a Word document (not macro-enabled)', () => {
    const types = parseXml(parts['[Content_Types].xml']!).doc;
    const main = Array.from(types.getElementsByTagName('Override')).find(
      (o) => o.getAttribute('PartName') === '/word/document.xml',
    );
    expect(main?.getAttribute('ContentType')).toBe(MAIN_DOCUMENT);
    expect(parts['[Content_Types].xml']).not.toMatch(/macroEnabled/i);
    expect(Object.keys(parts)[0]).toBe('[Content_Types].xml');
    expect(defaultTemplateFileName(kind, language)).toBe(
      `${kind.replace(/_/g, '-')}-${language}.docx`,
    );
  });

  const flags = flagsOf(kind);
  const variants =
    flags.length === 0
      ? [{}]
      : [true, false].map((v) => Object.fromEntries(flags.map((f) => [f, v])));

  it.each(variants)(
    'renders with docxtemplater (flags %o): no tags left, rows repeated, values shown',
    (variant: Record<string, boolean>) => {
      const data = { ...SAMPLES[kind], ...variant };
      const rendered = render(kind, language, data);
      for (const [name, xml] of Object.entries(rendered))
        expect(parseXml(xml).errors, name).toEqual([]);
      const text = plainText(rendered);
      expect(text).not.toMatch(/[{}]/);
      expect(text).not.toContain('undefined');

      // Each table loop gives one row per item.
      const rows = elements(parseXml(rendered['word/document.xml']!).doc, 'tr').map(
        (tr) => tr.textContent ?? '',
      );
      for (const [loop, marker] of Object.entries(TABLE_LOOPS[kind])) {
        const markers = valuesAt(data, `${loop}[].${marker}`);
        expect(markers.length).toBeGreaterThan(1);
        for (const m of markers)
          expect(
            rows.filter((row) => row.includes(m)),
            `${loop}: ${m}`,
          ).toHaveLength(1);
      }

      // The value of every tag shown is in the text; a value only a hidden section shows is not.
      const { used } = analyse(kind, parts);
      const shown = (tag: UsedTag) =>
        tag.when.every((w) => (data as Record<string, unknown>)[w.flag] === w.value);
      const visible = new Set(used.filter(shown).flatMap((tag) => valuesAt(data, tag.path)));
      for (const value of visible) expect(text).toContain(value);
      const hidden = used.filter((tag) => !shown(tag)).flatMap((tag) => valuesAt(data, tag.path));
      for (const value of hidden.filter((v) => !visible.has(v))) expect(text).not.toContain(value);
      // The signatories' loop repeats its paragraphs once per signatory.
      if (used.some((tag) => tag.path === 'signatories[].name'))
        for (const s of SAMPLES[kind].signatories) expect(text.split(s.role).length - 1).toBe(1);
    },
  );
});

describe('conditional sections', () => {
  const grantLetter = (language: DocumentLanguage, flags: Partial<MergeData<'grant_letter'>>) =>
    plainText(render('grant_letter', language, { ...SAMPLES.grant_letter, ...flags }));

  it('show the Belgian 60-day written acceptance only for a Belgian grant', () => {
    const belgian = grantLetter('nl', { isBelgian: true });
    expect(belgian).toContain('wet van 26 maart 1999');
    expect(belgian).toContain('uiterlijk op 4 april 2025');
    expect(belgian).not.toContain('1 januari 2023');
    const dutch = grantLetter('nl', { isBelgian: false });
    expect(dutch).not.toContain('26 maart 1999');
    expect(dutch).toContain('1 januari 2023');
    expect(grantLetter('en', { isBelgian: true })).toContain('law of 26 March 1999');
  });

  it('show the valuation only when there is one', () => {
    expect(grantLetter('en', { hasValuation: true })).toContain('Kroes Valuations');
    expect(grantLetter('en', { hasValuation: false })).not.toContain('Kroes Valuations');
    const noValuation = plainText(
      render('cap_table_report', 'nl', { ...SAMPLES.cap_table_report, hasValuation: false }),
    );
    expect(noValuation).toContain('geen geldige waardering');
    expect(noValuation).not.toContain('OPM-backsolve');
  });

  it('leave no control paragraph behind', () => {
    const xml = render('exercise_notice', 'nl', SAMPLES.exercise_notice)['word/document.xml']!;
    const empty = elements(parseXml(xml).doc, 'p').filter(
      (p) =>
        (p.textContent ?? '') === '' &&
        p.getElementsByTagNameNS(W, 'pStyle')[0]?.getAttribute('w:val') === 'Control',
    );
    expect(empty).toEqual([]);
  });
});

describe('defaultTemplate', () => {
  it('gives the same bytes each time, as a fresh copy', () => {
    const first = defaultTemplate('grant_letter', 'nl');
    first[0] = 0;
    const second = defaultTemplate('grant_letter', 'nl');
    expect(second[0]).toBe(0x50);
    expect(second).toEqual(defaultTemplate('grant_letter', 'nl'));
  });
});
