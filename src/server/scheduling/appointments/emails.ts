import { formatWhen } from '../../platform';
import { ANSWER_PARAMS } from '../../../common/schemas/confirmations';
import { buildIcs } from '../../platform';
import { buttonHtml, emailLayout, escapeHtml } from '../../platform';
import type { MailMessage } from '../../platform';

export interface AppointmentMailInput {
  to: string;
  patientName: string;
  clinic: { name: string; address: string; phone: string; email: string; timeZone: string };
  appointment: { id: string; startsAt: Date; endsAt: Date; doctorName: string; specialty: string; reason: string };
  manageUrl?: string;
  cancellationWindowHours: number;
  /**
   * Whether the patient may still change or cancel it online (the cancellation window has not begun):
   * when not, the e-mail says to call the clinic instead of promising what the link would refuse.
   */
  changeableOnline: boolean;
  /**
   * Whether the e-mail (and its .ics) names the visit's reason: only when the clinic enabled it in its
   * settings. The reason is health data, and the mailbox may be shared or a work one.
   */
  includeReason: boolean;
  /** Questionnaires to fill before the visit (issue 24, item 2), each with its own expiring link. */
  questionnaires?: { title: string; url: string }[];
  /** The informed consents this visit asks for, each with its link to read and sign it (issue 24). */
  consents?: { title: string; url: string }[];
}

/** «Antes de la visita, rellena…»: the questionnaires' lines of a booking e-mail (none when nothing is asked). */
function questionnairesText(input: AppointmentMailInput): string {
  return (input.questionnaires ?? [])
    .map(
      (item) =>
        `Antes de la visita, rellena el cuestionario «${item.title}» (puedes dejarlo a medias y seguir luego): ${item.url}`,
    )
    .join('\n');
}
function questionnairesHtml(input: AppointmentMailInput): string {
  return (input.questionnaires ?? [])
    .map(
      (item) =>
        `<p>Antes de la visita, rellena el cuestionario «${escapeHtml(item.title)}». Puedes dejarlo a medias y seguir luego.</p>${buttonHtml(item.url, 'Rellenar el cuestionario')}`,
    )
    .join('');
}

/** «Antes de la cita, lee y firma…» per consent the visit asks for: text lines and HTML. */
function consentLines(input: AppointmentMailInput): string[] {
  return (input.consents ?? []).map(
    (consent) => `Antes de la cita, lee y firma el consentimiento «${consent.title}»: ${consent.url}`,
  );
}
function consentHtml(input: AppointmentMailInput): string {
  if (!input.consents?.length) return '';
  return `<p><strong>Antes de la cita, lee y firma ${input.consents.length === 1 ? 'el consentimiento informado' : 'los consentimientos informados'}:</strong></p>${input.consents
    .map((consent) => buttonHtml(consent.url, `Leer y firmar: ${consent.title}`))
    .join('')}`;
}

function detailsText(input: AppointmentMailInput) {
  const { appointment, clinic } = input;
  return [
    `Fecha y hora: ${formatWhen(appointment.startsAt, clinic.timeZone)} (hora de ${clinic.timeZone === 'Europe/Madrid' ? 'Madrid' : clinic.timeZone})`,
    `Profesional: ${appointment.doctorName} (${appointment.specialty})`,
    input.includeReason && appointment.reason ? `Motivo: ${appointment.reason}` : undefined,
    clinic.address ? `Dirección: ${clinic.address}` : undefined,
  ].filter(Boolean) as string[];
}

function detailsHtml(input: AppointmentMailInput) {
  return `<table role="presentation" style="border-collapse:collapse;margin:16px 0">${detailsText(input)
    .map((line) => {
      const [label, ...rest] = line.split(': ');
      return `<tr><td style="padding:4px 12px 4px 0;color:#52606d;vertical-align:top">${escapeHtml(label!)}</td><td style="padding:4px 0;font-weight:bold">${escapeHtml(rest.join(': '))}</td></tr>`;
    })
    .join('')}</table>`;
}

function ics(input: AppointmentMailInput, status: 'CONFIRMED' | 'TENTATIVE' | 'CANCELLED', sequence: number) {
  return {
    filename: 'cita.ics',
    contentType: `text/calendar; charset=utf-8; method=${status === 'CANCELLED' ? 'CANCEL' : 'PUBLISH'}`,
    content: buildIcs({
      uid: `${input.appointment.id}@clinica`,
      startsAt: input.appointment.startsAt,
      endsAt: input.appointment.endsAt,
      summary: `Cita en ${input.clinic.name} con ${input.appointment.doctorName}`,
      description: [
        ...detailsText(input),
        input.manageUrl ? `${input.changeableOnline ? 'Cambiar o cancelar' : 'Ver la cita'}: ${input.manageUrl}` : '',
      ]
        .filter(Boolean)
        .join('\n'),
      location: input.clinic.address || input.clinic.name,
      organizerName: input.clinic.name,
      organizerEmail: input.clinic.email || undefined,
      status,
      sequence,
    }),
  };
}

function contactLine(input: AppointmentMailInput) {
  return input.clinic.phone ? `Si necesitas ayuda, llámanos al ${input.clinic.phone}.` : '';
}

/** Inside the cancellation window only the clinic can change the appointment: say so, with its phone. */
function callToChange(input: AppointmentMailInput) {
  const call = input.clinic.phone ? `llama a la clínica al ${input.clinic.phone}` : 'llama a la clínica';
  return `Solo se puede cambiar o cancelar por internet hasta ${input.cancellationWindowHours} horas antes de la cita: si necesitas cambiarla o no puedes venir, ${call}.`;
}

export function bookingReceivedEmail(input: AppointmentMailInput & { pending: boolean }): MailMessage {
  const title = input.pending ? 'Hemos recibido tu solicitud de cita' : 'Tu cita está confirmada';
  const intro = input.pending
    ? `La clínica revisará tu solicitud y te escribirá cuando la confirme.`
    : `Te esperamos en ${input.clinic.name}.`;
  const change = !input.changeableOnline
    ? `${callToChange(input)}${input.manageUrl ? ` Puedes ver la cita aquí: ${input.manageUrl}` : ''}`
    : input.manageUrl
      ? `Puedes cambiar o cancelar la cita hasta ${input.cancellationWindowHours} horas antes desde este enlace: ${input.manageUrl}`
      : '';
  const text = [
    `Hola, ${input.patientName}:`,
    '',
    `${title}. ${intro}`,
    '',
    ...detailsText(input),
    '',
    ...consentLines(input),
    change,
    input.changeableOnline ? contactLine(input) : '',
    '',
    questionnairesText(input),
    '',
    input.clinic.name,
  ]
    .filter((line, index, all) => line !== '' || all[index - 1] !== '')
    .join('\n');
  const manageHtml = !input.changeableOnline
    ? `<p><strong>${escapeHtml(callToChange(input))}</strong></p>${input.manageUrl ? buttonHtml(input.manageUrl, 'Ver la cita') : ''}`
    : input.manageUrl
      ? `${buttonHtml(input.manageUrl, 'Ver, cambiar o cancelar la cita')}<p style="font-size:13px;color:#52606d">Puedes cambiarla o cancelarla hasta ${input.cancellationWindowHours} horas antes.</p>`
      : '';
  const html = emailLayout(
    input.clinic.name,
    `<p>Hola, ${escapeHtml(input.patientName)}:</p><p><strong>${escapeHtml(title)}.</strong> ${escapeHtml(intro)}</p>${detailsHtml(input)}
${consentHtml(input)}${manageHtml}${questionnairesHtml(input)}
<p style="font-size:13px;color:#52606d">${input.changeableOnline ? `${escapeHtml(contactLine(input))} ` : ''}Hemos adjuntado la cita para que la añadas a tu calendario.</p>`,
  );
  return {
    to: input.to,
    subject: input.pending
      ? `Solicitud de cita recibida · ${input.clinic.name}`
      : `Cita confirmada · ${input.clinic.name}`,
    text,
    html,
    attachments: [ics(input, input.pending ? 'TENTATIVE' : 'CONFIRMED', 0)],
  };
}

export function bookingConfirmedEmail(input: AppointmentMailInput): MailMessage {
  const message = bookingReceivedEmail({ ...input, pending: false });
  return { ...message, attachments: [ics(input, 'CONFIRMED', 1)] };
}

export function bookingRescheduledEmail(input: AppointmentMailInput): MailMessage {
  const message = bookingReceivedEmail({ ...input, pending: false });
  return {
    ...message,
    subject: `Cita cambiada · ${input.clinic.name}`,
    text: message.text.replace('Tu cita está confirmada.', 'Tu cita ha cambiado; esta es la nueva hora.'),
    html: message.html.replace('Tu cita está confirmada.', 'Tu cita ha cambiado; esta es la nueva hora.'),
    attachments: [ics(input, 'CONFIRMED', 2)],
  };
}

export function bookingCancelledEmail(input: AppointmentMailInput & { reason: string }): MailMessage {
  const text = [
    `Hola, ${input.patientName}:`,
    '',
    'Tu cita ha sido cancelada.',
    '',
    ...detailsText(input),
    input.reason ? `Motivo de la cancelación: ${input.reason}` : '',
    '',
    `Si quieres otra cita, puedes pedirla en nuestra web. ${contactLine(input)}`,
    '',
    input.clinic.name,
  ].join('\n');
  const html = emailLayout(
    input.clinic.name,
    `<p>Hola, ${escapeHtml(input.patientName)}:</p><p><strong>Tu cita ha sido cancelada.</strong></p>${detailsHtml(input)}
${input.reason ? `<p>Motivo de la cancelación: ${escapeHtml(input.reason)}</p>` : ''}<p style="font-size:13px;color:#52606d">Si quieres otra cita, puedes pedirla en nuestra web. ${escapeHtml(contactLine(input))}</p>`,
  );
  return {
    to: input.to,
    subject: `Cita cancelada · ${input.clinic.name}`,
    text,
    html,
    attachments: [ics(input, 'CANCELLED', 3)],
  };
}

/** The reminder's one-click answers: the manage page with `?respuesta=`, whose script sends the answer. */
export function answerUrls(manageUrl: string) {
  return {
    confirm: `${manageUrl}?respuesta=${ANSWER_PARAMS.confirmed}`,
    decline: `${manageUrl}?respuesta=${ANSWER_PARAMS.declined}`,
  };
}

function secondaryButtonHtml(href: string, label: string): string {
  return `<a href="${escapeHtml(href)}" style="background:#ffffff;color:#0b7285;border:2px solid #0b7285;padding:10px 18px;border-radius:6px;text-decoration:none;display:inline-block">${escapeHtml(label)}</a>`;
}

/**
 * The reminder asks «¿Vendrás?» with two one-click answers. «No podré ir» works even inside the
 * cancellation window (the clinic would rather know); changing to another time still follows the window.
 */
export function reminderEmail(input: AppointmentMailInput): MailMessage {
  const answers = input.manageUrl ? answerUrls(input.manageUrl) : undefined;
  const call = input.clinic.phone ? `llama a la clínica al ${input.clinic.phone}` : 'llama a la clínica';
  const toChange = !input.changeableOnline
    ? `Para cambiarla a otra hora, ${call}.`
    : input.manageUrl
      ? `Si prefieres otra hora, cámbiala aquí: ${input.manageUrl}`
      : `Si no puedes venir, avísanos. ${contactLine(input)}`;
  const text = [
    `Hola, ${input.patientName}:`,
    '',
    `Te recordamos tu cita en ${input.clinic.name}.`,
    '',
    ...detailsText(input),
    '',
    ...(answers
      ? [
          '¿Vendrás? Contéstanos con un clic:',
          `Confirmo que iré: ${answers.confirm}`,
          `No podré ir: ${answers.decline}`,
          '',
        ]
      : []),
    toChange,
    '',
    input.clinic.name,
  ]
    .filter((line, index, all) => line !== '' || all[index - 1] !== '')
    .join('\n');
  const answerHtml = answers
    ? `<p style="margin:20px 0 8px;font-weight:bold">¿Vendrás? Contéstanos con un clic:</p><p style="margin:0 0 24px">${buttonHtml(answers.confirm, 'Confirmo que iré').replace(/^<p[^>]*>|<\/p>$/g, '')} ${secondaryButtonHtml(answers.decline, 'No podré ir')}</p>`
    : '';
  const changeHtml =
    input.changeableOnline && input.manageUrl
      ? `<p style="font-size:13px;color:#52606d">Si prefieres otra hora, <a href="${escapeHtml(input.manageUrl)}">cámbiala aquí</a>.</p>`
      : `<p style="font-size:13px;color:#52606d">${escapeHtml(toChange)}</p>`;
  const html = emailLayout(
    input.clinic.name,
    `<p>Hola, ${escapeHtml(input.patientName)}:</p><p>Te recordamos tu cita en ${escapeHtml(input.clinic.name)}.</p>${detailsHtml(input)}
${answerHtml}${changeHtml}`,
  );
  return { to: input.to, subject: `Recordatorio de tu cita · ${input.clinic.name}`, text, html };
}
