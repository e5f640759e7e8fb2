import { formatWhen } from '../../platform';
import { buttonHtml, emailLayout, escapeHtml } from '../../platform';
import type { MailMessage } from '../../platform';

export interface WaitingOfferMailInput {
  to: string;
  patientName: string;
  clinic: { name: string; phone: string; timeZone: string };
  startsAt: Date;
  /** Until when the slot is kept for the list (then anyone may book it). */
  heldUntil: Date;
  doctorName: string;
  specialty: string;
  /** The service she asked for, when her wish named one: the slot is of its length. */
  service?: { name: string; minutes: number };
  /** The one-click link that books the slot. */
  offerUrl: string;
  /** How many people got the same offer at once. */
  sharedWith: number;
}

/**
 * «Se ha liberado una hora»: the slot, and the link that books it while it is still free. The e-mail says
 * plainly that others got it too and the first to open it keeps it, so «ya está ocupada» surprises no one.
 */
export function waitingOfferEmail(input: WaitingOfferMailInput): MailMessage {
  const when = formatWhen(input.startsAt, input.clinic.timeZone);
  const greeting = input.patientName ? `Hola, ${input.patientName}:` : 'Hola:';
  const others =
    input.sharedWith > 1
      ? `Hemos avisado a la vez a ${input.sharedWith} personas de la lista: la hora es para quien abra antes el enlace.`
      : 'La hora es tuya si abres el enlace mientras siga libre.';
  const kept = `Te la guardamos hasta el ${formatWhen(input.heldUntil, input.clinic.timeZone)}; después dejamos de guardarla.`;
  const service = input.service ? `${input.service.name} (${input.service.minutes} min)` : null;
  const call = input.clinic.phone ? ` Si prefieres, llama a la clínica (${input.clinic.phone}).` : '';
  const text = `${greeting}

Se ha liberado una hora que encaja con tu lista de espera en ${input.clinic.name}:

Fecha y hora: ${when}
Profesional: ${input.doctorName} (${input.specialty})${service ? `\nServicio: ${service}` : ''}

Para reservarla, abre este enlace (no hace falta iniciar sesión):
${input.offerUrl}

${others} ${kept} Si ya está ocupada cuando lo abras, sigues en la lista y te avisaremos de la próxima.${call}

${input.clinic.name}`;
  const html = emailLayout(
    input.clinic.name,
    `<p>${escapeHtml(greeting)}</p>
<p>Se ha liberado una hora que encaja con tu lista de espera en ${escapeHtml(input.clinic.name)}:</p>
<p><strong>${escapeHtml(when)}</strong><br>${escapeHtml(input.doctorName)} (${escapeHtml(input.specialty)})${
      service ? `<br>${escapeHtml(service)}` : ''
    }</p>
${buttonHtml(input.offerUrl, 'Reservar esta hora')}
<p>${escapeHtml(others)} ${escapeHtml(kept)} Si ya está ocupada cuando lo abras, sigues en la lista y te avisaremos de la próxima.${escapeHtml(call)}</p>`,
  );
  return { to: input.to, subject: `Se ha liberado una hora: ${when}`, text, html };
}
