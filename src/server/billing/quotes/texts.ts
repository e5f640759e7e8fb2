import { formatEuros } from '../../../common/money';
import type { MailMessage } from '../../platform';
import { buttonHtml, emailLayout, escapeHtml } from '../../platform';

const esDay = (day: string) => day.split('-').reverse().join('/');

/** The quote's e-mail: its number, total and validity, and the link to read and accept it. */
export function quoteEmail(input: {
  to: string;
  patientName: string;
  clinicName: string;
  number: string;
  totalCents: number;
  validUntil: string;
  url: string;
}): MailMessage {
  const intro = `Te enviamos el presupuesto ${input.number} de tu tratamiento, por ${formatEuros(input.totalCents)}, válido hasta el ${esDay(input.validUntil)}.`;
  const ask = 'Puedes leerlo, descargarlo en PDF y aceptarlo con tu firma desde el móvil:';
  return {
    to: input.to,
    subject: `Presupuesto ${input.number} · ${input.clinicName}`,
    text: [`Hola, ${input.patientName}:`, '', intro, ask, input.url, '', input.clinicName].join('\n'),
    html: emailLayout(
      input.clinicName,
      `<p>Hola, ${escapeHtml(input.patientName)}:</p><p>${escapeHtml(intro)}</p><p>${escapeHtml(ask)}</p>${buttonHtml(input.url, 'Ver y aceptar el presupuesto')}`,
    ),
  };
}

/** The same by SMS: short, with the link. */
export const quoteSms = (clinicName: string, number: string, url: string) =>
  `${clinicName}: tu presupuesto ${number} está listo. Léelo y acéptalo aquí: ${url}`;
