import type { TestApp } from '../app';
import type { Actor } from './actors';

/** Fixtures of «Sesiones abiertas»: a second session of each actor, and an account whose sessions an admin ends. */
export interface SessionsWorld {
  /** The handle of each actor's second session (each closes its own; nobody another's). */
  spare: Partial<Record<Actor, string>>;
  /** An account of nobody's side, signed in twice. */
  userWithSessions: string;
}

export async function buildSessionsWorld(t: TestApp, emails: Partial<Record<Actor, string>>): Promise<SessionsWorld> {
  const spare: Partial<Record<Actor, string>> = {};
  for (const [actor, email] of Object.entries(emails) as [Actor, string][]) {
    const cookie = await t.signIn(email);
    const listed = await t.request({ method: 'GET', url: '/api/me/sessions', cookie });
    spare[actor] = (listed.json() as { items: { id: string; current: boolean }[] }).items.find(
      (item) => item.current,
    )!.id;
  }
  const user = await t.createUser({
    role: 'doctor',
    email: 'sesiones@matriz.test',
    displayName: 'Cuenta Con Sesiones',
  });
  await t.signIn(user.email);
  return { spare, userWithSessions: user.id };
}
