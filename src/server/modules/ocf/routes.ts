import { createRoute, type OpenAPIHono } from '@hono/zod-openapi';
import type { Context } from 'hono';
import { bodyLimit } from 'hono/body-limit';
import { z } from 'zod';
import { ocfImportResultSchema } from '../../../contracts/ocf';
import type { AppEnv } from '../../http/context';
import { attachmentDisposition } from '../../http/content-disposition';
import { AppError, msg, validationError } from '../../http/errors';
import { errorResponse, jsonContent } from '../../http/openapi';
import { guarded } from '../../http/permissions';
import { exportOcf } from './export';
import { importOcf } from './import';
import { MAX_PACKAGE_BYTES } from './zip';

/** The OCF routes (issue 13, docs/decisions/024): export a company, import a package. */

const NIL_UUID = '00000000-0000-0000-0000-000000000000';
const toId = (id: string) => (z.uuid().safeParse(id).success ? id : NIL_UUID);

/** The import route: exempt from the API's 1 MB body limit, with its own (below). */
const IMPORT_PATH = /^\/api\/v1\/ocf-imports\/?$/;
export function isOcfImport(c: Context): boolean {
  return c.req.method === 'POST' && IMPORT_PATH.test(c.req.path);
}
const IMPORT_BODY_LIMIT = MAX_PACKAGE_BYTES + 64 * 1024;

const exportRoute = guarded(
  createRoute({
    method: 'get',
    path: '/company/{companyId}/ocf',
    tags: ['Open Cap Format'],
    operationId: 'exportOcf',
    summary: 'The company as an Open Cap Format (OCF 1.2) package',
    description:
      'A zip (`<company>.ocf.zip`) with the OCF manifest and one file per object type: ' +
      'stakeholders, stock classes, stock plans, vesting terms, valuations and transactions ' +
      '(the register, grants, vesting, exercises). Fields OCF has no place for travel in each ' +
      'object’s "esop-crm:" comment (decision 024).',
    request: { params: z.object({ companyId: z.string() }) },
    responses: {
      200: {
        content: { 'application/zip': { schema: { type: 'string', format: 'binary' } } },
        description: 'The OCF package',
      },
    },
  }),
  { resource: 'company', action: 'export' },
  // The package shows holders, plans, grants and valuations (decision 007).
  ['stakeholder', 'plan', 'grant', 'valuation'],
);

const importRoute = guarded(
  createRoute({
    method: 'post',
    path: '/ocf-imports',
    tags: ['Open Cap Format'],
    operationId: 'importOcf',
    summary: 'Import an Open Cap Format package as a new client company',
    description:
      'The `.ocf.zip` as the body (application/zip), or multipart/form-data with the file in ' +
      'field "file". All or nothing: one transaction. Objects our rules refuse or that have no ' +
      'counterpart are listed in `report.skipped` with the reason. 400 naming the file and the ' +
      'object for a package that is not a zip, lacks its manifest, holds a file over 25 MB or ' +
      'more than 100 MB in all, a file whose MD5 differs from its manifest entry, or JSON that ' +
      'does not match OCF; 413 beyond 25 MB uploaded. Problems and skip reasons are in the ' +
      "caller's language (Accept-Language, else their saved choice).",
    request: {
      // Plain OpenAPI schemas: the bytes are read and checked by the service.
      body: {
        content: {
          'application/zip': { schema: { type: 'string', format: 'binary' } },
          'multipart/form-data': {
            schema: {
              type: 'object',
              properties: { file: { type: 'string', format: 'binary' } },
              required: ['file'],
            },
          },
        },
        required: true,
      },
    },
    responses: {
      201: jsonContent(ocfImportResultSchema, 'The new company and what was imported or skipped'),
      413: errorResponse(413, 'PAYLOAD_TOO_LARGE: the package is larger than 25 MB'),
      415: errorResponse(
        415,
        'UNSUPPORTED_MEDIA_TYPE: the body is neither application/zip nor multipart/form-data',
      ),
    },
  }),
  { resource: 'company', action: 'create' },
  [],
  // It writes every kind of record of a company.
  [
    { resource: 'stakeholder', action: 'create' },
    { resource: 'plan', action: 'create' },
    { resource: 'grant', action: 'create' },
    { resource: 'valuation', action: 'create' },
  ],
);

const ZIP_TYPE = /^application\/(zip|x-zip-compressed|octet-stream)\s*(;|$)/i;
const MULTIPART_TYPE = /^multipart\/form-data\s*(;|$)/i;

/** The uploaded package's bytes: the raw body or the one "file" of a multipart form. */
async function readUpload(c: Context<AppEnv>): Promise<Uint8Array> {
  const type = c.req.header('content-type') ?? '';
  if (ZIP_TYPE.test(type)) return new Uint8Array(await c.req.arrayBuffer());
  if (!MULTIPART_TYPE.test(type))
    throw new AppError('UNSUPPORTED_MEDIA_TYPE', msg('errors.ocf.mediaType'));
  let form: Record<string, string | File | (string | File)[]>;
  try {
    form = await c.req.parseBody({ all: true });
  } catch {
    throw validationError({ file: msg('errors.ocf.malformedForm') });
  }
  const file = form.file;
  const others = Object.keys(form).filter((k) => k !== 'file');
  if (others.length > 0)
    throw validationError({ [others[0]!]: msg('errors.ocf.unknownField', { name: others[0]! }) });
  if (!(file instanceof File)) throw validationError({ file: msg('errors.ocf.missing') });
  return new Uint8Array(await file.arrayBuffer());
}

export function registerOcfRoutes(app: OpenAPIHono<AppEnv>) {
  app.use(
    '/ocf-imports',
    bodyLimit({
      maxSize: IMPORT_BODY_LIMIT,
      onError: () => {
        throw new AppError('PAYLOAD_TOO_LARGE', msg('errors.ocf.tooLarge'), {
          file: msg('errors.ocf.tooLarge'),
        });
      },
    }),
  );
  app.openapi(exportRoute, async (c) => {
    const { db, actor } = c.var;
    const pkg = await exportOcf({
      db,
      actor,
      input: { companyId: toId(c.req.valid('param').companyId) },
    });
    return c.body(pkg.zip as Uint8Array<ArrayBuffer>, 200, {
      'content-type': 'application/zip',
      'content-disposition': attachmentDisposition(pkg.fileName, pkg.asciiFileName),
    });
  });
  app.openapi(importRoute, async (c) => {
    const { db, actor, language } = c.var;
    const bytes = await readUpload(c);
    const result = await importOcf({ db, actor, input: { bytes, language } });
    return c.json(result, 201);
  });
}
