import { Temporal } from 'temporal-polyfill';
import { ageOn, dayInZone } from './agenda';
import { CHILDREN, FROM_14, PEDIATRICS } from './demo-doctors';
import { DEMO_PATIENT_BIRTH_DATE, DEMO_PATIENT_KEY, type DemoPlan, type DemoVisit } from './demo-plan';
import { DEMO_SERVICES } from './services';

const SERVICES = new Map(DEMO_SERVICES.map((service) => [`${service.specialty} ${service.name}`, service]));
const LIVE = (visit: DemoVisit) => visit.status !== 'cancelada';
const PAST_STATUSES = new Set(['atendida', 'no_asistio', 'en_sala']);

/**
 * What the demo's plan breaks of its own rules, one sentence each (none: it is sound). The rules the clinic keeps:
 * nobody in two places at once, nothing on a holiday or a doctor's absence, nothing dated in the future, a visit's
 * state agrees with its time; and the content makes sense: each specialty and service sees its ages, children come
 * with a guardian, «Primera visita» is a patient's first, consents only on the service that needs them and signed by
 * adults, and the treatment sessions are on distinct open days.
 */
export function demoPlanBreaches(plan: DemoPlan): string[] {
  const breaches: string[] = [];
  const dayOf = (date: Date) => Temporal.PlainDate.from(dayInZone(date.getTime(), plan.timeZone));
  const patients = new Map(plan.patients.map((patient) => [patient.key, patient]));
  const birthDateOf = (key: string) =>
    key === DEMO_PATIENT_KEY ? DEMO_PATIENT_BIRTH_DATE : patients.get(key)!.birthDate;
  const holidays = new Set(plan.holidays.map((holiday) => holiday.date));
  const doctors = new Map(plan.doctors.map((doctor) => [doctor.id, doctor]));
  const live = plan.visits.filter(LIVE);
  const label = (visit: DemoVisit) =>
    `${visit.startsAt.toISOString()} ${visit.doctorId} ${visit.patientId} (${visit.service ?? visit.reason})`;

  for (const key of ['doctorId', 'patientId'] as const) {
    const byOwner = new Map<string, DemoVisit[]>();
    for (const visit of live) {
      const own = byOwner.get(visit[key]);
      if (own) own.push(visit);
      else byOwner.set(visit[key], [visit]);
    }
    for (const visits of byOwner.values()) {
      const sorted = [...visits].sort((a, b) => a.startsAt.getTime() - b.startsAt.getTime());
      for (let i = 1; i < sorted.length; i++) {
        if (sorted[i]!.startsAt < sorted[i - 1]!.endsAt)
          breaches.push(`solapadas: ${label(sorted[i - 1]!)} y ${label(sorted[i]!)}`);
      }
    }
  }

  const firstSeen = new Set<string>();
  for (const visit of plan.visits) {
    const day = dayInZone(visit.startsAt.getTime(), plan.timeZone);
    const age = ageOn(birthDateOf(visit.patientId), day);
    const doctor = doctors.get(visit.doctorId)!;
    if (holidays.has(day)) breaches.push(`en festivo: ${label(visit)}`);
    if (doctor.absences.some((absence) => absence.startDate <= day && day <= absence.endDate))
      breaches.push(`en una ausencia del médico: ${label(visit)}`);
    for (const [name, at] of Object.entries({
      creada: visit.createdAt,
      llegada: visit.arrivedAt,
      recordatorio: visit.reminderSentAt,
    })) {
      if (at && at.getTime() > plan.nowMs) breaches.push(`${name} en el futuro: ${label(visit)}`);
    }
    if (visit.createdAt && visit.createdAt > visit.startsAt)
      breaches.push(`creada después de empezar: ${label(visit)}`);
    const patient = patients.get(visit.patientId);
    if (patient && visit.createdAt && patient.createdAt > visit.createdAt)
      breaches.push(`citada antes de darse de alta: ${label(visit)}`);
    const started = visit.startsAt.getTime() < plan.nowMs;
    if (PAST_STATUSES.has(visit.status) !== started && visit.status !== 'cancelada')
      breaches.push(`estado ${visit.status} a esa hora: ${label(visit)}`);

    const ages = visit.specialty === PEDIATRICS ? CHILDREN : FROM_14;
    if (age < ages.min || age >= ages.below) breaches.push(`${age} años en ${visit.specialty}: ${label(visit)}`);
    if (visit.specialty === PEDIATRICS && !visit.minor) breaches.push(`menor sin representante: ${label(visit)}`);
    if (visit.minor && visit.minor.childBirthDate !== birthDateOf(visit.patientId))
      breaches.push(`otro niño en la cita: ${label(visit)}`);
    if (visit.reason === 'Control del niño sano' && visit.specialty !== PEDIATRICS)
      breaches.push(`motivo de pediatría fuera de pediatría: ${label(visit)}`);

    const key = `${visit.patientId} ${visit.specialty}`;
    const wasSeen = firstSeen.has(key);
    if (LIVE(visit)) firstSeen.add(key);
    if (!visit.service) {
      if (LIVE(visit)) breaches.push(`sin servicio: ${label(visit)}`);
      continue;
    }
    const service = SERVICES.get(`${visit.specialty} ${visit.service}`);
    if (!service) {
      breaches.push(`servicio de otra especialidad: ${label(visit)}`);
      continue;
    }
    if (age < service.ages.min || age >= service.ages.below)
      breaches.push(`${visit.service} a los ${age} años: ${label(visit)}`);
    if (service.visit === 'primera' && (wasSeen || !patient || patient.createdAt < plan.visits[0]!.startsAt))
      breaches.push(`primera visita de quien ya vino: ${label(visit)}`);
    if (visit.consent && visit.service !== 'Infiltración')
      breaches.push(`consentimiento sin infiltración: ${label(visit)}`);
    if (visit.service === 'Infiltración' && !visit.consent)
      breaches.push(`infiltración sin consentimiento: ${label(visit)}`);
    if (visit.consent === 'firmado' && (age < 18 || !LIVE(visit)))
      breaches.push(`firma sin representante o anulada: ${label(visit)}`);
  }

  const sessions = plan.visits.filter((visit) => visit.session);
  const sessionDays = sessions.map((visit) => dayOf(visit.startsAt));
  if (sessions.length !== 8) breaches.push(`${sessions.length} sesiones de tratamiento en vez de 8`);
  if (new Set(sessionDays.map(String)).size !== sessionDays.length) breaches.push('dos sesiones el mismo día');
  if (sessionDays.some((day) => day.dayOfWeek > 4)) breaches.push('una sesión fuera de lunes a jueves');
  const tally = (treatment: string, status: string) =>
    sessions.filter((visit) => visit.session === treatment && visit.status === status).length;
  if (tally('finalizado', 'atendida') !== 3 || tally('activo', 'atendida') !== 3 || tally('activo', 'confirmada') !== 2)
    breaches.push('las sesiones no son 3 hechas del tratamiento finalizado, 3 hechas y 2 por venir del activo');
  return breaches;
}
