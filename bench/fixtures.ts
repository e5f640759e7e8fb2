import { sql } from 'drizzle-orm';
import type { Database } from '../src/server/platform/db/client';
import { transact } from '../src/server/platform/db/transaction';
import { newVerificationCode } from '../src/server/clinical/prescriptions/verification-code';
import type { Repositories } from '../src/server/repositories';

/**
 * The inbox's data: `count` patients who wrote to the clinic, four messages each (the last two unread by
 * staff), written in three set-based statements. The inbox shows the newest 200.
 */
export async function seedConversations(database: Database, authorId: string, count: number) {
  const { db } = database;
  await db.execute(sql`
    INSERT INTO conversations (patient_id, last_message_at, created_at)
    SELECT id, now() - (row_number() OVER (ORDER BY id)) * interval '7 minutes', now() - interval '90 days'
      FROM (SELECT id FROM patients ORDER BY id LIMIT ${count}) AS p
    ON CONFLICT (patient_id) DO NOTHING`);
  await db.execute(sql`
    INSERT INTO messages (id, conversation_id, author_id, side, body, created_at, read_at)
    SELECT gen_random_uuid(), c.id, ${authorId}::uuid, (ARRAY['patient', 'staff', 'patient', 'patient'])[n],
           'Mensaje de prueba nº ' || n || ': ¿pueden cambiarme la cita del jueves a otra hora?',
           c.last_message_at - (4 - n) * interval '1 hour',
           CASE WHEN n <= 2 THEN c.last_message_at ELSE NULL END
      FROM conversations c CROSS JOIN generate_series(1, 4) AS n`);
  await db.execute(sql`ANALYZE conversations`);
  await db.execute(sql`ANALYZE messages`);
}

/** A prescription of three medicines for the chart's patient: the one whose PDF is measured. */
export async function seedPrescription(
  database: Database,
  repos: Repositories,
  patientId: string,
  doctorId: string,
): Promise<string> {
  const line = (medicine: string, frequency: string) => ({
    medicine,
    dose: '1 comprimido',
    route: 'oral',
    frequency,
    duration: '7 días',
    quantity: '1 envase',
    instructions: '',
  });
  const created = await transact(database.db, (tx) =>
    repos.prescriptions.create(
      {
        patientId,
        doctorId,
        treatmentId: null,
        prescribedOn: new Date().toISOString().slice(0, 10),
        diagnosis: 'Lumbalgia mecánica',
        medicines: [
          line('Ibuprofeno 600 mg comprimidos', 'cada 8 horas'),
          line('Omeprazol 20 mg cápsulas', 'cada 24 horas'),
          line('Paracetamol 1 g comprimidos', 'cada 8 horas si hay dolor'),
        ],
        verificationCode: newVerificationCode(),
      },
      tx,
    ),
  );
  return created.id;
}
