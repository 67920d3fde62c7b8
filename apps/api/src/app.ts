import { existsSync, mkdirSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import cors from '@fastify/cors';
import fastifyStatic from '@fastify/static';
import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import Fastify, { type FastifyReply, type FastifyRequest, type FastifyServerOptions, type RouteOptions } from 'fastify';
import { jsonSchemaTransform, validatorCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod';
import type { ErrorBody } from '@meltway/shared/common/errors';
import type { DestinationStream } from 'pino';
import type { Deps } from './lib/ctx.js';
import { logOptions, RequestLog } from './lib/log.js';
import { serializerCompiler } from './lib/response-serializer.js';
import { assignmentsRoutes } from './modules/academy/assignments.routes.js';
import { authorsRoutes } from './modules/academy/authors.routes.js';
import { certificatesRoutes } from './modules/academy/certificates.routes.js';
import { certificationsRoutes } from './modules/academy/certifications.routes.js';
import { holdersRoutes } from './modules/academy/holders.routes.js';
import { quizzesRoutes } from './modules/academy/quizzes.routes.js';
import { submissionsRoutes } from './modules/academy/submissions.routes.js';
import { studentsRoutes } from './modules/academy/students.routes.js';
import { commentsRoutes } from './modules/academy/comments.routes.js';
import { coursesRoutes } from './modules/academy/courses.routes.js';
import { learningRoutes } from './modules/academy/learning.routes.js';
import { wellKnownRoutes } from './modules/academy/well-known.routes.js';
import { documentsRoutes } from './modules/academy/documents.routes.js';
import { accountDeletionRoutes } from './modules/accounts/account-deletion.routes.js';
import { approvalsRoutes } from './modules/accounts/approvals.routes.js';
import { dealersRoutes } from './modules/accounts/dealers.routes.js';
import { passwordResetRoutes } from './modules/accounts/password-reset.routes.js';
import { peopleRoutes } from './modules/accounts/people.routes.js';
import { registrationRoutes } from './modules/accounts/registration.routes.js';
import { sessionsRoutes } from './modules/accounts/sessions.routes.js';
import { dashboardRoutes } from './modules/dashboard/dashboard.routes.js';
import { authenticate } from './modules/accounts/sessions.service.js';
import { catalogueRoutes } from './modules/catalogue/catalogue.routes.js';
import { productsRoutes } from './modules/catalogue/products.routes.js';
import { cartRoutes } from './modules/commerce/cart.routes.js';
import { checkoutRoutes } from './modules/commerce/checkout.routes.js';
import { creditRoutes } from './modules/commerce/credit.routes.js';
import { commissionRoutes } from './modules/commerce/commission.routes.js';
import { orderLinksRoutes } from './modules/commerce/order-links.routes.js';
import { ordersRoutes } from './modules/commerce/orders.routes.js';
import { transactionsRoutes } from './modules/commerce/transactions.routes.js';
import { couponsRoutes } from './modules/commerce/coupons.routes.js';
import { taxRatesRoutes } from './modules/commerce/tax-rates.routes.js';
import { orderChangesRoutes } from './modules/commerce/order-changes.routes.js';
import { paymentsRoutes } from './modules/commerce/payments.routes.js';
import { aboutRoutes } from './modules/content/about.routes.js';
import { contentRoutes } from './modules/content/content.routes.js';
import { newsletterRoutes } from './modules/content/newsletter.routes.js';
import { designRoutes } from './modules/design/design.routes.js';
import { closeEnginePool } from './modules/design/engine-pool.js';
import { projectsRoutes } from './modules/design/projects.routes.js';
import { trackingRoutes } from './modules/design/tracking.routes.js';
import { healthRoutes } from './modules/health/health.routes.js';
import { seoRoutes } from './modules/seo/seo.routes.js';
import { DEFAULT_BODY_LIMIT } from './lib/body-limits.js';
import { cacheVersions } from './lib/cache-versions.js';
import { registerAuth } from './plugins/auth.js';
import { registerBodyLimits } from './plugins/body-limits.js';
import { registerCacheVersions } from './plugins/cache-versions.js';
import { frameworkErrors, registerErrorHandlers } from './plugins/errors.js';
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
  // Stripe's card form (Stripe.js in its frames, talking to its API) only when card payments go through Stripe.
  const stripe = deps.config.stripe ? { script: ['https://js.stripe.com'], frame: ['https://js.stripe.com', 'https://hooks.stripe.com'], connect: ['https://api.stripe.com'] } : null;
  registerSecurityHeaders(app, {
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
  });
  await app.register(cors, { origin: [deps.config.publicUrl], credentials: false });

  await app.register(swagger, {
    openapi: {
      info: { title: 'Meltway API', description: 'Storefront, academy and dashboard of the Meltway snowmelt platform.', version: '1.0.0' },
      components: { securitySchemes: { bearer: { type: 'http', scheme: 'bearer', bearerFormat: 'JWT' } } },
      security: [{ bearer: [] }],
    },
    transform: jsonSchemaTransform,
  });
  await app.register(swaggerUi, { routePrefix: '/api/docs', staticCSP: true });

  const versions = cacheVersions(deps.database.db, deps.config.cachePollMs);
  await registerCacheVersions(app, versions);
  registerPublicCache(app, versions);
  registerAuth(app, (token) => authenticate(deps.database.db, versions, deps.tokens, token));
  registerBodyLimits(app);
  await registerUploads(app);
  registerMetrics(app, deps);

  await app.register(
    async (api) => {
      await api.register(healthRoutes(deps));
      await api.register(sessionsRoutes(deps));
      await api.register(passwordResetRoutes(deps));
      await api.register(registrationRoutes(deps));
      await api.register(dealersRoutes(deps));
      await api.register(approvalsRoutes(deps));
      await api.register(accountDeletionRoutes(deps));
      await api.register(peopleRoutes(deps));
      await api.register(dashboardRoutes(deps));
      await api.register(catalogueRoutes(deps));
      await api.register(productsRoutes(deps));
      await api.register(cartRoutes(deps));
      await api.register(checkoutRoutes(deps));
      await api.register(creditRoutes(deps));
      await api.register(ordersRoutes(deps));
      await api.register(orderLinksRoutes(deps));
      await api.register(transactionsRoutes(deps));
      await api.register(commissionRoutes(deps));
      await api.register(couponsRoutes(deps));
      await api.register(taxRatesRoutes(deps));
      await api.register(orderChangesRoutes(deps));
      await api.register(paymentsRoutes(deps));
      await api.register(contentRoutes(deps));
      await api.register(newsletterRoutes(deps));
      await api.register(aboutRoutes(deps));
      await api.register(authorsRoutes(deps));
      await api.register(documentsRoutes(deps));
      await api.register(assignmentsRoutes(deps));
      await api.register(certificationsRoutes(deps));
      await api.register(holdersRoutes(deps));
      await api.register(quizzesRoutes(deps));
      await api.register(submissionsRoutes(deps));
      await api.register(certificatesRoutes(deps));
      await api.register(commentsRoutes(deps));
      await api.register(coursesRoutes(deps));
      await api.register(learningRoutes(deps));
      await api.register(studentsRoutes(deps));
      await api.register(designRoutes(deps));
      await api.register(projectsRoutes(deps));
      await api.register(trackingRoutes(deps));
    },
    { prefix: '/api/v1' },
  );
  await app.register(seoRoutes(deps));
  await app.register(wellKnownRoutes(deps));

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
