import type { FastifyReply, FastifyRequest } from 'fastify';
import type { SessionEndReason } from '../../common/idle';
import { SESSION_ENDED_HEADER } from '../../common/schemas/sessions';

/**
 * Why this request's session ended while it was read: the access hook answers 401 `SESSION_IDLE` or
 * `SECOND_FACTOR_SETUP_REQUIRED` for it, and the `x-session-ended` header says it to the client.
 */
const endedSessions = new WeakMap<FastifyRequest, SessionEndReason>();
export const sessionEndOf = (request: FastifyRequest) => endedSessions.get(request);

export function markSessionEnded(request: FastifyRequest, reply: FastifyReply, reason: SessionEndReason) {
  endedSessions.set(request, reason);
  reply.header(SESSION_ENDED_HEADER, reason);
}
