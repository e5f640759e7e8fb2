import type { MailMessage } from '../../platform';
import { buttonHtml, emailLayout, escapeHtml } from '../../platform';
import { when } from '../sessions/emails';

/** What changed in how an account signs in. */
export type SecondFactorChange =
  | { kind: 'totp-added' }
  | { kind: 'passkey-added'; name: string }
  | { kind: 'totp-removed' }
  | { kind: 'passkey-removed'; name: string }
  | { kind: 'recovery-renewed' }
  | { kind: 'password-changed' }
  | { kind: 'password-reset' }
  | { kind: 'reset' };

/** The change in one sentence: the e-mail's subject and its first line. */
export function changeSentence(change: SecondFactorChange): string {
  switch (change.kind) {
    case 'totp-added':
      return 'Se ha añadido una app de códigos a tu cuenta';
    case 'passkey-added':
      return `Se ha añadido la llave de acceso «${change.name}»`;
    case 'totp-removed':
      return 'Se ha quitado la app de códigos de tu cuenta';
    case 'passkey-removed':
      return `Se ha quitado la llave de acceso «${change.name}»`;
    case 'recovery-renewed':
      return 'Se han generado códigos de recuperación nuevos (los anteriores ya no sirven)';
    case 'password-changed':
      return 'Se ha cambiado la contraseña de tu cuenta';
    case 'password-reset':
      return 'Se ha restablecido la contraseña de tu cuenta con un enlace enviado a tu correo';
    case 'reset':
      return 'La administración de la clínica ha restablecido el segundo factor de tu cuenta: se han quitado tu app, tus llaves de acceso y tus códigos de recuperación';
  }
}

export interface SecondFactorChangedMailInput {
  to: string;
  displayName: string;
  clinicName: string;
  change: SecondFactorChange;
  /** Where the change was made from: «Ordenador con Windows · Chrome 131 · Red 203.0.113.x». */
  device: string;
  at: Date;
  timeZone: string;
  /** The profile's «Segundo factor» section, where the account's keys, app and sessions are reviewed. */
  reviewLink: string;
}

/**
 * A notice to the account's address each time how it signs in changes: what changed, from which device and
 * when, and where to review its factors. If it was not her, she removes there what she does not recognise
 * and closes the other sessions (a new password alone removes no passkey).
 */
export function secondFactorChangedEmail(input: SecondFactorChangedMailInput): MailMessage {
  const greeting = input.displayName ? `Hola, ${input.displayName}:` : 'Hola:';
  const what = `${changeSentence(input.change)}.`;
  const facts: [string, string][] = [
    ['Desde', input.device],
    ['Fecha y hora', when(input.at, input.timeZone)],
  ];
  const ifYou =
    input.change.kind === 'reset'
      ? 'Si se lo pediste a la clínica, no tienes que hacer nada.'
      : 'Si has sido tú, no tienes que hacer nada.';
  const ifNot =
    'Si no has sido tú, entra en «Segundo factor» de tu perfil, quita las llaves de acceso o la app que no reconozcas y pulsa «Cerrar las demás sesiones».';
  const locked =
    'Si no puedes entrar, usa «¿Has olvidado tu contraseña?»: el enlace cierra todas las sesiones de tu cuenta y te deja quitar sus llaves y su app. O llama a la clínica.';
  const text = `${greeting}

${what}

${facts.map(([label, value]) => `- ${label}: ${value}`).join('\n')}

${ifYou}

${ifNot} (${input.reviewLink})
${locked}

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
<p><strong>${escapeHtml(what)}</strong></p>
<table role="presentation" style="font-size:15px">${rows}</table>
<p>${escapeHtml(ifYou)}</p>
<p>${escapeHtml(ifNot)}</p>
${buttonHtml(input.reviewLink, 'Revisar mi segundo factor')}
<p style="font-size:13px;color:#52606d">${escapeHtml(locked)}</p>`,
  );
  return { to: input.to, subject: changeSentence(input.change), text, html };
}
