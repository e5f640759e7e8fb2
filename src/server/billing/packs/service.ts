import { Temporal } from 'temporal-polyfill';
import {
  packName,
  packRefundCents,
  type PackProduct,
  type PackState,
  type PatientPack,
  type SellPackInput,
} from '../../../common/schemas/packs';
import {
  AppError,
  auditedIn,
  clock,
  dateInZone,
  toInstant,
  transact,
  validationError,
  type AuditContext,
} from '../../platform';
import type { Tx } from '../../platform';
import type { PatientRow } from '../../identity';
import type { CoreDeps } from '../deps';
import type { InvoicingService } from '../invoices/service';
import type { PackProductRecord, PatientPackRecord } from './repository';

type Repos = Pick<CoreDeps, 'repos'>;

export const PACK_NOT_FOUND = 'Bono no encontrado';

export const presentProduct = (row: PackProductRecord): PackProduct => ({
  ...row,
  name: packName(row.sessions, row.serviceName),
});

/** What a pack is on `today` (the clinic's date): closed by its refund, its invoice's cancellation, use or expiry. */
export function packState(row: PatientPackRecord, today: string): PackState {
  if (row.refund) return 'devuelto';
  if (row.invoiceCancelled) return 'anulado';
  if (row.visits.length >= row.sessions) return 'agotado';
  if (row.expiresOn && row.expiresOn < today) return 'caducado';
  return 'activo';
}

/** A pack as the screens show it, on the clinic's `today`. */
export function presentPack(row: PatientPackRecord, today: string): PatientPack {
  const state = packState(row, today);
  const unused = row.sessions - row.visits.length;
  return {
    id: row.id,
    name: packName(row.sessions, row.serviceName),
    serviceId: row.serviceId,
    sessions: row.sessions,
    used: row.visits.length,
    priceCents: row.priceCents,
    purchasedOn: row.purchasedOn,
    expiresOn: row.expiresOn,
    state,
    invoiceId: row.invoiceId,
    invoiceNumber: row.invoiceNumber,
    refundableCents:
      state === 'devuelto' || state === 'anulado' || unused === 0
        ? 0
        : packRefundCents(row.priceCents, row.sessions, unused),
    refund: row.refund && { ...row.refund, refundedAt: toInstant(row.refund.refundedAt).toISOString() },
    visits: row.visits.map((visit) => ({ ...visit, startsAt: toInstant(visit.startsAt).toISOString() })),
  };
}

/** A patient's packs as of the clinic's today. */
export async function packsOfPatient(deps: Repos, patientId: string): Promise<PatientPack[]> {
  const { timeZone } = await deps.repos.clinic.getSettings();
  const today = clock.today(timeZone).toString();
  return (await deps.repos.packs.packsOf(patientId)).map((row) => presentPack(row, today));
}

/**
 * Keeps a visit's pack session as its state says, inside the transaction that changed that state (issue 36, item 3):
 * an attended visit of a service the patient holds a pack of uses one session of her oldest pack that is usable on
 * the visit's day (in the clinic's zone) and still has one; a visit no longer attended (its attendance undone, or
 * cancelled) gives its session back. Idempotent: a visit already using a session keeps it (and the database refuses
 * a second), one already on an invoice that stands uses none. Answers the session in use, if any.
 */
export async function syncVisitSession(deps: Repos, tx: Tx, appointmentId: string) {
  const { repos } = deps;
  const visit = await repos.packs.visitOf(appointmentId, tx);
  if (!visit) return null;
  const current = await repos.packs.sessionOf(appointmentId, tx);
  if (visit.status !== 'atendida') {
    if (current) await repos.packs.releaseSession(appointmentId, clock.now(), tx);
    return null;
  }
  if (current) return current;
  if (!visit.serviceId) return null;
  if ((await repos.invoices.invoicedAppointments([appointmentId], tx)).length > 0) return null;
  const { timeZone } = await repos.clinic.getSettings(tx);
  const day = dateInZone(visit.startsAt, timeZone);
  for (const pack of await repos.packs.lockUsable(visit.patientId, visit.serviceId, day, tx)) {
    const taken = new Set(await repos.packs.numbersInUse(pack.id, tx));
    if (taken.size >= pack.sessions) continue;
    let number = 1;
    while (taken.has(number)) number += 1;
    return repos.packs.insertSession(
      { packId: pack.id, packSessions: pack.sessions, number, appointmentId, consumedAt: clock.now() },
      tx,
    );
  }
  return null;
}

/**
 * Selling a pack and refunding its unused sessions, each one transaction with its invoice: the sale issues the
 * purchase invoice through the invoicing service (its VERI*FACTU record with it), the refund a rectifying invoice
 * by differences of that invoice.
 */
export function createPacksService(
  deps: Pick<CoreDeps, 'db' | 'repos'>,
  invoicing: Pick<InvoicingService, 'issueIn' | 'rectifyIn'>,
) {
  const { repos } = deps;

  async function sellIn(tx: Tx, patient: PatientRow, input: SellPackInput, context: AuditContext) {
    const product = await repos.packs.findProduct(input.productId, tx);
    if (!product?.active) throw validationError({ productId: 'Ese bono no existe o ya no se vende: elige otro' });
    const name = packName(product.sessions, product.serviceName);
    const invoice = await invoicing.issueIn(
      tx,
      {
        patientId: patient.id,
        appointmentIds: [],
        lines: [{ description: name, quantity: 1, unitPriceCents: product.priceCents, vat: product.vat }],
        kind: input.kind,
      },
      patient,
      context,
    );
    const { timeZone } = await repos.clinic.getSettings(tx);
    const purchasedOn = clock.today(timeZone);
    const expiresOn = expiryOf(purchasedOn.toString(), product.validityMonths);
    const packId = await auditedIn(
      tx,
      () =>
        repos.packs.insertPack(
          {
            productId: product.id,
            patientId: patient.id,
            serviceId: product.serviceId,
            sessions: product.sessions,
            priceCents: product.priceCents,
            purchasedOn: purchasedOn.toString(),
            expiresOn,
            invoiceId: invoice.id,
            soldAt: clock.now(),
            soldBy: context.actor?.id ?? null,
          },
          tx,
        ),
      (id) => ({
        ...context,
        action: 'create',
        entity: 'patient_pack',
        entityId: id,
        patientId: patient.id,
        details: { invoice: invoice.number, sessions: product.sessions, priceCents: product.priceCents, expiresOn },
      }),
    );
    return { packId, invoiceId: invoice.id, invoiceNumber: invoice.number };
  }

  async function refundIn(tx: Tx, packId: string, patient: PatientRow, context: AuditContext) {
    const pack = await repos.packs.lockPack(packId, tx);
    if (pack?.patientId !== patient.id) throw new AppError(404, 'NOT_FOUND', PACK_NOT_FOUND);
    const row = (await repos.packs.findPack(packId, tx))!;
    if (row.refund) throw new AppError(409, 'PACK_CLOSED', 'Este bono ya se devolvió: está cerrado.');
    const unused = pack.sessions - row.visits.length;
    if (unused === 0) throw new AppError(409, 'PACK_CLOSED', 'Este bono no tiene sesiones sin usar que devolver.');
    const refundCents = packRefundCents(pack.priceCents, pack.sessions, unused);
    if (refundCents === 0) {
      throw new AppError(
        409,
        'PACK_CLOSED',
        'Las sesiones sin usar de este bono no llegan a 1 céntimo: no hay nada que devolver.',
      );
    }
    const original = await repos.invoices.findById(pack.invoiceId, tx);
    const product = await repos.packs.findProduct(pack.productId, tx);
    const name = packName(pack.sessions, row.serviceName);
    const issued = await invoicing.rectifyIn(
      tx,
      pack.invoiceId,
      {
        type: original?.type === 'F2' ? 'R5' : 'R1',
        method: 'diferencias',
        reason: `Devolución de ${unused} de ${pack.sessions} sesiones sin usar del bono`,
        lines: [
          {
            description: `Devolución de ${unused} sesiones sin usar · ${name}`,
            quantity: 1,
            unitPriceCents: -refundCents,
            vat: product!.vat,
          },
        ],
      },
      patient,
      context,
    );
    await auditedIn(
      tx,
      () =>
        repos.packs.insertRefund(
          {
            packId,
            invoiceId: issued.id,
            unusedSessions: unused,
            refundCents,
            refundedAt: clock.now(),
            refundedBy: context.actor?.id ?? null,
          },
          tx,
        ),
      {
        ...context,
        action: 'update',
        entity: 'patient_pack',
        entityId: packId,
        patientId: patient.id,
        details: { refund: issued.number, unusedSessions: unused, refundCents },
      },
    );
    return { invoiceId: issued.id, invoiceNumber: issued.number, refundCents, unusedSessions: unused };
  }

  return {
    /** Sells a pack of `input.productId` to `patient` (already checked visible), with its invoice. */
    sell: (patient: PatientRow, input: SellPackInput, context: AuditContext) =>
      transact(deps.db, (tx) => sellIn(tx, patient, input, context)),
    /** Refunds the unused sessions of a pack of `patient` by a rectifying invoice, and closes it. */
    refund: (packId: string, patient: PatientRow, context: AuditContext) =>
      transact(deps.db, (tx) => refundIn(tx, packId, patient, context)),
    sellIn,
  };
}

export type PacksService = ReturnType<typeof createPacksService>;

/** The pack's last valid day for a purchase on `purchasedOn` (`Temporal`'s month arithmetic clamps to month end). */
export const expiryOf = (purchasedOn: string, validityMonths: number | null) =>
  validityMonths ? Temporal.PlainDate.from(purchasedOn).add({ months: validityMonths }).toString() : null;
