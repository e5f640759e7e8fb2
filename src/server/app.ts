import '../common/zod-es';
import path from 'node:path';
import fastifyCookie from '@fastify/cookie';
import fastifyHelmet from '@fastify/helmet';
import fastifyRateLimit from '@fastify/rate-limit';
import Fastify, { type FastifyInstance } from 'fastify';
import { serializerCompiler, validatorCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod';
import type { Config } from './config';
import type { Database } from './db/client';
import { createMailer, type Mailer } from './mail/mailer';
import authRoutes from './modules/auth/routes';
import publicClinicRoutes from './modules/clinic/public-routes';
import healthRoutes from './modules/health/routes';
import profileRoutes from './modules/profile/routes';
import authPlugin from './plugins/auth';
import errorsPlugin from './plugins/errors';
import originCheckPlugin from './plugins/origin-check';
import spaPlugin from './plugins/spa';
import { createRepositories } from './repositories';
import './types';

export interface BuildOptions {
  config: Config;
  database: Database;
  mailer?: Mailer;
  /** Tests that are not about rate limits lift them, so many requests from 127.0.0.1 pass. */
  relaxRateLimits?: boolean;
  logger?: boolean;
}

/** Builds the whole application without listening: `main.ts` listens, tests `inject`. */
export async function buildApp(options: BuildOptions): Promise<FastifyInstance> {
  const { config, database } = options;
  const app = Fastify({
    logger:
      options.logger === false
        ? false
        : {
            level: config.logLevel,
            redact: {
              paths: ['req.headers.cookie', 'req.headers.authorization', 'res.headers["set-cookie"]'],
              remove: true,
            },
            serializers: {
              // The query string may carry tokens or personal data: log the path only.
              req: (request) => ({ method: request.method, url: request.url.split('?')[0], id: request.id }),
            },
          },
    genReqId: () => crypto.randomUUID(),
    requestIdHeader: false,
    trustProxy: config.trustProxy,
    bodyLimit: 1024 * 1024,
    routerOptions: { maxParamLength: 200 },
  }).withTypeProvider<ZodTypeProvider>();

  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  app.decorate('config', config);
  app.decorate('database', database);
  app.decorate('repos', createRepositories(database.db));
  app.decorate(
    'mailer',
    options.mailer ??
      createMailer({
        smtpUrl: config.smtpUrl,
        from: config.mailFrom,
        outboxDir: path.join(config.dataDir, 'outbox'),
        log: app.log,
      }),
  );
  app.addHook('onSend', async (request, reply) => {
    reply.header('x-request-id', request.id);
    if (request.url.startsWith('/api/')) reply.header('Cache-Control', 'no-store');
  });

  await app.register(errorsPlugin);
  await app.register(fastifyHelmet, {
    contentSecurityPolicy: {
      directives: {
        defaultSrc: ["'self'"],
        scriptSrc: ["'self'"],
        // Mantine writes its theme variables in <style> elements.
        styleSrc: ["'self'", "'unsafe-inline'"],
        imgSrc: ["'self'", 'data:', 'blob:', 'https:'],
        fontSrc: ["'self'", 'data:'],
        connectSrc: ["'self'"],
        frameSrc: ["'self'"],
        objectSrc: ["'none'"],
        baseUri: ["'self'"],
        formAction: ["'self'"],
        frameAncestors: ["'none'"],
        upgradeInsecureRequests: config.publicUrl.startsWith('https://') ? [] : null,
      },
    },
    crossOriginEmbedderPolicy: false,
    hsts: config.publicUrl.startsWith('https://'),
  });
  await app.register(fastifyCookie);
  await app.register(fastifyRateLimit, {
    global: true,
    max: options.relaxRateLimits ? 100_000 : 600,
    timeWindow: '1 minute',
    allowList: (request) => !request.url.startsWith('/api/'),
    ...(options.relaxRateLimits ? { keyGenerator: () => crypto.randomUUID() } : {}),
  });
  await app.register(originCheckPlugin);
  await app.register(authPlugin);

  await app.register(healthRoutes);
  await app.register(authRoutes);
  await app.register(profileRoutes);
  await app.register(publicClinicRoutes);

  await app.register(spaPlugin, { clientDir: config.clientDir });
  return app;
}
