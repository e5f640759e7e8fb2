import type { MailMessage } from '../../platform';
import { buttonHtml, emailLayout, escapeHtml, formatWhen } from '../../platform';

export interface NewSignInMailInput {
  to: string;
  displayName: string;
  clinicName: string;
  timeZone: string;
  /** «Ordenador con Windows», «Chrome 131», «Red 203.0.113.x». */
  device: string;
  browser: string;
  place: string;
  at: Date;
  /** The profile page of the account's role, where «Sesiones abiertas» and the password are. */
  profileLink: string;
}

/** «lunes, 12 de enero de 2026, 09:05 (hora de Europe/Madrid)». */
export function when(at: Date, timeZone: string): string {
  return `${formatWhen(at, timeZone)} (hora de ${timeZone})`;
}

/** «Nuevo inicio de sesión»: a sign-in from a device the account had not used (docs/decisions/0033-sessions-one-can-see-and-end-a-desk.md). */
export function newSignInEmail(input: NewSignInMailInput): MailMessage {
  const greeting = input.displayName ? `Hola, ${input.displayName}:` : 'Hola:';
  const facts: [string, string][] = [
    ['Dispositivo', input.device],
    ['Navegador', input.browser],
    ['Lugar aproximado', input.place],
    ['Fecha y hora', when(input.at, input.timeZone)],
  ];
  const text = `${greeting}

Se ha iniciado sesión en tu cuenta de ${input.clinicName} desde un dispositivo que no habías usado antes:

${facts.map(([label, value]) => `- ${label}: ${value}`).join('\n')}

Si has sido tú, no tienes que hacer nada.

Si no has sido tú, alguien conoce tu contraseña:
1. Cámbiala cuanto antes en «Mi perfil» (${input.profileLink}).
2. En ese mismo lugar, en «Sesiones abiertas», pulsa «Cerrar las demás» para echar de tu cuenta a cualquier otro dispositivo.
Si no puedes entrar, usa «¿Has olvidado tu contraseña?» en la página de inicio de sesión o llama a la clínica.

${input.clinicName}`;
  const rows = facts
    .map(
      ([label, value]) =>
        `<tr><td style="padding:4px 12px 4px 0;color:#52606d">${escapeHtml(label)}</td><td style="padding:4px 0"><strong>${escapeHtml(value)}</strong></td></tr>`,
    )
    .join('');
  const html = emailLayout(
    input.clinicName,
    `<p>${escapeHtml(greeting)}</p>
<p>Se ha iniciado sesión en tu cuenta de ${escapeHtml(input.clinicName)} desde un dispositivo que no habías usado antes:</p>
<table role="presentation" style="font-size:15px">${rows}</table>
<p>Si has sido tú, no tienes que hacer nada.</p>
<p><strong>Si no has sido tú</strong>, alguien conoce tu contraseña: cámbiala cuanto antes en «Mi perfil» y, en «Sesiones abiertas», pulsa «Cerrar las demás» para echar de tu cuenta a cualquier otro dispositivo.</p>
${buttonHtml(input.profileLink, 'Ir a Mi perfil')}
<p style="font-size:13px;color:#52606d">Si no puedes entrar, usa «¿Has olvidado tu contraseña?» en la página de inicio de sesión o llama a la clínica.</p>`,
  );
  return { to: input.to, subject: `Nuevo inicio de sesión en tu cuenta de ${input.clinicName}`, text, html };
}
