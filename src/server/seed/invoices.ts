import type { Tx } from '../platform/db/transaction';
import type { InvoicingService } from '../billing/invoices/service';
import type { Repositories } from '../repositories';
import { LEFT_TO_INVOICE } from './demo-plan';

/** The demo clinic's fiscal data (a company's NIF with a valid control character; not a real company's). */
export const DEMO_ISSUER = {
  issuerLegalName: 'Clínica Salud Arganzuela, S.L.',
  issuerNif: 'B86561412',
  issuerAddress: 'Paseo de la Chopera 41, 28045 Madrid',
  issuerRegistry: 'Registro Mercantil de Madrid, tomo 31 207, folio 12, hoja M-561 412',
};

/**
 * The demo's billing: the issuer's data and invoices of the past visits (their services come with the agenda) —
 * the demo paciente's as complete invoices (his record has DNI and address), others' as simplified ones, one of
 * them cancelled; the aesthetic peeling carries its 21 % and a rectifying invoice (R5) of a discount agreed after it
 * was issued. The rest of the attended visits stay to be invoiced.
 */
export async function seedInvoices(
  tx: Tx,
  repos: Repositories,
  invoicing: Pick<InvoicingService, 'issueIn' | 'cancelIn' | 'rectifyIn'>,
  demoPatientId: string,
) {
  await repos.clinic.updateSettings(DEMO_ISSUER, tx);
  // The desk's admin issued them (the audit log says so).
  const admin = await repos.auth.findAccountByEmail('admin@clinica.demo', tx);
  const SEEDER = { actor: admin ? { id: admin.id, role: 'admin' as const } : null, ip: '127.0.0.1' };
  const services = await repos.clinicServices.list(tx);
  const visits = await repos.invoices.attendedNotInvoiced(2000, tx);
  // The demo paciente's visits, and a dozen others' before the last ten (left to invoice) with the peeling (its
  // service was planned with the agenda); oldest first, so that the numbers follow the visits' order.
  const mine = visits.filter((visit) => visit.patientId === demoPatientId).reverse();
  const taxed = services.find((service) => service.vat !== 'exenta');
  const ofOthers = visits.filter((visit) => visit.patientId !== demoPatientId);
  const peelingVisit = ofOthers.find((visit) => taxed && visit.serviceId === taxed.id);
  const others = ofOthers.slice(LEFT_TO_INVOICE, LEFT_TO_INVOICE + 12);
  if (peelingVisit && !others.includes(peelingVisit)) others.push(peelingVisit);
  others.sort((a, b) => a.startsAt.getTime() - b.startsAt.getTime());
  const issue = async (visit: (typeof visits)[number], kind: 'completa' | 'simplificada') => {
    const patient = await repos.patients.findById(visit.patientId, tx);
    return invoicing.issueIn(tx, { patientId: visit.patientId, appointmentIds: [visit.id], kind }, patient!, SEEDER);
  };
  for (const visit of mine) await issue(visit, 'completa');
  const simplified = [];
  for (const visit of others) simplified.push(await issue(visit, 'simplificada'));
  const peelingInvoice = peelingVisit ? simplified[others.indexOf(peelingVisit)] : undefined;
  const mistaken = simplified.find((invoice, index) => index >= 1 && invoice !== peelingInvoice);
  if (mistaken) {
    await invoicing.cancelIn(
      tx,
      mistaken.id,
      'Emitida por error: la visita estaba cubierta por la aseguradora',
      SEEDER,
    );
  }
  if (peelingInvoice && taxed) {
    const patient = await repos.patients.findById(peelingInvoice.patientId, tx);
    await invoicing.rectifyIn(
      tx,
      peelingInvoice.id,
      {
        type: 'R5',
        method: 'diferencias',
        reason: 'Descuento del 10 % por la segunda sesión, acordado después de emitir la factura',
        lines: [
          {
            description: `Descuento del 10 %: ${taxed.name}`,
            quantity: 1,
            unitPriceCents: -Math.round(taxed.priceCents / 10),
            vat: taxed.vat,
          },
        ],
      },
      patient!,
      SEEDER,
    );
  }
}
