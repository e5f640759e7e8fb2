import { Temporal } from 'temporal-polyfill';
import { normalizeDocument } from '../../../common/identity-document';
import type { ImportCounts, ImportDryRun, ImportField, ImportMapping } from '../../../common/schemas/patient-import';
import { toOneLine } from '../../../common/schemas/one-line';
import { plus, toInstant } from '../../platform';
import { doctorFinder, parseAppointmentDate, parseDuration, parseTime, type ImportDoctor } from './appointment-rows';
import type { TableRow } from './csv';
import { createdRecordId } from './plan';

/**
 * What a file of future appointments does with each row: the appointment it books (the patient found by document
 * or by the previous program's code, the doctor by name, the time in the clinic's zone), the row it omits (the
 * same patient, doctor and time are booked already: a file imported twice books once), or why not.
 */

export interface KnownPatient {
  id: string;
  name: string;
}

/** A live appointment of the clinic from now on, as overlaps are found by. */
export interface BookedAppointment {
  doctorId: string;
  patientId: string;
  startsAt: number;
  endsAt: number;
}

export interface PlannedAppointment {
  line: number;
  action: 'create' | 'skip' | 'error';
  reason: string;
  /** The patient's code as the file gave it (kept with the row). */
  code: string;
  appointmentId: string | null;
  patientId: string | null;
  doctorId: string | null;
  startsAt: Date | null;
  endsAt: Date | null;
  text: string;
  doctorName: string;
  patientName: string;
}

export interface AppointmentPlanOptions {
  importId: string;
  rows: TableRow[];
  mapping: ImportMapping;
  doctors: ImportDoctor[];
  byDocument: Map<string, KnownPatient>;
  byCode: Map<string, KnownPatient>;
  booked: BookedAppointment[];
  timeZone: string;
  nowMs: number;
}

/** The cells of a file of appointments that name its patients, for looking them up before the plan. */
export function patientKeysOf(rows: TableRow[], mapping: ImportMapping): { documents: string[]; codes: string[] } {
  const at = (field: ImportField) => mapping.indexOf(field);
  const documents = new Set<string>();
  const codes = new Set<string>();
  for (const row of rows) {
    const document = normalizeDocument(row.cells[at('patientDocument')] ?? '');
    if (document) documents.add(document);
    const code = (row.cells[at('patientCode')] ?? '').trim();
    if (code) codes.add(code);
  }
  return { documents: [...documents], codes: [...codes] };
}

const hhmm = (minutes: number) =>
  `${String(Math.floor(minutes / 60)).padStart(2, '0')}:${String(minutes % 60).padStart(2, '0')}`;

export function planAppointments(options: AppointmentPlanOptions): {
  rows: PlannedAppointment[];
  counts: ImportCounts;
} {
  const at = (field: ImportField) => options.mapping.indexOf(field);
  const reasonColumns = options.mapping.flatMap((field, index) => (field === 'reason' ? [index] : []));
  const findDoctor = doctorFinder(options.doctors);
  const counts: ImportCounts = { create: 0, update: 0, skip: 0, error: 0 };
  /** Each doctor's booked ranges, the file's own added as they are planned. */
  const byDoctor = new Map<string, { start: number; end: number; patientId: string; line: number | null }[]>();
  for (const booked of options.booked)
    (byDoctor.get(booked.doctorId) ?? byDoctor.set(booked.doctorId, []).get(booked.doctorId)!).push({
      start: booked.startsAt,
      end: booked.endsAt,
      patientId: booked.patientId,
      line: null,
    });

  const rows = options.rows.map((row): PlannedAppointment => {
    const cell = (index: number) => (index < 0 ? '' : (row.cells[index] ?? '').trim());
    const errors: string[] = [];
    const planned: PlannedAppointment = {
      line: row.line,
      action: 'error',
      reason: '',
      code: cell(at('patientCode')).slice(0, 60),
      appointmentId: null,
      patientId: null,
      doctorId: null,
      startsAt: null,
      endsAt: null,
      text: toOneLine(reasonColumns.map(cell).filter(Boolean).join(' · ')).slice(0, 500),
      doctorName: cell(at('doctor')),
      patientName: '',
    };
    const document = normalizeDocument(cell(at('patientDocument')));
    const patient = (document && options.byDocument.get(document)) || options.byCode.get(planned.code);
    if (patient) [planned.patientId, planned.patientName] = [patient.id, patient.name];
    else if (document || planned.code)
      errors.push(
        document
          ? `No hay ningún paciente con el documento «${cell(at('patientDocument'))}»: impórtalo antes`
          : `No hay ningún paciente importado con el código «${planned.code}»: impórtalo antes`,
      );
    else errors.push('Falta el paciente (su documento o su código)');

    const doctor = planned.doctorName ? findDoctor(planned.doctorName) : { error: 'Falta el profesional' };
    if ('error' in doctor) errors.push(doctor.error);
    else [planned.doctorId, planned.doctorName] = [doctor.doctor.id, doctor.doctor.displayName];

    const date = cell(at('date')) ? parseAppointmentDate(cell(at('date'))) : { error: 'Falta la fecha' };
    const time = cell(at('time')) ? parseTime(cell(at('time'))) : null;
    const duration = cell(at('duration')) ? parseDuration(cell(at('duration'))) : null;
    if ('error' in date) errors.push(date.error);
    if (time && 'error' in time) errors.push(time.error);
    if (duration && 'error' in duration) errors.push(duration.error);
    const minutes = time && 'minutes' in time ? time.minutes : 'date' in date ? date.minutes : null;
    if ('date' in date && minutes === null && !time) errors.push('Falta la hora');
    if ('date' in date && minutes !== null) {
      const [year, month, day] = date.date.split('-').map(Number) as [number, number, number];
      const start = Temporal.PlainDateTime.from({
        year,
        month,
        day,
        hour: Math.floor(minutes / 60),
        minute: minutes % 60,
      })
        .toZonedDateTime(options.timeZone)
        .toInstant().epochMilliseconds;
      const length =
        duration && 'minutes' in duration
          ? duration.minutes
          : 'doctor' in doctor
            ? doctor.doctor.appointmentMinutes
            : 30;
      planned.startsAt = toInstant(start);
      planned.endsAt = plus(start, { minutes: length });
      if (start <= options.nowMs)
        errors.push(`Solo se importan citas futuras: la del ${cell(at('date'))} a las ${hhmm(minutes)} ya ha pasado`);
    }
    if (errors.length > 0) {
      planned.reason = errors.join('. ');
      counts.error++;
      return planned;
    }

    const ranges = byDoctor.get(planned.doctorId!) ?? byDoctor.set(planned.doctorId!, []).get(planned.doctorId!)!;
    const start = planned.startsAt!.getTime();
    const end = planned.endsAt!.getTime();
    const same = ranges.find((range) => range.start === start && range.patientId === planned.patientId);
    if (same) {
      planned.action = 'skip';
      planned.reason =
        same.line === null ? 'Esta cita ya está en la agenda' : `Es la misma cita que la de la fila ${same.line}`;
      counts.skip++;
      return planned;
    }
    const overlap = ranges.find((range) => range.start < end && start < range.end);
    if (overlap) {
      planned.reason =
        overlap.line === null
          ? `${planned.doctorName} ya tiene otra cita a esa hora`
          : `Se solapa con la cita de la fila ${overlap.line} del mismo profesional`;
      counts.error++;
      return planned;
    }
    ranges.push({ start, end, patientId: planned.patientId!, line: planned.line });
    planned.action = 'create';
    planned.appointmentId = createdRecordId(options.importId, planned.line);
    counts.create++;
    return planned;
  });
  return { rows, counts };
}

export function appointmentDryRun(plan: { rows: PlannedAppointment[]; counts: ImportCounts }): ImportDryRun {
  const errors = plan.rows.filter((row) => row.action === 'error');
  return {
    counts: plan.counts,
    preview: [],
    appointmentPreview: plan.rows.slice(0, 10).map((row) => ({
      line: row.line,
      action: row.action,
      startsAt: row.startsAt?.toISOString() ?? null,
      endsAt: row.endsAt?.toISOString() ?? null,
      doctor: row.doctorName,
      patient: row.patientName,
      reason: row.text,
    })),
    documentPreview: [],
    duplicates: [],
    duplicatesTotal: 0,
    errors: errors.slice(0, 500).map((row) => ({ line: row.line, reason: row.reason })),
    errorsTotal: errors.length,
  };
}
