import { createHash } from 'node:crypto';
import { markdownToText } from '../../../common/markdown';
import { CONSENT_SECTION_LABELS, CONSENT_SECTIONS } from '../../../common/schemas/consents';
import type { ConsentActKind, Representative } from '../../../common/schemas/consent-signing';
import { formatLongDateTime } from '../../platform';

/** What a consent PDF is made of: the version as shown, who acted, how, when and from where. */
export interface ConsentDocumentData {
  kind: ConsentActKind;
  requestId: string;
  clinicName: string;
  timeZone: string;
  version: { id: string; number: number; title: string } & Record<(typeof CONSENT_SECTIONS)[number], string>;
  /** The doctor's licence number (nº de colegiado) is printed under the professional's signature, not signed over. */
  appointment: { startsAt: Date; doctorName: string; specialty: string; doctorLicense?: string };
  signerName: string;
  signerDocument: string;
  representative: Representative | null;
  signature: { method: 'trazo'; png: Buffer } | { method: 'nombre'; typedName: string };
  actedAt: Date;
  ip: string;
  userAgent: string;
  /** A revocation names the signature it revokes. */
  revokes?: { actedAt: Date; contentSha256: string };
}

export const CONTENT_START = 'CONTENIDO FIRMADO';
export const CONTENT_END = 'FIN DEL CONTENIDO FIRMADO';

const KIND_TITLES: Record<ConsentActKind, string> = {
  firma: 'Consentimiento informado: firma',
  rechazo: 'Consentimiento informado: rechazo',
  revocacion: 'Consentimiento informado: revocación',
};

/** «27 de noviembre de 2026, 10:30» in the clinic's zone. */
export const clinicDateTime = (instant: Date, timeZone: string) => formatLongDateTime(instant, timeZone);

const sha256 = (bytes: Buffer | string) => createHash('sha256').update(bytes).digest('hex');

/** Spaces the PDF's standard fonts cannot write (narrow and no-break spaces) become plain spaces. */
const printable = (text: string) => text.replace(/[\u00a0\u2007\u202f]/g, ' ');

/**
 * The lines of the signed content, in the order the PDF prints them between «CONTENIDO FIRMADO» and «FIN DEL
 * CONTENIDO FIRMADO». The signature image is not text: its SHA-256 stands for it here.
 */
export function contentLines(data: ConsentDocumentData): string[] {
  const { version, appointment, representative, signature } = data;
  const decision =
    data.kind === 'firma'
      ? 'Decisión: DOY MI CONSENTIMIENTO a la intervención descrita, tras haber leído y entendido esta información.'
      : data.kind === 'rechazo'
        ? 'Decisión: NO DOY MI CONSENTIMIENTO a la intervención descrita, tras haber leído y entendido esta información.'
        : `Decisión: REVOCO el consentimiento firmado el ${clinicDateTime(data.revokes!.actedAt, data.timeZone)} (SHA-256 ${data.revokes!.contentSha256}).`;
  const lines = [
    KIND_TITLES[data.kind],
    `Clínica: ${data.clinicName}`,
    `Documento: ${version.title}, versión ${version.number} (${version.id})`,
    `Solicitud: ${data.requestId}`,
    `Cita: ${clinicDateTime(appointment.startsAt, data.timeZone)} con ${appointment.doctorName} (${appointment.specialty})`,
  ];
  for (const section of CONSENT_SECTIONS) {
    const text = markdownToText(version[section]).trim();
    if (text) lines.push(`${CONSENT_SECTION_LABELS[section]}:`, ...text.split('\n'));
  }
  lines.push(
    `Paciente: ${data.signerName}, documento ${data.signerDocument}`,
    representative
      ? `Representante: ${representative.name}, documento ${representative.document}, ${representative.relationship}`
      : 'Representante: ninguno (firma el propio paciente)',
    decision,
    signature.method === 'trazo'
      ? `Firma: manuscrita, dibujada en pantalla (imagen PNG, SHA-256 ${sha256(signature.png)})`
      : `Firma: nombre escrito «${signature.typedName}»`,
    `Fecha y hora: ${clinicDateTime(data.actedAt, data.timeZone)} (${data.actedAt.toISOString()})`,
    `Dirección IP: ${data.ip}`,
    `Navegador: ${data.userAgent || 'no consta'}`,
  );
  return lines.map(printable);
}

/**
 * The canonical content: the lines above joined, every run of white space (line breaks included) made one space,
 * trimmed, as UTF-8. Its SHA-256 (hex) is printed under the content, stored with the act, and can be recomputed
 * from the PDF's own text (docs/decisions/0059-firma-de-consentimientos.md).
 */
export const canonicalContent = (lines: string[]) => lines.join(' ').replace(/\s+/g, ' ').trim();
export const contentSha256 = (lines: string[]) => sha256(canonicalContent(lines));
