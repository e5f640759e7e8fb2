import type { GenericRoutePlugin } from '../platform';
import type { IdentityServices } from '../identity';
import type { CoreDeps } from './deps';
import type { MessagesService } from './messages/service';
import type { InboundReplies } from './channels/inbound';

/** The services communications routes may use: its own and those of the contexts below it. */
export type Services = IdentityServices & {
  messages: MessagesService;
  /** The patients' replies by SMS and WhatsApp: matched, handled by rule or left in the inbox (scheduling's). */
  inboundReplies: InboundReplies;
};

/** What communications's route plugins receive as their options. */
export type RouteDeps = CoreDeps & Services;

/** A route plugin of communications (`platform/route-deps.ts`). */
export type RoutePlugin = GenericRoutePlugin<RouteDeps>;
