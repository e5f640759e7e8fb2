import { eq } from 'drizzle-orm';
import { appointments, doctors, verifactuRecords, verifactuSubmissions } from '../../platform/db/schema';
import type { TestApp } from '../app';
import { insertAppointment } from '../fixtures';

/**
 * Fixtures of the billing rows: the clinic's issuer, an invoice per side, one for the desk to cancel, and patient A's
 * attended visit invoiced (the desk's «Facturar» asks which invoice holds it).
 */
export interface InvoicesWorld {
  /** Simplified invoices of patient A and patient B, and their numbers (what a list must or must not show). */
  A: { id: string; number: string };
  B: { id: string; number: string };
  toCancel: string;
  /** A simplified invoice of patient A that the desk replaces by a complete one (F3). */
  toComplete: string;
  /** Patient A's visit with doctor A on Thursday 3 January 2030, and the number of the invoice that holds it. */
  visit: { appointmentId: string; number: string };
  /** The record of patient A's invoice «Consulta B», rejected by the AEAT: it waits for the desk's correction. */
  rejectedRecordId: number;
}

export async function buildInvoicesWorld(
  t: TestApp,
  ids: { adminId: string; recordA: string; recordB: string; doctorA: string },
): Promise<InvoicesWorld> {
  await t.write((tx) =>
    t.deps.repos.clinic.updateSettings(
      {
        issuerLegalName: 'Clínica Matriz, S.L.',
        issuerNif: 'B12345674',
        issuerAddress: 'Calle de la Matriz 1, 28001 Madrid',
        issuerRegistry: '',
      },
      tx,
    ),
  );
  const invoice = async (patientId: string, description: string, visit?: { id: string; serviceId: string }) => {
    const patient = await t.deps.repos.patients.findById(patientId);
    const issued = await t.deps.invoicing.issue(
      {
        patientId,
        appointmentIds: visit ? [visit.id] : [],
        appointmentServices: visit ? { [visit.id]: visit.serviceId } : undefined,
        lines: visit ? [] : [{ description, quantity: 1, unitPriceCents: 5000, vat: 'exenta' }],
        kind: 'simplificada',
      },
      patient!,
      { actor: { id: ids.adminId, role: 'admin' }, ip: '127.0.0.1' },
    );
    return { id: issued.id, number: issued.number };
  };
  const [doctor] = await t.database.db.select().from(doctors).where(eq(doctors.id, ids.doctorA));
  const serviceId = await t.write((tx) =>
    t.deps.repos.clinicServices.create(
      {
        name: 'Consulta de la matriz',
        specialtyId: doctor!.specialtyId,
        doctorIds: [],
        durationMinutes: 30,
        priceCents: 5000,
        vat: 'exenta',
        bookableOnline: false,
        active: true,
      },
      tx,
    ),
  );
  const startsAt = new Date('2030-01-03T12:30:00+01:00');
  const visit = await insertAppointment(t, { patientId: ids.recordA, doctorId: ids.doctorA, startsAt });
  await t.database.db
    .update(appointments)
    .set({ status: 'atendida', arrivedAt: startsAt })
    .where(eq(appointments.id, visit.id));
  const rejected = await invoice(ids.recordA, 'Consulta B');
  const [record] = await t.database.db
    .select({ id: verifactuRecords.id })
    .from(verifactuRecords)
    .where(eq(verifactuRecords.invoiceId, rejected.id));
  await t.database.db
    .update(verifactuSubmissions)
    .set({
      status: 'rechazado',
      attempts: 1,
      lastErrorCode: '1100',
      lastErrorDescription: 'Valor o tipo incorrecto del campo: DescripcionOperacion',
    })
    .where(eq(verifactuSubmissions.recordId, record!.id));
  return {
    rejectedRecordId: record!.id,
    A: await invoice(ids.recordA, 'Informe médico de la paciente A'),
    B: await invoice(ids.recordB, 'Informe médico de la paciente B'),
    toCancel: (await invoice(ids.recordA, 'Factura que la recepción anula')).id,
    toComplete: (await invoice(ids.recordA, 'Factura que la paciente pide completa')).id,
    visit: {
      appointmentId: visit.id,
      number: (await invoice(ids.recordA, 'Visita de la paciente A', { id: visit.id, serviceId })).number,
    },
  };
}
