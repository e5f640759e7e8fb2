import { DOCUMENT_TYPE_LABELS } from '../../../common/identity-document';
import { PRESCRIPTION_VALIDITY_DAYS, validUntilOf } from '../../../common/schemas/prescriptions';
import { clock, dateInZone, formatCalendarDate } from '../../platform';
import type { ClinicSettingsRow } from '../../platform';
import type { PrescriptionDocumentData } from './repository';
import { startPdf, stampCancelled } from '../../platform';

const MARGIN = 50;
const INK = '#1a1b1e';
const MUTED = '#495057';
const ACCENT = '#0b7285';
const CANCELLED = '#c92a2a';

function documentOf(patient: PrescriptionDocumentData['patient']): string {
  if (!patient.documentNumber) return 'No consta';
  const type = patient.documentType ? DOCUMENT_TYPE_LABELS[patient.documentType] : 'Documento';
  return `${type} ${patient.documentNumber}`;
}

/**
 * The prescription as an A4 PDF with what a private prescription must carry (RD 1718/2010, art. 3 and 5):
 * patient, medicines and posology, prescriber with nº de colegiado, clinic, date, validity and a space
 * to sign; plus the verification code. A cancelled one carries «ANULADA» across every page.
 */
export async function renderPrescriptionPdf(
  data: PrescriptionDocumentData,
  clinic: Pick<ClinicSettingsRow, 'name' | 'address' | 'phone' | 'email' | 'timeZone'>,
): Promise<Buffer> {
  const { prescription, patient, prescriber } = data;
  const { doc, finished } = startPdf(
    {
      Title: `Receta ${prescription.verificationCode}`,
      Author: prescriber.name,
      Subject: 'Receta médica privada',
      Creator: clinic.name,
      CreationDate: clock.now(),
    },
    MARGIN,
  );
  const width = doc.page.width - MARGIN * 2;
  const cancelled = prescription.status === 'anulada';

  if (cancelled) stampCancelled(doc);

  const label = (text: string) =>
    doc.font('Helvetica-Bold').fontSize(9).fillColor(MUTED).text(text.toUpperCase(), { characterSpacing: 0.5 });
  const value = (text: string, size = 11) => doc.font('Helvetica').fontSize(size).fillColor(INK).text(text);
  const rule = () => {
    doc.moveDown(0.6);
    doc
      .moveTo(MARGIN, doc.y)
      .lineTo(MARGIN + width, doc.y)
      .lineWidth(0.7)
      .strokeColor('#ced4da')
      .stroke();
    doc.moveDown(0.6);
  };

  // Header: the clinic and the kind of document.
  const top = doc.y;
  doc
    .font('Helvetica-Bold')
    .fontSize(16)
    .fillColor(ACCENT)
    .text(clinic.name, MARGIN, top, { width: width * 0.6 });
  doc.font('Helvetica').fontSize(9).fillColor(MUTED);
  for (const line of [clinic.address, [clinic.phone, clinic.email].filter(Boolean).join(' · ')].filter(Boolean))
    doc.text(line, { width: width * 0.6 });
  const headerBottom = doc.y;
  doc
    .font('Helvetica-Bold')
    .fontSize(13)
    .fillColor(INK)
    .text('RECETA MÉDICA PRIVADA', MARGIN + width * 0.55, top, { width: width * 0.45, align: 'right' });
  doc
    .font('Helvetica')
    .fontSize(9)
    .fillColor(MUTED)
    .text(`Código de verificación: ${prescription.verificationCode}`, { width: width * 0.45, align: 'right' });
  doc.x = MARGIN;
  doc.y = Math.max(headerBottom, doc.y);
  rule();

  if (cancelled) {
    doc
      .font('Helvetica-Bold')
      .fontSize(12)
      .fillColor(CANCELLED)
      .text(
        `RECETA ANULADA el ${formatCalendarDate(dateInZone(prescription.cancelledAt!, clinic.timeZone))}. No es válida para dispensar.`,
      );
    doc
      .font('Helvetica')
      .fontSize(10)
      .text(`Motivo: ${prescription.cancelReason ?? ''}`);
    rule();
  }

  label('Paciente');
  value(`${patient.firstName} ${patient.lastName}`, 12);
  doc.font('Helvetica').fontSize(10).fillColor(MUTED);
  doc.text(
    `Documento: ${documentOf(patient)}    Año de nacimiento: ${patient.birthDate ? patient.birthDate.slice(0, 4) : 'No consta'}`,
  );
  doc.moveDown(0.6);
  label('Diagnóstico');
  value(prescription.diagnosis);
  if (prescription.treatmentTitle) {
    doc.moveDown(0.4);
    label('Tratamiento');
    value(prescription.treatmentTitle);
  }
  rule();

  label(prescription.medicines.length === 1 ? 'Medicamento prescrito' : 'Medicamentos prescritos');
  doc.moveDown(0.3);
  prescription.medicines.forEach((item, index) => {
    doc
      .font('Helvetica-Bold')
      .fontSize(11)
      .fillColor(INK)
      .text(`${index + 1}. ${item.medicine}`);
    doc.font('Helvetica').fontSize(10).fillColor(INK);
    doc.text(`Posología: ${item.dose}, vía ${item.route}, ${item.frequency}, durante ${item.duration}.`, {
      indent: 14,
    });
    doc.text(`Envases o unidades: ${item.quantity}`, { indent: 14 });
    if (item.instructions) doc.text(`Instrucciones: ${item.instructions}`, { indent: 14 });
    doc.moveDown(0.5);
  });
  rule();

  label('Prescriptor');
  value(prescriber.name, 12);
  doc
    .font('Helvetica')
    .fontSize(10)
    .fillColor(MUTED)
    .text(`Nº de colegiado: ${prescriber.licenseNumber}    Especialidad: ${prescriber.specialty}`);
  doc.text(`${clinic.name}${clinic.address ? ` · ${clinic.address}` : ''}`);
  doc.moveDown(0.6);
  doc.font('Helvetica').fontSize(10).fillColor(INK);
  doc.text(`Fecha de prescripción: ${formatCalendarDate(prescription.prescribedOn)}`);
  doc.text(
    `Válida hasta: ${formatCalendarDate(validUntilOf(prescription.prescribedOn))} (${PRESCRIPTION_VALIDITY_DAYS} días naturales desde la fecha de prescripción)`,
  );

  // The signature space, kept whole on one page.
  if (doc.y + 110 > doc.page.height - MARGIN) doc.addPage();
  doc.moveDown(1);
  const boxTop = doc.y;
  doc
    .rect(MARGIN + width - 220, boxTop, 220, 80)
    .lineWidth(0.7)
    .strokeColor('#adb5bd')
    .stroke();
  doc
    .font('Helvetica')
    .fontSize(8)
    .fillColor(MUTED)
    .text('Firma del prescriptor', MARGIN + width - 214, boxTop + 6);
  doc.x = MARGIN;
  doc.y = boxTop + 90;
  doc
    .fontSize(7.5)
    .fillColor(MUTED)
    .text(
      `Receta médica privada conforme al Real Decreto 1718/2010. Sus datos se tratan para la asistencia sanitaria conforme al RGPD y la LOPDGDD. ` +
        `Para comprobar su autenticidad, indique a ${clinic.name} el código ${prescription.verificationCode}.`,
      MARGIN,
      doc.y,
      { width },
    );
  doc.end();
  return finished;
}
