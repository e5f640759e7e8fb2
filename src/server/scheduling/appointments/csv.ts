import {
  APPOINTMENT_CHANNEL_LABELS,
  APPOINTMENT_STATUS_LABELS,
  type Appointment,
} from '../../../common/schemas/appointments';
import { esDateFormat } from '../../../common/time';
import { cell } from '../../platform';

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
  const date = esDateFormat({ timeZone, day: '2-digit', month: '2-digit', year: 'numeric' });
  const time = esDateFormat({ timeZone, hour: '2-digit', minute: '2-digit', hourCycle: 'h23' });
  yield `\uFEFF${line(HEADER)}`;
  for await (const items of pages) {
    yield items
      .map((item) =>
        line([
          date.format(new Date(item.startsAt)),
          time.format(new Date(item.startsAt)),
          time.format(new Date(item.endsAt)),
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
