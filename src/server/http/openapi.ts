import type { OpenAPIHono } from '@hono/zod-openapi';
import { z, type ZodType } from 'zod';
import { errorResponseSchema } from '../../contracts/errors';
import type { AppEnv } from './context';

/**
 * The OpenAPI document of `/api/v1` (issue 11): OpenAPI 3.1 with a server entry, the security
 * schemes and the error responses of every operation. Routes declare their success responses
 * and whatever is particular to them (409 where the service can refuse a conflicting change);
 * `completeDocument` adds the rest to every operation, so a new route gets them too.
 */

/** Paths under `/api/v1` that answer without credentials (the session middleware skips them). */
export const PUBLIC_PATHS: readonly string[] = ['/meta', '/openapi.json'];

export const SESSION_COOKIE_SCHEME = 'sessionCookie';
export const API_KEY_SCHEME = 'apiKey';

/** A 400's body: the shared error body with `fields` always present. */
export const validationErrorResponseSchema = z.object({
  error: errorResponseSchema.shape.error.extend({
    code: z.literal('VALIDATION_ERROR'),
    fields: z.record(z.string(), z.string()),
  }),
});

/** The error responses an operation can document, named as components. */
const ERROR_RESPONSES = {
  400: {
    name: 'ValidationError',
    schema: 'ValidationError',
    description:
      'VALIDATION_ERROR: the request is malformed; `error.fields` names each bad field (`body` for the body as a whole)',
  },
  401: { name: 'Unauthorized', description: 'UNAUTHORIZED: no valid session cookie or API key' },
  403: {
    name: 'Forbidden',
    description:
      'FORBIDDEN: the role or the API key lacks the permission, there is no active workspace, or a cookie-authenticated write came from an untrusted Origin',
  },
  404: {
    name: 'NotFound',
    description:
      'NOT_FOUND: no such resource in the active workspace (another workspace’s data is not found either)',
  },
  409: {
    name: 'Conflict',
    description:
      'Conflicts with the current state: CONFLICT, or a specific code such as INSUFFICIENT_SHARES, SHARE_NUMBERS_OVERLAP, RECEIPTS_EXCEED_SHARES, SHARES_AUTHORIZED_EXCEEDED or POOL_EXHAUSTED',
  },
  413: { name: 'PayloadTooLarge', description: 'PAYLOAD_TOO_LARGE: the body is larger than 1 MB' },
  415: {
    name: 'UnsupportedMediaType',
    description: 'UNSUPPORTED_MEDIA_TYPE: the body must be sent as application/json',
  },
  429: {
    name: 'RateLimited',
    description:
      'RATE_LIMITED: the API key’s rate limit is reached or its remaining uses are spent',
  },
  500: { name: 'InternalError', description: 'INTERNAL_ERROR: something went wrong on our side' },
} as const satisfies Record<number, { name: string; description: string; schema?: string }>;

export type ErrorStatus = keyof typeof ERROR_RESPONSES;

export function jsonContent<T extends ZodType>(schema: T, description: string) {
  return { content: { 'application/json': { schema } }, description };
}

export function jsonBody<T extends ZodType>(schema: T) {
  return { content: { 'application/json': { schema } }, required: true };
}

/**
 * Error responses a route declares beyond those every operation gets from `completeDocument`
 * (typically 409, which only the service knows it can answer).
 */
export function errorResponses<S extends ErrorStatus>(...statuses: S[]) {
  return Object.fromEntries(
    statuses.map((status) => [
      status,
      { $ref: `#/components/responses/${ERROR_RESPONSES[status].name}` },
    ]),
  ) as Record<S, { $ref: string }>;
}

/** An error response with its own description (e.g. the report upload's 20 MB limit). */
export function errorResponse(status: ErrorStatus, description: string) {
  const schema = 'schema' in ERROR_RESPONSES[status] ? 'ValidationError' : 'Error';
  return {
    description,
    content: { 'application/json': { schema: { $ref: `#/components/schemas/${schema}` } } },
  };
}

const METHODS = ['get', 'put', 'post', 'patch', 'delete', 'head', 'options', 'trace'] as const;

type Json = Record<string, unknown>;
interface Operation extends Json {
  operationId?: string;
  parameters?: { in: string }[];
  requestBody?: { content?: Record<string, unknown> };
  responses?: Record<string, unknown>;
  security?: Record<string, string[]>[];
}
export interface OpenApiDocument extends Json {
  openapi: string;
  paths: Record<string, Partial<Record<(typeof METHODS)[number], Operation>>>;
  components?: Record<string, Record<string, unknown>>;
}

/** Every operation of a document as [method, path, operation]. */
export function operations(doc: OpenApiDocument): [string, string, Operation][] {
  return Object.entries(doc.paths).flatMap(([p, item]) =>
    METHODS.filter((m) => item[m]).map((m) => [m, p, item[m]!] as [string, string, Operation]),
  );
}

/** The error statuses every operation of this shape can answer. */
function defaultErrorStatuses(path: string, op: Operation, isPublic: boolean): ErrorStatus[] {
  const statuses: ErrorStatus[] = [500];
  if (isPublic) return statuses;
  statuses.push(401, 403, 429);
  // Every operation checks its query string and body text (http/input-guard.ts): 400.
  statuses.push(400);
  if (path.includes('{')) statuses.push(404);
  if (op.requestBody) {
    statuses.push(413);
    const types = Object.keys(op.requestBody.content ?? {});
    // JSON bodies sent as anything else are refused with 415 by the validator.
    if (types.length > 0 && types.every((t) => t === 'application/json')) statuses.push(415);
  }
  return statuses;
}

/**
 * Adds what every operation shares: security requirements (none on the public paths), the error
 * responses its shape can produce, and the components they refer to.
 */
export function completeDocument(
  doc: OpenApiDocument,
  options: { serverUrl: string; sessionCookieName: string },
): OpenApiDocument {
  const errorSchema = z.toJSONSchema(errorResponseSchema, { target: 'draft-2020-12' });
  const validationSchema = z.toJSONSchema(validationErrorResponseSchema, {
    target: 'draft-2020-12',
  });
  delete errorSchema.$schema;
  delete validationSchema.$schema;
  const responses = Object.fromEntries(
    Object.entries(ERROR_RESPONSES).map(([status, r]) => [
      r.name,
      errorResponse(Number(status) as ErrorStatus, r.description),
    ]),
  );
  for (const [, path, op] of operations(doc)) {
    const isPublic = PUBLIC_PATHS.includes(path);
    op.security = isPublic ? [] : [{ [SESSION_COOKIE_SCHEME]: [] }, { [API_KEY_SCHEME]: [] }];
    const declared = op.responses ?? {};
    const added: Record<string, unknown> = {};
    for (const status of defaultErrorStatuses(path, op, isPublic)) {
      if (!(String(status) in declared)) {
        added[status] = { $ref: `#/components/responses/${ERROR_RESPONSES[status].name}` };
      }
    }
    // Success first, then the errors by status.
    op.responses = Object.fromEntries(
      Object.entries({ ...declared, ...added }).sort(([a], [b]) => Number(a) - Number(b)),
    );
  }
  return {
    ...doc,
    servers: [{ url: options.serverUrl, description: 'This server' }],
    components: {
      ...doc.components,
      schemas: {
        ...doc.components?.schemas,
        Error: errorSchema,
        ValidationError: validationSchema,
      },
      responses: { ...doc.components?.responses, ...responses },
      securitySchemes: {
        ...doc.components?.securitySchemes,
        [SESSION_COOKIE_SCHEME]: {
          type: 'apiKey',
          in: 'cookie',
          name: options.sessionCookieName,
          description:
            'The session cookie better-auth sets at sign-in (`POST /api/auth/sign-in/email`). Writes with it need an `Origin` header from a trusted origin.',
        },
        [API_KEY_SCHEME]: {
          type: 'apiKey',
          in: 'header',
          name: 'x-api-key',
          description:
            'A personal or workspace API key (Account → API keys, Workspace → API keys); it acts within its own permissions.',
        },
      },
    },
  };
}

const INFO = {
  title: 'ESOP CRM API',
  version: '1',
  description:
    'The business API of ESOP CRM: client companies, their equity structure, grants and valuations. ' +
    'Authenticate with an API key in the `x-api-key` header, or with the session cookie of a signed-in user. ' +
    'Every error answers `{ "error": { "code", "message", "fields"? } }`.',
};

/**
 * Serves the completed OpenAPI 3.1 document at `/openapi.json` of the `/api/v1` app (public).
 * It is built once, at the first request, when every route is registered.
 */
export function serveOpenApiDocument(
  v1: OpenAPIHono<AppEnv>,
  options: { serverUrl: string; sessionCookieName: () => Promise<string> },
) {
  let built: OpenApiDocument | undefined;
  v1.get('/openapi.json', async (c) => {
    built ??= completeDocument(
      v1.getOpenAPI31Document({ openapi: '3.1.0', info: INFO }) as unknown as OpenApiDocument,
      { serverUrl: options.serverUrl, sessionCookieName: await options.sessionCookieName() },
    );
    return c.json(built);
  });
}
