import type { Role } from '../common/roles';
import type { Config } from './config';
import type { Database } from './db/client';
import type { Mailer } from './mail/mailer';
import type { AppointmentService } from './modules/appointments/service';
import type { Outbox } from './modules/outbox/service';
import type { LiveEvents } from './plugins/events';
import type { Repositories } from './repositories';

/** The signed-in user, resolved once per request from the session cookie. */
export interface RequestUser {
  id: string;
  email: string;
  role: Role;
  displayName: string;
  sessionId: string;
}

declare module 'fastify' {
  interface FastifyInstance {
    config: Config;
    database: Database;
    repos: Repositories;
    mailer: Mailer;
    outbox: Outbox;
    events: LiveEvents;
    appointments: AppointmentService;
  }
  interface FastifyRequest {
    user: RequestUser | null;
  }
}
