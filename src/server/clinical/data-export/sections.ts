import { DOCUMENT_TYPE_LABELS } from '../../../common/identity-document';
import { APPOINTMENT_STATUS_LABELS } from '../../../common/schemas/appointments';
import { SEX_LABELS } from '../../../common/schemas/patients';
import { formatNumericDateTime, type Db } from '../../platform';
import type { FastifyRequest } from 'fastify';

type RequestScope = FastifyRequest['scope'];
import type { Repositories } from '../deps';
import type { FileStore } from '../files/store';
import { presentAppointment } from '../../scheduling';
import { presentPatient } from '../../identity';

/** What a section may need besides the transaction: the repositories and the clinic's zone for dates. */
export interface ExportContext {
  repos: Repositories;
  timeZone: string;
  /** The clinic's day by `clock` (`YYYY-MM-DD`): a prescription past its validity is exported `caducada`. */
  today: string;
  /** The request's scope: her clinical writing and documents are read through it, so only what she may see. */
  scope: Pick<RequestScope, 'treatments' | 'prescriptions' | 'notes' | 'files' | 'invoices'>;
  /** Where the contents of her documents are read. */
  files: FileStore;
}

/** A file of the patient's carried inside the ZIP as it is (a visible document, a prescription's PDF). */
export interface ExportFile {
  /** Path inside the ZIP, e.g. `archivos/analitica.pdf`. */
  path: string;
  content: Buffer;
}

/**
 * One part of the patient's data: how to read it (inside the export's audited transaction), how to
 * print it in the PDF summary, and optionally files that travel inside the ZIP. Each domain adds its
 * own provider to `EXPORT_SECTIONS` (clinical-sections.ts); `datos.json` gets one member per `key`.
 */
export interface ExportSection<T = unknown> {
  key: string;
  title: string;
  load(tx: Db, patientId: string, context: ExportContext): Promise<T>;
  toPdf(doc: PDFKit.PDFDocument, data: T, context: ExportContext): void;
  files?(data: T): ExportFile[];
  /** What `datos.json` holds of the data, when not all of it (a document's contents travel as a file). */
  toJson?(data: T): unknown;
}

/** Keeps each provider's data type while listing them together. */
export const defineSection = <T>(section: ExportSection<T>): ExportSection<unknown> =>
  section as ExportSection<unknown>;

/** A label and its value on one line; empty values are written as «—» so a gap is visibly empty. */
export function field(doc: PDFKit.PDFDocument, label: string, value: string | null | undefined) {
  doc
    .font('Helvetica-Bold')
    .text(`${label}: `, { continued: true })
    .font('Helvetica')
    .text(value?.trim() || '—');
}

const recordSection = defineSection({
  key: 'ficha',
  title: 'Ficha clínica',
  async load(tx, patientId, { repos }) {
    const row = await repos.patients.findById(patientId, tx);
    return row ? presentPatient(row) : null;
  },
  toPdf(doc, patient) {
    if (!patient) return void doc.text('No hay ficha.');
    field(doc, 'Nombre', `${patient.firstName} ${patient.lastName}`);
    field(
      doc,
      'Documento',
      patient.documentNumber
        ? `${patient.documentType ? DOCUMENT_TYPE_LABELS[patient.documentType] : ''} ${patient.documentNumber}`
        : null,
    );
    field(doc, 'Fecha de nacimiento', patient.birthDate ? patient.birthDate.split('-').reverse().join('/') : null);
    field(doc, 'Sexo', patient.sex ? SEX_LABELS[patient.sex] : null);
    field(doc, 'Teléfono', patient.phone);
    field(doc, 'Correo electrónico', patient.email);
    field(doc, 'Dirección', patient.address);
    field(
      doc,
      'Aseguradora',
      patient.insurer ? `${patient.insurer}${patient.policyNumber ? ` (póliza ${patient.policyNumber})` : ''}` : null,
    );
    field(doc, 'Alergias', patient.allergies);
    field(doc, 'Antecedentes', patient.medicalHistory);
  },
});

const appointmentsSection = defineSection({
  key: 'citas',
  title: 'Citas',
  async load(tx, patientId, { repos }) {
    const rows = await repos.appointments.listRange({ patientId, includeCancelled: true }, tx);
    // The clinic's internal note on a cancellation stays out unless it was meant for the patient.
    return rows.map(presentAppointment).map(({ patientPhone: _phone, patientEmail: _email, ...appointment }) => ({
      ...appointment,
      cancelReason: appointment.cancelReasonVisible ? appointment.cancelReason : null,
    }));
  },
  toPdf(doc, appointments, { timeZone }) {
    if (appointments.length === 0) return void doc.text('No hay citas.');
    for (const appointment of appointments) {
      doc
        .font('Helvetica-Bold')
        .text(
          `${formatNumericDateTime(appointment.startsAt, timeZone)} · ${APPOINTMENT_STATUS_LABELS[appointment.status]}`,
        )
        .font('Helvetica')
        .text(
          `${appointment.doctorName} (${appointment.specialty})${appointment.reason ? ` — ${appointment.reason}` : ''}`,
        )
        .moveDown(0.4);
    }
  },
});

/** The record and its appointments; the clinical sections follow (clinical-sections.ts). */
export const BASE_SECTIONS: ExportSection<unknown>[] = [recordSection, appointmentsSection];
