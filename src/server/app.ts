import '../common/zod-es';
import path from 'node:path';
import fastifyCookie from '@fastify/cookie';
import fastifyMultipart from '@fastify/multipart';
import fastifySwagger from '@fastify/swagger';
import Fastify, { type FastifyError, type FastifyInstance, type FastifyReply, type RouteOptions } from 'fastify';
import { serializerCompiler, validatorCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod';
import type { Config } from './config';
import type { Database } from './db/client';
import { createMailer, type Mailer } from './mail/mailer';
import apiDocsRoutes from './modules/api-docs/routes';
import { openApiOptions } from './modules/api-docs/openapi';
import authRoutes from './modules/auth/routes';
import publicClinicRoutes from './modules/clinic/public-routes';
import healthRoutes from './modules/health/routes';
import profileRoutes from './modules/profile/routes';
import profileAccountRoutes from './modules/profile/account-routes';
import dataExportRoutes from './modules/data-export/routes';
import myContactRoutes from './modules/profile/contact-routes';
import myDoctorCardRoutes from './modules/doctors/my-card-routes';
import doctorRoutes from './modules/doctors/routes';
import specialtyRoutes from './modules/doctors/specialty-routes';
import imageRoutes from './modules/images/routes';
import patientRoutes from './modules/patients/routes';
import recordLinkRoutes from './modules/patients/record-link-routes';
import settingsRoutes from './modules/settings/routes';
import holidayRoutes from './modules/holidays/routes';
import publicAppointmentRoutes from './modules/appointments/public-routes';
import patientAppointmentRoutes from './modules/appointments/patient-routes';
import { createAppointmentService } from './modules/appointments/service';
import staffAppointmentRoutes from './modules/appointments/staff-routes';
import confirmationRoutes from './modules/confirmations/routes';
import calendarFeedRoutes from './modules/calendar-feeds/routes';
import dashboardRoutes from './modules/dashboard/routes';
import auditRoutes from './modules/audit/routes';
import eventRoutes from './modules/events/routes';
import taskRoutes from './modules/tasks/routes';
import userRoutes from './modules/users/routes';
import sessionRoutes from './modules/sessions/routes';
import prescriptionRoutes from './modules/prescriptions/routes';
import treatmentRoutes from './modules/treatments/routes';
import clinicalNoteRoutes from './modules/clinical-notes/routes';
import chartRoutes from './modules/chart/routes';
import fileRoutes from './modules/files/routes';
import messageRoutes from './modules/messages/routes';
import waitingListRoutes from './modules/waiting-list/routes';
import secondFactorSignInRoutes from './modules/second-factor/sign-in-routes';
import secondFactorProfileRoutes from './modules/second-factor/profile-routes';
import secondFactorAdminRoutes from './modules/second-factor/admin-routes';
import passkeySignInRoutes from './modules/second-factor/passkey-sign-in-routes';
import { createSecondFactorService } from './modules/second-factor/service';
import { createWaitingListService } from './modules/waiting-list/service';
import { startWaitingListJob } from './jobs/waiting-list';
import { startMessageEmailJob } from './jobs/message-emails';
import { startMailDelivery } from './jobs/mail-delivery';
import { startReminderJob } from './jobs/reminders';
import { startRateLimitSweep } from './jobs/rate-limit-sweep';
import { startSessionSweep } from './jobs/session-sweep';
import { createOutbox } from './modules/outbox/service';
import eventsPlugin from './plugins/events';
import accessPlugin from './access/plugin';
import authPlugin from './plugins/auth';
import errorsPlugin, { errorBody } from './plugins/errors';
import originCheckPlugin from './plugins/origin-check';
import compressionPlugin from './plugins/compression';
import rateLimitPlugin from './plugins/rate-limit';
import securityHeadersPlugin, { securityHeadersFor, securityHeadersOf } from './plugins/security-headers';
import spaPlugin from './plugins/spa';
import { createRepositories } from './modules/repositories';
import { AppError } from './errors';
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
  const { config, database } = options;
  const securityHeaders = securityHeadersFor(config);
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
  app.decorate('outbox', createOutbox(app));
  app.decorate('secondFactor', createSecondFactorService(app));
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
  await app.register(rateLimitPlugin, { relaxed: options.relaxRateLimits });
  await app.register(originCheckPlugin);
  await app.register(authPlugin, { idleLock: options.idleLock ?? true });
  await app.register(accessPlugin);
  await app.register(eventsPlugin);
  app.decorate('appointments', createAppointmentService(app));
  app.decorate('waitingList', createWaitingListService(app));

  await app.register(healthRoutes);
  await app.register(authRoutes);
  await app.register(profileRoutes);
  await app.register(profileAccountRoutes);
  await app.register(dataExportRoutes);
  await app.register(myContactRoutes);
  await app.register(myDoctorCardRoutes);
  await app.register(publicClinicRoutes);
  await app.register(settingsRoutes);
  await app.register(holidayRoutes);
  await app.register(specialtyRoutes);
  await app.register(doctorRoutes);
  await app.register(patientRoutes);
  await app.register(recordLinkRoutes);
  await app.register(imageRoutes);
  await app.register(publicAppointmentRoutes);
  await app.register(staffAppointmentRoutes);
  await app.register(patientAppointmentRoutes);
  await app.register(confirmationRoutes);
  await app.register(calendarFeedRoutes);
  await app.register(dashboardRoutes);
  await app.register(clinicalNoteRoutes);
  await app.register(chartRoutes);
  await app.register(auditRoutes);
  await app.register(eventRoutes);
  await app.register(taskRoutes);
  await app.register(userRoutes);
  await app.register(sessionRoutes, { idleLock: options.idleLock ?? true });
  await app.register(prescriptionRoutes);
  await app.register(treatmentRoutes);
  await app.register(fileRoutes);
  await app.register(messageRoutes);
  await app.register(waitingListRoutes);
  await app.register(secondFactorSignInRoutes);
  await app.register(secondFactorProfileRoutes);
  await app.register(secondFactorAdminRoutes);
  await app.register(passkeySignInRoutes);
  await app.register(apiDocsRoutes);

  if (options.startJobs) {
    const stopReminders = startReminderJob(app, config.jobIntervalMs);
    const stopSweep = startRateLimitSweep(app);
    const stopSessionSweep = startSessionSweep(app);
    const stopMailDelivery = await startMailDelivery(app);
    const stopMessageEmails = startMessageEmailJob(app, config.jobIntervalMs);
    const stopWaitingList = startWaitingListJob(app);
    app.addHook('onClose', async () => {
      stopReminders();
      stopSweep();
      stopSessionSweep();
      stopMessageEmails();
      stopWaitingList();
      await stopMailDelivery();
    });
  }

  await app.register(spaPlugin, { clientDir: config.clientDir });
  return app;
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
