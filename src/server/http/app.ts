import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { OpenAPIHono, createRoute } from '@hono/zod-openapi';
import type { SecondaryStorage } from 'better-auth';
import { getConnInfo } from '@hono/node-server/conninfo';
import type { Context } from 'hono';
import { bodyLimit } from 'hono/body-limit';
import { HTTPException } from 'hono/http-exception';
import { secureHeaders } from 'hono/secure-headers';
import { businessPermissions } from '../../contracts/access-control';
import { meResponseSchema } from '../../contracts/me';
import { metaResponseSchema } from '../../contracts/meta';
import type { Auth } from '../auth/auth';
import { createActorResolver } from '../auth/session';
import { serveAvatar } from '../auth/avatar';
import { createAuthGateway } from '../auth/gateway';
import type { Database } from '../db/client';
import { configureClock } from '../clock';
import type { Env } from '../env';
import type { Logger } from '../logger';
import type { Mailer } from '../mail/mailer';
import { registerCompanyRoutes } from '../modules/companies/routes';
import { registerClientAccessRoutes } from '../modules/access/routes';
import { registerTrashRoutes } from '../modules/trash/routes';
import { registerEquityRoutes } from '../modules/equity/routes';
import { registerVestingRoutes } from '../modules/vesting/routes';
import { registerGrantRoutes } from '../modules/grants/routes';
import { isOcfImport, registerOcfRoutes } from '../modules/ocf/routes';
import { isReportUpload, registerValuationRoutes } from '../modules/valuations/routes';
import { isImportUpload, registerImportRoutes } from '../modules/imports/routes';
import { isDocumentUpload, registerDocumentRoutes } from '../modules/documents/routes';
import { registerSearchRoutes } from '../modules/search/routes';
import { registerReminderRoutes } from '../modules/reminders/routes';
import { registerCalendarFeedFile, registerCalendarFeedRoutes } from '../modules/calendar/routes';
import { registerContactRoutes } from '../modules/contacts/routes';
import { registerNoteRoutes } from '../modules/notes/routes';
import { registerTaskRoutes } from '../modules/tasks/routes';
import { OUTBOX_PATH, registerOutbox } from './outbox';
import type { AppEnv } from './context';
import { AppError, codeForStatus, msg, renderText, zodError } from './errors';
import { requestLanguage } from '../i18n';
import { jsonContent, PUBLIC_PATHS, serveOpenApiDocument } from './openapi';
import { registerApiDocs } from './api-docs';
import {
  ingestOrigin,
  noErrorReporter,
  reportingConfig,
  type ErrorReporter,
} from '../error-reporting/reporter';
import { compressResponses } from './compression';
import { defaultCsp, newNonce, NONCE_PLACEHOLDER, spaCsp } from './csp';
import { customRolePermissions } from './permissions';
import { serveBuiltFiles } from './static-files';

export interface AppDeps {
  env: Env;
  db: Database;
  auth: Auth;
  mailer: Mailer;
  logger: Logger;
  /** Built SPA (dist/web); omitted in API-only tests. */
  staticDir?: string;
  /** The auth signing secret (verifies session cookies). */
  secret: string;
  /** better-auth's secondary storage (Redis), when configured: sessions and rate-limit counters. */
  secondaryStorage?: SecondaryStorage;
  /** Answers the health check: resolves once the database answers. */
  ping: () => Promise<void>;
  /** Error reporting (SENTRY_DSN); default: none. */
  reporter?: ErrorReporter;
}

export const BODY_LIMIT_BYTES = 1024 * 1024;

// Messages of answers written below (named up here: the catalog test takes a route's "/" and "*"
// for the start of a comment).
const TOO_LARGE = msg('errors.payloadTooLarge');
const UNTRUSTED_ORIGIN = msg('errors.origin.untrusted');
const MISSING_ORIGIN = msg('errors.origin.missing');
const NO_ROUTE = msg('errors.noRoute');

/** The remote address of the TCP connection, when there is one (not under app.request in tests). */
export function remoteAddress(c: Context): string | undefined {
  try {
    return getConnInfo(c).remote.address;
  } catch {
    return undefined;
  }
}

function newV1(): OpenAPIHono<AppEnv> {
  return new OpenAPIHono<AppEnv>({
    defaultHook: async (result, c) => {
      if (result.success) return;
      // The value that was parsed tells a missing field from one of the wrong type.
      const data =
        result.target === 'json'
          ? await c.req.json().catch(() => undefined)
          : result.target === 'query'
            ? c.req.query()
            : result.target === 'param'
              ? c.req.param()
              : undefined;
      throw zodError(result.error.issues, { data });
    },
  });
}

/** Builds the whole HTTP application: auth, the business API, the dev outbox and the SPA. */
export function createApp(deps: AppDeps) {
  const { env, db, auth, logger } = deps;
  configureClock(env);
  const trustedProxies = (env.TRUSTED_PROXIES ?? '')
    .split(',')
    .map((s) => s.trim())
    .filter(Boolean);
  const app = new OpenAPIHono<AppEnv>();
  const reporter = deps.reporter ?? noErrorReporter;
  const reporting = reportingConfig(env);
  const trustedOrigins = [
    env.APP_URL,
    ...(env.TRUSTED_ORIGINS ?? '')
      .split(',')
      .map((s) => s.trim())
      .filter(Boolean),
  ];

  // Errors are worded at the edge, in the request's language (issue 12).
  const languageOf = (c: Context<AppEnv>) =>
    c.get('language') ?? requestLanguage(c.req.header('accept-language'));
  app.onError((err, c) => {
    const language = languageOf(c);
    if (err instanceof AppError) return c.json(err.toBody(language), err.status);
    if (err instanceof HTTPException) {
      const status = err.status;
      const message =
        status === 400 && /json/i.test(err.message)
          ? renderText(msg('errors.malformedJson'), language)
          : err.message;
      const code = codeForStatus(status);
      const body = {
        error: { code, message, ...(status === 400 ? { fields: { body: message } } : {}) },
      };
      return c.json(body, status);
    }
    logger.error(`unhandled error on ${c.req.method} ${c.req.path}`, err);
    return c.json(
      { error: { code: 'INTERNAL_ERROR', message: renderText(msg('errors.internal'), language) } },
      500,
    );
  });

  // The answer's language until the caller is known (the business API then adds the account's).
  app.use('*', async (c, next) => {
    c.set('language', requestLanguage(c.req.header('accept-language')));
    return next();
  });

  // Outermost: compresses the final answer, headers and all (decision 019).
  app.use('*', compressResponses());

  // Every 5xx answer is reported (SENTRY_DSN): errors that reached onError, and those better-auth
  // answered itself. 4xx answers are the caller's business, and the health check's 503 is the
  // probe's (decision 014).
  app.use('*', async (c, next) => {
    await next();
    if (c.res.status < 500 || c.req.path === '/api/health') return;
    const error = c.error ?? new Error(`${c.res.status} answer to ${c.req.method} ${c.req.path}`);
    reporter.captureServerError(error, {
      method: c.req.method,
      route: c.req.routePath === '/*' ? c.req.path : c.req.routePath,
      status: c.res.status,
      userId: c.get('actor')?.userId ?? undefined,
    });
  });

  app.use(
    '*',
    secureHeaders({ crossOriginEmbedderPolicy: false, contentSecurityPolicy: undefined }),
  );
  // Answers whose handler chose no policy (JSON, assets, errors) get a restrictive one.
  app.use('*', defaultCsp());

  app.get('/api/health', async (c) => {
    try {
      await deps.ping();
      return c.json({ status: 'ok' as const }, 200);
    } catch {
      return c.json({ status: 'unavailable' }, 503);
    }
  });

  // better-auth, behind our checks (src/server/auth/gateway.ts).
  app.on(
    ['GET', 'POST'],
    '/api/auth/*',
    createAuthGateway({
      env,
      auth,
      db,
      mailer: deps.mailer,
      logger,
      secondaryStorage: deps.secondaryStorage,
      trustedOrigins,
      trustedProxies,
      remoteAddress,
    }),
  );

  app.get('/api/avatars/:userId', (c) => serveAvatar(c, { auth, db }));

  // ---- Business API ----
  const resolveActor = createActorResolver({
    db,
    auth,
    secret: deps.secret,
    sessionsInDatabase: !deps.secondaryStorage,
  });
  const v1 = newV1();
  const limitBody = bodyLimit({
    maxSize: BODY_LIMIT_BYTES,
    onError: (c) =>
      c.json(
        {
          error: {
            code: 'PAYLOAD_TOO_LARGE',
            message: renderText(TOO_LARGE, languageOf(c)),
          },
        },
        413,
      ),
  });
  // A valuation report upload has its own 20 MB limit (valuations/routes.ts), a spreadsheet
  // import and an OCF package their own 25 MB (imports/routes.ts, ocf/routes.ts).
  v1.use('*', (c, next) =>
    isReportUpload(c) || isImportUpload(c) || isOcfImport(c) || isDocumentUpload(c)
      ? next()
      : limitBody(c, next),
  );

  v1.openapi(
    createRoute({
      method: 'get',
      path: '/meta',
      tags: ['Meta'],
      operationId: 'getMeta',
      summary: 'Where mail goes (public)',
      responses: { 200: jsonContent(metaResponseSchema, 'Server facts the SPA needs') },
    }),
    (c) =>
      c.json(
        {
          mail: {
            mode: deps.mailer.mode,
            outboxPath: deps.mailer.mode === 'outbox' ? OUTBOX_PATH : null,
          },
          // The browser's error reporting: configured at run time, never baked into the build.
          errorReporting: reporting,
        },
        200,
      ),
  );

  serveOpenApiDocument(v1, {
    serverUrl: `${env.APP_URL}/api/v1`,
    sessionCookieName: async () => (await auth.$context).authCookies.sessionToken.name,
  });

  // Everything below needs a signed-in user in an active workspace. The session is read from
  // the database on every request (cookie cache bypassed) so that a revoked session or a removed
  // member is refused at once.
  v1.use('*', async (c, next) => {
    if (PUBLIC_PATHS.includes(c.req.path.slice('/api/v1'.length))) return next();
    // Cookies are SameSite=Lax; on top of that a write must come from a trusted origin — always
    // when it rides on the session cookie (a forged form or fetch), and an API key (a header no
    // other site can set) never with a foreign one (issue 11, finding 8).
    const origin = c.req.header('origin');
    if (!['GET', 'HEAD'].includes(c.req.method)) {
      if (origin && !trustedOrigins.includes(origin)) {
        throw new AppError('FORBIDDEN', { ...UNTRUSTED_ORIGIN, values: { origin } });
      }
      if (!origin && !c.req.header('x-api-key')) {
        throw new AppError('FORBIDDEN', MISSING_ORIGIN);
      }
    }
    const actor = await resolveActor(c.req.raw.headers);
    c.set('actor', actor);
    c.set('language', requestLanguage(c.req.header('accept-language'), actor.locale));
    c.set('db', db);
    return next();
  });

  v1.openapi(
    createRoute({
      method: 'get',
      path: '/me',
      tags: ['Meta'],
      operationId: 'getMe',
      summary: 'The caller, their active workspace and their business permissions',
      responses: { 200: jsonContent(meResponseSchema, 'Who is calling') },
    }),
    async (c) => {
      const actor = c.var.actor;
      const custom = await customRolePermissions(db, actor);
      return c.json(
        {
          user: { id: actor.userId, name: actor.userName },
          organizationId: actor.organizationId,
          role: actor.role,
          permissions: businessPermissions(actor.role, custom),
        },
        200,
      );
    },
  );

  registerCompanyRoutes(v1);
  registerEquityRoutes(v1);
  registerVestingRoutes(v1);
  registerGrantRoutes(v1);
  registerValuationRoutes(v1);
  registerOcfRoutes(v1);
  registerTrashRoutes(v1);
  registerImportRoutes(v1);
  registerDocumentRoutes(v1);
  registerSearchRoutes(v1);
  registerReminderRoutes(v1);
  registerCalendarFeedRoutes(v1, { appUrl: env.APP_URL });
  registerContactRoutes(v1);
  registerNoteRoutes(v1);
  registerTaskRoutes(v1);
  registerClientAccessRoutes(v1);
  app.route('/api/v1', v1);
  // Calendar apps fetch a feed without a cookie (decision 031); before the SPA's fallback.
  registerCalendarFeedFile(app, { db, appUrl: env.APP_URL });
  registerApiDocs(app, { appUrl: env.APP_URL });

  app.all('/api/*', (c) =>
    c.json(
      {
        error: {
          code: 'NOT_FOUND',
          message: renderText(
            { ...NO_ROUTE, values: { method: c.req.method, path: c.req.path } },
            languageOf(c),
          ),
        },
      },
      404,
    ),
  );

  // Local mode only; production refuses to start without SMTP_URL (env.ts).
  if (deps.mailer.mode === 'outbox' && env.NODE_ENV !== 'production') {
    registerOutbox(app, { db, secret: deps.secret, remoteAddress });
  }

  if (deps.staticDir) {
    // The page may send error reports to the DSN's ingest, and only when one is configured.
    const connectOrigins = reporting ? [ingestOrigin(reporting.dsn)] : [];
    mountSpa(app, deps.staticDir, (nonce) =>
      spaCsp({ nonce, appUrl: env.APP_URL, connectOrigins }),
    );
  }
  return app;
}

/**
 * Serves the built SPA: its files in the coding the caller prefers (static-files.ts), hashed
 * assets long-cached, every other GET gets index.html with its Content-Security-Policy and a
 * fresh style nonce (src/server/http/csp.ts), compressed per answer (compression.ts).
 */
function mountSpa(app: OpenAPIHono<AppEnv>, staticDir: string, policy: (nonce: string) => string) {
  const indexFile = path.join(staticDir, 'index.html');
  const files = serveBuiltFiles({ root: staticDir });
  const serveIndex = (c: Context<AppEnv>) => {
    if (!existsSync(indexFile)) {
      return c.text('The web app is not built yet: run `npm run build:web`.', 503);
    }
    const nonce = newNonce();
    c.header('Cache-Control', 'no-cache');
    c.header('Content-Security-Policy', policy(nonce));
    return c.html(readFileSync(indexFile, 'utf8').replaceAll(NONCE_PLACEHOLDER, nonce));
  };
  // Before the static files: serveStatic would answer `/` with index.html as it is on disk.
  app.get('/', serveIndex);
  app.get('/index.html', serveIndex);
  app.use(
    '/assets/*',
    async (c, next) => {
      await next();
      if (c.res.status === 200 || c.res.status === 304) {
        c.header('Cache-Control', 'public, max-age=31536000, immutable');
      }
    },
    files,
  );
  app.use('*', files);
  app.get('*', serveIndex);
}
