import { eq } from 'drizzle-orm';
import { appointments } from '../../platform/db/schema';
import { issueSettlement } from '../../billing/insurers/settlement';
import type { TestApp } from '../app';
import { insertAppointment } from '../fixtures';

/**
 * «Liquidación de aseguradoras» (decision 0118): an insurer of its own, the neutral patient's attended
 * visits «por su aseguradora» — one of December 2029 to settle, one of November already settled on an invoice
 * whose reconciliation waits — and a visit of hers booked «Privado» whose payer the desk changes.
 */
export interface InsurerSettlementsWorld {
  insurerId: string;
  invoiceId: string;
  settledVisit: string;
  privateVisit: string;
}

export async function buildInsurerSettlementsWorld(
  t: TestApp,
  ids: { adminId: string; recordId: string; doctorId: string; serviceId: string },
): Promise<InsurerSettlementsWorld> {
  const insurerId = await t.write((tx) =>
    t.deps.repos.insurers.create(
      {
        name: 'Matriz Liquidaciones',
        taxId: 'A28037042',
        address: 'Calle de la Matriz 2, Madrid',
        requiresAuthorization: false,
        copayCents: null,
        active: true,
      },
      tx,
    ),
  );
  await t.write((tx) =>
    t.deps.repos.insurers.setTariffs(insurerId, [{ serviceId: ids.serviceId, priceCents: 3000 }], tx),
  );
  const visit = async (startsAt: string, payer: 'privado' | 'aseguradora') => {
    const row = await insertAppointment(t, {
      patientId: ids.recordId,
      doctorId: ids.doctorId,
      startsAt: new Date(startsAt),
    });
    await t.database.db
      .update(appointments)
      .set({
        status: payer === 'aseguradora' ? 'atendida' : 'confirmada',
        serviceId: ids.serviceId,
        ...(payer === 'aseguradora' && { payer, insurerId, insurerPriceCents: 3000, authorizationNumber: 'MAT-1' }),
      })
      .where(eq(appointments.id, row.id));
    return row.id;
  };
  const settledVisit = await visit('2029-11-14T19:10:00+01:00', 'aseguradora');
  await visit('2029-12-12T19:10:00+01:00', 'aseguradora');
  const invoice = await issueSettlement(
    { ...t.deps, invoicing: t.deps.invoicing, payments: t.deps.payments },
    { insurerId, month: '2029-11' },
    { actor: { id: ids.adminId, role: 'admin' } },
  );
  return {
    insurerId,
    invoiceId: invoice.id,
    settledVisit,
    privateVisit: await visit('2030-01-18T19:40:00+01:00', 'privado'),
  };
}
