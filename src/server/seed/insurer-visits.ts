import { Temporal } from 'temporal-polyfill';
import { insurerVisitFor, setVisitPayerIn } from '../billing';
import { issueSettlementIn, monthRange } from '../billing/insurers/settlement';
import type { InvoicingService } from '../billing/invoices/service';
import type { PaymentsService } from '../billing/payments/service';
import type { Tx } from '../platform/db/transaction';
import type { Repositories } from '../repositories';
import type { BillingTimeline } from './billing-timeline';

/** Visits of the demo's insured patients booked «por su aseguradora», per month. */
const INSURER_VISITS_A_MONTH = 6;

/**
 * The demo's insurer visits (decision 0118): attended visits not invoiced of patients whose insurer pays
 * their service become «por su aseguradora» (through the booking's rules: tariff, copay, an authorisation for
 * Sanitas), in the month last settled and in the current one; the settled month's Sanitas visits are invoiced to
 * Sanitas on the first open day after the 1st of the next month, at 10:00 — the last month whose settling day has
 * come, so the demo shows one whatever its date. Planned in the invoices' timeline (`seedInvoices`), beside the
 * visits it invoices (`planned`, left alone), so the VERI*FACTU chain follows time.
 */
export async function planInsurerVisits(
  tx: Tx,
  repos: Repositories,
  services: { invoicing: InvoicingService; payments: PaymentsService },
  calendar: { timeZone: string; nowMs: number },
  timeline: BillingTimeline,
  planned: ReadonlySet<string>,
) {
  const { timeZone, nowMs } = calendar;
  const firstOfMonth = Temporal.Instant.fromEpochMilliseconds(nowMs).toZonedDateTimeISO(timeZone).toPlainDate().with({
    day: 1,
  });
  const settling = [1, 2]
    .map((back) => {
      const month = firstOfMonth.subtract({ months: back });
      const at = timeline.openDayAfter(timeline.atHour(month.add({ months: 1 }).toString(), '10:00'), 1, '10:00');
      return { month: month.toString().slice(0, 7), at };
    })
    .find((candidate) => candidate.at !== null);
  const months = [...(settling ? [settling.month] : []), firstOfMonth.toString().slice(0, 7)];
  const visits = await repos.invoices.attendedNotInvoiced(5000, tx);
  let authorization = 4100;
  for (const month of months) {
    const { from, to } = monthRange(month, timeZone);
    let booked = 0;
    for (const visit of visits) {
      if (booked >= INSURER_VISITS_A_MONTH) break;
      if (planned.has(visit.id) || visit.startsAt < from || visit.startsAt >= to) continue;
      if (!timeline.past(visit.startsAt.getTime())) continue;
      const choice = { kind: 'aseguradora' as const, authorizationNumber: `AUT-${++authorization}` };
      const values = await insurerVisitFor(
        { repos },
        { patientId: visit.patientId, serviceId: visit.serviceId },
        choice,
        tx,
      ).catch(() => null);
      if (!values) continue;
      await setVisitPayerIn({ repos }, visit.id, values, tx);
      booked++;
    }
  }
  if (!settling) return;
  const admin = await repos.auth.findAccountByEmail('admin@clinica.demo', tx);
  const context = { actor: admin ? { id: admin.id, role: 'admin' as const } : null, ip: '127.0.0.1' };
  const sanitas = (await repos.insurers.list(tx)).find((insurer) => insurer.name === 'Sanitas');
  if (!sanitas) return;
  timeline.at(settling.at!, async () => {
    const { from, to } = monthRange(settling.month, timeZone);
    if ((await repos.insurerSettlements.pendingVisits(sanitas.id, from, to, tx)).length === 0) return;
    await issueSettlementIn({ repos, ...services }, tx, { insurerId: sanitas.id, month: settling.month }, context);
  });
}
