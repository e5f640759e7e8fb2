import { declarationItems, DECLARATION_TITLE } from '../../../common/declaracion-responsable';
import {
  CERTIFICATE_WARNING_DAYS,
  type About,
  type CertificateView,
  type SwitchToProductionInput,
  type VerifactuIncident,
  type VerifactuMode,
} from '../../../common/schemas/verifactu';
import { inspectCertificate, type CertificateInspection } from '../verifactu/certificate';
import { declarationFacts, DEFAULT_PRODUCER, systemView } from '../../platform';
import { clock, formatNumericDate, formatShortDateTime, wholeDaysBetween } from '../../platform';
import { transact } from '../../platform';
import { AppError } from '../../platform';
import { auditedIn, type AuditContext } from '../../platform';
import type { ClinicSettingsRow } from '../../platform';
import type { CoreDeps } from '../deps';

type Settings = Pick<
  ClinicSettingsRow,
  'issuerNif' | 'issuerLegalName' | 'issuerAddress' | 'timeZone' | 'billingMode' | 'billingProductionSince'
>;

function certificateView(certificate: CertificateInspection, now: Date): CertificateView {
  if (certificate.status !== 'loaded') {
    const reason = certificate.status === 'unusable' ? certificate.reason : null;
    return { status: certificate.status, holder: null, nif: null, validTo: null, daysLeft: null, reason };
  }
  return {
    status: 'loaded',
    holder: certificate.holder,
    nif: certificate.nif,
    validTo: certificate.validTo.toISOString(),
    daysLeft: wholeDaysBetween(now, certificate.validTo),
    reason: null,
  };
}

/**
 * What stops the switch to producción, each said so the admin knows what to do (issue 35, item 1): the issuer's
 * data, a certificate that loads and has not expired. A holder other than the issuer does not stop it, but the
 * admin must confirm that holder is the issuer's registered representative (`representativeNeeded`).
 */
export function productionAssessment(settings: Settings, certificate: CertificateInspection, now: Date) {
  const blockers: string[] = [];
  if (!settings.issuerNif.trim() || !settings.issuerLegalName.trim() || !settings.issuerAddress.trim()) {
    blockers.push(
      'Faltan los datos fiscales de la clínica (razón social, NIF y domicilio): complétalos en Datos fiscales.',
    );
  }
  if (certificate.status === 'absent') {
    blockers.push(
      'No hay certificado electrónico configurado: pide al responsable técnico de la instalación que instale el ' +
        'de la clínica; Clínica lo leerá al reiniciarse.',
    );
  } else if (certificate.status === 'unusable') {
    blockers.push(`El certificado no se puede usar: ${certificate.reason}.`);
  } else if (certificate.validTo.getTime() <= now.getTime()) {
    blockers.push(`El certificado caducó el ${formatNumericDate(certificate.validTo, settings.timeZone)}: renuévalo.`);
  }
  const holderNif = certificate.status === 'loaded' ? certificate.nif : null;
  const representativeNeeded =
    certificate.status === 'loaded' && Boolean(settings.issuerNif) && holderNif !== settings.issuerNif.toUpperCase();
  return { blockers, representativeNeeded, holderNif };
}

/** The certificate's warning: 30 days before it expires, and once it has. */
function certificateWarning(view: CertificateView, timeZone: string): string | null {
  if (view.status !== 'loaded' || view.daysLeft === null || !view.validTo) return null;
  const expiry = formatNumericDate(view.validTo, timeZone);
  if (view.daysLeft < 0) return `El certificado caducó el ${expiry}: los registros no se pueden enviar. Renuévalo.`;
  if (view.daysLeft < CERTIFICATE_WARNING_DAYS) {
    return `El certificado caduca el ${expiry} (quedan ${view.daysLeft} días): renuévalo antes.`;
  }
  return null;
}

/**
 * The billing mode (issue 35, items 1 and 2): what the screens show of it, the admin's audited switch to producción
 * (once, and only with a certificate that loads, is the issuer's or a representative's, and has not expired), the
 * «Incidencias», and what «Acerca de» shows of the system and its declaración responsable.
 */
export function createVerifactuModeService(deps: Pick<CoreDeps, 'config' | 'db' | 'repos'>) {
  const { repos } = deps;
  const producer = deps.config.verifactu.producer ?? DEFAULT_PRODUCER;
  const inspect = () => inspectCertificate(deps.config.verifactu.certificate);

  /** What happens to the records now, in the desk's words. */
  function sending(
    settings: Settings,
    certificate: CertificateInspection,
    outage: { startedAt: Date; lastError: string } | undefined,
    now: Date,
  ): VerifactuMode['sending'] {
    const pruebas = settings.billingMode === 'pruebas';
    const where = pruebas ? 'al entorno de pruebas de la AEAT' : 'a la AEAT';
    const prefix = pruebas ? 'Modo pruebas: las facturas no tienen valor fiscal. ' : '';
    const later = pruebas
      ? ''
      : ' Las facturas se siguen emitiendo; sus registros se enviarán, marcados como generados durante una incidencia, en cuanto se pueda.';
    if (certificate.status === 'absent') {
      return {
        ok: false,
        detail: `${prefix}No se envía ningún registro ${where}: no hay certificado configurado.${later}`,
      };
    }
    if (certificate.status === 'unusable') {
      return {
        ok: false,
        detail: `${prefix}No se puede enviar ${where}: el certificado no se puede usar (${certificate.reason}).${later}`,
      };
    }
    if (certificate.validTo.getTime() <= now.getTime()) {
      const expiry = formatNumericDate(certificate.validTo, settings.timeZone);
      return { ok: false, detail: `${prefix}No se puede enviar ${where}: el certificado caducó el ${expiry}.${later}` };
    }
    if (outage) {
      const since = formatShortDateTime(outage.startedAt, settings.timeZone);
      return { ok: false, detail: `${prefix}La AEAT no responde desde el ${since} (${outage.lastError}).${later}` };
    }
    return { ok: true, detail: `${prefix}Los registros de facturación se envían ${where}.` };
  }

  async function view(): Promise<VerifactuMode> {
    const settings = await repos.clinic.getSettings();
    const certificate = inspect();
    const now = clock.now();
    const outage = settings.issuerNif
      ? await repos.verifactuOutages.current({ issuerNif: settings.issuerNif, mode: settings.billingMode })
      : undefined;
    const { blockers, representativeNeeded } = productionAssessment(settings, certificate, now);
    const certificateInfo = certificateView(certificate, now);
    return {
      mode: settings.billingMode,
      productionSince: settings.billingProductionSince?.toISOString() ?? null,
      issuerNif: settings.issuerNif,
      certificate: certificateInfo,
      sending: sending(settings, certificate, outage, now),
      productionBlockers: settings.billingMode === 'produccion' ? [] : blockers,
      representativeNeeded,
      certificateWarning: certificateWarning(certificateInfo, settings.timeZone),
      system: { ...systemView(producer), installationNumber: settings.verifactuInstallation },
      openIncident: outage ? { startedAt: outage.startedAt.toISOString(), reason: outage.lastError } : null,
    };
  }

  return {
    view,

    /**
     * Switches the clinic to producción, in one transaction with its audit entry; the settings row is locked, so the
     * invoices being issued finish in pruebas and the next ones start the producción series and chain at 1.
     */
    async switchToProduction(input: SwitchToProductionInput, context: AuditContext): Promise<VerifactuMode> {
      await transact(deps.db, async (tx) => {
        const settings = await repos.clinic.lockSettings(tx);
        if (settings.billingMode === 'produccion') {
          throw new AppError(409, 'PRODUCTION_NOT_READY', 'La facturación ya está en producción.');
        }
        const certificate = inspect();
        const now = clock.now();
        const { blockers, representativeNeeded, holderNif } = productionAssessment(settings, certificate, now);
        if (blockers.length > 0) throw new AppError(409, 'PRODUCTION_NOT_READY', blockers.join(' '));
        if (representativeNeeded && !input.representative) {
          throw new AppError(
            409,
            'PRODUCTION_NOT_READY',
            `El certificado es de ${holderNif ? `NIF ${holderNif}` : 'un titular cuyo NIF no consta'}, no del emisor ` +
              `(NIF ${settings.issuerNif}): confirma que su titular está registrado en la AEAT como representante del emisor.`,
          );
        }
        const loaded = certificate.status === 'loaded' ? certificate : null;
        await auditedIn(
          tx,
          () =>
            repos.clinic.updateSettings(
              {
                billingMode: 'produccion',
                billingProductionSince: now,
                // The sender sends this NIF's chain with the representative's certificate from now on.
                ...(representativeNeeded && {
                  verifactuRepresentedNifs: [...settings.verifactuRepresentedNifs, settings.issuerNif.toUpperCase()],
                }),
              },
              tx,
            ),
          {
            ...context,
            action: 'update',
            entity: 'billing_mode',
            details: {
              from: 'pruebas',
              to: 'produccion',
              certificate: { holder: loaded?.holder, nif: loaded?.nif, validTo: loaded?.validTo.toISOString() },
              representative: representativeNeeded,
            },
          },
        );
      });
      return view();
    },

    async incidents(): Promise<VerifactuIncident[]> {
      const rows = await repos.verifactuOutages.list(200);
      return rows.map((row) => ({
        id: row.id,
        issuerNif: row.issuerNif,
        mode: row.mode,
        startedAt: row.startedAt.toISOString(),
        endedAt: row.endedAt?.toISOString() ?? null,
        reason: row.reason,
        lastError: row.lastError,
      }));
    },

    about(): About {
      const facts = declarationFacts(producer);
      return { system: facts.system, declaration: { title: DECLARATION_TITLE, items: declarationItems(facts) } };
    },
  };
}

export type VerifactuModeService = ReturnType<typeof createVerifactuModeService>;
