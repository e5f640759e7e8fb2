import type { MailMessage } from '../../platform';
import { buttonHtml, emailLayout, escapeHtml } from '../../platform';

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

Alguien ha creado en ${input.clinicName} la cuenta «${input.displayName}» con este correo, y en la clínica
ya tenemos una ficha con él. Si esa cuenta es tuya, para ver tu ficha y tus citas en tu área de paciente
abre este enlace en el navegador donde has iniciado sesión con ella (caduca en ${input.validHours} horas y
solo sirve una vez):

${input.link}

Si no has creado tú esa cuenta, no abras el enlace: tu ficha sigue protegida. Si quieres, avísanos.

${input.clinicName}`;
  const html = emailLayout(
    input.clinicName,
    `<p>${escapeHtml(greeting)}</p>
<p>Alguien ha creado en ${escapeHtml(input.clinicName)} la cuenta «${escapeHtml(input.displayName)}» con este correo, y en la clínica ya tenemos una ficha con él.
Si esa cuenta es tuya, para ver tu ficha y tus citas en tu área de paciente abre este enlace en el navegador donde has iniciado sesión con ella.</p>
${buttonHtml(input.link, 'Confirmar mi correo')}
<p style="font-size:13px;color:#52606d">El enlace caduca en ${input.validHours} horas y solo sirve una vez. Si no has creado tú esa cuenta, no abras el enlace: tu ficha sigue protegida.</p>
<p style="font-size:13px;color:#52606d;word-break:break-all">${escapeHtml(input.link)}</p>`,
  );
  return { to: input.to, subject: 'Confirma tu correo para ver tu ficha', text, html };
}
