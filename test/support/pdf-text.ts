import { getDocument, VerbosityLevel } from 'pdfjs-dist/legacy/build/pdf.mjs';
import type { TextItem } from 'pdfjs-dist/types/src/display/api';

/**
 * Reading PDFs in tests (issue 14) with pdf.js, the way a viewer reads them: text through the
 * fonts' ToUnicode maps, so a glyph that would not show as the right character fails the test.
 */

export interface PdfPage {
  width: number;
  height: number;
  /** The text pieces, in drawing order; x and y of the baseline's start, in points. */
  items: { text: string; x: number; y: number; width: number }[];
}

/** Each page's size and text pieces. */
export async function pdfPages(bytes: Uint8Array): Promise<PdfPage[]> {
  const document = await getDocument({
    // pdf.js takes the buffer over (detaches it): a copy leaves the caller's bytes alone.
    data: new Uint8Array(bytes),
    // Node: no font loading, no eval, no worker thread (pdf.js then runs its "fake worker" in
    // this thread); warnings off, so a test's output shows only what the test says.
    disableFontFace: true,
    useSystemFonts: false,
    isEvalSupported: false,
    useWorkerFetch: false,
    verbosity: VerbosityLevel.ERRORS,
  }).promise;
  try {
    const pages: PdfPage[] = [];
    for (let number = 1; number <= document.numPages; number += 1) {
      const page = await document.getPage(number);
      const [, , width, height] = page.view as [number, number, number, number];
      const content = await page.getTextContent();
      const items = content.items
        .filter((item): item is TextItem => 'str' in item && item.str.trim() !== '')
        .map((item) => ({
          text: item.str,
          x: item.transform[4] as number,
          y: item.transform[5] as number,
          width: item.width,
        }));
      pages.push({ width, height, items });
      page.cleanup();
    }
    return pages;
  } finally {
    await document.destroy();
  }
}

/**
 * The text of a PDF, one string per page: lines top to bottom (pieces on the same baseline,
 * within a point, make one line), each line's pieces left to right joined by a space, so a
 * table row's first line reads as its cells in order.
 */
export async function pdfText(bytes: Uint8Array): Promise<string[]> {
  return (await pdfPages(bytes)).map((page) => {
    const lines: { y: number; parts: { x: number; text: string }[] }[] = [];
    for (const { text, x, y } of page.items) {
      let line = lines.find((l) => Math.abs(l.y - y) < 1);
      if (!line) lines.push((line = { y, parts: [] }));
      line.parts.push({ x, text: text.trim() });
    }
    return lines
      .sort((a, b) => b.y - a.y)
      .map((l) =>
        l.parts
          .sort((a, b) => a.x - b.x)
          .map((p) => p.text)
          .join(' '),
      )
      .join('\n');
  });
}
