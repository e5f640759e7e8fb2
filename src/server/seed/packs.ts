import type { Tx } from '../platform/db/transaction';
import type { AuditContext } from '../platform';
import type { Repositories } from '../repositories';
import { syncVisitSession } from '../billing/packs/service';
import type { PacksService } from '../billing/packs/service';
import type { BillingTimeline } from './billing-timeline';

type Visit = Awaited<ReturnType<Repositories['invoices']['attendedNotInvoiced']>>[number];

const MINUTE = 60_000;
/** The pack the demo sells: five sessions at 10 % off, valid a year (so it stands on every day the demo is loaded). */
const SESSIONS = 5;
const VALIDITY_MONTHS = 12;
/** At most this many sessions used, so the pack is «in use» (never used up). */
const USED = 3;
/** A simplified invoice stays under 400 € with VAT: the pack's price is kept under 300 € before it. */
const MAX_PRICE_CENTS = 30_000;

/**
 * A session pack in use (issue 36, item 3): of the attended visits not yet invoiced, the demo paciente's service he
 * came for most often (else any patient's), sold as a pack a quarter of an hour before the first of them, each of up
 * to three of them using a session on the way out — each step on the billing timeline at its own instant, as the
 * desk would have done it. Answers the visits the pack covers: they are not invoiced.
 */
export async function planDemoPack(
  tx: Tx,
  repos: Repositories,
  packs: Pick<PacksService, 'sellIn'>,
  timeline: BillingTimeline,
  seeder: AuditContext,
  visits: readonly Visit[],
  demoPatientId: string,
): Promise<Set<string>> {
  const groups = new Map<string, Visit[]>();
  for (const visit of visits) {
    if (!visit.serviceId) continue;
    const key = `${visit.patientId}/${visit.serviceId}`;
    groups.set(key, [...(groups.get(key) ?? []), visit]);
  }
  const ranked = [...groups.values()].sort(
    (a, b) =>
      Number(b[0]!.patientId === demoPatientId) - Number(a[0]!.patientId === demoPatientId) || b.length - a.length,
  );
  const chosen = ranked[0];
  if (!chosen) return new Set();
  const used = [...chosen].sort((a, b) => a.startsAt.getTime() - b.startsAt.getTime()).slice(0, USED);
  const service = (await repos.clinicServices.list(tx)).find((row) => row.id === used[0]!.serviceId);
  if (!service?.active || service.priceCents === 0) return new Set();
  const productId = await repos.packs.createProduct(
    {
      serviceId: service.id,
      sessions: SESSIONS,
      priceCents: Math.min(MAX_PRICE_CENTS, Math.round(service.priceCents * SESSIONS * 0.9)),
      validityMonths: VALIDITY_MONTHS,
      active: true,
    },
    tx,
  );
  const first = used[0]!;
  timeline.at(first.startsAt.getTime() - 15 * MINUTE, async () => {
    const patient = (await repos.patients.findById(first.patientId, tx))!;
    // The demo paciente's invoices are complete ones (his record has DNI and address), as the desk issues his visits'.
    const kind = first.patientId === demoPatientId ? 'completa' : 'simplificada';
    await packs.sellIn(tx, patient, { productId, kind }, seeder);
  });
  for (const visit of used) {
    timeline.at(visit.startsAt.getTime() + 50 * MINUTE, async () => {
      await syncVisitSession({ repos }, tx, visit.id);
    });
  }
  return new Set(used.map((visit) => visit.id));
}
