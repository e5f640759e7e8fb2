import { randomUUID } from 'node:crypto';
import { Temporal } from 'temporal-polyfill';
import {
  REPRESENTATIVE_REQUIRED,
  type ConsentActInput,
  type ConsentActKind,
  type ConsentSigningView,
  type ConsentVia,
} from '../../../common/schemas/consent-signing';
import { ageOn } from '../../../common/schemas/patient-context';
import { dateInZone } from '../../platform';
import { SEES_EVERYTHING } from '../../access';
import { clock } from '../../platform';
import type { Db } from '../../platform';
import { transact, type Tx } from '../../platform';
import { AppError, notFound, validationError } from '../../platform';
import { audited, auditedIn } from '../../platform';
import type { AuditEntry } from '../../platform';
import type { CoreDeps } from '../deps';
import { databaseFileStore } from '../../clinical';
import { renderConsentPdf } from './pdf';
import { decodeSignaturePng } from '../../platform';
import { contentLines, contentSha256, type ConsentDocumentData } from './signed-content';

export const CONSENT_NOT_FOUND = 'Consentimiento no encontrado';
const DONE: Record<string, string> = {
  firmado: 'Este consentimiento ya está firmado: no se puede firmar ni rechazar otra vez.',
  rechazado: 'Este consentimiento ya está rechazado: si cambias de opinión, habla con la clínica.',
  revocado: 'Este consentimiento ya está revocado.',
};

/** Who acts and from where (the token's `via`, or the signed-in user's). */
export interface ActContext {
  via: ConsentVia;
  actor: AuditEntry['actor'];
  ip: string;
  userAgent: string;
}

/**
 * Whether a visit's consent can no longer be signed: consent comes before the procedure, so signing closes once
 * the visit is attended or missed, or its day is over in the clinic's zone (issue 38, item 4). The links check it
 * (`signing-routes.ts`, `records-routes.ts`): the demo's history signs through the service without one.
 */
export function signingClosed(visit: { endsAt: Date; status: string }, timeZone: string): boolean {
  if (visit.status === 'atendida' || visit.status === 'no_asistio') return true;
  return clock.today(timeZone).toString() > dateInZone(visit.endsAt, timeZone);
}

const AUDIT_ACTIONS = { firma: 'sign', rechazo: 'refuse', revocacion: 'revoke' } as const;
const FILE_WORDS = { firma: 'firmado', rechazo: 'rechazado', revocacion: 'revocacion' } as const;

/**
 * Signing, refusing and revoking a consent request: each act is checked against the request's state, rendered as a
 * PDF whose content hash is printed on it, and written — the act, the PDF in the patient's files and the audit
 * entry — in one transaction, with the request locked so two acts never cross.
 */
export function createConsentSigningService(deps: Pick<CoreDeps, 'db' | 'repos'>) {
  const { repos } = deps;
  const store = databaseFileStore(deps.db);

  async function load(requestId: string, db: Db = deps.db) {
    const request = await repos.consentSigning.findById(requestId, db);
    if (!request) throw notFound(CONSENT_NOT_FOUND);
    const appointment = (await repos.appointments.findView(request.appointmentId, db))!;
    const settings = await repos.clinic.getSettings(db);
    const minor =
      appointment.patientBirthDate !== null &&
      ageOn(appointment.patientBirthDate, clock.today(settings.timeZone).toString()) < 18;
    return { request, appointment, settings, minor };
  }

  async function view(
    requestId: string,
    purpose: 'firma' | 'revocacion',
    expiresAt: Date,
  ): Promise<ConsentSigningView> {
    const { request, appointment, settings, minor } = await load(requestId);
    const last = request.lastAct;
    return {
      requestId: request.id,
      purpose,
      status: request.status,
      expiresAt: expiresAt.toISOString(),
      clinicName: settings.name,
      patientName: `${appointment.patientFirstName} ${appointment.patientLastName}`.trim(),
      patientDocument: appointment.patientDocument ?? '',
      minor,
      appointment: {
        startsAt: appointment.startsAt.toISOString(),
        doctorName: appointment.doctorName,
        specialty: appointment.specialty,
        timeZone: settings.timeZone,
      },
      version: request.version,
      lastAct: last
        ? { kind: last.kind, actedAt: last.actedAt.toISOString(), contentSha256: last.contentSha256 }
        : null,
    };
  }

  /** The state a kind of act needs: a decision on a pending request, a revocation of a signed one. */
  function requireState(status: string, kind: ConsentActKind) {
    if (kind === 'revocacion') {
      if (status !== 'firmado') {
        throw new AppError(409, 'CONFLICT', DONE[status] ?? 'Solo se puede revocar un consentimiento firmado.');
      }
    } else if (status !== 'pendiente') {
      throw new AppError(409, 'CONFLICT', DONE[status]!);
    }
  }

  /** `within`: a transaction already open (the demo data's), else one of its own. */
  async function act(
    requestId: string,
    kind: ConsentActKind,
    input: ConsentActInput,
    context: ActContext,
    within?: Tx,
  ) {
    const { request, appointment, settings, minor } = await load(requestId, within);
    requireState(request.status, kind);
    if (kind !== 'revocacion' && appointment.status === 'cancelada') {
      throw new AppError(409, 'CONFLICT', 'La cita de este consentimiento está cancelada: no hace falta firmarlo.');
    }
    const needsRepresentative = minor || input.asRepresentative;
    if (needsRepresentative && !input.representative) {
      throw validationError({ representative: REPRESENTATIVE_REQUIRED });
    }
    const signature =
      input.signature.method === 'trazo'
        ? { method: 'trazo' as const, png: decodeSignaturePng(input.signature.image) }
        : { method: 'nombre' as const, typedName: input.signature.typedName };
    const actedAt = clock.now();
    const signed = request.acts.find((one) => one.kind === 'firma');
    const data: ConsentDocumentData = {
      kind,
      requestId: request.id,
      clinicName: settings.name,
      timeZone: settings.timeZone,
      version: request.version,
      appointment: {
        startsAt: appointment.startsAt,
        doctorName: appointment.doctorName,
        specialty: appointment.specialty,
        doctorLicense: (await repos.doctors.findById(appointment.doctorId, within))?.licenseNumber ?? '',
      },
      signerName: input.signerName,
      signerDocument: input.signerDocument,
      representative: needsRepresentative ? input.representative! : null,
      signature,
      actedAt,
      ip: context.ip,
      userAgent: context.userAgent.slice(0, 300),
      revokes:
        kind === 'revocacion' && signed ? { actedAt: signed.actedAt, contentSha256: signed.contentSha256 } : undefined,
    };
    const lines = contentLines(data);
    const sha256 = contentSha256(lines);
    const pdf = await renderConsentPdf(data, lines, sha256);
    const fileId = randomUUID();
    const day = Temporal.Instant.fromEpochMilliseconds(appointment.startsAt.getTime())
      .toZonedDateTimeISO(settings.timeZone)
      .toPlainDate()
      .toString();
    const write = within
      ? (work: (tx: Tx) => Promise<{ id: string }>, entry: (row: { id: string }) => AuditEntry) =>
          auditedIn(within, work, entry)
      : (work: (tx: Tx) => Promise<{ id: string }>, entry: (row: { id: string }) => AuditEntry) =>
          audited(deps.db, work, entry);
    await write(
      async (tx) => {
        await repos.consentSigning.lock(request.id, tx);
        const now = await repos.consentSigning.findById(request.id, tx);
        requireState(now!.status, kind);
        await repos.files.create(
          {
            id: fileId,
            patientId: request.patientId,
            type: 'consentimientos',
            name: `consentimiento-${day}-v${request.version.number}-${FILE_WORDS[kind]}.pdf`,
            description: `${request.version.title} (versión ${request.version.number}): ${FILE_WORDS[kind]}. SHA-256 ${sha256}`,
            mime: 'application/pdf',
            size: pdf.length,
            visibleToPatient: true,
            uploadedBy: context.actor?.id ?? null,
            createdAt: actedAt,
          },
          tx,
        );
        await store.save(fileId, pdf, tx);
        return repos.consentSigning.addAct(
          {
            requestId: request.id,
            kind,
            signerName: data.signerName,
            signerDocument: data.signerDocument,
            representativeName: data.representative?.name ?? null,
            representativeDocument: data.representative?.document ?? null,
            representativeRelationship: data.representative?.relationship ?? null,
            signatureMethod: signature.method,
            signaturePng: signature.method === 'trazo' ? signature.png : null,
            typedSignature: signature.method === 'nombre' ? signature.typedName : null,
            ip: data.ip,
            userAgent: data.userAgent,
            via: context.via,
            actorId: context.actor?.id ?? null,
            actedAt,
            contentSha256: sha256,
            fileId,
          },
          tx,
        );
      },
      (row) => ({
        actor: context.actor,
        ip: context.ip,
        action: AUDIT_ACTIONS[kind],
        entity: 'consent',
        entityId: request.id,
        patientId: request.patientId,
        details: { act: row.id, via: context.via, version: request.version.number, sha256, file: fileId },
      }),
    );
    return { status: (await repos.consentSigning.findById(request.id, within))!.status, sha256 };
  }

  /** The PDF of the request's latest act, with its file name: undefined when nothing was signed or refused. */
  async function latestPdf(requestId: string) {
    const request = await repos.consentSigning.findById(requestId);
    if (!request?.lastAct) return undefined;
    const file = await repos.files.visibleTo(SEES_EVERYTHING).findById(request.lastAct.fileId);
    const content = await transact(deps.db, async (tx) => store.read(request.lastAct!.fileId, tx));
    return { request, name: file?.name ?? 'consentimiento.pdf', content };
  }

  return { view, act, latestPdf, load };
}

export type ConsentSigningService = ReturnType<typeof createConsentSigningService>;
