import type { DeclaredRoute } from './access/plugin';
import type { Access } from './access/policy';
import type { RequestUser } from './access/request-user';
import type { RequestScope } from './access/scope';
import type { Config } from './config';
import type { Database } from './db/client';
import type { Mailer } from './mail/mailer';
import type { AppointmentService } from './modules/appointments/service';
import type { Outbox } from './modules/outbox/service';
import type { LiveEvents } from './plugins/events';
import type { Repositories } from './modules/repositories';
import type { WaitingListService } from './modules/waiting-list/service';
import type { SecondFactorService } from './modules/second-factor/service';

declare module 'fastify' {
  interface FastifyInstance {
    config: Config;
    database: Database;
    repos: Repositories;
    mailer: Mailer;
    outbox: Outbox;
    events: LiveEvents;
    appointments: AppointmentService;
    /** The waiting list: joining, offers of freed slots, booking an offer. */
    waitingList: WaitingListService;
    /** The second factor: authenticator apps, passkeys, recovery codes (issue 21). */
    secondFactor: SecondFactorService;
    /** Every `/api` route with the access it declared (`access/plugin.ts`). */
    accessRoutes: readonly DeclaredRoute[];
  }
  interface FastifyRequest {
    user: RequestUser | null;
    /** What this request may reach, set by the access hook on every `/api` route. */
    scope: RequestScope;
  }
  interface FastifyContextConfig {
    /** Who may call the route: a permission of `access/policy.ts`, or 'public'. Required on `/api`. */
    access?: Access;
  }
}
