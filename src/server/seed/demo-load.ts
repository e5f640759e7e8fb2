import { randomUUID } from 'node:crypto';
import type { Tx } from '../platform/db/transaction';
import type { Repositories } from '../repositories';
import { insertAppointments } from './appointments';
import type { DemoPlan, DemoVisit } from './demo-plan';
import { DEMO_PATIENT_KEY } from './demo-plan';

/**
 * Loads the plan's patients, holidays and agenda (with the children's guardians and the visits' services); answers
 * each visit's appointment and patient ids. The demo paciente's record (`demoPatientId`) exists already.
 */
export async function loadDemoAgenda(
  tx: Tx,
  repos: Repositories,
  plan: DemoPlan,
  demoPatientId: string,
): Promise<Map<DemoVisit, { appointmentId: string; patientId: string }>> {
  const patientIds = new Map([[DEMO_PATIENT_KEY, demoPatientId]]);
  const rows = plan.patients.map(({ key, createdAt, ...patient }) => {
    const id = randomUUID();
    patientIds.set(key, id);
    return {
      ...patient,
      id,
      privacyConsentAt: createdAt,
      privacyConsentChannel: 'presencial' as const,
      createdAt,
      updatedAt: createdAt,
    };
  });
  await repos.patients.createMany(rows, tx);
  await repos.holidays.addMissingDays(
    plan.holidays.map((holiday) => ({ ...holiday, kind: 'nacional' as const })),
    tx,
  );

  const doctorIds = new Map((await repos.doctors.list({}, tx)).map((doctor) => [doctor.email, doctor.id]));
  const serviceIds = new Map(
    (await repos.clinicServices.list(tx)).map((service) => [`${service.specialty} ${service.name}`, service.id]),
  );
  const ids = new Map<DemoVisit, { appointmentId: string; patientId: string }>();
  const appointments = plan.visits.map((visit) => {
    const id = randomUUID();
    ids.set(visit, { appointmentId: id, patientId: patientIds.get(visit.patientId)! });
    const { specialty, service, minor: _minor, session: _session, consent: _consent, ...row } = visit;
    return {
      ...row,
      id,
      patientId: patientIds.get(visit.patientId)!,
      doctorId: doctorIds.get(visit.doctorId)!,
      serviceId: service ? serviceIds.get(`${specialty} ${service}`)! : null,
    };
  });
  await insertAppointments(tx, repos, appointments, { withEvents: true });
  await repos.appointmentMinors.addMany(
    plan.visits.flatMap((visit) =>
      visit.minor ? [{ appointmentId: ids.get(visit)!.appointmentId, ...visit.minor }] : [],
    ),
    tx,
  );
  return ids;
}
