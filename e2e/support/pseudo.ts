import { expect, type Locator, type Page } from '@playwright/test';

/**
 * The pseudo-locale check (issue 12): with the pseudo language (`en-XA`: every catalog message
 * accented and bracketed, `⟦Ŝàṽé⟧`), visible text that still reads as plain English did not come
 * from a catalog. Data the test created (names, e-mail addresses) and what `Intl` writes (English
 * month names, currency codes) are allowed.
 */

/** Makes the app start in the pseudo language in this page's browser context. */
export async function usePseudoLanguage(page: Page): Promise<void> {
  await page.addInitScript(() => localStorage.setItem('esop.language', 'en-XA'));
  await page.setExtraHTTPHeaders({ 'accept-language': 'en-XA' });
}

// Intl's English dates and numbers (the pseudo language formats as en-GB), and codes.
const INTL = [
  /\b(?:Jan|Feb|Mar|Apr|May|Jun|Jul|Aug|Sept?|Oct|Nov|Dec)[a-z]*\b/g,
  /\b(?:Mon|Tue|Wed|Thu|Fri|Sat|Sun)[a-z]*\b/g,
  /\b[A-Z]{3}\b/g,
  /\b(?:am|pm)\b/gi,
];

/** Text nodes under `scope` a person can see, with the nearest element's description. */
async function visibleTexts(scope: Locator): Promise<{ text: string; where: string }[]> {
  return scope.evaluate((root) => {
    const out: { text: string; where: string }[] = [];
    const walker = document.createTreeWalker(root, NodeFilter.SHOW_TEXT);
    for (let node = walker.nextNode(); node; node = walker.nextNode()) {
      const text = node.textContent?.trim() ?? '';
      const parent = node.parentElement;
      if (!text || !parent) continue;
      if (parent.closest('script, style, noscript, [aria-hidden="true"]')) continue;
      const style = getComputedStyle(parent);
      const box = parent.getBoundingClientRect();
      const srOnly = parent.closest('.sr-only') !== null;
      if (!srOnly && (style.visibility === 'hidden' || box.width === 0 || box.height === 0))
        continue;
      out.push({
        text,
        where: `${parent.tagName.toLowerCase()}${parent.id ? `#${parent.id}` : ''}`,
      });
    }
    // Names that only screen readers get count too.
    for (const element of root.querySelectorAll('[aria-label], [title], [placeholder]')) {
      for (const name of ['aria-label', 'title', 'placeholder']) {
        const value = element.getAttribute(name)?.trim();
        if (value) out.push({ text: value, where: `${element.tagName.toLowerCase()}[${name}]` });
      }
    }
    return out;
  });
}

/**
 * Fails on text under `scope` (default: the main content) that reads as English and did not come
 * from a catalog. `allow` lists the test's own data.
 */
export async function expectOnlyCatalogText(
  page: Page,
  {
    scope = page.locator('main'),
    allow = [],
  }: { scope?: Locator; allow?: (string | RegExp)[] } = {},
): Promise<void> {
  const offending: string[] = [];
  // Longest first: "Eva Lawyer's workspace" must not lose "Eva Lawyer" before it is matched.
  const items = [...allow].sort((a, b) => String(b).length - String(a).length);
  for (const { text, where } of await visibleTexts(scope)) {
    if (text.includes('⟦') || text.includes('⟧')) continue;
    let rest = text;
    for (const item of items) rest = rest.split(item as string).join(' ');
    for (const pattern of INTL) rest = rest.replace(pattern, ' ');
    // Plain letters left over are English nobody translated (pseudo text is accented).
    if (/[A-Za-z]{2,}/.test(rest)) offending.push(`${where}: "${text}"`);
  }
  expect(offending, `text not from a catalog on ${page.url()}`).toEqual([]);
}
