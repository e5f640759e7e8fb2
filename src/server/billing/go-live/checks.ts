import type { Config } from '../../platform';
import type { CertificateInspection } from '../verifactu/certificate';
import type { GoLiveCheck } from '../../../common/schemas/go-live';
import { CERTIFICATE_WARNING_DAYS } from '../../../common/schemas/verifactu';
import type { ClinicSettingsRow } from '../../platform';
import type { ChannelTest, TestChannel } from './repository';
import type { BackupRun } from '../../platform';
import { durationMs, formatShortDateTime, minutesBetween, wholeDaysBetween } from '../../platform';

/** Everything the checks read: the configuration, the request that asks, the database's records and the time. */
export interface GoLiveFacts {
  config: Pick<Config, 'publicUrl' | 'trustProxy' | 'smtpUrl' | 'secretsKey' | 'messaging'>;
  /** The request's protocol as Fastify believes it (X-Forwarded-Proto only from a trusted proxy). */
  protocol: string;
  /** The request carried X-Forwarded-* headers: some proxy is in front, trusted or not. */
  viaProxy: boolean;
  settings: Pick<
    ClinicSettingsRow,
    | 'issuerNif'
    | 'issuerLegalName'
    | 'issuerAddress'
    | 'requireSecondFactorForStaff'
    | 'messageChannels'
    | 'timeZone'
    | 'billingMode'
    | 'billingProductionSince'
  >;
  certificate: CertificateInspection;
  lastBackup?: BackupRun;
  tests: Partial<Record<TestChannel, ChannelTest>>;
  now: Date;
}

/** A daily timer that ran: the last copy younger than a day and two hours. */
const BACKUP_MAX_AGE_MS = durationMs({ hours: 26 });
export const DEPLOY_GUIDE = 'docs/deploy.md';

const check = (id: GoLiveCheck['id'], title: string, state: GoLiveCheck['state'], detail: string, fix: string | null) =>
  ({ id, title, state, detail, fix }) satisfies GoLiveCheck;

/** «hace 3 h», «hace 2 días», «hace 5 min». */
export function ago(at: Date, now: Date): string {
  const minutes = Math.max(0, Math.round(minutesBetween(at, now)));
  if (minutes < 60) return `hace ${minutes} min`;
  const hours = Math.round(minutes / 60);
  if (hours < 48) return `hace ${hours} h`;
  return `hace ${Math.round(hours / 24)} días`;
}

function publicUrlCheck({ config }: GoLiveFacts): GoLiveCheck {
  const title = 'Dirección pública con HTTPS (PUBLIC_URL)';
  if (config.publicUrl.startsWith('https://'))
    return check('public-url', title, 'correcto', `Clínica se publica en ${config.publicUrl}.`, null);
  const local = /^http:\/\/(localhost|127\.0\.0\.1|\[::1\])(:|\/|$)/.test(config.publicUrl);
  return check(
    'public-url',
    title,
    'falta',
    local
      ? `PUBLIC_URL es ${config.publicUrl}: vale para la demostración en este ordenador, no para abrir a los pacientes.`
      : `PUBLIC_URL es ${config.publicUrl}, sin HTTPS: las contraseñas y los datos de salud viajarían sin cifrar.`,
    'Pon en PUBLIC_URL la dirección https:// de la clínica (p. ej. https://citas.miclinica.es) con un proxy que ' +
      `termine TLS delante, como explica ${DEPLOY_GUIDE}, y reinicia Clínica.`,
  );
}

function proxyCheck({ config, protocol, viaProxy }: GoLiveFacts): GoLiveCheck {
  const title = 'Proxy de confianza (TRUST_PROXY)';
  const trusted = config.trustProxy !== false;
  const fix =
    'Pon en TRUST_PROXY la dirección del proxy (p. ej. TRUST_PROXY=127.0.0.1 si está en la misma máquina) y haz que ' +
    `envíe X-Forwarded-Proto: https (Caddy lo hace solo; ver ${DEPLOY_GUIDE}).`;
  if (!config.publicUrl.startsWith('https://')) {
    return check(
      'proxy',
      title,
      'aviso',
      'Se comprueba cuando PUBLIC_URL empiece por https://: hasta entonces no hay proxy que configurar.',
      null,
    );
  }
  if (!trusted) {
    return check(
      'proxy',
      title,
      'falta',
      'PUBLIC_URL es https:// pero TRUST_PROXY está desactivado: Clínica ve HTTP detrás del proxy, así que la cookie de ' +
        'sesión no es __Host- ni Secure y no se envía Strict-Transport-Security.',
      fix,
    );
  }
  if (protocol === 'https')
    return check('proxy', title, 'correcto', 'Esta página ha llegado por HTTPS a través del proxy de confianza.', null);
  if (viaProxy) {
    return check(
      'proxy',
      title,
      'falta',
      'Esta página ha llegado por un proxy que TRUST_PROXY no incluye, o que no dice que la conexión era HTTPS.',
      fix,
    );
  }
  return check(
    'proxy',
    title,
    'aviso',
    'TRUST_PROXY está puesto, pero esta página no ha llegado por el proxy: ábrela desde la dirección pública para comprobarlo.',
    `Abre ${config.publicUrl} y vuelve a esta página.`,
  );
}

function emailCheck({ config, tests, settings }: GoLiveFacts): GoLiveCheck {
  const title = 'Envío de correo';
  if (!config.smtpUrl) {
    return check(
      'email',
      title,
      'falta',
      'No hay SMTP_URL: los correos (citas, recordatorios, invitaciones) se escriben en archivos en DATA_DIR/outbox y no llegan a nadie.',
      'Pon SMTP_URL (smtps://usuario:clave@servidor:465) y MAIL_FROM con el remitente de la clínica, reinicia Clínica y ' +
        'pulsa «Enviar un correo de prueba».',
    );
  }
  const test = tests.email;
  if (!test) {
    return check(
      'email',
      title,
      'falta',
      'SMTP_URL está puesto, pero aún no se ha enviado ningún correo de prueba.',
      'Pulsa «Enviar un correo de prueba» y comprueba que llega a tu buzón.',
    );
  }
  return check(
    'email',
    title,
    'correcto',
    `Último correo de prueba enviado a ${test.target} el ${formatShortDateTime(test.testedAt, settings.timeZone)}.`,
    null,
  );
}

function smsCheck({ config, tests, settings }: GoLiveFacts): GoLiveCheck {
  const title = 'Envío de SMS';
  const wanted = settings.messageChannels.includes('sms');
  if (!config.messaging?.sms) {
    return wanted
      ? check(
          'sms',
          title,
          'falta',
          'Los recordatorios incluyen SMS, pero no hay ningún proveedor de SMS configurado: no saldrá ninguno.',
          'Pon SMS_PROVIDER=twilio con TWILIO_ACCOUNT_SID, TWILIO_AUTH_TOKEN y TWILIO_FROM, o quita el SMS de los canales en Configuración.',
        )
      : check(
          'sms',
          title,
          'aviso',
          'No hay proveedor de SMS: los recordatorios van por correo. Es opcional.',
          'Si quieres recordatorios por SMS, pon SMS_PROVIDER=twilio con TWILIO_ACCOUNT_SID, TWILIO_AUTH_TOKEN y TWILIO_FROM.',
        );
  }
  const test = tests.sms;
  if (!test) {
    return check(
      'sms',
      title,
      'falta',
      'Hay un proveedor de SMS configurado, pero aún no se ha enviado ningún SMS de prueba.',
      'Escribe un móvil y pulsa «Enviar un SMS de prueba».',
    );
  }
  return check(
    'sms',
    title,
    'correcto',
    `Último SMS de prueba aceptado por el proveedor para ${test.target} el ${formatShortDateTime(test.testedAt, settings.timeZone)}.`,
    null,
  );
}

function certificateCheck({ certificate, settings, now }: GoLiveFacts): GoLiveCheck {
  const title = 'Certificado de VERI*FACTU';
  const fix =
    'Copia el certificado electrónico de la clínica (.p12 o .pfx) al servidor, indica su ruta en VERIFACTU_CERT_PATH y ' +
    'su contraseña en VERIFACTU_CERT_PASSWORD, y reinicia Clínica.';
  if (certificate.status === 'absent') {
    return check(
      'verifactu-certificate',
      title,
      'falta',
      'No hay certificado: los registros de facturación no se envían a la AEAT y esperan «pendientes de envío».',
      fix,
    );
  }
  if (certificate.status === 'unusable')
    return check(
      'verifactu-certificate',
      title,
      'falta',
      `El certificado no se puede usar: ${certificate.reason}.`,
      fix,
    );
  const expiry = formatShortDateTime(certificate.validTo, settings.timeZone);
  const holder = `Titular: ${certificate.holder}${certificate.nif ? ` (NIF ${certificate.nif})` : ''}`;
  const daysLeft = wholeDaysBetween(now, certificate.validTo);
  if (daysLeft < 0)
    return check(
      'verifactu-certificate',
      title,
      'falta',
      `${holder}. Caducó el ${expiry}.`,
      `Renueva el certificado. ${fix}`,
    );
  if (daysLeft < CERTIFICATE_WARNING_DAYS) {
    return check(
      'verifactu-certificate',
      title,
      'aviso',
      `${holder}. Caduca el ${expiry}: quedan ${daysLeft} días.`,
      `Renueva el certificado antes de que caduque. ${fix}`,
    );
  }
  if (certificate.nif && settings.issuerNif && certificate.nif !== settings.issuerNif.toUpperCase()) {
    return check(
      'verifactu-certificate',
      title,
      'aviso',
      `${holder}, distinto del NIF del emisor (${settings.issuerNif}). Caduca el ${expiry}.`,
      'Solo sirve si su titular está registrado en la AEAT como representante del emisor; si no, usa el certificado de la clínica.',
    );
  }
  return check('verifactu-certificate', title, 'correcto', `${holder}. Caduca el ${expiry}.`, null);
}

/**
 * The billing mode (issue 35, item 1): until an admin switches to producción, every invoice says «SIN VALOR FISCAL —
 * PRUEBAS» and its record goes to the AEAT's test environment, so a clinic that invoices is not ready before then.
 */
function modeCheck({ settings }: GoLiveFacts): GoLiveCheck {
  const title = 'Facturación VERI*FACTU en producción';
  if (settings.billingMode === 'produccion') {
    const since = settings.billingProductionSince
      ? ` desde el ${formatShortDateTime(settings.billingProductionSince, settings.timeZone)}`
      : '';
    return check(
      'verifactu-mode',
      title,
      'correcto',
      `En producción${since}: las facturas tienen valor fiscal y sus registros se envían a la AEAT.`,
      null,
    );
  }
  return check(
    'verifactu-mode',
    title,
    'falta',
    'La facturación está en modo pruebas: cada factura lleva «SIN VALOR FISCAL — PRUEBAS» y sus registros van, si ' +
      'hay certificado, al entorno de pruebas de la AEAT.',
    'Con el certificado de la clínica configurado y vigente, pulsa «Pasar a producción» en Facturación › VERI*FACTU.',
  );
}

function issuerCheck({ settings }: GoLiveFacts): GoLiveCheck {
  const title = 'Datos fiscales del emisor';
  const missing = [
    settings.issuerNif.trim() ? null : 'NIF',
    settings.issuerLegalName.trim() ? null : 'razón social o nombre',
    settings.issuerAddress.trim() ? null : 'domicilio',
  ].filter((item): item is string => item !== null);
  if (missing.length === 0) {
    return check(
      'issuer',
      title,
      'correcto',
      `${settings.issuerLegalName}, NIF ${settings.issuerNif}, ${settings.issuerAddress}.`,
      null,
    );
  }
  return check(
    'issuer',
    title,
    'falta',
    `Faltan: ${missing.join(', ')}. Sin ellos no se puede emitir ninguna factura.`,
    'Complétalos en Facturación › Datos fiscales.',
  );
}

function secondFactorCheck({ settings }: GoLiveFacts): GoLiveCheck {
  const title = 'Segundo factor obligatorio para el personal';
  return settings.requireSecondFactorForStaff
    ? check('second-factor', title, 'correcto', 'Administradores y médicos entran con un segundo factor.', null)
    : check(
        'second-factor',
        title,
        'falta',
        'El personal puede entrar solo con la contraseña, aunque lee historias clínicas.',
        'Activa «Exigir segundo factor al personal» en Configuración › Seguridad.',
      );
}

function backupCheck({ lastBackup, now }: GoLiveFacts): GoLiveCheck {
  const title = 'Copias de seguridad';
  const fix = `Programa npm run backup a diario con un temporizador de systemd, como explica ${DEPLOY_GUIDE}, y guarda las copias fuera de esta máquina.`;
  if (!lastBackup) return check('backups', title, 'falta', 'No consta ninguna copia hecha con npm run backup.', fix);
  const when = ago(lastBackup.finishedAt, now);
  const size = `${(lastBackup.sizeBytes / 1024 / 1024).toLocaleString('es-ES', { maximumFractionDigits: 1 })} MB`;
  if (!lastBackup.verified) {
    return check(
      'backups',
      title,
      'falta',
      `La última copia (${when}, ${lastBackup.file}) no se pudo comprobar: ${lastBackup.checkError ?? 'error desconocido'}.`,
      'Repite npm run backup y revisa el disco donde se guardan las copias.',
    );
  }
  if (now.getTime() - lastBackup.finishedAt.getTime() > BACKUP_MAX_AGE_MS) {
    return check(
      'backups',
      title,
      'falta',
      `Última copia: ${when}, comprobada. Con un temporizador diario habría una más reciente.`,
      fix,
    );
  }
  return check('backups', title, 'correcto', `Última copia: ${when}, comprobada (${lastBackup.file}, ${size}).`, null);
}

function secretsKeyCheck({ config }: GoLiveFacts): GoLiveCheck {
  const title = 'Clave de cifrado (SECRETS_KEY)';
  return config.secretsKey
    ? check(
        'secrets-key',
        title,
        'correcto',
        'Los secretos del segundo factor se cifran con la clave de SECRETS_KEY.',
        null,
      )
    : check(
        'secrets-key',
        title,
        'falta',
        'No hay SECRETS_KEY: la clave que cifra los secretos del segundo factor se guarda en la base de datos, así que ' +
          'cualquier copia de la base la lleva consigo.',
        'Genera una con openssl rand -hex 32, ponla en SECRETS_KEY (fuera de las copias de la base de datos) y reinicia Clínica.',
      );
}

/** Every check of «Puesta en marcha», in the order an installer goes through them. */
export function goLiveChecks(facts: GoLiveFacts): GoLiveCheck[] {
  return [
    publicUrlCheck(facts),
    proxyCheck(facts),
    emailCheck(facts),
    smsCheck(facts),
    certificateCheck(facts),
    modeCheck(facts),
    issuerCheck(facts),
    secondFactorCheck(facts),
    backupCheck(facts),
    secretsKeyCheck(facts),
  ];
}
