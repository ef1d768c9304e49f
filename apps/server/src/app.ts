import fastifyCookie from '@fastify/cookie';
import fastifyHelmet from '@fastify/helmet';
import fastifySwagger from '@fastify/swagger';
import fastifySwaggerUi from '@fastify/swagger-ui';
import Fastify, { type FastifyInstance } from 'fastify';
import {
  jsonSchemaTransform,
  serializerCompiler,
  validatorCompiler,
  type ZodTypeProvider,
} from 'fastify-type-provider-zod';
import type { Config } from './config.js';
import type { Db } from './db/client.js';
import { devRoutes } from './modules/dev/routes.js';
import { healthRoutes } from './modules/health/routes.js';
import { newsletterRoutes } from './modules/newsletter/routes.js';
import { referenceRoutes } from './modules/reference/routes.js';
import { registerWebApp } from './modules/web/routes.js';
import { errorBody, registerErrorHandling } from './platform/errors.js';
import { createMailer, type Mailer } from './platform/mail/index.js';
import { DevOutbox } from './platform/outbox/dev-outbox.js';
import { createSmsSender, type SmsSender } from './platform/sms/index.js';

export interface AppDeps {
  config: Config;
  db: Db;
  version: string;
  outbox: DevOutbox;
  sms: SmsSender;
  mailer: Mailer;
}

/** What a caller must give; adapters default to the ones the configuration names. */
export type AppInput = Pick<AppDeps, 'config' | 'db' | 'version'> & Partial<Pick<AppDeps, 'sms' | 'mailer'>>;

declare module 'fastify' {
  interface FastifyInstance {
    deps: AppDeps;
  }
}

const isApiPath = (url: string) => url.startsWith('/api/') || url === '/api' || url.startsWith('/connect/');

/** The Fastify instance with every route; tests build it with their own database. */
export async function buildApp(input: AppInput): Promise<FastifyInstance> {
  const app = Fastify({
    logger: {
      level: input.config.LOG_LEVEL,
      redact: ['req.headers.authorization', 'req.headers.cookie', 'res.headers["set-cookie"]'],
    },
    genReqId: () => crypto.randomUUID(),
    trustProxy: true,
  }).withTypeProvider<ZodTypeProvider>();

  const outbox = new DevOutbox(input.db, app.log);
  const deps: AppDeps = {
    ...input,
    outbox,
    sms: input.sms ?? createSmsSender(input.config, outbox),
    mailer: input.mailer ?? createMailer(input.config, outbox),
  };
  app.decorate('deps', deps);
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  registerErrorHandling(app);

  await app.register(fastifyCookie);
  await app.register(fastifyHelmet, {
    contentSecurityPolicy: {
      useDefaults: true,
      directives: {
        'img-src': ["'self'", 'data:', 'blob:'],
        'media-src': ["'self'", 'blob:'],
        'connect-src': ["'self'", 'ws:', 'wss:'],
        'upgrade-insecure-requests': null,
      },
    },
    hsts: deps.config.NODE_ENV === 'production',
  });

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

  await app.register(healthRoutes);
  await app.register(devRoutes);
  await app.register(referenceRoutes, { prefix: '/api/app' });
  await app.register(newsletterRoutes, { prefix: '/api/app' });

  const servePage = await registerWebApp(app, deps.config.WEB_DIST_DIR);
  app.setNotFoundHandler(async (request, reply) => {
    if (!isApiPath(request.url) && (request.method === 'GET' || request.method === 'HEAD')) {
      return servePage(request, reply);
    }
    return reply
      .status(404)
      .send(errorBody('NOT_FOUND', `Route ${request.method} ${request.url.split('?')[0]} not found`));
  });

  return app;
}
