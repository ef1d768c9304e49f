import fastifyCompress from '@fastify/compress';
import fastifyCookie from '@fastify/cookie';
import fastifyMultipart from '@fastify/multipart';
import fastifySwagger from '@fastify/swagger';
import fastifySwaggerUi from '@fastify/swagger-ui';
import fastifyWebsocket from '@fastify/websocket';
import Fastify, { type FastifyInstance } from 'fastify';
import {
  jsonSchemaTransform,
  serializerCompiler,
  validatorCompiler,
  type ZodTypeProvider,
} from 'fastify-type-provider-zod';
import type { AppDeps } from './app-deps.js';
import { emailConfirmationRoutes } from './modules/accounts/email-confirmation-routes.js';
import { myDataRoutes } from './modules/accounts/my-data-routes.js';
import { accountsRoutes } from './modules/accounts/routes.js';
import { adminRoutes } from './modules/admin/routes.js';
import { socialSignInCspSources } from './modules/auth/providers.js';
import { authRoutes } from './modules/auth/routes.js';
import { averageRateRoutes } from './modules/average-rate/routes.js';
import { blogRoutes } from './modules/blog/routes.js';
import { calendarRoutes } from './modules/calendars/routes.js';
import { consentRoutes } from './modules/consent/routes.js';
import { deskRoutes } from './modules/desk/routes.js';
import { devRoutes } from './modules/dev/routes.js';
import { disputesRoutes } from './modules/disputes/routes.js';
import { favouriteRoutes } from './modules/favourites/routes.js';
import { filesRoutes } from './modules/files/routes.js';
import { guidesRoutes } from './modules/guides/routes.js';
import { healthRoutes } from './modules/health/routes.js';
import { jobRoutes } from './modules/jobs/routes.js';
import { messagingRoutes } from './modules/messaging/routes.js';
import { closeSocketsForRestart, realtimeRoutes } from './modules/messaging/ws-routes.js';
import { moderationRoutes } from './modules/moderation/routes.js';
import { newsletterRoutes } from './modules/newsletter/routes.js';
import { pushRoutes } from './modules/notifications/push-routes.js';
import { notificationRoutes } from './modules/notifications/routes.js';
import { overviewRoutes } from './modules/overview/routes.js';
import { paymentRoutes } from './modules/payments/routes.js';
import { SANDBOX_CHECKOUT_STYLE_SOURCE } from './modules/payments/sandbox-page.js';
import { payoutRoutes } from './modules/payouts/routes.js';
import { rateRoutes } from './modules/rates/routes.js';
import { receiptRoutes } from './modules/receipts/routes.js';
import { referenceRoutes } from './modules/reference/routes.js';
import { reservationRoutes } from './modules/reservations/routes.js';
import { reviewRoutes } from './modules/reviews/routes.js';
import { openReferenceGeneration, openSearchGeneration } from './modules/search/generation.js';
import { searchRoutes } from './modules/search/routes.js';
import { staffRoutes } from './modules/staff/routes.js';
import { supportRoutes } from './modules/support/routes.js';
import { registerWebApp } from './modules/web/routes.js';
import { csrfProtection } from './platform/auth/csrf.js';
import { authPlugin } from './platform/auth/index.js';
import { redactUrl } from './platform/auth/redact.js';
import { systemClock } from './platform/clock.js';
import { COMPRESSION_OPTIONS } from './platform/compression.js';
import { errorBody, registerErrorHandling } from './platform/errors.js';
import { drainOnClose } from './platform/in-flight.js';
import { InProcessAnswers } from './platform/in-process-answers.js';
import { createMailer } from './platform/mail/index.js';
import { createMetrics } from './platform/metrics/index.js';
import { registerMetrics } from './platform/metrics/routes.js';
import { assignOperationIds } from './platform/operation-ids.js';
import { DevOutbox } from './platform/outbox/dev-outbox.js';
import { createPaymentProvider } from './platform/payments/index.js';
import { createRealtime, type Realtime } from './platform/pubsub/index.js';
import { createPushSender } from './platform/push/index.js';
import { createRateLimiter } from './platform/rate-limit/index.js';
import { requestIdGenerator, sendRequestId } from './platform/request-id.js';
import { lazyRequestLogger } from './platform/request-logger.js';
import { securityHeaders } from './platform/security-headers.js';
import { createSmsSender } from './platform/sms/index.js';
import { createStorage } from './platform/storage/index.js';
import { registerOverloadGuard } from './platform/under-pressure.js';

/** What a caller must give; adapters default to the ones the configuration names. */
export type AppInput = Pick<AppDeps, 'config' | 'db' | 'version'> &
  Partial<Pick<AppDeps, 'readDb' | 'sms' | 'mailer' | 'push' | 'clock' | 'storage' | 'payments'>> & {
    /** Pub/sub and presence; by default made from the configuration (and closed with the app). */
    realtime?: Realtime;
    /**
     * Whether an instance whose event loop stalls answers 503 (platform/under-pressure.ts); on
     * unless false. The API tests' apps leave it off: on a CI machine shared by several test
     * processes and PostgreSQL, one stall of about a second just after a sample reads as a
     * sustained one, and a whole file's requests answered 503 (29 November 2026). Its own test
     * keeps it on.
     */
    overloadGuard?: boolean;
  };

const isApiPath = (url: string) => url.startsWith('/api/') || url === '/api' || url.startsWith('/connect/');

/** The Fastify instance with every route; tests build it with their own database. */
export async function buildApp(input: AppInput): Promise<FastifyInstance> {
  const app = Fastify({
    logger: {
      level: input.config.LOG_LEVEL,
      redact: ['req.headers.authorization', 'req.headers.cookie', 'res.headers["set-cookie"]'],
      // Query strings may carry passwords or tokens (spec §7 confirm-change-password-token).
      serializers: {
        req: (request) => ({
          method: request.method,
          url: redactUrl(request.url),
          host: request.host,
          remoteAddress: request.ip,
        }),
      },
    },
    childLoggerFactory: lazyRequestLogger,
    genReqId: requestIdGenerator(input.config.TRUST_PROXY),
    trustProxy: input.config.TRUST_PROXY,
  }).withTypeProvider<ZodTypeProvider>();

  const outbox = new DevOutbox(input.db, app.log);
  const clock = input.clock ?? systemClock;
  const realtime = input.realtime ?? createRealtime(input.config);
  if (!input.realtime) app.addHook('onClose', () => realtime.close());
  const searchGeneration = await openSearchGeneration(input.db, (message) => app.log.warn(message));
  app.addHook('onClose', () => searchGeneration.close());
  const referenceGeneration = await openReferenceGeneration(input.db, (message) => app.log.warn(message));
  app.addHook('onClose', () => referenceGeneration.close());
  const { realtime: _realtime, ...given } = input;
  const metrics = createMetrics(input.config, input.db);
  const deps: AppDeps = {
    ...given,
    readDb: input.readDb ?? input.db,
    pubsub: realtime.pubsub,
    presence: realtime.presence,
    outbox,
    clock,
    storage: input.storage ?? createStorage(input.config),
    rateLimiter: createRateLimiter(input.db, clock),
    sms: input.sms ?? createSmsSender(input.config, outbox, metrics),
    mailer: input.mailer ?? createMailer(input.config, outbox, metrics),
    push: input.push ?? createPushSender(input.config, metrics),
    payments: input.payments ?? createPaymentProvider(input.config, input.db, clock),
    searchGeneration,
    referenceGeneration,
    inProcessAnswers: new InProcessAnswers(),
    metrics,
  };
  app.decorate('deps', deps);
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  registerErrorHandling(app);
  drainOnClose(app);
  sendRequestId(app);
  registerMetrics(app);

  if (input.overloadGuard !== false) await registerOverloadGuard(app);
  // Before the routes: it hooks each route as the route is added.
  await app.register(fastifyCompress, COMPRESSION_OPTIONS);
  await app.register(fastifyCookie);
  // Per-call limits (request.file({ limits })) may differ; this is the default.
  await app.register(fastifyMultipart, { limits: { fileSize: 5 * 1024 * 1024, files: 1, fields: 10, parts: 12 } });
  await app.register(authPlugin);
  await app.register(csrfProtection);
  // The configured social sign-in providers' SDKs, loaded by the login page on a click.
  const social = socialSignInCspSources(deps.config);
  const publicUrl = new URL(deps.config.PUBLIC_URL);
  await app.register(securityHeaders, {
    contentSecurityPolicy: {
      useDefaults: true,
      directives: {
        'img-src': ["'self'", 'data:', 'blob:'],
        'media-src': ["'self'", 'blob:'],
        // The chat's WebSocket is on the site's own host; 'self' covers it in CSP 3 browsers, the
        // explicit origin in older ones.
        'connect-src': [
          "'self'",
          `${publicUrl.protocol === 'https:' ? 'wss:' : 'ws:'}//${publicUrl.host}`,
          ...social.connect,
        ],
        'script-src': ["'self'", ...social.script],
        'frame-src': ["'self'", ...social.frame],
        // The web app's styles are built files; the sandbox checkout's one style block is allowed by its hash.
        'style-src': ["'self'", SANDBOX_CHECKOUT_STYLE_SOURCE, ...social.style],
        // Style elements only: Radix's scroll lock (the language switcher's list) adds <style> elements
        // at run time whose text holds the scrollbar's width and a counter, so no hash can name them,
        // and a nonce would need different page bytes per response where pages are kept and reused.
        'style-src-elem': ["'self'", "'unsafe-inline'", ...social.style],
        // No style attribute in markup: React sets `style` props through the CSSOM (element.style),
        // which CSP does not govern, so the progress bars and star fills need no 'unsafe-inline'.
        'style-src-attr': ["'none'"],
        'upgrade-insecure-requests': null,
      },
    },
    hsts: deps.config.NODE_ENV === 'production',
  });

  assignOperationIds(app);
  // The API's map is public outside production; production publishes it only with API_DOCS=true.
  if (deps.config.API_DOCS) {
    await app.register(fastifySwagger, {
      openapi: {
        info: { title: 'Marco API', description: 'The REST API of Marco (spec §7).', version: deps.version },
        components: {
          securitySchemes: {
            bearer: { type: 'http', scheme: 'bearer' },
            cookie: { type: 'apiKey', in: 'cookie', name: 'marco_session' },
          },
        },
      },
      transform: jsonSchemaTransform,
    });
    await app.register(fastifySwaggerUi, { routePrefix: '/api/docs', staticCSP: true });
  }

  await app.register(healthRoutes);
  // Nothing made for development is routed in production, unless it is a public demo site.
  if (deps.config.NODE_ENV !== 'production' || deps.config.DEMO_SITE) await app.register(devRoutes);
  await app.register(referenceRoutes, { prefix: '/api/app' });
  await app.register(searchRoutes, { prefix: '/api/app' });
  await app.register(newsletterRoutes, { prefix: '/api/app' });
  await app.register(blogRoutes);
  await app.register(authRoutes);
  await app.register(accountsRoutes);
  await app.register(emailConfirmationRoutes);
  await app.register(myDataRoutes);
  await app.register(consentRoutes);
  await app.register(supportRoutes);
  await app.register(guidesRoutes);
  await app.register(reservationRoutes);
  await app.register(paymentRoutes);
  await app.register(reviewRoutes);
  await app.register(favouriteRoutes);
  await app.register(calendarRoutes);
  await app.register(receiptRoutes);
  await app.register(payoutRoutes);
  await app.register(averageRateRoutes);
  await app.register(filesRoutes);
  await app.register(adminRoutes);
  await app.register(staffRoutes);
  await app.register(deskRoutes);
  await app.register(disputesRoutes);
  await app.register(moderationRoutes);
  await app.register(rateRoutes);
  await app.register(overviewRoutes);
  await app.register(jobRoutes);
  await app.register(messagingRoutes);
  await app.register(notificationRoutes);
  await app.register(pushRoutes);
  // WebSocket support in the chat's own scope: its hooks and handler wrapper would otherwise run
  // on every HTTP request. An upgrade asked of any other path gets an HTTP answer, and its socket
  // is closed (registerErrorHandling). Client frames are small JSON events.
  await app.register(async (realtime) => {
    await realtime.register(fastifyWebsocket, { options: { maxPayload: 16 * 1024 }, preClose: closeSocketsForRestart });
    await realtime.register(realtimeRoutes);
  });

  const servePage = await registerWebApp(app, deps.config.WEB_DIST_DIR);
  // Not async: a kept page is sent synchronously (servePage).
  app.setNotFoundHandler((request, reply) => {
    if (!isApiPath(request.url) && (request.method === 'GET' || request.method === 'HEAD')) {
      return servePage(request, reply);
    }
    reply.status(404).send(errorBody('NOT_FOUND', `Route ${request.method} ${request.url.split('?')[0]} not found`));
  });

  return app;
}
