import type { MailMessage } from '../../platform';
import { buttonHtml, emailLayout, escapeHtml } from '../../platform';

/** The after-visit e-mail: the survey's link (issue 24, item 4; issue 38, item 3). */
export function visitSurveyEmail(input: {
  to: string;
  patientName: string;
  clinicName: string;
  url: string;
}): MailMessage {
  const ask = '¿Qué tal fue tu visita? Puntúanos del 1 al 5 en menos de un minuto:';
  const label = 'Responder la encuesta';
  return {
    to: input.to,
    subject: `¿Qué tal tu visita? · ${input.clinicName}`,
    text: [`Hola, ${input.patientName}:`, '', 'Gracias por venir.', ask, input.url].join('\n'),
    html: emailLayout(
      input.clinicName,
      `<p>Hola, ${escapeHtml(input.patientName)}:</p><p>Gracias por venir. ${escapeHtml(ask)}</p>${buttonHtml(input.url, label)}`,
    ),
  };
}

/** The clinic's reply to a survey's comment («Opiniones»), to the patient's e-mail. */
export function surveyReplyEmail(input: {
  to: string;
  patientName: string;
  clinicName: string;
  visitDate: string;
  reply: string;
}): MailMessage {
  const intro = `Gracias por tu opinión sobre tu visita del ${input.visitDate}. Te respondemos:`;
  return {
    to: input.to,
    subject: `Respuesta a tu opinión · ${input.clinicName}`,
    text: [`Hola, ${input.patientName}:`, '', intro, '', input.reply, '', input.clinicName].join('\n'),
    html: emailLayout(
      input.clinicName,
      `<p>Hola, ${escapeHtml(input.patientName)}:</p><p>${escapeHtml(intro)}</p><p style="white-space:pre-line">${escapeHtml(input.reply)}</p>`,
    ),
  };
}
