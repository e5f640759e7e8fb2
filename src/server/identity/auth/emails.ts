import type { MailMessage } from '../../platform';
import { buttonHtml, emailLayout, escapeHtml } from '../../platform';

export function passwordResetEmail(input: {
  to: string;
  displayName: string;
  clinicName: string;
  link: string;
}): MailMessage {
  const greeting = input.displayName ? `Hola, ${input.displayName}:` : 'Hola:';
  const text = `${greeting}

Hemos recibido una solicitud para restablecer la contraseña de tu cuenta en ${input.clinicName}.
Para elegir una contraseña nueva, abre este enlace (caduca en 1 hora y solo sirve una vez):

${input.link}

Si no lo has pedido tú, ignora este correo: tu contraseña no cambiará.

${input.clinicName}`;
  const html = emailLayout(
    input.clinicName,
    `<p>${escapeHtml(greeting)}</p>
<p>Hemos recibido una solicitud para restablecer la contraseña de tu cuenta en ${escapeHtml(input.clinicName)}.</p>
${buttonHtml(input.link, 'Elegir una contraseña nueva')}
<p style="font-size:13px;color:#52606d">El enlace caduca en 1 hora y solo sirve una vez. Si no lo has pedido tú, ignora este correo: tu contraseña no cambiará.</p>
<p style="font-size:13px;color:#52606d;word-break:break-all">${escapeHtml(input.link)}</p>`,
  );
  return { to: input.to, subject: `Restablece tu contraseña de ${input.clinicName}`, text, html };
}

export function invitationEmail(input: {
  to: string;
  displayName: string;
  clinicName: string;
  roleLabel: string;
  link: string;
  validDays: number;
}): MailMessage {
  const greeting = `Hola, ${input.displayName}:`;
  const text = `${greeting}

${input.clinicName} te ha creado una cuenta (${input.roleLabel}) con el correo ${input.to}.
Para empezar, elige tu contraseña en este enlace (caduca en ${input.validDays} días y solo sirve una vez):

${input.link}

Si no esperabas este correo, ignóralo.

${input.clinicName}`;
  const html = emailLayout(
    input.clinicName,
    `<p>${escapeHtml(greeting)}</p>
<p>${escapeHtml(input.clinicName)} te ha creado una cuenta (${escapeHtml(input.roleLabel)}) con el correo <strong>${escapeHtml(input.to)}</strong>.</p>
${buttonHtml(input.link, 'Elegir mi contraseña')}
<p style="font-size:13px;color:#52606d">El enlace caduca en ${input.validDays} días y solo sirve una vez. Si no esperabas este correo, ignóralo.</p>
<p style="font-size:13px;color:#52606d;word-break:break-all">${escapeHtml(input.link)}</p>`,
  );
  return { to: input.to, subject: `Tu cuenta en ${input.clinicName}`, text, html };
}
