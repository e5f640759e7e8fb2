import { eq } from 'drizzle-orm';
import { doctors } from '../../platform/db/schema';
import type { TestApp } from '../app';

/** Session packs (bonos): a product, and a pack sold to each side's patient (A's to refund). */
export interface PacksWorld {
  serviceId: string;
  productId: string;
  A: string;
  B: string;
}

/** Built after the invoices' world: the issuer is set. */
export async function buildPacksWorld(
  t: TestApp,
  ids: { adminId: string; recordA: string; recordB: string; doctorA: string },
): Promise<PacksWorld> {
  const [doctor] = await t.database.db.select().from(doctors).where(eq(doctors.id, ids.doctorA));
  const serviceId = await t.write((tx) =>
    t.deps.repos.clinicServices.create(
      {
        name: 'Fisioterapia de la matriz',
        specialtyId: doctor!.specialtyId,
        doctorIds: [],
        durationMinutes: 45,
        priceCents: 4000,
        vat: 'exenta',
        bookableOnline: false,
        active: true,
      },
      tx,
    ),
  );
  const productId = await t.write((tx) =>
    t.deps.repos.packs.createProduct(
      { serviceId, sessions: 10, priceCents: 35000, validityMonths: 12, active: true },
      tx,
    ),
  );
  const sell = async (patientId: string) => {
    const patient = await t.deps.repos.patients.findById(patientId);
    const sale = await t.deps.packs.sell(
      patient!,
      { productId, kind: 'simplificada' },
      { actor: { id: ids.adminId, role: 'admin' }, ip: '127.0.0.1' },
    );
    return sale.packId;
  };
  return { serviceId, productId, A: await sell(ids.recordA), B: await sell(ids.recordB) };
}
