import { existsSync, mkdirSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import cors from '@fastify/cors';
import fastifyStatic from '@fastify/static';
import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import Fastify, { type FastifyInstance, type FastifyReply, type FastifyRequest, type FastifyServerOptions, type RouteOptions } from 'fastify';
import { jsonSchemaTransform, validatorCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod';
import type { ErrorBody } from '@meltway/shared/common/errors';
import type { DestinationStream } from 'pino';
import type { Deps } from './lib/ctx.js';
import { logOptions, RequestLog } from './lib/log.js';
import { serializerCompiler } from './lib/response-serializer.js';
import { academyModule } from './modules/academy/index.js';
import { accountsModule } from './modules/accounts/index.js';
import { authenticate } from './modules/accounts/sessions.service.js';
import { cartCheckoutModule } from './modules/cart-checkout/index.js';
import { catalogueModule } from './modules/catalogue/index.js';
import { contentModule } from './modules/content/index.js';
import { dashboardModule } from './modules/dashboard/index.js';
import { designModule } from './modules/design/index.js';
import { installersModule } from './modules/installers/index.js';
import { ordersModule } from './modules/orders/index.js';
import { paymentsModule } from './modules/payments/index.js';
import { closeEnginePool } from './modules/design/engine-pool.js';
import { DEFAULT_BODY_LIMIT } from './lib/body-limits.js';
import { API_PREFIX } from './lib/module-plugin.js';
import { cacheVersions } from './lib/cache-versions.js';
import { registerAuth } from './plugins/auth.js';
import { registerBodyLimits } from './plugins/body-limits.js';
import { registerCacheVersions } from './plugins/cache-versions.js';
import { frameworkErrors, registerErrorHandlers } from './plugins/errors.js';
import { healthRoutes } from './plugins/health.js';
import { registerMetrics } from './plugins/metrics.js';
import { registerPublicCache } from './plugins/public-cache.js';
import { registerSecurityHeaders } from './plugins/security-headers.js';
import { registerUploads } from './plugins/uploads.js';
import { inlineScriptHashes, registerWebPages } from './plugins/web-pages.js';

export const WEB_DIST = fileURLToPath(new URL('../../web/dist', import.meta.url));
/** The web's server renderer, built beside the web app. */
export const WEB_SERVER_ENTRY = fileURLToPath(new URL('../../web/dist-server/entry-server.js', import.meta.url));

export type AppOptions = {
  logger?: FastifyServerOptions['logger'];
  /** Where the default logger writes (stdout without it); tests read the log through it. */
  logStream?: DestinationStream;
  /** Folder of the built web app; served with an index.html fallback when it exists. */
  webDist?: string;
  /** The web's built server renderer; public pages come as plain frames without it. */
  webServerEntry?: string;
  /** Called with every route as it is added; tests read the route table through it. */
  onRoute?: (route: Pick<RouteOptions, 'method' | 'url' | 'schema'>) => void;
};

/**
 * The headers of every answer: the content security policy lets in the site itself, its inline scripts' hashes, the
 * video player's origin, and Stripe's frames only when card payments go through Stripe.
 */
function securityHeaders(deps: Deps, webDist: string): Parameters<typeof registerSecurityHeaders>[1] {
  // Stripe's card form (Stripe.js in its frames, talking to its API) only when card payments go through Stripe.
  const stripe = deps.config.stripe ? { script: ['https://js.stripe.com'], frame: ['https://js.stripe.com', 'https://hooks.stripe.com'], connect: ['https://api.stripe.com'] } : null;
  return {
    contentSecurityPolicy: {
      directives: {
        defaultSrc: ["'self'"],
        scriptSrc: ["'self'", ...inlineScriptHashes(webDist), ...(stripe?.script ?? [])],
        styleSrc: ["'self'", "'unsafe-inline'"],
        imgSrc: ["'self'", 'data:', 'blob:'],
        fontSrc: ["'self'", 'data:'],
        connectSrc: ["'self'", ...(stripe?.connect ?? [])],
        // The video lessons' player (VIDEO_EMBED_URL), and Stripe's frames when it takes card payments.
        frameSrc: ["'self'", new URL(deps.config.videoEmbedUrl).origin, ...(stripe?.frame ?? [])],
        objectSrc: ["'none'"],
        baseUri: ["'self'"],
        formAction: ["'self'"],
        frameAncestors: ["'self'"],
        upgradeInsecureRequests: null,
      },
    },
    crossOriginEmbedderPolicy: false,
  };
}

/** The OpenAPI document, made from the routes' schemas, and its pages at /api/docs. */
async function registerApiDocs(app: FastifyInstance) {
  await app.register(swagger, {
    openapi: {
      info: { title: 'Meltway API', description: 'Storefront, academy and dashboard of the Meltway snowmelt platform.', version: '1.0.0' },
      components: { securitySchemes: { bearer: { type: 'http', scheme: 'bearer', bearerFormat: 'JWT' } } },
      security: [{ bearer: [] }],
    },
    transform: jsonSchemaTransform,
  });
  await app.register(swaggerUi, { routePrefix: '/api/docs', staticCSP: true });
}

/** The uploaded files under /uploads/, and the built web app's files when it is built (answers whether it is). */
async function registerFiles(app: FastifyInstance, deps: Deps, webDist: string) {
  const uploadsDir = path.join(deps.config.dataDir, 'uploads');
  mkdirSync(uploadsDir, { recursive: true });
  await app.register(fastifyStatic, {
    root: uploadsDir,
    prefix: '/uploads/',
    decorateReply: false,
    index: false,
    // Uploaded files never run as part of the site. PDFs (lesson documents) go without `sandbox`,
    // which would stop the browser's PDF viewer from showing them.
    setHeaders: (res, file) =>
      file.endsWith('.pdf')
        ? res.header('content-security-policy', "default-src 'none'; style-src 'unsafe-inline'; frame-ancestors 'self'").header('content-disposition', 'inline')
        : res.header('content-security-policy', "default-src 'none'; style-src 'unsafe-inline'; sandbox"),
  });

  const hasWeb = existsSync(path.join(webDist, 'index.html'));
  if (hasWeb) {
    await app.register(fastifyStatic, {
      root: webDist,
      prefix: '/',
      wildcard: false,
      index: false,
      preCompressed: true,
      setHeaders: (res, file) => {
        // Hashed assets never change; index.html must always be revalidated.
        res.header('cache-control', file.includes(`${path.sep}assets${path.sep}`) ? 'public, max-age=31536000, immutable' : 'no-cache');
      },
    });
  }
  return hasWeb;
}

/** Builds the whole HTTP app from its dependencies: plugins, then modules, then the fallbacks. */
export async function buildApp(deps: Deps, opts: AppOptions = {}) {
  const app = Fastify({
    logger: opts.logger ?? { ...logOptions(deps.config.logLevel), ...(opts.logStream ? { stream: opts.logStream } : {}) },
    trustProxy: deps.config.trustProxy,
    // Every route's limit unless it declares its own (lib/body-limits.ts).
    bodyLimit: DEFAULT_BODY_LIMIT,
    // A parameter may be as long as a help article's former slug, URL-encoded (a 200-character title of accented
    // letters), so old links reach their redirect instead of a 414.
    routerOptions: { ignoreTrailingSlash: true, maxParamLength: 2048 },
    genReqId: () => crypto.randomUUID(),
    // One line an API request, none for files and pages (lib/log.ts).
    logController: new RequestLog(),
    // Refusals before any route is found answer in the API's one error shape (plugins/errors.ts).
    frameworkErrors,
  }).withTypeProvider<ZodTypeProvider>();
  if (opts.onRoute) app.addHook('onRoute', opts.onRoute);

  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  registerErrorHandlers(app);
  // The layout generator's engine threads, started on the first calculation, stop with the app.
  app.addHook('onClose', () => closeEnginePool(deps.config));

  const webDist = opts.webDist ?? WEB_DIST;
  registerSecurityHeaders(app, securityHeaders(deps, webDist));
  await app.register(cors, { origin: [deps.config.publicUrl], credentials: false });

  await registerApiDocs(app);

  const versions = cacheVersions(deps.database.db, deps.config.cachePollMs);
  await registerCacheVersions(app, versions);
  registerPublicCache(app, versions);
  registerAuth(app, (token) => authenticate(deps.database.db, versions, deps.tokens, token));
  registerBodyLimits(app);
  await registerUploads(app);
  registerMetrics(app, deps);

  // The process's probe, then one plugin a module: each puts its API under /api/v1 and its few public files at the root.
  await app.register(healthRoutes(deps), { prefix: API_PREFIX });
  for (const module of [accountsModule, dashboardModule, catalogueModule, cartCheckoutModule, ordersModule, paymentsModule, contentModule, academyModule, designModule, installersModule]) {
    await app.register(module(deps));
  }

  const hasWeb = await registerFiles(app, deps, webDist);

  const notFound = (request: FastifyRequest, reply: FastifyReply) =>
    reply.status(404).send({ message: `Not found: ${request.method} ${request.url.split('?')[0]}`, code: 'common.notFound' } satisfies ErrorBody);
  if (hasWeb) {
    await registerWebPages(app, versions, { webDist, serverEntry: opts.webServerEntry ?? WEB_SERVER_ENTRY, origin: deps.config.publicUrl, notFound, videoEmbedUrl: deps.config.videoEmbedUrl });
  } else {
    app.setNotFoundHandler(notFound);
  }

  return app;
}

export type App = Awaited<ReturnType<typeof buildApp>>;
