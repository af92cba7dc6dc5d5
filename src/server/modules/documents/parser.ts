import type { DXT } from 'docxtemplater';

/**
 * docxtemplater's `parser` option for our templates (issue 14): a tag is a dotted path into the
 * merge data, `{company.name}`. A path a scope does not hold gives `undefined`, on which
 * docxtemplater asks the next scope out: inside `{#schedule}` a tag is looked up in the item
 * first, then in the document's data. Only own properties count, so `{constructor}` or
 * `{name.length}` never reach into JavaScript's prototypes. `{.}` is the current scope.
 */
export function dottedParser(tag: string): DXT.Parser {
  const trimmed = tag.trim();
  if (trimmed === '.') return { get: (scope: unknown) => scope };
  const path = trimmed.split('.');
  return {
    get(scope: unknown): unknown {
      let value = scope;
      for (const key of path) {
        if (value === null || typeof value !== 'object' || !Object.hasOwn(value, key))
          return undefined;
        value = (value as Record<string, unknown>)[key];
      }
      // docxtemplater calls a function it is given; merge data holds none.
      return typeof value === 'function' ? undefined : value;
    },
  };
}
