import { createRoute, type OpenAPIHono } from '@hono/zod-openapi';
import type { Context } from 'hono';
import { bodyLimit } from 'hono/body-limit';
import { z } from 'zod';
import {
  MAX_REPORT_BYTES,
  reportUploadQuerySchema,
  valuationCreateSchema,
  valuationListSchema,
  valuationMetricsQuerySchema,
  valuationMetricsSchema,
  valuationSchema,
  valuationUpdateSchema,
} from '../../../contracts/valuation';
import type { AppEnv } from '../../http/context';
import { readUpload } from '../../http/upload';
import { AppError, msg } from '../../http/errors';
import { errorResponse, errorResponses, jsonBody, jsonContent } from '../../http/openapi';
import { guarded } from '../../http/permissions';
import { registerValuationAlertRoutes } from './alerts';
import {
  createValuation,
  deleteReport,
  deleteValuation,
  getReport,
  getValuation,
  getValuationMetrics,
  listValuations,
  putReport,
  updateValuation,
} from './service';

const NIL_UUID = '00000000-0000-0000-0000-000000000000';
const toId = (id: string) => (z.uuid().safeParse(id).success ? id : NIL_UUID);
const tags = ['Valuations'];
const base = '/company/{companyId}/valuations';
const companyParams = z.object({ companyId: z.string() });
const valuationParams = z.object({ companyId: z.string(), valuationId: z.string() });

/** The report upload route: exempt from the API's 1 MB body limit, with its own (see below). */
const REPORT_UPLOAD = /^\/api\/v1\/company\/[^/]+\/valuations\/[^/]+\/report\/?$/;
export function isReportUpload(c: Context): boolean {
  return c.req.method === 'PUT' && REPORT_UPLOAD.test(c.req.path);
}
/** 20 MB of PDF plus room for a multipart envelope; the file itself is checked to 20 MB. */
const REPORT_BODY_LIMIT = MAX_REPORT_BYTES + 64 * 1024;

const list = guarded(
  createRoute({
    method: 'get',
    path: base,
    tags,
    operationId: 'listValuations',
    summary: "The company's valuations, oldest first, each with its change against the previous",
    request: { params: companyParams },
    responses: {
      200: jsonContent(valuationListSchema, 'Valuation history'),
    },
  }),
  { resource: 'valuation', action: 'read' },
);
const get = guarded(
  createRoute({
    method: 'get',
    path: `${base}/{valuationId}`,
    tags,
    operationId: 'getValuation',
    summary: 'One valuation with its computed figures and status as of today',
    request: { params: valuationParams },
    responses: {
      200: jsonContent(valuationSchema, 'The valuation'),
    },
  }),
  { resource: 'valuation', action: 'read' },
);
const create = guarded(
  createRoute({
    method: 'post',
    path: base,
    tags,
    operationId: 'createValuation',
    summary:
      'Record a valuation (fullyDilutedShares omitted: from the cap table on the effective date; 409 for the same date, purpose and share class)',
    request: { params: companyParams, body: jsonBody(valuationCreateSchema) },
    responses: {
      201: jsonContent(valuationSchema, 'The valuation'),
      ...errorResponses(409),
    },
  }),
  { resource: 'valuation', action: 'create' },
);
const update = guarded(
  createRoute({
    method: 'patch',
    path: `${base}/{valuationId}`,
    tags,
    operationId: 'updateValuation',
    summary: 'Update a valuation (any subset of fields; fullyDilutedShares null re-derives it)',
    request: { params: valuationParams, body: jsonBody(valuationUpdateSchema) },
    responses: {
      200: jsonContent(valuationSchema, 'The valuation'),
      ...errorResponses(409),
    },
  }),
  { resource: 'valuation', action: 'update' },
);
const remove = guarded(
  createRoute({
    method: 'delete',
    path: `${base}/{valuationId}`,
    tags,
    operationId: 'deleteValuation',
    summary: 'Delete a valuation and its report',
    request: { params: valuationParams },
    responses: { 204: { description: 'Deleted' } },
  }),
  { resource: 'valuation', action: 'delete' },
);
const putReportRoute = guarded(
  createRoute({
    method: 'put',
    path: `${base}/{valuationId}/report`,
    tags,
    operationId: 'uploadValuationReport',
    summary:
      'Upload (or replace) the report: the PDF as the body (application/pdf), or multipart/form-data with the file in field "report". At most 20 MB (413 beyond); 400 naming "report" when it is not a PDF',
    request: {
      params: valuationParams,
      query: reportUploadQuerySchema,
      // Plain OpenAPI schemas, not zod: the bytes are checked by the service, after the
      // company (another workspace's company is a 404 whatever the body).
      body: {
        content: {
          'application/pdf': { schema: { type: 'string', format: 'binary' } },
          'multipart/form-data': {
            schema: {
              type: 'object',
              properties: { report: { type: 'string', format: 'binary' } },
              required: ['report'],
            },
          },
        },
        required: true,
      },
    },
    responses: {
      200: jsonContent(valuationSchema, 'The valuation with its report'),
      413: errorResponse(413, 'PAYLOAD_TOO_LARGE: the report is larger than 20 MB'),
      415: errorResponse(
        415,
        'UNSUPPORTED_MEDIA_TYPE: the body is neither application/pdf nor multipart/form-data',
      ),
    },
  }),
  { resource: 'valuation', action: 'update' },
);
const getReportRoute = guarded(
  createRoute({
    method: 'get',
    path: `${base}/{valuationId}/report`,
    tags,
    operationId: 'getValuationReport',
    summary: 'Download the report (application/pdf, with its file name)',
    request: { params: valuationParams },
    responses: {
      200: {
        content: { 'application/pdf': { schema: z.string().openapi({ format: 'binary' }) } },
        description: 'The PDF',
      },
    },
  }),
  { resource: 'valuation', action: 'read' },
);
const deleteReportRoute = guarded(
  createRoute({
    method: 'delete',
    path: `${base}/{valuationId}/report`,
    tags,
    operationId: 'deleteValuationReport',
    summary: 'Remove the report',
    request: { params: valuationParams },
    responses: { 204: { description: 'Removed' } },
  }),
  { resource: 'valuation', action: 'update' },
);
const metrics = guarded(
  createRoute({
    method: 'get',
    path: '/company/{companyId}/valuation-metrics',
    tags,
    operationId: 'getValuationMetrics',
    summary:
      'Current valuation, FMV growth, intrinsic value of outstanding grants, underwater grants, grants priced below FMV and the value of the unallocated pool',
    request: { params: companyParams, query: valuationMetricsQuerySchema },
    responses: {
      200: jsonContent(valuationMetricsSchema, 'Metrics as of asOf (default today)'),
    },
  }),
  { resource: 'valuation', action: 'read' },
  // Intrinsic value per grant: the grants, their holders and plans are shown.
  ['grant', 'stakeholder', 'plan'],
);

/** RFC 6266 Content-Disposition with an ASCII fallback and the UTF-8 name. */
function contentDisposition(filename: string): string {
  const ascii = filename.replace(/[^\x20-\x7e]/g, '_').replace(/["\\]/g, '_');
  return `attachment; filename="${ascii}"; filename*=UTF-8''${encodeURIComponent(filename)}`;
}

const PDF_TYPE = /^application\/pdf\s*(;|$)/i;

/**
 * The uploaded report: the raw body (application/pdf), or the one "report" file of a multipart
 * form (the shared upload reader, in the report's own words).
 */
function readReport(c: Context<AppEnv>) {
  return readUpload(c, {
    field: 'report',
    type: PDF_TYPE,
    mediaType: 'errors.report.mediaType',
    malformedForm: 'errors.report.malformedForm',
    keys: {
      unknownField: 'errors.report.unknownField',
      several: 'errors.report.several',
      notAFile: 'errors.report.notAFile',
      fileName: 'errors.report.fileName',
    },
  });
}

export function registerValuationRoutes(app: OpenAPIHono<AppEnv>) {
  const args = (c: { var: AppEnv['Variables'] }) => ({ db: c.var.db, actor: c.var.actor });
  app.use(
    '/company/:companyId/valuations/:valuationId/report',
    bodyLimit({
      maxSize: REPORT_BODY_LIMIT,
      onError: () => {
        throw new AppError('PAYLOAD_TOO_LARGE', msg('errors.report.tooLarge'), {
          report: msg('errors.report.tooLarge'),
        });
      },
    }),
  );
  app.openapi(list, async (c) => {
    const { companyId } = c.req.valid('param');
    return c.json(await listValuations({ ...args(c), input: { companyId: toId(companyId) } }), 200);
  });
  app.openapi(metrics, async (c) => {
    const { companyId } = c.req.valid('param');
    return c.json(
      await getValuationMetrics({
        ...args(c),
        input: { companyId: toId(companyId), asOf: c.req.valid('query').asOf },
      }),
      200,
    );
  });
  app.openapi(get, async (c) => {
    const p = c.req.valid('param');
    return c.json(
      await getValuation({
        ...args(c),
        input: { companyId: toId(p.companyId), id: toId(p.valuationId) },
      }),
      200,
    );
  });
  app.openapi(create, async (c) => {
    const { companyId } = c.req.valid('param');
    return c.json(
      await createValuation({
        ...args(c),
        input: { companyId: toId(companyId), body: c.req.valid('json') },
      }),
      201,
    );
  });
  app.openapi(update, async (c) => {
    const p = c.req.valid('param');
    return c.json(
      await updateValuation({
        ...args(c),
        input: {
          companyId: toId(p.companyId),
          id: toId(p.valuationId),
          patch: c.req.valid('json'),
        },
      }),
      200,
    );
  });
  app.openapi(remove, async (c) => {
    const p = c.req.valid('param');
    await deleteValuation({
      ...args(c),
      input: { companyId: toId(p.companyId), id: toId(p.valuationId) },
    });
    return c.body(null, 204);
  });
  app.openapi(putReportRoute, async (c) => {
    const p = c.req.valid('param');
    const { filename } = c.req.valid('query');
    const upload = await readReport(c);
    return c.json(
      await putReport({
        ...args(c),
        input: {
          companyId: toId(p.companyId),
          id: toId(p.valuationId),
          bytes: upload.bytes && Buffer.from(upload.bytes),
          filename: filename || upload.name,
          refusal: upload.refusal,
        },
      }),
      200,
    );
  });
  app.openapi(getReportRoute, async (c) => {
    const p = c.req.valid('param');
    const report = await getReport({
      ...args(c),
      input: { companyId: toId(p.companyId), id: toId(p.valuationId) },
    });
    return c.body(new Uint8Array(report.pdf), 200, {
      'content-type': 'application/pdf',
      'content-disposition': contentDisposition(report.filename),
      'content-length': String(report.pdf.length),
    });
  });
  app.openapi(deleteReportRoute, async (c) => {
    const p = c.req.valid('param');
    await deleteReport({
      ...args(c),
      input: { companyId: toId(p.companyId), id: toId(p.valuationId) },
    });
    return c.body(null, 204);
  });
  registerValuationAlertRoutes(app);
}
