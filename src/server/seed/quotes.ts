import { and, asc, eq, gte, isNull, or } from 'drizzle-orm';
import { clock } from '../platform/clock';
import { toInstant } from '../platform/dates';
import { appointments, doctors } from '../platform/db/schema';
import type { Tx } from '../platform/db/transaction';
import type { CoreDeps } from '../deps';
import type { InvoicingService } from '../billing/invoices/service';
import { createQuotesService } from '../billing/quotes/service';
import { billingTimeline } from './billing-timeline';

const DAY = 86_400_000;

/**
 * The demo's presupuestos (issue 36, item 2), through the desk's own service at the moments they happened: the demo
 * paciente's active treatment was quoted (5 sessions at 10 % off) two days before its first session, accepted on paper
 * the next open day, and its sessions — three done, two booked — are linked to it, so the invoices of the done ones
 * (issued after, by `seedInvoices`) take the quote's price. A second quote, a review of his skin, was handed to him
 * three days ago and waits for his signature (valid a month, so on any day the demo is made it is «enviado»).
 */
export async function seedQuotes(
  tx: Tx,
  deps: Pick<CoreDeps, 'db' | 'repos' | 'config'> & { invoicing: InvoicingService },
  demo: { patientId: string; timeZone: string; closedDays: ReadonlySet<string>; nowMs: number },
) {
  const { repos } = deps;
  const service = createQuotesService(deps);
  const admin = await repos.auth.findAccountByEmail('admin@clinica.demo', tx);
  const doctor = await repos.auth.findAccountByEmail('doctora@clinica.demo', tx);
  if (!admin || !doctor) return;
  const context = { actor: { id: admin.id, role: 'admin' as const }, ip: '127.0.0.1' };
  const [specialty] = await tx.select().from(doctors).where(eq(doctors.id, doctor.id));
  const services = (await repos.clinicServices.list(tx)).filter((row) => row.specialtyId === specialty?.specialtyId);
  const treatment = services.find((row) => row.name === 'Revisión') ?? services[0];
  const review = services.find((row) => row.name !== treatment?.name) ?? treatment;
  if (!treatment || !review) return;
  // The active treatment's sessions: his appointments with the demo doctor booked as «Sesión de tratamiento».
  const firstActive = demo.nowMs - 4 * 7 * DAY;
  const sessions = await tx
    .select({ id: appointments.id, startsAt: appointments.startsAt, createdAt: appointments.createdAt })
    .from(appointments)
    .where(
      and(
        eq(appointments.patientId, demo.patientId),
        eq(appointments.doctorId, doctor.id),
        eq(appointments.reason, 'Sesión de tratamiento'),
        gte(appointments.startsAt, toInstant(firstActive)),
        or(isNull(appointments.serviceId), eq(appointments.serviceId, treatment.id)),
      ),
    )
    .orderBy(asc(appointments.startsAt));
  const timeline = billingTimeline(demo.timeZone, demo.closedDays, demo.nowMs);
  const first = sessions[0];
  if (first) {
    const quotedAt = timeline.atHour(timeline.dayOf(first.startsAt.getTime() - 2 * DAY), '12:00');
    let quoteId = '';
    timeline.at(quotedAt, async () => {
      const made = await service.create(
        {
          patientId: demo.patientId,
          doctorId: doctor.id,
          lines: [
            {
              serviceId: treatment.id,
              quantity: 5,
              detail: 'rodilla derecha',
              discount: { kind: 'porcentaje', percent: 10 },
            },
          ],
          notes: 'Tratamiento en cinco sesiones semanales.',
        },
        doctor.id,
        context,
        tx,
      );
      quoteId = made.id;
      await service.send(quoteId, context, tx);
    });
    timeline.at(quotedAt + 22 * 60 * 60_000, async () => {
      const signedOn = timeline.dayOf(clock.nowMs());
      await service.acceptOnPaper(quoteId, { signerName: 'Javier Moreno López', signedOn }, context, tx);
      const found = (await repos.quotes.findById(quoteId, tx))!;
      for (const session of sessions.slice(0, 5)) {
        await service.linkSession(quoteId, found.lines[0]!.id, session.id, context, tx);
      }
    });
  }
  // The pending one: handed to him three days ago, in the morning.
  const handedAt = timeline.atHour(timeline.dayOf(demo.nowMs - 3 * DAY), '11:00');
  timeline.at(Math.min(handedAt, demo.nowMs - 60 * 60_000), async () => {
    const made = await service.create(
      {
        patientId: demo.patientId,
        doctorId: doctor.id,
        lines: [{ serviceId: review.id, quantity: 2, detail: '' }],
        notes: '',
      },
      doctor.id,
      context,
      tx,
    );
    await service.send(made.id, context, tx);
  });
  await timeline.run();
}
