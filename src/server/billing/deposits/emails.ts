import { formatEuros } from '../../../common/money';
import { emailLayout, escapeHtml, formatWhen, minus, type Tx } from '../../platform';
import type { CoreDeps } from '../deps';

/** What telling the patient needs; without an outbox (the demo's seed records its payments in its own) nothing goes. */
export type DepositMailDeps = Pick<CoreDeps, 'repos'> & { outbox?: CoreDeps['outbox'] };

/**
 * The patient's e-mail when her deposit is received or given back (decision 0121), in the transaction that records
 * it: the amount, the visit, the invoice that carries it, and (when received) until when a cancellation returns it.
 */
export async function tellDepositIn(deps: DepositMailDeps, tx: Tx, depositId: string, what: 'pagada' | 'devuelta') {
  if (!deps.outbox) return;
  const deposit = await deps.repos.deposits.lock(depositId, tx);
  const booking = deposit && (await deps.repos.deposits.ofAppointment(deposit.appointmentId, tx));
  const patient = booking && (await deps.repos.patients.findById(booking.patientId, tx));
  if (!deposit || !booking || !patient?.email) return;
  const { name: clinic, timeZone } = await deps.repos.clinic.getSettings(tx);
  const amount = formatEuros(deposit.amountCents);
  const visit = `tu cita de ${booking.serviceName} del ${formatWhen(booking.startsAt, timeZone)}`;
  const paragraphs =
    what === 'pagada'
      ? [
          `Hemos recibido la señal de ${amount} de ${visit} (factura ${booking.invoiceNumber}). Se descontará de la factura de la visita.`,
          `Si cancelas la cita hasta el ${formatWhen(minus(booking.startsAt, { hours: deposit.refundHours }), timeZone)}, te la devolvemos.`,
        ]
      : [
          `Te hemos devuelto la señal de ${amount} de ${visit} en la tarjeta o la cuenta de Bizum con la que la pagaste (factura rectificativa ${booking.rectifyingNumber}).`,
          `Motivo: ${deposit.refundReason ?? 'cita cancelada'}. Tu banco puede tardar unos días en mostrarlo.`,
        ];
  const greeting = `Hola, ${patient.firstName}:`;
  await deps.outbox.enqueue(
    {
      to: patient.email,
      subject: what === 'pagada' ? `Señal recibida: ${amount}` : `Señal devuelta: ${amount}`,
      text: [greeting, ...paragraphs, clinic].join('\n\n'),
      html: emailLayout(clinic, [greeting, ...paragraphs].map((line) => `<p>${escapeHtml(line)}</p>`).join('')),
    },
    { tx, kind: what === 'pagada' ? 'deposit-received' : 'deposit-refunded', appointmentId: deposit.appointmentId },
  );
}
