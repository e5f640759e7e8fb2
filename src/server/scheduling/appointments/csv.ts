import {
  APPOINTMENT_CHANNEL_LABELS,
  APPOINTMENT_STATUS_LABELS,
  type Appointment,
} from '../../../common/schemas/appointments';
import { cell, formatNumericDate, formatTime } from '../../platform';

const HEADER = [
  'Fecha',
  'Inicio',
  'Fin',
  'Paciente',
  'Teléfono',
  'Correo',
  'Profesional',
  'Especialidad',
  'Motivo',
  'Canal',
  'Estado',
  'Motivo de cancelación',
];

const line = (row: string[]) => `${row.map(cell).join(';')}\r\n`;

/**
 * CSV for Spanish spreadsheets (`;` separated, UTF-8 with BOM, dates in the clinic's zone), written as
 * the pages of appointments arrive: an export of any size never sits whole in memory.
 */
export async function* appointmentsCsv(pages: AsyncIterable<Appointment[]>, timeZone: string): AsyncGenerator<string> {
  yield `\uFEFF${line(HEADER)}`;
  for await (const items of pages) {
    yield items
      .map((item) =>
        line([
          formatNumericDate(item.startsAt, timeZone),
          formatTime(item.startsAt, timeZone),
          formatTime(item.endsAt, timeZone),
          item.patientName,
          item.patientPhone,
          item.patientEmail,
          item.doctorName,
          item.specialty,
          item.reason,
          APPOINTMENT_CHANNEL_LABELS[item.channel],
          APPOINTMENT_STATUS_LABELS[item.status],
          item.cancelReason ?? '',
        ]),
      )
      .join('');
  }
}
