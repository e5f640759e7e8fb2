import type { MailMessage } from './mailer';
import { buttonHtml, emailLayout, escapeHtml } from './layout';

/** «Confirma tu correo para ver tu ficha»: the single-use link that links the clinic's record to the account. */
export function recordLinkEmail(input: {
  to: string;
  displayName: string;
  clinicName: string;
  link: string;
  validHours: number;
}): MailMessage {
  const greeting = input.displayName ? `Hola, ${input.displayName}:` : 'Hola:';
  const text = `${greeting}

Has creado una cuenta en ${input.clinicName} con este correo, y en la clínica ya tenemos una ficha con él.
Para ver tu ficha y tus citas en tu área de paciente, confirma que este correo es tuyo con este enlace
(caduca en ${input.validHours} horas y solo sirve una vez):

${input.link}

Si no has sido tú, ignora este correo: nadie verá tu ficha sin abrir este enlace.

${input.clinicName}`;
  const html = emailLayout(
    input.clinicName,
    `<p>${escapeHtml(greeting)}</p>
<p>Has creado una cuenta en ${escapeHtml(input.clinicName)} con este correo, y en la clínica ya tenemos una ficha con él.
Para ver tu ficha y tus citas en tu área de paciente, confirma que este correo es tuyo.</p>
${buttonHtml(input.link, 'Confirmar mi correo')}
<p style="font-size:13px;color:#52606d">El enlace caduca en ${input.validHours} horas y solo sirve una vez. Si no has sido tú, ignora este correo: nadie verá tu ficha sin abrir este enlace.</p>
<p style="font-size:13px;color:#52606d;word-break:break-all">${escapeHtml(input.link)}</p>`,
  );
  return { to: input.to, subject: 'Confirma tu correo para ver tu ficha', text, html };
}
