import { Ajv2020 } from 'ajv/dist/2020.js';
import addFormats from 'ajv-formats';
import type { ValidateFunction } from 'ajv';
import { operations, type OpenApiDocument } from '../../src/server/http/openapi';

type Json = Record<string, unknown>;

/** Follows a local `$ref` ("#/components/…") through the document. */
function resolve(doc: OpenApiDocument, node: unknown): Json | undefined {
  let current = node as Json | undefined;
  for (let depth = 0; current && typeof current.$ref === 'string' && depth < 10; depth++) {
    const pointer = current.$ref.replace(/^#\//, '').split('/');
    current = pointer.reduce<unknown>((at, key) => (at as Json | undefined)?.[key], doc) as
      Json | undefined;
  }
  return current;
}

/**
 * Checks the server's answers against the OpenAPI document: the status must be documented for
 * the operation, and a JSON body must match the documented schema (JSON Schema 2020-12, which
 * OpenAPI 3.1 uses).
 */
export function responseValidator(
  doc: OpenApiDocument,
  options: { basePath?: string; undocumented?: 'report' | 'ignore' } = {},
) {
  const basePath = options.basePath ?? '/api/v1';
  const ajv = new Ajv2020({ strict: false, allErrors: true });
  addFormats.default(ajv);
  ajv.addFormat('binary', true);
  const compiled = new Map<string, ValidateFunction>();
  const templates = operations(doc).map(([method, path, op]) => ({
    method,
    path,
    op,
    pattern: new RegExp(`^${path.replace(/\{[^}]+\}/g, '[^/]+')}$`),
  }));

  /** Problems with one answer (empty when it matches the document). */
  return function check(method: string, url: string, status: number, body: unknown): string[] {
    const pathname = new URL(url, 'http://x').pathname;
    if (!pathname.startsWith(basePath)) return [`${pathname} is not under ${basePath}`];
    const local = pathname.slice(basePath.length);
    const found = templates.find((t) => t.method === method.toLowerCase() && t.pattern.test(local));
    // A request to a path or method the API does not have is not a drift (tests probe those).
    if (!found)
      return options.undocumented === 'ignore' ? [] : [`${method} ${local} is not in the document`];
    const where = `${method.toUpperCase()} ${found.path} → ${status}`;
    const response = resolve(doc, found.op.responses?.[String(status)]);
    if (!response) return [`${where}: status not documented`];
    const content = response.content as Record<string, { schema?: unknown }> | undefined;
    if (!content) {
      return body === null || body === undefined || body === ''
        ? []
        : [`${where}: a body that is not documented`];
    }
    const schema = content['application/json']?.schema;
    if (!schema) return [];
    const key = `${found.method} ${found.path} ${status}`;
    let validate = compiled.get(key);
    if (!validate) {
      // The schema may refer to "#/components/…": compile it with the components beside it.
      validate = ajv.compile({ ...(schema as Json), components: doc.components });
      compiled.set(key, validate);
    }
    if (validate(body)) return [];
    return (validate.errors ?? []).map(
      (e) => `${where}: ${e.instancePath || '(body)'} ${e.message ?? ''}`,
    );
  };
}
