import { and, desc, eq, lt } from 'drizzle-orm';
import { clock } from '../platform/clock';
import { minus, plus } from '../platform/dates';
import { appointments, visitSurveys } from '../platform/db/schema';
import type { Tx } from '../platform/db/transaction';

/** What the demo's patients answered (issue 38, item 3): scores with a comment or without. */
const ANSWERS: { score: number; comment: string }[] = [
  { score: 5, comment: 'Muy amables y puntuales. La doctora me explicó todo con calma.' },
  { score: 4, comment: '' },
  { score: 2, comment: 'Esperé casi cuarenta minutos en la sala sin que nadie me avisara.' },
  { score: 5, comment: '' },
  { score: 3, comment: 'Bien la consulta, pero el aparcamiento es imposible.' },
  { score: 5, comment: 'Un trato excelente.' },
  { score: 4, comment: 'Todo correcto.' },
  { score: 1, comment: 'Me cambiaron la cita dos veces.' },
  { score: 5, comment: '' },
  { score: 4, comment: 'La recepción, muy atenta.' },
];

/** Answered after-visit surveys of the demo's latest attended visits, a few hours after each («Opiniones»). */
export async function seedOpinions(tx: Tx) {
  const attended = await tx
    .select({ id: appointments.id, endsAt: appointments.endsAt })
    .from(appointments)
    // Sent three hours after the visit and answered an hour later: only visits whose answer is already in the past.
    .where(and(eq(appointments.status, 'atendida'), lt(appointments.endsAt, minus(clock.nowMs(), { hours: 4 }))))
    .orderBy(desc(appointments.startsAt))
    .limit(ANSWERS.length * 3);
  // Every third one, so that the answers spread over the doctors and weeks.
  const visits = attended.filter((_, index) => index % 3 === 0);
  for (const [index, visit] of visits.entries()) {
    const answer = ANSWERS[index]!;
    const sentAt = plus(visit.endsAt, { hours: 3 });
    await tx.insert(visitSurveys).values({
      appointmentId: visit.id,
      channel: 'email',
      expiresAt: plus(sentAt, { days: 14 }),
      createdAt: sentAt,
      score: answer.score,
      comment: answer.comment,
      answeredAt: plus(sentAt, { hours: 1 }),
    });
  }
}
