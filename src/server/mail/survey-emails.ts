import type { MailMessage } from './mailer';
import { buttonHtml, emailLayout, escapeHtml } from './layout';

/** The after-visit e-mail: the survey's link, or the clinic's public review page (issue 24, item 4). */
export function visitSurveyEmail(input: {
  to: string;
  patientName: string;
  clinicName: string;
  url: string;
  review: boolean;
}): MailMessage {
  const ask = input.review
    ? 'Si quieres contarnos qué tal fue tu visita, puedes dejar tu opinión aquí:'
    : '¿Qué tal fue tu visita? Puntúanos del 1 al 5 en menos de un minuto:';
  const label = input.review ? 'Dejar mi opinión' : 'Responder la encuesta';
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
