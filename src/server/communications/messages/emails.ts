import type { MailMessage } from '../../platform';
import { buttonHtml, emailLayout, escapeHtml } from '../../platform';

/** «Tienes un mensaje de la clínica»: a staff reply unread for a while. Never the message itself (clinical). */
export function unreadReplyEmail(input: {
  to: string;
  patientName: string;
  clinicName: string;
  link: string;
}): MailMessage {
  const greeting = input.patientName ? `Hola, ${input.patientName}:` : 'Hola:';
  const text = `${greeting}

${input.clinicName} te ha respondido en tu área de paciente y aún no lo has leído.
Por tu privacidad, el mensaje no va en este correo: léelo aquí, tras iniciar sesión:

${input.link}

${input.clinicName}`;
  const html = emailLayout(
    input.clinicName,
    `<p>${escapeHtml(greeting)}</p>
<p>${escapeHtml(input.clinicName)} te ha respondido en tu área de paciente y aún no lo has leído.
Por tu privacidad, el mensaje no va en este correo.</p>
${buttonHtml(input.link, 'Leer el mensaje')}`,
  );
  return { to: input.to, subject: `Tienes un mensaje de ${input.clinicName}`, text, html };
}
