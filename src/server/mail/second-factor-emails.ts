import type { MailMessage } from './mailer';
import { emailLayout, escapeHtml } from './layout';

/** What changed in an account's second factor. */
export type SecondFactorChange =
  | { kind: 'totp-added' }
  | { kind: 'passkey-added'; name: string }
  | { kind: 'totp-removed' }
  | { kind: 'passkey-removed'; name: string }
  | { kind: 'recovery-renewed' }
  | { kind: 'reset' };

function sentence(change: SecondFactorChange): string {
  switch (change.kind) {
    case 'totp-added':
      return 'Se ha configurado una app de autenticación como segundo factor de tu cuenta.';
    case 'passkey-added':
      return `Se ha añadido la llave de acceso «${change.name}» a tu cuenta.`;
    case 'totp-removed':
      return 'Se ha quitado la app de autenticación de tu cuenta.';
    case 'passkey-removed':
      return `Se ha quitado la llave de acceso «${change.name}» de tu cuenta.`;
    case 'recovery-renewed':
      return 'Se han generado códigos de recuperación nuevos para tu cuenta; los anteriores ya no sirven.';
    case 'reset':
      return 'La administración de la clínica ha restablecido el segundo factor de tu cuenta: se han quitado tu app de autenticación, tus llaves de acceso y tus códigos de recuperación.';
  }
}

/**
 * A notice to the account's address each time its second factor changes: if it was not her (someone who
 * knew her password set up a factor of their own), she finds out and can act.
 */
export function secondFactorChangedEmail(input: {
  to: string;
  displayName: string;
  clinicName: string;
  change: SecondFactorChange;
}): MailMessage {
  const greeting = input.displayName ? `Hola, ${input.displayName}:` : 'Hola:';
  const what = sentence(input.change);
  const advice =
    'Si has sido tú, no tienes que hacer nada. Si no, cambia tu contraseña en tu perfil y avisa a la clínica cuanto antes.';
  const text = `${greeting}

${what}

${advice}

${input.clinicName}`;
  const html = emailLayout(
    input.clinicName,
    `<p>${escapeHtml(greeting)}</p>
<p>${escapeHtml(what)}</p>
<p style="font-size:13px;color:#52606d">${escapeHtml(advice)}</p>`,
  );
  return { to: input.to, subject: `Cambio en la seguridad de tu cuenta de ${input.clinicName}`, text, html };
}
