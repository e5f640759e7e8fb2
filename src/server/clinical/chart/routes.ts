import { readClinicSettings } from '../../platform';
import type { RoutePlugin } from '../route-deps';
import { Temporal } from 'temporal-polyfill';
import { z } from 'zod';
import { api } from '../../../common/api-paths';
import { chartPageSchema, chartQuerySchema } from '../../../common/schemas/chart';
import { ageOn, CONTEXT_NOTES, patientContextSchema, shorten } from '../../../common/schemas/patient-context';
import { validUntilOf } from '../../../common/schemas/prescriptions';
import { PATIENT_NOT_FOUND } from '../../access';
import { validationError, dateInZone } from '../../platform';
import { clock } from '../../platform';
import { auditedRead, auditContext } from '../../platform';
import { startOfDay, toInstant } from '../../platform';
import type { ChartCursor } from './repository';

const idParams = z.object({ id: z.uuid({ error: PATIENT_NOT_FOUND }) });

/** The cursor of a page: the last item's (at, tie key), opaque to the client. */
const encodeCursor = ({ at, tie }: ChartCursor) =>
  Buffer.from(JSON.stringify([at.toISOString(), tie])).toString('base64url');

function decodeCursor(cursor: string): ChartCursor {
  try {
    const [at, tie] = JSON.parse(Buffer.from(cursor, 'base64url').toString('utf8')) as unknown[];
    const instant = typeof at === 'string' ? toInstant(at) : null;
    if (instant && !Number.isNaN(instant.getTime()) && typeof tie === 'string' && tie.length <= 96)
      return { at: instant, tie };
  } catch {
    // Answered below.
  }
  throw validationError({ cursor: 'Página no válida' });
}

export const chartRoutes: RoutePlugin = async (app, deps) => {
  const { db } = deps.database;

  app.get(
    api.patientChart(':id'),
    {
      config: { access: 'read:chart' },
      schema: { params: idParams, querystring: chartQuerySchema, response: { 200: chartPageSchema } },
    },
    async (request) => {
      const { kinds, from, to, cursor, limit } = request.query;
      const { timeZone } = await readClinicSettings(deps);
      const search = {
        kinds,
        from: from ? startOfDay(from, timeZone) : undefined,
        to: to ? startOfDay(Temporal.PlainDate.from(to).add({ days: 1 }).toString(), timeZone) : undefined,
        after: cursor ? decodeCursor(cursor) : undefined,
        limit,
        timeZone,
        today: dateInZone(clock.now(), timeZone),
      };
      const page = await auditedRead(
        db,
        async (db) => {
          // The access check and the page are independent statements, run at once on PostgreSQL's pool.
          // A patient the user may not see answers 404: the page read beside the check is never sent
          // nor recorded.
          const [patient, page] = await Promise.all([
            request.scope.patient(request.params.id, db),
            request.scope.chart.page({ ...search, patientId: request.params.id }, db),
          ]);
          return { patient, ...page };
        },
        ({ patient, items }) => ({
          ...auditContext(request),
          action: 'read',
          entity: 'chart',
          entityId: patient.id,
          patientId: patient.id,
          details: { results: items.length },
        }),
      );
      const last = page.items.at(-1);
      return {
        items: page.items.map(({ tie: _tie, ...item }) => ({ ...item, at: item.at.toISOString() })),
        next: page.hasMore && last ? encodeCursor(last) : null,
        timeZone,
      };
    },
  );

  app.get(
    api.patientContext(':id'),
    { config: { access: 'read:chart' }, schema: { params: idParams, response: { 200: patientContextSchema } } },
    async (request) => {
      const { timeZone } = await readClinicSettings(deps);
      const today = dateInZone(clock.now(), timeZone);
      const { patient, treatments, prescriptions, notes } = await auditedRead(
        db,
        async (db) => {
          // A patient the user may not see answers 404 before anything of hers is read.
          const patient = await request.scope.patient(request.params.id, db);
          const treatments = await request.scope.treatments.list({ patientId: patient.id, status: 'activo' }, db);
          const { items: prescriptions } = await request.scope.prescriptions.list(
            { patientId: patient.id, status: 'activa', today, page: 1, pageSize: 50 },
            db,
          );
          const notes = await request.scope.notes.signedOf(patient.id, { limit: CONTEXT_NOTES }, db);
          return { patient, treatments, prescriptions, notes };
        },
        ({ patient }) => ({
          ...auditContext(request),
          action: 'read',
          entity: 'patient',
          entityId: patient.id,
          patientId: patient.id,
          details: { kind: 'context' },
        }),
      );
      return {
        patientId: patient.id,
        name: `${patient.firstName} ${patient.lastName}`.trim(),
        birthDate: patient.birthDate,
        age: patient.birthDate ? ageOn(patient.birthDate, today) : null,
        allergies: patient.allergies.trim(),
        medicalHistory: patient.medicalHistory.trim(),
        activeTreatments: treatments.map((treatment) => ({
          id: treatment.id,
          title: treatment.title,
          diagnosis: treatment.diagnosis,
          startDate: treatment.startDate,
          endDate: treatment.endDate,
          sessionsPlanned: treatment.sessionsPlanned,
          sessionsDone: treatment.sessionsDone,
          doctorName: treatment.doctorName,
        })),
        currentMedication: prescriptions.flatMap((prescription) =>
          prescription.medicines.map((item) => ({
            prescriptionId: prescription.id,
            prescribedOn: prescription.prescribedOn,
            validUntil: validUntilOf(prescription.prescribedOn),
            medicine: item.medicine,
            dose: item.dose,
            frequency: item.frequency,
            duration: item.duration,
            doctorName: prescription.doctorName,
          })),
        ),
        lastNotes: notes.map((note) => ({
          id: note.id,
          appointmentId: note.appointmentId,
          date: note.startsAt.toISOString(),
          doctorName: note.doctorName,
          diagnosis: note.diagnosis,
          diagnosisCode: note.diagnosisCode,
          summary: shorten(note.plan || note.reason),
        })),
        today,
      };
    },
  );
};
