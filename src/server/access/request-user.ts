import type { FastifyRequest } from 'fastify';
import type { Role } from '../../common/roles';
import { AppError } from '../platform';

/** The signed-in user, resolved once per request from the session cookie (`identity/sessions/session-plugin.ts`). */
export interface RequestUser {
  id: string;
  email: string;
  role: Role;
  displayName: string;
  sessionId: string;
  /** The session's last proof of its owner (sign-in or step-up): changes of factors need a recent one. */
  provedAt: Date | null;
}

/**
 * The signed-in user, or a 401 with the catalogue text. Who may call a route is decided by its
 * declared access (`access/plugin.ts`); this only hands a handler the user that check let through.
 */
export function requireUser(request: FastifyRequest): RequestUser {
  if (!request.user) throw new AppError(401, 'NOT_AUTHENTICATED');
  return request.user;
}
