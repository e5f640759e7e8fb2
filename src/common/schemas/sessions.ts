import { z } from 'zod';
import { KEEP_ALIVE_EVERY_MS } from '../idle';
export { IDLE_WARNING_SECONDS, LOCKS_WHEN_IDLE, SESSION_ENDED_HEADER, STAFF_IDLE_MINUTES } from '../idle';

/** One open session of the signed-in account, as «Sesiones abiertas» lists it. */
export const openSessionSchema = z.object({
  /** The session's public handle (never the token or its hash). */
  id: z.string(),
  /** «Ordenador con Windows», «iPhone con iOS 17», «Dispositivo desconocido». */
  device: z.string(),
  /** «Chrome 131», «Navegador desconocido». */
  browser: z.string(),
  /** The approximate place: «Red 203.0.113.x», «Red local», «Lugar desconocido» (docs/decisions/0033-sessions-one-can-see-and-end-a-desk.md). */
  place: z.string(),
  createdAt: z.string(),
  lastSeenAt: z.string(),
  /** The session of this very request: «Esta sesión». */
  current: z.boolean(),
});
export type OpenSession = z.infer<typeof openSessionSchema>;

export const openSessionListSchema = z.object({ items: z.array(openSessionSchema) });
export type OpenSessionList = z.infer<typeof openSessionListSchema>;

export const SESSION_NOT_FOUND = 'Esa sesión ya no está abierta.';
export const sessionParamsSchema = z.object({ id: z.uuid({ error: SESSION_NOT_FOUND }) });

/** How many sessions an action ended. */
export const endedSessionsSchema = z.object({ ended: z.number().int().nonnegative() });
export type EndedSessions = z.infer<typeof endedSessionsSchema>;

/**
 * The idle clock of this session, by the server: `null`s for a session that does not lock (a paciente's).
 * `remainingSeconds` counts from the person's last input the server heard of.
 */
export const idleStateSchema = z.object({
  idleTimeoutSeconds: z.number().int().positive().nullable(),
  remainingSeconds: z.number().int().nonnegative().nullable(),
});
export type IdleState = z.infer<typeof idleStateSchema>;

/** `POST /api/me/activity`: the person's last input was `idleMs` ago (the keep-alive is throttled); none: now. */
export const keepAliveSchema = z
  .strictObject({
    idleMs: z
      .number({ error: 'Indica hace cuántos milisegundos fue la última acción' })
      .int({ error: 'Indica hace cuántos milisegundos fue la última acción' })
      .min(0, { error: 'Indica hace cuántos milisegundos fue la última acción' })
      .max(KEEP_ALIVE_EVERY_MS, { error: 'La última acción no puede ser de hace más de un minuto' }),
  })
  // A request without a body arrives as null.
  .nullish();
export type KeepAlive = z.infer<typeof keepAliveSchema>;
