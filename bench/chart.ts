import { sql } from 'drizzle-orm';
import type { Database } from '../src/server/platform/db/client';
import { transact } from '../src/server/platform/db/transaction';
import { createAccountWithProfile } from '../src/server/identity/auth/accounts';
import type { Repositories } from '../src/server/repositories';

/**
 * The chart part's data: one patient with `visits` appointments (one a day going back, every status)
 * with two doctors, and a signed note on each attended one — the patient whose first timeline page is
 * measured. Written in a few set-based statements.
 */
export async function seedChartPatient(
  database: Database,
  repos: Repositories,
  visits: number,
): Promise<{ patientId: string; doctorId: string }> {
  const { db } = database;
  const specialty =
    (await repos.doctors.listSpecialties())[0] ??
    (await transact(db, (tx) => repos.doctors.createSpecialty('Medicina familiar', tx)));
  const doctorIds: string[] = [];
  for (const i of [0, 1]) {
    const { account } = await createAccountWithProfile(db, repos.auth, {
      email: `historia${i}-${Date.now()}@bench.clinica`,
      displayName: `Dra. Historia ${i}`,
      role: 'doctor',
    });
    await transact(db, (tx) =>
      repos.doctors.create(
        { id: account.id, specialtyId: specialty.id, licenseNumber: `28${String(800000 + i)}`, appointmentMinutes: 30 },
        tx,
      ),
    );
    doctorIds.push(account.id);
  }
  const patient = await transact(db, (tx) =>
    repos.patients.create(
      { firstName: 'Historia', lastName: 'Larga Benchmark', email: 'historia@bench.clinica', phone: '' },
      tx,
    ),
  );
  await db.execute(sql`
    INSERT INTO appointments (patient_id, doctor_id, starts_at, ends_at, reason, channel, status, created_at)
    SELECT ${patient.id}::uuid,
           (ARRAY[${doctorIds[0]}::uuid, ${doctorIds[1]}::uuid])[1 + n % 2],
           date_trunc('day', now()) - n * interval '1 day' + interval '9 hours',
           date_trunc('day', now()) - n * interval '1 day' + interval '9 hours 30 minutes',
           'Visita de control nº ' || n, 'presencial',
           (ARRAY['atendida', 'atendida', 'atendida', 'cancelada', 'no_asistio', 'atendida'])[1 + n % 6],
           date_trunc('day', now()) - (n + 7) * interval '1 day'
      FROM generate_series(1, ${visits}) AS n`);
  await db.execute(sql`
    INSERT INTO clinical_notes (appointment_id, patient_id, doctor_id, reason, examination, diagnosis, diagnosis_code, plan, signed_at, created_at, updated_at)
    SELECT id, patient_id, doctor_id, reason, 'Exploración sin hallazgos', 'Control sin incidencias', 'Z00.0', 'Seguir igual',
           ends_at + interval '10 minutes', ends_at, ends_at + interval '10 minutes'
      FROM appointments WHERE patient_id = ${patient.id} AND status = 'atendida'`);
  await db.execute(sql`ANALYZE appointments`);
  await db.execute(sql`ANALYZE clinical_notes`);
  return { patientId: patient.id, doctorId: doctorIds[0]! };
}
