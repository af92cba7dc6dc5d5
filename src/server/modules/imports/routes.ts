import { createRoute, type OpenAPIHono } from '@hono/zod-openapi';
import type { Context } from 'hono';
import { bodyLimit } from 'hono/body-limit';
import { z } from 'zod';
import { textProblemMessage } from '../../../contracts/i18n/issues';
import {
  IMPORT_MAPPINGS,
  importJobSchema,
  importKindSchema,
  importMappingSchema,
  importTemplateQuerySchema,
  IMPORT_ALSO_READS,
  IMPORT_RESOURCE,
  MAX_IMPORT_BYTES,
  type ImportKind,
} from '../../../contracts/imports';
import { findTextProblem, textProblem } from '../../../contracts/text';
import type { AppEnv } from '../../http/context';
import { attachmentDisposition } from '../../http/content-disposition';
import { AppError, msg, validationError, type Text } from '../../http/errors';
import { errorResponses, jsonContent } from '../../http/openapi';
import { assertPermissions, guarded, type Permission } from '../../http/permissions';
import { translator } from '../../i18n';
import { checkCompany } from '../equity/shared';
import { commitImport, createImport, getImport, importKindOf } from './service';

/**
 * `/api/v1/company/{companyId}/imports…` (issue 13, decision 025). The routes are guarded by
 * company read; what an import may do depends on its kind, checked once the kind is known:
 * creating needs the kind's resource `create`, reading a job its `read`, plus read on what the
 * rows name (decision 007).
 */

const NIL_UUID = '00000000-0000-0000-0000-000000000000';
const toId = (id: string) => (z.uuid().safeParse(id).success ? id : NIL_UUID);
const tags = ['Imports'];
const base = '/company/{companyId}/imports';
const companyParams = z.object({ companyId: z.string() });
const importParams = z.object({ companyId: z.string(), importId: z.string() });

/** The permissions an import of `kind` needs to `action` (create: dry run and commit). */
export function importPermissions(kind: ImportKind, action: 'create' | 'read'): Permission[] {
  return [
    { resource: IMPORT_RESOURCE[kind], action },
    ...IMPORT_ALSO_READS[kind].map((resource) => ({ resource, action: 'read' as const })),
  ];
}

/** The upload route: exempt from the API's 1 MB body limit, with its own (25 MB and a margin). */
const UPLOAD = /^\/api\/v1\/company\/[^/]+\/imports\/?$/;
export function isImportUpload(c: Context): boolean {
  return c.req.method === 'POST' && UPLOAD.test(c.req.path);
}
const UPLOAD_BODY_LIMIT = MAX_IMPORT_BYTES + 256 * 1024;

const createRouteConfig = guarded(
  createRoute({
    method: 'post',
    path: base,
    tags,
    operationId: 'createImport',
    summary:
      'Upload a spreadsheet (XLSX or CSV, at most 25 MB) and dry-run it: every row read and validated, nothing stored but the job',
    description:
      'multipart/form-data with `file`, `kind` (stakeholders, share-events, grants, valuations), ' +
      'optional `mapping` (JSON: field → column header) and optional `sheet`. Needs the kind’s ' +
      'resource `create` (share events: company). Refused with 400 naming `file`: larger than ' +
      '25 MB, a zip bomb, a macro-enabled workbook, an empty sheet, not a spreadsheet.',
    request: {
      params: companyParams,
      body: {
        content: {
          'multipart/form-data': {
            schema: {
              type: 'object',
              properties: {
                file: { type: 'string', format: 'binary' },
                kind: { type: 'string', enum: [...importKindSchema.options] },
                mapping: { type: 'string', description: 'JSON: field key → column header or null' },
                sheet: { type: 'string' },
              },
              required: ['file', 'kind'],
            },
          },
        },
        required: true,
      },
    },
    responses: {
      201: jsonContent(importJobSchema, 'The dry run: mapping, preview and errors by row'),
      ...errorResponses(415),
    },
  }),
  { resource: 'company', action: 'read' },
);

const getRouteConfig = guarded(
  createRoute({
    method: 'get',
    path: `${base}/{importId}`,
    tags,
    operationId: 'getImport',
    summary: 'An import: its status, the progress of its commit (0–1) and its errors by row',
    request: { params: importParams },
    responses: { 200: jsonContent(importJobSchema, 'The import') },
  }),
  { resource: 'company', action: 'read' },
);

const commitRouteConfig = guarded(
  createRoute({
    method: 'post',
    path: `${base}/{importId}/commit`,
    tags,
    operationId: 'commitImport',
    summary:
      'Apply a dry run without errors: all rows or none, in date order, through the same rules as the API (409 on a row fails the import, naming the row)',
    request: { params: importParams },
    responses: {
      202: jsonContent(importJobSchema, 'The commit has started; poll the import for progress'),
      ...errorResponses(409),
    },
  }),
  { resource: 'company', action: 'read' },
);

const templateRouteConfig = guarded(
  createRoute({
    method: 'get',
    path: `${base}/template`,
    tags,
    operationId: 'getImportTemplate',
    summary: "An XLSX template for a kind of import, its headers in the caller's language",
    request: { params: companyParams, query: importTemplateQuerySchema },
    responses: {
      200: {
        content: {
          'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet': {
            schema: z.string().openapi({ format: 'binary' }),
          },
        },
        description: 'The template',
      },
    },
  }),
  { resource: 'company', action: 'read' },
);

const MULTIPART_TYPE = /^multipart\/form-data\s*(;|$)/i;
const FIELDS = new Set(['file', 'kind', 'mapping', 'sheet']);

interface Upload {
  file?: File;
  kind?: ImportKind;
  mapping?: Record<string, string | null>;
  sheet?: string;
  /** Thrown after the company is found, so another workspace's company still answers 404. */
  refusal?: AppError;
}

/** The form's fields, or the problems with them (400 naming each, 415 for another type). */
async function readUpload(c: Context<AppEnv>): Promise<Upload> {
  if (!MULTIPART_TYPE.test(c.req.header('content-type') ?? ''))
    return { refusal: new AppError('UNSUPPORTED_MEDIA_TYPE', msg('imports.form.mediaType')) };
  let form: Record<string, string | File | (string | File)[]>;
  try {
    form = await c.req.parseBody({ all: true });
  } catch {
    return { refusal: validationError({ file: msg('imports.form.malformed') }) };
  }
  const problems: Record<string, Text> = {};
  const upload: Upload = {};
  for (const [key, value] of Object.entries(form)) {
    if (!FIELDS.has(key)) problems[key] = msg('imports.form.unknownField', { name: key });
    else if (Array.isArray(value)) problems[key] = msg('imports.form.several', { name: key });
    else if (key === 'file') {
      if (!(value instanceof File)) problems.file = msg('imports.form.notAFile');
      else {
        const problem = textProblem(value.name, { multiline: false });
        if (problem)
          problems.file = { ...textProblemMessage(problem), english: `file name ${problem}` };
        else upload.file = value;
      }
    } else if (typeof value !== 'string')
      problems[key] = msg('imports.form.notText', { name: key });
    else if (key === 'kind') {
      const kind = importKindSchema.safeParse(value);
      if (kind.success) upload.kind = kind.data;
      else problems.kind = msg('imports.form.kind', { kinds: importKindSchema.options.join(', ') });
    } else if (key === 'sheet') {
      const problem = textProblem(value, { multiline: false });
      if (problem || value.length > 200) problems.sheet = msg('imports.form.sheet');
      else upload.sheet = value;
    } else if (key === 'mapping') {
      let json: unknown;
      try {
        json = JSON.parse(value);
      } catch {
        json = undefined;
      }
      const mapping = importMappingSchema.safeParse(json);
      if (!mapping.success || findTextProblem(json)) problems.mapping = msg('imports.form.mapping');
      else upload.mapping = mapping.data;
    }
  }
  if (!form.file) problems.file ??= msg('imports.form.fileRequired');
  if (!form.kind)
    problems.kind ??= msg('imports.form.kind', { kinds: importKindSchema.options.join(', ') });
  if (Object.keys(problems).length > 0) return { refusal: validationError(problems) };
  return upload;
}

export function registerImportRoutes(app: OpenAPIHono<AppEnv>) {
  app.use(
    '/company/:companyId/imports',
    bodyLimit({
      maxSize: UPLOAD_BODY_LIMIT,
      onError: () => {
        throw validationError({ file: msg('imports.file.tooLarge', { mb: 25 }) });
      },
    }),
  );

  // Before `{importId}`: "template" is not an import's id.
  app.openapi(templateRouteConfig, async (c) => {
    const { companyId } = c.req.valid('param');
    const { kind } = c.req.valid('query');
    await checkCompany(c.var.db, c.var.actor.organizationId, toId(companyId));
    const bytes = await importTemplate(kind, c.var.language);
    const name = `${translator(c.var.language)('imports.template.fileName')}-${kind}.xlsx`;
    return c.body(new Uint8Array(bytes), 200, {
      'content-type': 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
      'content-disposition': attachmentDisposition(name, name),
      vary: 'Accept-Language',
    });
  });

  app.openapi(createRouteConfig, async (c) => {
    const companyId = toId(c.req.valid('param').companyId);
    const { db, actor, language } = c.var;
    const upload = await readUpload(c);
    await checkCompany(db, actor.organizationId, companyId);
    if (upload.refusal) throw upload.refusal;
    const kind = upload.kind!;
    await assertPermissions(db, actor, importPermissions(kind, 'create'));
    const file = upload.file!;
    const job = await createImport({
      db,
      actor,
      input: {
        companyId,
        kind,
        fileName: file.name || 'upload',
        bytes: new Uint8Array(await file.arrayBuffer()),
        sheet: upload.sheet,
        mapping: upload.mapping,
        language,
      },
    });
    return c.json(job, 201);
  });

  app.openapi(getRouteConfig, async (c) => {
    const p = c.req.valid('param');
    const { db, actor, language } = c.var;
    const [companyId, importId] = [toId(p.companyId), toId(p.importId)];
    await assertPermissions(
      db,
      actor,
      importPermissions(await importKindOf(db, actor, companyId, importId), 'read'),
    );
    return c.json(await getImport({ db, actor, input: { companyId, importId, language } }), 200);
  });

  app.openapi(commitRouteConfig, async (c) => {
    const p = c.req.valid('param');
    const { db, actor, language } = c.var;
    const [companyId, importId] = [toId(p.companyId), toId(p.importId)];
    await assertPermissions(
      db,
      actor,
      importPermissions(await importKindOf(db, actor, companyId, importId), 'create'),
    );
    return c.json(await commitImport({ db, actor, input: { companyId, importId, language } }), 202);
  });
}

/** The template of a kind: one sheet, the header row in `language`, required fields marked. */
export async function importTemplate(kind: ImportKind, language: string): Promise<Buffer> {
  const { default: ExcelJS } = await import('exceljs');
  const t = translator(language);
  const workbook = new ExcelJS.Workbook();
  const sheet = workbook.addWorksheet(kind);
  const fields = IMPORT_MAPPINGS[kind].fields;
  sheet.addRow(fields.map((f) => t(f.label)));
  sheet.getRow(1).font = { bold: true };
  fields.forEach((f, i) => {
    sheet.getColumn(i + 1).width = Math.max(14, t(f.label).length + 4);
    if (f.required) sheet.getRow(1).getCell(i + 1).note = t('imports.template.required');
  });
  return Buffer.from(await workbook.xlsx.writeBuffer());
}
