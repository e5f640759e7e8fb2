import { visitSurveys } from '../../platform/db/schema';
import type { TestApp } from '../app';
import { insertAppointment } from '../fixtures';
import { ACTORS, type Actor } from './actors';

/** Answered after-visit surveys: one per side to read, and one per actor to reply to (a reply is made once). */
export interface OpinionsWorld {
  A: string;
  B: string;
  replyTo: Record<Actor, string>;
}

/** A visit of the side's record with its doctor, in December 2029, and its survey answered with `comment`. */
async function answered(t: TestApp, side: { recordId: string; doctorId: string }, day: number, comment: string) {
  const startsAt = new Date(`2029-12-${String(day).padStart(2, '0')}T09:00:00Z`);
  const visit = await insertAppointment(t, { patientId: side.recordId, doctorId: side.doctorId, startsAt });
  const [row] = await t.database.db
    .insert(visitSurveys)
    .values({
      appointmentId: visit.id,
      channel: 'email',
      expiresAt: startsAt,
      createdAt: startsAt,
      score: 4,
      comment,
      answeredAt: startsAt,
    })
    .returning({ id: visitSurveys.id });
  return row!.id;
}

export async function buildOpinionsWorld(
  t: TestApp,
  sides: { A: { recordId: string; doctorId: string }; B: { recordId: string; doctorId: string } },
): Promise<OpinionsWorld> {
  const replyTo = {} as Record<Actor, string>;
  let day = 3;
  for (const actor of ACTORS)
    replyTo[actor] = await answered(t, actor.endsWith('B') ? sides.B : sides.A, day++, `Opinión para ${actor}`);
  return {
    A: await answered(t, sides.A, 1, 'Opinión del lado A'),
    B: await answered(t, sides.B, 2, 'Opinión del lado B'),
    replyTo,
  };
}
