/**
 * The description a .docx is written from (docx-writer.ts): a page setup, a footer and a list
 * of blocks. Tags (`{company.name}`) are plain text in runs; the writer keeps each run's text
 * in one `<w:t>`, as docxtemplater needs.
 */

/** Text with emphasis; `\n` is a line break and `\t` a tab inside the same run. */
export type Run = string | { text: string; bold?: boolean; italic?: boolean };
/** A paragraph's content: one run or several. */
export type Text = Run | readonly Run[];
export type Align = 'left' | 'center' | 'right' | 'both';

export interface TableColumn {
  header: Text;
  /** Relative width: the columns share the text width in proportion. */
  width: number;
  align?: Align;
}

export interface TableRow {
  cells: readonly Text[];
  /** The loop (`{#loop}` … `{/loop}`) docxtemplater repeats this row for, one per item. */
  loop?: string;
  bold?: boolean;
}

/** One person signing: a loop repeats the signer for each item (e.g. `signatories`). */
export interface Signer {
  name: Text;
  role?: Text;
  /** Lines under the name, e.g. "Plaats: ____" and "Datum: ____". */
  lines?: readonly Text[];
  loop?: string;
}

export interface SignatureColumn {
  caption: Text;
  signers: readonly Signer[];
}

export type Block =
  | { type: 'title'; text: Text }
  | { type: 'subtitle'; text: Text }
  | { type: 'heading'; level?: 1 | 2; text: Text }
  | {
      type: 'paragraph';
      text: Text;
      align?: Align;
      /** `small` for notes and colophons. */
      style?: 'normal' | 'small';
      keepNext?: boolean;
    }
  | { type: 'list'; kind: 'bullet' | 'number' | 'letter'; items: readonly Text[] }
  | { type: 'table'; columns: readonly TableColumn[]; rows: readonly TableRow[] }
  | { type: 'keyValue'; rows: readonly (readonly [Text, Text])[]; labelWidth?: number }
  | { type: 'signatures'; columns: readonly SignatureColumn[] }
  | { type: 'spacer' }
  | { type: 'pageBreak' }
  /**
   * A conditional (or loop) over blocks: `{#tag}` (`{^tag}` inverted) and `{/tag}` each alone
   * in a paragraph of their own, which docxtemplater's `paragraphLoop` removes on rendering.
   */
  | { type: 'section'; tag: string; inverted?: boolean; blocks: readonly Block[] };

export interface DocxSpec {
  /** The document's title in its properties (docProps/core.xml). */
  title: string;
  /** BCP 47 language of the text, e.g. `nl-NL`, for spelling and hyphenation. */
  lang: string;
  orientation?: 'portrait' | 'landscape';
  /** Footer: text on the left, "Pagina X van Y" on the right (`page` = "Pagina", `of` = "van"). */
  footer?: { text: Text; page: string; of: string };
  blocks: readonly Block[];
  /** The creation time in the properties; fixed by default so the bytes are reproducible. */
  created?: string;
}
