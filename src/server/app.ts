import '../common/zod-es';
import cluster from 'node:cluster';
import fastifyCookie from '@fastify/cookie';
import fastifyMultipart from '@fastify/multipart';
import fastifySwagger from '@fastify/swagger';
import Fastify, { type FastifyError, type FastifyInstance, type FastifyReply, type RouteOptions } from 'fastify';
import { serializerCompiler, validatorCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod';
import type { Config } from './platform/config';
import type { Database } from './platform/db/client';
import type { Mailer } from './platform/mail/mailer';
import { openApiOptions } from './api-docs/openapi';
import { compose, startJobs, type Deps } from './composition';
import { redsysFormOrigins } from './billing/online-payments/redsys';
import accessPlugin from './access/plugin';
import { createRequestScope } from './request-scope';
import authPlugin from './identity/sessions/session-plugin';
import errorsPlugin, { errorBody } from './platform/http/errors';
import originCheckPlugin from './platform/http/origin-check';
import compressionPlugin from './platform/http/compression';
import rateLimitPlugin from './platform/http/rate-limit';
import securityHeadersPlugin, { securityHeadersFor, securityHeadersOf } from './platform/http/security-headers';
import spaPlugin from './platform/spa/spa';
import { apiRoutes } from './routes';
import { AppError } from './platform/errors';
import './types';

export interface BuildOptions {
  config: Config;
  database: Database;
  mailer?: Mailer;
  /** Tests that are not about rate limits lift them, so many requests from 127.0.0.1 pass. */
  relaxRateLimits?: boolean;
  logger?: boolean;
  /** Scheduled work (e-mail delivery, reminders); the server starts it, tests call the work directly. */
  startJobs?: boolean;
  /**
   * Staff sessions end after the clinic's idle time (issue 21). Always on in the server; tests that move the
   * clock by hours with one session (most of them) leave it off, those about the lock turn it on.
   */
  idleLock?: boolean;
  /** Called with every route as it is registered (tests that check every route is documented). */
  onRoute?: (route: RouteOptions) => void;
}

/** Builds the whole application without listening: `main.ts` listens, tests `inject`. */
export async function buildApp(options: BuildOptions): Promise<FastifyInstance> {
  return (await buildServer(options)).app;
}

/** The application and what it is made of (`composition.ts`): scripts and tests that call services use both. */
export async function buildServer(options: BuildOptions): Promise<{ app: FastifyInstance; deps: Deps }> {
  const { config, database } = options;
  const securityHeaders = securityHeadersFor(config, { formTargets: redsysFormOrigins(config.redsys) });
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
    // Fastify refuses a bare hop count (it cannot tell the nearest peer is a proxy); the operator who
    // chose one says the app is reachable only through those hops (README), so it is a function here.
    trustProxy: typeof config.trustProxy === 'number' ? trustHops(config.trustProxy) : config.trustProxy,
    bodyLimit: 1024 * 1024,
    routerOptions: { maxParamLength: 200 },
    // Errors raised before routing (an undecodable URL, an over-long parameter) would otherwise be
    // answered by Fastify itself, in English and outside `{ error: { code, message } }`. (Its request there
    // has no proxy's view: only a direct TLS connection gets HSTS on these few answers.)
    frameworkErrors: (error, request, reply) =>
      answerFrameworkError(
        error,
        request.id,
        reply as unknown as FastifyReply,
        securityHeadersOf(securityHeaders, request),
      ),
  }).withTypeProvider<ZodTypeProvider>();

  if (options.onRoute) app.addHook('onRoute', options.onRoute);
  // The OpenAPI document (`/api/openapi.json`) is generated from the routes registered after this.
  await app.register(fastifySwagger, openApiOptions());

  // The API speaks JSON only: a text/plain body is refused with 415 rather than parsed as a string.
  app.removeContentTypeParser('text/plain');
  // PostgreSQL cannot store U+0000 in text: refuse it up front (400) instead of failing in the query.
  app.addHook('preValidation', async (request) => {
    // Query and params come with a prototype-less object of their own: copy them into a plain one.
    const parts = [
      ['body', request.body],
      ['query', { ...(request.query as object) }],
      ['params', { ...(request.params as object) }],
    ] as const;
    for (const [part, value] of parts) {
      const where = findNulCharacter(value);
      if (where !== undefined) {
        const field = where || part;
        throw new AppError(400, 'VALIDATION', 'Los datos enviados contienen caracteres no permitidos.', {
          [field]: 'Contiene caracteres no permitidos.',
        });
      }
    }
  });

  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  const deps = await compose({
    config,
    database,
    log: app.log,
    mailer: options.mailer,
    idleLock: options.idleLock ?? true,
  });
  // Outside production a worker of several names itself, so tests can tell which process answered.
  // (In onRequest: a hijacked reply, the event stream, writes the headers set by then.)
  const servedBy = config.env !== 'production' && cluster.isWorker ? String(process.pid) : undefined;
  if (servedBy) app.addHook('onRequest', async (_request, reply) => void reply.header('x-clinica-process', servedBy));
  app.addHook('onSend', async (request, reply) => {
    reply.header('x-request-id', request.id);
    // API answers are not cached, unless the route chose a cache of its own (an image never changes);
    // an error is never cached, whatever the route had set before failing.
    if (request.url.startsWith('/api/') && (!reply.hasHeader('cache-control') || reply.statusCode >= 400)) {
      reply.header('Cache-Control', 'no-store');
    }
  });

  await app.register(errorsPlugin);
  await app.register(securityHeadersPlugin, { headers: securityHeaders });
  await app.register(compressionPlugin);
  await app.register(fastifyCookie);
  await app.register(fastifyMultipart, { limits: { fileSize: 20 * 1024 * 1024, files: 1, fields: 10 } });
  await app.register(rateLimitPlugin, {
    repos: deps.repos,
    limits: config.limits,
    relaxed: options.relaxRateLimits,
  });
  await app.register(originCheckPlugin, { publicUrl: config.publicUrl });
  await app.register(authPlugin, { deps, idleLock: deps.idleLock });
  await app.register(accessPlugin, {
    scopeOf: (user, grant) => createRequestScope(deps.repos, user, grant),
  });

  // Every route module, from the one list, with the services as its options.
  for (const routes of apiRoutes) await app.register(routes, deps);

  const stopJobs = options.startJobs ? await startJobs(deps) : async () => undefined;
  app.addHook('onClose', async () => {
    await stopJobs();
    await deps.close();
  });

  await app.register(spaPlugin, { clientDir: config.clientDir });
  return { app, deps };
}

/** The path (`a.b.0`) of the first string holding U+0000 in plain JSON data, or undefined. */
function findNulCharacter(value: unknown, at = '', depth = 0): string | undefined {
  if (typeof value === 'string') return value.includes('\u0000') ? at : undefined;
  if (depth > 64 || value === null || typeof value !== 'object') return undefined;
  if (Array.isArray(value)) {
    for (let i = 0; i < value.length; i++) {
      const found = findNulCharacter(value[i], at ? `${at}.${i}` : String(i), depth + 1);
      if (found !== undefined) return found;
    }
    return undefined;
  }
  const proto = Object.getPrototypeOf(value);
  if (proto !== Object.prototype && proto !== null) return undefined; // Buffers, files: not JSON text.
  for (const [key, item] of Object.entries(value)) {
    if (key.includes('\u0000')) return at || key;
    const found = findNulCharacter(item, at ? `${at}.${key}` : key, depth + 1);
    if (found !== undefined) return found;
  }
  return undefined;
}

/** Answers the errors Fastify raises before routing, in our shape and language. */
function answerFrameworkError(
  error: FastifyError,
  requestId: string,
  reply: FastifyReply,
  securityHeaders: Record<string, string>,
) {
  // Neither the onRequest nor the onSend hooks run on this path: set their headers here.
  reply.headers(securityHeaders).header('x-request-id', requestId).header('Cache-Control', 'no-store');
  if (error.code === 'FST_ERR_BAD_URL') {
    return reply.status(400).send(errorBody('VALIDATION', 'La dirección solicitada no es válida.'));
  }
  if (error.code === 'FST_ERR_MAX_PARAM_LENGTH') return reply.status(404).send(errorBody('NOT_FOUND'));
  return reply.status(500).send(errorBody('INTERNAL'));
}

/** Trusts the nearest `hops` addresses of the chain (the socket's peer is hop 0). */
function trustHops(hops: number) {
  return (_address: string, hop: number) => hop < hops;
}
