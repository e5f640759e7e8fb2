import { clock } from '../../platform';
import { transact } from '../../platform';
import { inspectCertificate } from '../verifactu/certificate';
import { ProviderError, toE164 } from '../../communications';
import { validationError } from '../../platform';
import type { GoLiveTestResult, GoLiveView } from '../../../common/schemas/go-live';
import type { CoreDeps } from '../deps';
import { goLiveChecks } from './checks';

/** The request as the checks see it: its protocol as Fastify believes it, and whether a proxy wrote headers. */
export interface AskingRequest {
  protocol: string;
  headers: Record<string, string | string[] | undefined>;
}

/**
 * «Puesta en marcha» (issue 37, item 5): the checks computed from the real configuration and the database, and
 * the test messages, sent straight through the mailer and the SMS provider so their answer is seen at once.
 */
export function createGoLiveService(deps: Pick<CoreDeps, 'config' | 'db' | 'repos' | 'mailer' | 'channels' | 'log'>) {
  const repo = deps.repos.goLive;
  return {
    async view(request: AskingRequest, adminEmail: string): Promise<GoLiveView> {
      const [settings, lastBackup, tests] = await Promise.all([
        deps.repos.clinic.getSettings(),
        deps.repos.backupRuns.lastBackup(),
        repo.lastTests(),
      ]);
      const checks = goLiveChecks({
        config: deps.config,
        protocol: request.protocol,
        viaProxy: Boolean(request.headers['x-forwarded-for'] ?? request.headers['x-forwarded-proto']),
        settings,
        certificate: inspectCertificate(deps.config.verifactu.certificate),
        lastBackup,
        tests,
        now: clock.now(),
      });
      return {
        ready: checks.every((check) => check.state !== 'falta'),
        checks,
        adminEmail,
        smsConfigured: Boolean(deps.config.messaging?.sms),
      };
    },

    /** Sends the test e-mail to the admin; records it only when it went by SMTP (a file reaches no one). */
    async sendTestEmail(to: string): Promise<GoLiveTestResult> {
      try {
        await deps.mailer.send({
          to,
          subject: 'Correo de prueba de Clínica',
          text: 'Si lees esto, Clínica puede enviar correos a los pacientes y al personal.',
          html: '<p>Si lees esto, Clínica puede enviar correos a los pacientes y al personal.</p>',
        });
      } catch (error) {
        deps.log.warn({ err: error }, 'go-live test e-mail failed');
        return { sent: false, detail: `El servidor de correo no aceptó el mensaje: ${(error as Error).message}` };
      }
      if (!deps.config.smtpUrl) {
        return {
          sent: false,
          detail: 'No hay SMTP_URL: el correo se ha escrito en un archivo en DATA_DIR/outbox y no ha salido.',
        };
      }
      await transact(deps.db, (tx) => repo.recordTest('email', { target: to, testedAt: clock.now() }, tx));
      return { sent: true, detail: `Correo de prueba enviado a ${to}. Comprueba que ha llegado a tu buzón.` };
    },

    async sendTestSms(phone: string): Promise<GoLiveTestResult> {
      const to = toE164(phone);
      if (!to) throw validationError({ phone: 'Introduce un móvil válido, p. ej. 600 123 456 o +34 600 123 456' });
      let accepted: { providerMessageId: string } | null;
      try {
        accepted = await deps.channels.sendTestSms(
          to,
          'Clínica: SMS de prueba. Si lo lees, los recordatorios por SMS funcionan.',
        );
      } catch (error) {
        const reason = error instanceof ProviderError ? error.message : 'error inesperado';
        deps.log.warn({ err: error }, 'go-live test SMS failed');
        return { sent: false, detail: `El proveedor de SMS no aceptó el mensaje: ${reason}` };
      }
      if (!accepted) return { sent: false, detail: 'No hay ningún proveedor de SMS configurado (SMS_PROVIDER).' };
      await transact(deps.db, (tx) => repo.recordTest('sms', { target: to, testedAt: clock.now() }, tx));
      return { sent: true, detail: `El proveedor ha aceptado el SMS de prueba para ${to}. Comprueba que ha llegado.` };
    },
  };
}

export type GoLiveService = ReturnType<typeof createGoLiveService>;
