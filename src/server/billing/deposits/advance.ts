import { depositBase } from '../../../common/schemas/deposits';
import { AppError, auditedIn, clock, formatNumericDate, type Tx } from '../../platform';
import type { CoreDeps } from '../deps';
import { createInvoicingService } from '../invoices/service';
import { tellDepositIn, type DepositMailDeps } from './emails';

type Deps = Pick<CoreDeps, 'db' | 'repos' | 'config'> & DepositMailDeps;

/** The concept of an advance invoice's line: «Señal / pago anticipado · Cirugía menor, cita del 12/3/2027». */
const conceptOf = (serviceName: string, day: string) => `Señal / pago anticipado · ${serviceName}, cita del ${day}`;

/**
 * The bank confirmed a deposit (inside its notification's transaction, the deposit locked): the invoice its payment
 * is recorded against. The first payment issues the advance invoice («pago anticipado», a simplified invoice with
 * its VERI*FACTU record), at the service's VAT on the base that brings it to what was paid; a second payment of the
 * same deposit (two tabs) goes to that same invoice, whose account then reads «a devolver».
 */
export async function depositInvoiceIn(deps: Deps, tx: Tx, depositId: string): Promise<string> {
  const deposit = await deps.repos.deposits.lock(depositId, tx);
  if (!deposit) throw new AppError(404, 'NOT_FOUND', 'Señal no encontrada');
  if (deposit.invoiceId) return deposit.invoiceId;
  const booking = (await deps.repos.deposits.ofAppointment(deposit.appointmentId, tx))!;
  const service = await deps.repos.clinicServices.findById(deposit.serviceId, tx);
  const patient = await deps.repos.patients.findById(booking.patientId, tx);
  if (!service || !patient) throw new AppError(404, 'NOT_FOUND', 'Señal no encontrada');
  const base = depositBase(deposit.amountCents, service.vat) ?? deposit.amountCents;
  const { timeZone } = await deps.repos.clinic.getSettings(tx);
  const invoice = await createInvoicingService(deps).issueIn(
    tx,
    {
      patientId: patient.id,
      appointmentIds: [],
      kind: 'simplificada',
      lines: [
        {
          description: conceptOf(service.name, formatNumericDate(booking.startsAt, timeZone)).slice(0, 200),
          quantity: 1,
          unitPriceCents: base,
          vat: service.vat,
        },
      ],
    },
    patient,
    { actor: null },
  );
  await deps.repos.deposits.update(depositId, { invoiceId: invoice.id }, tx);
  return invoice.id;
}

/**
 * The deposit's payment is recorded: it is paid — or, when its booking was cancelled meanwhile (its hold ended, the
 * clinic cancelled it), owed back at once. Answers whether a refund is now due.
 */
export async function depositPaidIn(deps: Deps, tx: Tx, depositId: string, paymentId: string): Promise<boolean> {
  const deposit = (await deps.repos.deposits.lock(depositId, tx))!;
  if (deposit.state !== 'pendiente' && deposit.state !== 'caducada') return false;
  const booking = (await deps.repos.deposits.ofAppointment(deposit.appointmentId, tx))!;
  const late = deposit.state === 'caducada' || booking.status === 'cancelada';
  await auditedIn(
    tx,
    () =>
      deps.repos.deposits.update(
        depositId,
        {
          state: late ? 'a_devolver' : 'pagada',
          paidAt: clock.now(),
          paymentId,
          refundReason: late ? 'La señal se pagó cuando la reserva ya estaba cancelada' : null,
        },
        tx,
      ),
    {
      actor: null,
      action: 'update',
      entity: 'appointment',
      entityId: deposit.appointmentId,
      patientId: booking.patientId,
      details: { deposit: late ? 'a_devolver' : 'pagada', amountCents: deposit.amountCents },
    },
  );
  if (!late) await tellDepositIn(deps, tx, depositId, 'pagada');
  return late;
}
