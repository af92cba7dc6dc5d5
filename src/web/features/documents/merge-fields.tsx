import { Fragment } from 'react';
import { DOCUMENT_FIELDS, fieldPaths, type DocumentKind } from '../../../contracts/documents';
import { t } from '../../lib/i18n';
import { FIELD_DESCRIPTIONS } from './field-descriptions';
import { kindLabel } from './labels';

type Field = {
  path: string;
  /** What to type in the template: `{company.name}`, `{#schedule}…{/schedule}`, `{date}`. */
  tag: string;
  /** A loop or a condition: the explanation of its pair of tags. */
  pair: { start: string; end: string; kind: 'loop' | 'condition' } | null;
  /** Inside a loop (written without the loop's name). */
  nested: boolean;
};

/** The fields of a kind as a template writes them (docxtemplater's tags). */
export function templateFields(kind: DocumentKind): Field[] {
  return fieldPaths(DOCUMENT_FIELDS[kind]).map((path) => {
    if (path.endsWith('[]')) {
      const name = path.slice(0, -2);
      return {
        path,
        tag: `{#${name}}…{/${name}}`,
        pair: { start: `{#${name}}`, end: `{/${name}}`, kind: 'loop' },
        nested: false,
      };
    }
    const inLoop = path.indexOf('[].');
    if (inLoop >= 0) return { path, tag: `{${path.slice(inLoop + 3)}}`, pair: null, nested: true };
    // The `has…`/`is…` flags are conditions: their content shows only when true.
    if (/^(has|is)[A-Z]/.test(path))
      return {
        path,
        tag: `{#${path}}…{/${path}}`,
        pair: { start: `{#${path}}`, end: `{/${path}}`, kind: 'condition' },
        nested: false,
      };
    return { path, tag: `{${path}}`, pair: null, nested: false };
  });
}

/**
 * The merge fields a kind's template may use, each with what it holds (issue 14): the same list
 * the server checks an upload against. Loops and conditions say how their pair of tags works.
 */
export function MergeFields({ kind }: { kind: DocumentKind }) {
  const fields = templateFields(kind);
  return (
    <details className="group rounded-md border">
      <summary className="cursor-pointer rounded-md px-3 py-2 text-sm font-medium focus-visible:outline-2 focus-visible:outline-ring">
        {t('documents.fields.summary', { kind: kindLabel(kind), count: fields.length })}
      </summary>
      <div className="grid gap-3 border-t px-3 py-3 text-sm">
        <p className="text-muted-foreground">
          {t('documents.fields.intro', { example: '{company.name}' })}
        </p>
        <dl className="grid grid-cols-[minmax(0,auto)_minmax(0,1fr)] gap-x-4 gap-y-1.5">
          {fields.map((field) => (
            <Fragment key={field.path}>
              <dt className={field.nested ? 'pl-4' : undefined}>
                <code className="rounded bg-muted px-1 py-0.5 font-mono text-xs break-all">
                  {field.tag}
                </code>
              </dt>
              <dd className="text-muted-foreground">
                {t(FIELD_DESCRIPTIONS[field.path] ?? 'documents.fields.undocumented')}
                {field.pair ? (
                  <span className="block text-xs">
                    {field.pair.kind === 'loop'
                      ? t('documents.fields.loop', field.pair)
                      : t('documents.fields.condition', field.pair)}
                  </span>
                ) : null}
              </dd>
            </Fragment>
          ))}
        </dl>
      </div>
    </details>
  );
}
