import { eq } from 'drizzle-orm';
import type { Db } from '../platform/db/client';
import {
  appointmentMinors,
  appointments,
  clinicalNoteAddenda,
  clinicalNotes,
  clinicHolidays,
  consentActs,
  consentRequests,
  doctors,
  invoiceLines,
  invoices,
  patients,
  questionnaireRequests,
  questionnaireVersions,
  specialties,
  verifactuRecords,
} from '../platform/db/schema';
import { ageOn, dayInZone } from '../seed/agenda';
import { DEMO_SERVICES } from '../seed/services';
import type { Repositories } from '../repositories';
import { demoBillingBreaches } from './demo-billing-checks';

const LIVE = new Set(['pendiente', 'confirmada', 'en_sala', 'atendida', 'no_asistio']);

/**
 * What a loaded demo breaks of the clinic's rules, read back from its database (none: it is sound): nobody in two
 * places at once, holidays closed, children with a guardian and consents of minors signed by one, each service to its
 * ages, invoices numbered without gaps, dated as issued and chained in that order, nothing dated after `nowMs`, and
 * the first visit's questionnaire only on a first visit; and the whole billing cycle (demo-billing-checks.ts).
 */
export async function loadedDemoBreaches(db: Db, repos: Repositories, nowMs: number, timeZone: string) {
  const breaches: string[] = [];
  const today = dayInZone(nowMs, timeZone);
  const future = (what: string, at: Date | null) => {
    if (at && at.getTime() > nowMs) breaches.push(`${what} con fecha futura: ${at.toISOString()}`);
  };
  const rows = await db
    .select({
      id: appointments.id,
      patientId: appointments.patientId,
      doctorId: appointments.doctorId,
      startsAt: appointments.startsAt,
      endsAt: appointments.endsAt,
      status: appointments.status,
      serviceId: appointments.serviceId,
      createdAt: appointments.createdAt,
      arrivedAt: appointments.arrivedAt,
      reminderSentAt: appointments.reminderSentAt,
      forMinors: specialties.forMinors,
    })
    .from(appointments)
    .innerJoin(doctors, eq(doctors.id, appointments.doctorId))
    .innerJoin(specialties, eq(specialties.id, doctors.specialtyId));
  const people = new Map(
    (
      await db.select({ id: patients.id, birthDate: patients.birthDate, createdAt: patients.createdAt }).from(patients)
    ).map((row) => [row.id, row]),
  );
  const holidays = await db.select().from(clinicHolidays);
  const minors = new Set((await db.select().from(appointmentMinors)).map((row) => row.appointmentId));
  const services = new Map((await repos.clinicServices.list(db)).map((row) => [row.id, row]));
  const byId = new Map(rows.map((row) => [row.id, row]));

  const live = rows.filter((row) => LIVE.has(row.status));
  for (const key of ['doctorId', 'patientId'] as const) {
    const sorted = [...live].sort(
      (a, b) => a[key].localeCompare(b[key]) || a.startsAt.getTime() - b.startsAt.getTime(),
    );
    for (let i = 1; i < sorted.length; i++) {
      const [before, after] = [sorted[i - 1]!, sorted[i]!];
      if (before[key] === after[key] && after.startsAt < before.endsAt)
        breaches.push(`citas solapadas (${key}) a las ${after.startsAt.toISOString()}`);
    }
  }
  for (const row of rows) {
    const day = dayInZone(row.startsAt.getTime(), timeZone);
    const patient = people.get(row.patientId)!;
    if (holidays.some((holiday) => holiday.startDate <= day && day <= holiday.endDate))
      breaches.push(`cita en festivo: ${row.startsAt.toISOString()}`);
    for (const [what, at] of Object.entries({
      creada: row.createdAt,
      llegada: row.arrivedAt,
      aviso: row.reminderSentAt,
    }))
      future(`cita ${what}`, at);
    if (patient.createdAt > row.createdAt) breaches.push(`cita anterior al alta del paciente: ${row.id}`);
    const age = patient.birthDate ? ageOn(patient.birthDate, day) : null;
    if (row.forMinors && (!minors.has(row.id) || age === null || age >= 18))
      breaches.push(`cita de pediatría sin menor ni representante: ${row.startsAt.toISOString()}`);
    const service = row.serviceId ? services.get(row.serviceId) : undefined;
    const audience = DEMO_SERVICES.find((item) => item.name === service?.name && item.specialty === service?.specialty);
    if (audience && age !== null && (age < audience.ages.min || age >= audience.ages.below))
      breaches.push(`${service!.name} a los ${age} años: ${row.startsAt.toISOString()}`);
  }

  const signed = await db
    .select({
      appointmentId: consentRequests.appointmentId,
      patientId: consentRequests.patientId,
      representative: consentActs.representativeName,
      at: consentActs.actedAt,
    })
    .from(consentActs)
    .innerJoin(consentRequests, eq(consentRequests.id, consentActs.requestId));
  for (const act of signed) {
    const birthDate = people.get(act.patientId)!.birthDate;
    if (birthDate && ageOn(birthDate, today) < 18 && !act.representative)
      breaches.push(`consentimiento de un menor sin representante: ${act.appointmentId}`);
    future('firma', act.at);
  }
  for (const request of await db.select().from(consentRequests)) {
    const service = services.get(byId.get(request.appointmentId)?.serviceId ?? '');
    if (service?.name !== 'Infiltración') breaches.push(`consentimiento pedido para ${service?.name ?? 'nada'}`);
  }

  const issued = await db.select().from(invoices);
  for (const series of new Set(issued.map((invoice) => invoice.series))) {
    const sequences = issued
      .filter((invoice) => invoice.series === series)
      .map((invoice) => invoice.sequence)
      .sort((a, b) => a - b);
    if (sequences.some((sequence, index) => sequence !== index + 1))
      breaches.push(`numeración con huecos en ${series}`);
  }
  for (const invoice of issued) {
    if (invoice.issueDate > today) breaches.push(`factura ${invoice.number} fechada el ${invoice.issueDate}`);
    future(`factura ${invoice.number}`, invoice.issuedAt);
  }
  const invoiceOf = new Map(issued.map((invoice) => [invoice.id, invoice]));
  const chain = (await db.select().from(verifactuRecords)).sort((a, b) => a.position - b.position);
  const altas = chain.filter((record) => record.kind === 'alta').map((record) => invoiceOf.get(record.invoiceId)!);
  for (let i = 1; i < altas.length; i++) {
    const [before, after] = [altas[i - 1]!, altas[i]!];
    if (after.issuedAt < before.issuedAt || (after.series === before.series && after.sequence < before.sequence))
      breaches.push(`cadena fuera del orden de emisión: ${before.number} y ${after.number}`);
  }
  for (const line of await db.select().from(invoiceLines)) {
    const visit = line.appointmentId ? byId.get(line.appointmentId) : undefined;
    const invoice = invoiceOf.get(line.invoiceId)!;
    if (visit && (visit.status !== 'atendida' || visit.startsAt > invoice.issuedAt))
      breaches.push(`factura ${invoice.number} de una visita no hecha`);
  }

  for (const note of await db.select().from(clinicalNotes)) {
    for (const at of [note.createdAt, note.signedAt, note.summarySharedAt, note.updatedAt]) future('nota clínica', at);
  }
  for (const addendum of await db.select().from(clinicalNoteAddenda)) future('adenda', addendum.createdAt);

  const asked = await db
    .select({ appointmentId: questionnaireRequests.appointmentId, firstVisit: questionnaireVersions.firstVisit })
    .from(questionnaireRequests)
    .innerJoin(questionnaireVersions, eq(questionnaireVersions.id, questionnaireRequests.versionId));
  for (const request of asked.filter((row) => row.firstVisit)) {
    const visit = byId.get(request.appointmentId)!;
    if (live.some((row) => row.patientId === visit.patientId && row.startsAt < visit.startsAt))
      breaches.push(`cuestionario de primera visita a quien ya vino: ${visit.startsAt.toISOString()}`);
  }
  return [...breaches, ...(await demoBillingBreaches(db, repos, nowMs, timeZone))];
}
