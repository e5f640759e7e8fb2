import { FILE_TYPE_LABELS } from '../../../common/schemas/files';
import {
  PRESCRIPTION_STATUS_LABELS,
  shownPrescriptionStatus,
  validUntilOf,
} from '../../../common/schemas/prescriptions';
import { TREATMENT_STATUS_LABELS } from '../../../common/schemas/treatments';
import { invoicesSection } from './invoice-section';
import { formatNumericDateTime } from '../../platform';
import { BASE_SECTIONS, defineSection, field, type ExportSection } from './sections';

const spanishDay = (day: string | null) => (day ? day.split('-').reverse().join('/') : null);
/** A name safe inside the ZIP, unique by the file's id. */
const zipName = (id: string, name: string) => `documentos/${id.slice(0, 8)}-${name.replace(/[/\\]/g, '_')}`;

const treatmentsSection = defineSection({
  key: 'tratamientos',
  title: 'Tratamientos',
  async load(tx, patientId, { scope }) {
    const rows = await scope.treatments.list({ patientId }, tx);
    return rows.map((row) => ({
      id: row.id,
      title: row.title,
      diagnosis: row.diagnosis,
      description: row.description,
      startDate: row.startDate,
      endDate: row.endDate,
      status: row.status,
      sessionsPlanned: row.sessionsPlanned,
      sessionsDone: row.sessionsDone,
      doctorName: row.doctorName,
    }));
  },
  toPdf(doc, treatments) {
    if (treatments.length === 0) return void doc.text('No hay tratamientos.');
    for (const treatment of treatments) {
      doc
        .font('Helvetica-Bold')
        .text(`${treatment.title} · ${TREATMENT_STATUS_LABELS[treatment.status]}`)
        .font('Helvetica');
      field(doc, 'Profesional', treatment.doctorName);
      field(doc, 'Diagnóstico', treatment.diagnosis);
      field(
        doc,
        'Fechas',
        `${spanishDay(treatment.startDate)}${treatment.endDate ? ` – ${spanishDay(treatment.endDate)}` : ''}`,
      );
      field(doc, 'Sesiones', `${treatment.sessionsDone} de ${treatment.sessionsPlanned}`);
      doc.moveDown(0.4);
    }
  },
});

const prescriptionsSection = defineSection({
  key: 'recetas',
  title: 'Recetas',
  async load(tx, patientId, { scope, today }) {
    const { items } = await scope.prescriptions.list({ patientId, page: 1, pageSize: 1000 }, tx);
    return items.map((item) => ({
      id: item.id,
      prescribedOn: item.prescribedOn,
      validUntil: validUntilOf(item.prescribedOn),
      diagnosis: item.diagnosis,
      medicines: item.medicines,
      status: shownPrescriptionStatus(item.status, item.prescribedOn, today),
      cancelReason: item.cancelReason,
      doctorName: item.doctorName,
      verificationCode: item.verificationCode,
    }));
  },
  toPdf(doc, prescriptions) {
    if (prescriptions.length === 0) return void doc.text('No hay recetas.');
    for (const prescription of prescriptions) {
      doc
        .font('Helvetica-Bold')
        .text(
          `${spanishDay(prescription.prescribedOn)} · ${PRESCRIPTION_STATUS_LABELS[prescription.status]} · ${prescription.doctorName}`,
        )
        .font('Helvetica');
      field(doc, 'Diagnóstico', prescription.diagnosis);
      for (const medicine of prescription.medicines)
        doc.text(`• ${medicine.medicine}: ${medicine.dose}, ${medicine.frequency}, ${medicine.duration}`);
      doc.moveDown(0.4);
    }
  },
});

/**
 * Her clinical notes (Ley 41/2002, art. 18: the patient's access to her clinical history): every signed
 * note of her record with reason, examination, diagnosis, plan and addenda, its visit's date and doctor.
 * Drafts stay out: until signed a note is the doctor's unfinished writing, not yet part of the history
 * (and may still change); once signed it is exported, addenda included. The note has no field of the
 * professionals' purely personal annotations (art. 18.3), so nothing of a signed note is withheld.
 */
const notesSection = defineSection({
  key: 'notas_clinicas',
  title: 'Notas clínicas',
  async load(tx, patientId, { scope }) {
    const notes = await scope.notes.signedOf(patientId, { addenda: true }, tx);
    return notes.map((note) => ({
      id: note.id,
      appointmentId: note.appointmentId,
      date: note.startsAt.toISOString(),
      doctorName: note.doctorName,
      reason: note.reason,
      examination: note.examination,
      diagnosis: note.diagnosis,
      diagnosisCode: note.diagnosisCode,
      plan: note.plan,
      signedAt: note.signedAt.toISOString(),
      addenda: note.addenda.map((addendum) => ({
        at: addendum.createdAt.toISOString(),
        author: addendum.authorName,
        text: addendum.text,
      })),
    }));
  },
  toPdf(doc, notes, { timeZone }) {
    if (notes.length === 0) return void doc.text('No hay notas clínicas firmadas.');
    for (const note of notes) {
      doc
        .font('Helvetica-Bold')
        .text(`${formatNumericDateTime(note.date, timeZone)} · ${note.doctorName}`)
        .font('Helvetica');
      field(doc, 'Motivo de consulta', note.reason);
      field(doc, 'Exploración', note.examination);
      field(doc, 'Diagnóstico', note.diagnosisCode ? `${note.diagnosis} (${note.diagnosisCode})` : note.diagnosis);
      field(doc, 'Plan', note.plan);
      for (const addendum of note.addenda)
        field(doc, `Adenda del ${formatNumericDateTime(addendum.at, timeZone)} (${addendum.author})`, addendum.text);
      doc.moveDown(0.4);
    }
  },
});

/** The documents of her record staff made visible to her: listed, and carried in the ZIP as they are. */
const documentsSection = defineSection({
  key: 'documentos',
  title: 'Documentos',
  async load(tx, patientId, { scope, files }) {
    const { items } = await scope.files.search({ patientId, page: 1, pageSize: 500 }, tx);
    const documents = [];
    for (const item of items) {
      documents.push({
        id: item.id,
        type: item.type,
        name: item.name,
        description: item.description,
        mime: item.mime,
        createdAt: item.createdAt.toISOString(),
        path: zipName(item.id, item.name),
        content: await files.read(item.id, tx),
      });
    }
    return documents;
  },
  toPdf(doc, documents, { timeZone }) {
    if (documents.length === 0) return void doc.text('No hay documentos.');
    for (const document of documents) {
      doc.text(
        `${formatNumericDateTime(document.createdAt, timeZone)} · ${FILE_TYPE_LABELS[document.type]} · ${document.name} (en el archivo ZIP: ${document.path})`,
      );
    }
  },
  files: (documents) => documents.map((document) => ({ path: document.path, content: document.content })),
  toJson: (documents) => documents.map(({ content: _content, ...document }) => document),
});

const messagesSection = defineSection({
  key: 'mensajes',
  title: 'Mensajes con la clínica',
  async load(tx, patientId, { repos }) {
    const conversationId = await repos.messages.conversationIdOf(patientId, tx);
    if (!conversationId) return [];
    const rows = await repos.messages.messages(conversationId, tx);
    return rows.map((row) => ({
      at: row.createdAt.toISOString(),
      from: row.side === 'patient' ? 'Paciente' : 'Clínica',
      author: row.authorName,
      text: row.body,
    }));
  },
  toPdf(doc, messages, { timeZone }) {
    if (messages.length === 0) return void doc.text('No hay mensajes.');
    for (const message of messages) {
      doc
        .font('Helvetica-Bold')
        .text(`${formatNumericDateTime(message.at, timeZone)} · ${message.from} (${message.author})`)
        .font('Helvetica')
        .text(message.text)
        .moveDown(0.3);
    }
  },
});

/** Every section of the export, in the order of the summary. A domain adds its provider here. */
export const EXPORT_SECTIONS: ExportSection<unknown>[] = [
  ...BASE_SECTIONS,
  notesSection,
  treatmentsSection,
  prescriptionsSection,
  documentsSection,
  messagesSection,
  invoicesSection,
];
