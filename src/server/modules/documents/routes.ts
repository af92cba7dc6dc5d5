import { createRoute, type OpenAPIHono } from '@hono/zod-openapi';
import type { Context } from 'hono';
import { bodyLimit } from 'hono/body-limit';
import { z } from 'zod';
import {
  DOCX_CONTENT_TYPE,
  MAX_SIGNED_COPY_BYTES,
  MAX_TEMPLATE_BYTES,
  documentCreateSchema,
  documentJobSchema,
  documentKindSchema,
  documentLanguageSchema,
  documentListQuerySchema,
  documentListSchema,
  documentSchema,
  documentSettingsSchema,
  documentUpdateSchema,
  signedCopyQuerySchema,
  templateListSchema,
  templateUpdateSchema,
  templateUploadQuerySchema,
  templateVersionSchema,
} from '../../../contracts/documents';
import type { AppEnv } from '../../http/context';
import { attachmentDisposition } from '../../http/content-disposition';
import { AppError, msg } from '../../http/errors';
import { errorResponses, jsonBody, jsonContent } from '../../http/openapi';
import { guarded } from '../../http/permissions';
import { readUpload } from '../../http/upload';
import { today } from '../../clock';
import {
  deleteDocument,
  deleteTemplate,
  generateDocument,
  getDefaultTemplateFile,
  getDocument,
  getDocumentFile,
  getDocumentJob,
  getDocumentJobFile,
  getDocumentSettings,
  getSignedCopy,
  getTemplateFile,
  listDocuments,
  listTemplates,
  putSignedCopy,
  updateDocument,
  updateDocumentSettings,
  updateTemplate,
  uploadTemplate,
} from './service';

/**
 * Documents (issue 14, decision 027): `/company/{companyId}/documents…` (generate, list,
 * download, mark sent, signed copies), `/company/{companyId}/document-jobs/{jobId}` (batches),
 * `/document-templates…` (the workspace's templates) and `/document-settings`.
 */

const NIL_UUID = '00000000-0000-0000-0000-000000000000';
const toId = (id: string) => (z.uuid().safeParse(id).success ? id : NIL_UUID);
const tags = ['Documents'];
const base = '/company/{companyId}/documents';
const companyParams = z.object({ companyId: z.string() });
const documentParams = z.object({ companyId: z.string(), documentId: z.string() });
const jobParams = z.object({ companyId: z.string(), jobId: z.string() });
const templateParams = z.object({ documentTemplateId: z.string() });
const kindParams = z.object({ kind: documentKindSchema, language: documentLanguageSchema });

const binary = (type: string, description: string) => ({
  content: { [type]: { schema: z.string().openapi({ format: 'binary' }) } },
  description,
});

const DOCX_TYPE =
  /^(application\/vnd\.openxmlformats-officedocument\.wordprocessingml\.document|application\/octet-stream)\s*(;|$)/i;
const PDF_TYPE = /^application\/pdf\s*(;|$)/i;

/** Uploads exempt from the API's 1 MB body limit, each with its own (the file's and a margin). */
const TEMPLATE_UPLOAD = /^\/api\/v1\/document-templates\/[^/]+\/[^/]+\/?$/;
const SIGNED_UPLOAD = /^\/api\/v1\/company\/[^/]+\/documents\/[^/]+\/signed-copy\/?$/;
export function isDocumentUpload(c: Context): boolean {
  return (
    (c.req.method === 'POST' && TEMPLATE_UPLOAD.test(c.req.path)) ||
    (c.req.method === 'PUT' && SIGNED_UPLOAD.test(c.req.path))
  );
}

const generate = guarded(
  createRoute({
    method: 'post',
    path: base,
    tags,
    operationId: 'generateDocument',
    summary:
      'Generate a document from the active template of its kind and language (else the standard one), stored with the company',
    description:
      'grant_letter and board_resolution take `grantIds`, exercise_notice `exerciseId`, register_extract and cap_table_report `asOf` (default today) and `format` docx or pdf. `language` defaults to the stakeholder’s preferred language, else the workspace’s. Grant letters for more than one grant are a batch: 202 with a job to poll, each letter stored, a zip at the end.',
    request: { params: companyParams, body: jsonBody(documentCreateSchema) },
    responses: {
      201: jsonContent(documentSchema, 'The generated document'),
      202: jsonContent(documentJobSchema, 'A batch of grant letters has started; poll the job'),
    },
  }),
  { resource: 'document', action: 'create' },
  ['grant', 'stakeholder', 'plan', 'valuation'],
);

const list = guarded(
  createRoute({
    method: 'get',
    path: base,
    tags,
    operationId: 'listDocuments',
    summary: "The company's generated documents, newest first",
    request: { params: companyParams, query: documentListQuerySchema },
    responses: { 200: jsonContent(documentListSchema, 'Documents') },
  }),
  { resource: 'document', action: 'read' },
);

const get = guarded(
  createRoute({
    method: 'get',
    path: `${base}/{documentId}`,
    tags,
    operationId: 'getDocument',
    summary: 'A generated document',
    request: { params: documentParams },
    responses: { 200: jsonContent(documentSchema, 'The document') },
  }),
  { resource: 'document', action: 'read' },
);

const file = guarded(
  createRoute({
    method: 'get',
    path: `${base}/{documentId}/file`,
    tags,
    operationId: 'downloadDocument',
    summary: 'Download a generated document (DOCX or PDF, with its file name)',
    request: { params: documentParams },
    responses: { 200: binary('application/octet-stream', 'The file') },
  }),
  { resource: 'document', action: 'read' },
);

const update = guarded(
  createRoute({
    method: 'patch',
    path: `${base}/{documentId}`,
    tags,
    operationId: 'updateDocument',
    summary: 'Mark a document sent on a date, or not sent (null)',
    request: { params: documentParams, body: jsonBody(documentUpdateSchema) },
    responses: { 200: jsonContent(documentSchema, 'The document') },
  }),
  { resource: 'document', action: 'update' },
);

const remove = guarded(
  createRoute({
    method: 'delete',
    path: `${base}/{documentId}`,
    tags,
    operationId: 'deleteDocument',
    summary: 'Delete a generated document and its signed copy',
    request: { params: documentParams },
    responses: { 204: { description: 'Deleted' } },
  }),
  { resource: 'document', action: 'delete' },
);

const putSigned = guarded(
  createRoute({
    method: 'put',
    path: `${base}/{documentId}/signed-copy`,
    tags,
    operationId: 'putSignedCopy',
    summary:
      'Upload the signed copy (PDF, at most 20 MB) and mark the document signed on `signedAt`; a signed grant letter marks its grant accepted (a Belgian offer within 60 days)',
    request: {
      params: documentParams,
      query: signedCopyQuerySchema,
      body: {
        content: {
          'application/pdf': { schema: z.string().openapi({ format: 'binary' }) },
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
      200: jsonContent(documentSchema, 'The document, signed'),
      ...errorResponses(413, 415),
    },
  }),
  { resource: 'document', action: 'update' },
  ['grant'],
);

const getSigned = guarded(
  createRoute({
    method: 'get',
    path: `${base}/{documentId}/signed-copy`,
    tags,
    operationId: 'getSignedCopy',
    summary: 'Download the signed copy (PDF)',
    request: { params: documentParams },
    responses: { 200: binary('application/pdf', 'The signed copy') },
  }),
  { resource: 'document', action: 'read' },
);

const getJob = guarded(
  createRoute({
    method: 'get',
    path: '/company/{companyId}/document-jobs/{jobId}',
    tags,
    operationId: 'getDocumentJob',
    summary: 'A batch of grant letters: its status and progress',
    request: { params: jobParams },
    responses: { 200: jsonContent(documentJobSchema, 'The batch') },
  }),
  { resource: 'document', action: 'read' },
);

const getJobFile = guarded(
  createRoute({
    method: 'get',
    path: '/company/{companyId}/document-jobs/{jobId}/file',
    tags,
    operationId: 'downloadDocumentJob',
    summary: 'Download the zip of a finished batch (409 while it runs)',
    request: { params: jobParams },
    responses: { 200: binary('application/zip', 'The zip'), ...errorResponses(409) },
  }),
  { resource: 'document', action: 'read' },
);

const listTemplatesRoute = guarded(
  createRoute({
    method: 'get',
    path: '/document-templates',
    tags,
    operationId: 'listDocumentTemplates',
    summary: "The workspace's templates: per kind and language, its versions and the active one",
    responses: { 200: jsonContent(templateListSchema, 'Templates') },
  }),
  { resource: 'document', action: 'read' },
);

const uploadTemplateRoute = guarded(
  createRoute({
    method: 'post',
    path: '/document-templates/{kind}/{language}',
    tags,
    operationId: 'uploadDocumentTemplate',
    summary:
      'Upload a new version of a template (.docx, at most 10 MB); it becomes the active one. Refused with 400 naming `file` with the reason and the paragraph: an unknown field, an unclosed tag or section, not a docx, macros.',
    request: {
      params: kindParams,
      query: templateUploadQuerySchema,
      body: {
        content: {
          [DOCX_CONTENT_TYPE]: { schema: z.string().openapi({ format: 'binary' }) },
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
      201: jsonContent(templateVersionSchema, 'The new version, active'),
      ...errorResponses(413, 415),
    },
  }),
  { resource: 'document', action: 'create' },
);

const defaultTemplateRoute = guarded(
  createRoute({
    method: 'get',
    path: '/document-templates/{kind}/{language}/standard',
    tags,
    operationId: 'getStandardDocumentTemplate',
    summary: 'Our standard template of a kind and language (.docx), to edit in Word',
    request: { params: kindParams },
    responses: { 200: binary(DOCX_CONTENT_TYPE, 'The template') },
  }),
  { resource: 'document', action: 'read' },
);

const templateFileRoute = guarded(
  createRoute({
    method: 'get',
    path: '/document-templates/{documentTemplateId}/file',
    tags,
    operationId: 'downloadDocumentTemplate',
    summary: 'Download an uploaded version of a template (.docx)',
    request: { params: templateParams },
    responses: { 200: binary(DOCX_CONTENT_TYPE, 'The template') },
  }),
  { resource: 'document', action: 'read' },
);

const updateTemplateRoute = guarded(
  createRoute({
    method: 'patch',
    path: '/document-templates/{documentTemplateId}',
    tags,
    operationId: 'updateDocumentTemplate',
    summary: 'Make a version the active one of its kind and language, or stop using it',
    request: { params: templateParams, body: jsonBody(templateUpdateSchema) },
    responses: { 200: jsonContent(templateVersionSchema, 'The version') },
  }),
  { resource: 'document', action: 'update' },
);

const deleteTemplateRoute = guarded(
  createRoute({
    method: 'delete',
    path: '/document-templates/{documentTemplateId}',
    tags,
    operationId: 'deleteDocumentTemplate',
    summary: 'Delete an uploaded version of a template',
    request: { params: templateParams },
    responses: { 204: { description: 'Deleted' } },
  }),
  { resource: 'document', action: 'delete' },
);

const settingsSchema = z.object({ language: documentLanguageSchema });
const getSettingsRoute = guarded(
  createRoute({
    method: 'get',
    path: '/document-settings',
    tags,
    operationId: 'getDocumentSettings',
    summary: "The workspace's document language (for stakeholders without one of their own)",
    responses: { 200: jsonContent(settingsSchema, 'The settings') },
  }),
  { resource: 'document', action: 'read' },
);
const updateSettingsRoute = guarded(
  createRoute({
    method: 'patch',
    path: '/document-settings',
    tags,
    operationId: 'updateDocumentSettings',
    summary: "Set the workspace's document language",
    request: { body: jsonBody(documentSettingsSchema) },
    responses: { 200: jsonContent(settingsSchema, 'The settings') },
  }),
  { resource: 'document', action: 'update' },
);

function download(
  c: Context<AppEnv>,
  f: { bytes: Uint8Array; fileName: string; contentType: string },
) {
  return c.body(f.bytes as Uint8Array<ArrayBuffer>, 200, {
    'content-type': f.contentType,
    'content-disposition': attachmentDisposition(f.fileName),
    'content-length': String(f.bytes.byteLength),
  });
}

export function registerDocumentRoutes(app: OpenAPIHono<AppEnv>) {
  const args = (c: { var: AppEnv['Variables'] }) => ({ db: c.var.db, actor: c.var.actor });
  const tooLarge = (mb: number, key: string) => () => {
    throw new AppError('PAYLOAD_TOO_LARGE', msg(key, { mb }), { file: msg(key, { mb }) });
  };
  app.use(
    '/document-templates/:kind/:language',
    bodyLimit({
      maxSize: MAX_TEMPLATE_BYTES + 64 * 1024,
      onError: tooLarge(MAX_TEMPLATE_BYTES / 1024 / 1024, 'errors.documents.template.tooLarge'),
    }),
  );
  app.use(
    '/company/:companyId/documents/:documentId/signed-copy',
    bodyLimit({
      maxSize: MAX_SIGNED_COPY_BYTES + 64 * 1024,
      onError: tooLarge(
        MAX_SIGNED_COPY_BYTES / 1024 / 1024,
        'errors.documents.signedCopy.tooLarge',
      ),
    }),
  );
  app.openapi(generate, async (c) => {
    const { companyId } = c.req.valid('param');
    const result = await generateDocument({
      ...args(c),
      input: {
        companyId: toId(companyId),
        body: c.req.valid('json'),
        requestLanguage: c.var.language,
      },
    });
    if ('job' in result) return c.json(result.job, 202);
    return c.json(result.document, 201);
  });
  app.openapi(list, async (c) => {
    const { companyId } = c.req.valid('param');
    return c.json(
      await listDocuments({
        ...args(c),
        input: { companyId: toId(companyId), query: c.req.valid('query') },
      }),
      200,
    );
  });
  app.openapi(get, async (c) => {
    const p = c.req.valid('param');
    return c.json(
      await getDocument({
        ...args(c),
        input: { companyId: toId(p.companyId), documentId: toId(p.documentId) },
      }),
      200,
    );
  });
  app.openapi(file, async (c) => {
    const p = c.req.valid('param');
    return download(
      c,
      await getDocumentFile({
        ...args(c),
        input: { companyId: toId(p.companyId), documentId: toId(p.documentId) },
      }),
    );
  });
  app.openapi(update, async (c) => {
    const p = c.req.valid('param');
    return c.json(
      await updateDocument({
        ...args(c),
        input: {
          companyId: toId(p.companyId),
          documentId: toId(p.documentId),
          patch: c.req.valid('json'),
        },
      }),
      200,
    );
  });
  app.openapi(remove, async (c) => {
    const p = c.req.valid('param');
    await deleteDocument({
      ...args(c),
      input: { companyId: toId(p.companyId), documentId: toId(p.documentId) },
    });
    return c.body(null, 204);
  });
  app.openapi(putSigned, async (c) => {
    const p = c.req.valid('param');
    const query = c.req.valid('query');
    const upload = await readUpload(c, {
      field: 'file',
      type: PDF_TYPE,
      mediaType: 'errors.documents.signedCopy.mediaType',
      malformedForm: 'errors.documents.signedCopy.malformedForm',
    });
    return c.json(
      await putSignedCopy({
        ...args(c),
        input: {
          companyId: toId(p.companyId),
          documentId: toId(p.documentId),
          signedAt: query.signedAt ?? today(),
          fileName: query.filename || upload.name,
          bytes: upload.bytes,
          refusal: upload.refusal,
        },
      }),
      200,
    );
  });
  app.openapi(getSigned, async (c) => {
    const p = c.req.valid('param');
    return download(
      c,
      await getSignedCopy({
        ...args(c),
        input: { companyId: toId(p.companyId), documentId: toId(p.documentId) },
      }),
    );
  });
  app.openapi(getJob, async (c) => {
    const p = c.req.valid('param');
    return c.json(
      await getDocumentJob({
        ...args(c),
        input: { companyId: toId(p.companyId), jobId: toId(p.jobId), language: c.var.language },
      }),
      200,
    );
  });
  app.openapi(getJobFile, async (c) => {
    const p = c.req.valid('param');
    return download(
      c,
      await getDocumentJobFile({
        ...args(c),
        input: { companyId: toId(p.companyId), jobId: toId(p.jobId) },
      }),
    );
  });
  app.openapi(listTemplatesRoute, async (c) =>
    c.json(await listTemplates({ ...args(c), input: { language: c.var.language } }), 200),
  );
  app.openapi(uploadTemplateRoute, async (c) => {
    const query = c.req.valid('query');
    const p = c.req.valid('param');
    const upload = await readUpload(c, {
      field: 'file',
      type: DOCX_TYPE,
      mediaType: 'errors.documents.template.mediaType',
      malformedForm: 'errors.documents.template.malformedForm',
    });
    if (upload.refusal) throw upload.refusal;
    return c.json(
      await uploadTemplate({
        ...args(c),
        input: {
          kind: p.kind,
          language: p.language,
          fileName: query.filename || upload.name,
          bytes: upload.bytes,
        },
      }),
      201,
    );
  });
  app.openapi(defaultTemplateRoute, async (c) => {
    const p = c.req.valid('param');
    return download(c, getDefaultTemplateFile(p.kind, p.language));
  });
  app.openapi(templateFileRoute, async (c) => {
    const p = c.req.valid('param');
    return download(
      c,
      await getTemplateFile({ ...args(c), input: { templateId: toId(p.documentTemplateId) } }),
    );
  });
  app.openapi(updateTemplateRoute, async (c) => {
    const p = c.req.valid('param');
    return c.json(
      await updateTemplate({
        ...args(c),
        input: { templateId: toId(p.documentTemplateId), active: c.req.valid('json').active },
      }),
      200,
    );
  });
  app.openapi(deleteTemplateRoute, async (c) => {
    const p = c.req.valid('param');
    await deleteTemplate({ ...args(c), input: { templateId: toId(p.documentTemplateId) } });
    return c.body(null, 204);
  });
  app.openapi(getSettingsRoute, async (c) =>
    c.json(await getDocumentSettings({ ...args(c), input: { language: c.var.language } }), 200),
  );
  app.openapi(updateSettingsRoute, async (c) =>
    c.json(
      await updateDocumentSettings({
        ...args(c),
        input: { language: c.req.valid('json').language, requestLanguage: c.var.language },
      }),
      200,
    ),
  );
}
