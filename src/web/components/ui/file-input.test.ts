import { createElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loaders } from 'virtual:catalogs';
import { i18n } from '../../lib/i18n';
import { chosenFilesText, FileInput, type FileInputProps } from './file-input';

/** The markup, with helpers to read the input's attributes and the text a person sees. */
function render(props: FileInputProps = {}) {
  const html = renderToStaticMarkup(createElement(FileInput, props));
  const inputTag = /<input[^>]*>/.exec(html)?.[0] ?? '';
  const attribute = (name: string) =>
    new RegExp(`\\s${name}="([^"]*)"`).exec(inputTag)?.[1] ?? null;
  const textOf = (id: string) =>
    new RegExp(`id="${id}"[^>]*>([^<]*)<`).exec(html)?.[1]?.trim() ?? null;
  const visibleText = html
    .replace(/<[^>]+>/g, ' ')
    .replace(/\s+/g, ' ')
    .trim();
  return { html, inputTag, attribute, textOf, visibleText };
}

describe('FileInput', () => {
  it('keeps a real, focusable file input that a label can point at', () => {
    const { attribute, inputTag } = render({ id: 'report', accept: 'application/pdf' });
    expect(attribute('type')).toBe('file');
    expect(attribute('id')).toBe('report');
    expect(attribute('accept')).toBe('application/pdf');
    expect(attribute('class')).toContain('sr-only');
    // The input is the tab stop: not taken out of the tab order, not hidden from screen readers.
    expect(inputTag).not.toMatch(/tabindex|aria-hidden/i);
  });

  it('shows the button and "No file chosen" from the catalog, and describes the input with it', () => {
    const { attribute, textOf, visibleText } = render({ id: 'report' });
    expect(visibleText).toBe('Choose file No file chosen');
    const describedBy = attribute('aria-describedby')!.split(' ');
    expect(describedBy).toHaveLength(1);
    expect(textOf(describedBy[0]!)).toBe('No file chosen');
  });

  it('passes aria-invalid, aria-describedby, disabled and multiple through to the input', () => {
    const { attribute } = render({
      id: 'report',
      'aria-invalid': true,
      'aria-describedby': 'hint error',
      disabled: true,
      multiple: true,
      required: true,
      name: 'report',
    });
    expect(attribute('aria-invalid')).toBe('true');
    expect(attribute('aria-describedby')).toMatch(/^hint error \S+$/);
    expect(attribute('disabled')).toBe('');
    expect(attribute('multiple')).toBe('');
    expect(attribute('required')).toBe('');
    expect(attribute('name')).toBe('report');
  });

  it('takes its own button text and can leave the file name out', () => {
    const { attribute, visibleText } = render({
      id: 'logo',
      'aria-describedby': 'hint',
      showFileName: false,
      children: 'Upload logo',
    });
    expect(visibleText).toBe('Upload logo');
    expect(attribute('aria-describedby')).toBe('hint');
  });

  it('has an id of its own when none is given', () => {
    expect(render().attribute('id')).toMatch(/\S/);
  });

  it('names the chosen files, or says none is chosen', () => {
    expect(chosenFilesText([])).toBe('No file chosen');
    expect(chosenFilesText(['report.pdf'])).toBe('report.pdf');
    expect(chosenFilesText(['a.csv', 'b.csv'])).toBe('a.csv, b.csv');
  });

  describe('in Dutch', () => {
    beforeAll(async () => {
      const { default: messages } = await loaders.nl!();
      i18n.load('nl', messages as Parameters<typeof i18n.load>[1]);
      i18n.activate('nl');
    });
    afterAll(() => i18n.activate('en'));

    it('says "Bestand kiezen" and "Geen bestand gekozen", whatever the browser speaks', () => {
      expect(render({ id: 'report' }).visibleText).toBe('Bestand kiezen Geen bestand gekozen');
    });
  });
});
