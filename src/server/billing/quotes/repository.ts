import { and, asc, desc, eq, inArray, sql, type SQL } from 'drizzle-orm';
import type { Discount } from '../../../common/schemas/invoices';
import { visiblePatients, type Visibility } from '../../access';
import type { Db, Tx } from '../../platform';
import {
  appointments,
  clinicServices,
  invoiceLines,
  invoices,
  patients,
  profiles,
  quoteLines,
  quoteSessions,
  quotes,
} from '../../platform';
import { collectionOf } from '../invoices/collection-repository';
import { createQuotePlanningQueries, type QuoteLineInsert } from './planning-repository';

export type { QuoteLineInsert };

export type QuoteStatus = 'borrador' | 'enviado' | 'aceptado' | 'rechazado';

export interface QuoteInsert {
  patientId: string;
  doctorId: string | null;
  createdBy: string | null;
  createdAt: Date;
  validUntil: string;
  notes: string;
  discount: Discount | null;
  discountCents: number;
  baseCents: number;
  taxCents: number;
  totalCents: number;
}

/** «P-2026-0001»: the year and the number within it, four digits at least. */
export const quoteNumber = (year: number, sequence: number) => `P-${year}-${String(sequence).padStart(4, '0')}`;

const SESSIONS_JSON = sql`coalesce((
  SELECT json_agg(json_build_object(
    'appointmentId', a.id, 'startsAt', a.starts_at, 'status', a.status,
    'invoiceNumber', (SELECT i.number FROM invoice_lines il JOIN invoices i ON i.id = il.invoice_id
                       WHERE il.appointment_id = a.id
                         AND NOT EXISTS (SELECT 1 FROM invoice_cancellations c WHERE c.invoice_id = i.id)
                       ORDER BY i.issued_at DESC LIMIT 1)
  ) ORDER BY a.starts_at)
  FROM quote_sessions s JOIN appointments a ON a.id = s.appointment_id
  WHERE s.quote_line_id = quote_lines.id), '[]'::json)`;

/** What a session's invoice line carries in all (base and cuota), when its invoice stands; and when it is paid. */
const sessionInvoiced = (paidOnly: boolean) => sql<number>`coalesce((
  SELECT sum(il.base_cents + il.tax_cents)::int
    FROM quote_lines ql JOIN quote_sessions s ON s.quote_line_id = ql.id
    JOIN invoice_lines il ON il.appointment_id = s.appointment_id
   WHERE ql.quote_id = quotes.id
     AND NOT EXISTS (SELECT 1 FROM invoice_cancellations c WHERE c.invoice_id = il.invoice_id)
     ${paidOnly ? sql`AND ${collectionOf(sql`il.invoice_id`)} = 'pagada'` : sql``}), 0)`;

/** All SQL of presupuestos: the numbered quotes, their frozen lines, the sessions done of them, the report. */
export function createQuotesRepository(db: Db) {
  const select = (tx: Db) =>
    tx
      .select({
        id: quotes.id,
        number: quotes.number,
        patientId: quotes.patientId,
        patientName: sql<string>`trim(${patients.firstName} || ' ' || ${patients.lastName})`,
        patientEmail: patients.email,
        patientPhone: patients.phone,
        patientDocument: patients.documentNumber,
        doctorId: quotes.doctorId,
        doctorName: profiles.displayName,
        status: quotes.status,
        createdAt: quotes.createdAt,
        validUntil: quotes.validUntil,
        notes: quotes.notes,
        discount: quotes.discount,
        discountCents: quotes.discountCents,
        baseCents: quotes.baseCents,
        taxCents: quotes.taxCents,
        totalCents: quotes.totalCents,
        sentAt: quotes.sentAt,
        decidedAt: quotes.decidedAt,
        acceptanceVia: quotes.acceptanceVia,
        signerName: quotes.signerName,
        signaturePng: quotes.signaturePng,
        upfrontInvoiceId: quotes.upfrontInvoiceId,
        upfrontInvoiceNumber: sql<
          string | null
        >`(SELECT i.number FROM ${invoices} i WHERE i.id = ${quotes.upfrontInvoiceId})`,
        upfrontPaidCents: sql<number>`CASE WHEN ${quotes.upfrontInvoiceId} IS NULL THEN 0
          ELSE invoice_account_paid(${quotes.upfrontInvoiceId}) END`,
        upfrontTotalCents: sql<number>`coalesce((SELECT i.total_cents FROM ${invoices} i WHERE i.id = ${quotes.upfrontInvoiceId}), 0)`,
        sessionsInvoicedCents: sessionInvoiced(false),
        sessionsPaidCents: sessionInvoiced(true),
        lines: sql<unknown>`coalesce((SELECT json_agg(json_build_object(
            'id', quote_lines.id, 'position', quote_lines.position, 'serviceId', quote_lines.service_id,
            'description', quote_lines.description, 'detail', quote_lines.detail, 'quantity', quote_lines.quantity,
            'unitPriceCents', quote_lines.unit_price_cents, 'vat', quote_lines.vat, 'discount', quote_lines.discount,
            'discountCents', quote_lines.discount_cents, 'invoiceDiscountCents', quote_lines.invoice_discount_cents,
            'baseCents', quote_lines.base_cents, 'taxCents', quote_lines.tax_cents, 'sessions', ${SESSIONS_JSON}
          ) ORDER BY quote_lines.position) FROM quote_lines WHERE quote_lines.quote_id = quotes.id), '[]'::json)`,
      })
      .from(quotes)
      .innerJoin(patients, eq(patients.id, quotes.patientId))
      .leftJoin(profiles, eq(profiles.id, quotes.doctorId));

  type Row = Awaited<ReturnType<ReturnType<typeof select>['where']>>[number];
  const toRecord = (row: Row) => ({
    ...row,
    lines: (typeof row.lines === 'string' ? JSON.parse(row.lines) : row.lines) as QuoteLineRecord[],
    upfrontPaidCents: Number(row.upfrontPaidCents),
    upfrontTotalCents: Number(row.upfrontTotalCents),
    sessionsInvoicedCents: Number(row.sessionsInvoicedCents),
    sessionsPaidCents: Number(row.sessionsPaidCents),
  });

  const visibleCondition = (visibility: Visibility): SQL | undefined => {
    const patientsSeen = visiblePatients(visibility);
    return patientsSeen
      ? inArray(quotes.patientId, sql`(SELECT ${patients.id} FROM ${patients} WHERE ${patientsSeen})`)
      : undefined;
  };

  return {
    ...createQuotePlanningQueries(db),

    /** The quotes one request may see: the desk's all, a doctor's patients', a paciente's own (`ownership.ts`). */
    visibleTo(visibility: Visibility) {
      const seen = visibleCondition(visibility);
      return {
        async list(patientId: string | undefined, tx: Db = db) {
          const rows = await select(tx)
            .where(and(seen, patientId ? eq(quotes.patientId, patientId) : undefined))
            .orderBy(desc(quotes.createdAt), desc(quotes.number));
          return rows.map(toRecord);
        },
        async findById(id: string, tx: Db = db) {
          const [row] = await select(tx).where(and(seen, eq(quotes.id, id)));
          return row ? toRecord(row) : undefined;
        },
      };
    },

    /** One quote whoever asks (the link's routes, the services after their checks). */
    async findById(id: string, tx: Db = db) {
      const [row] = await select(tx).where(eq(quotes.id, id));
      return row ? toRecord(row) : undefined;
    },

    /** The quote's row locked until the transaction ends: two decisions on it take turns. */
    async lock(id: string, tx: Tx) {
      const [row] = await tx.select().from(quotes).where(eq(quotes.id, id)).for('update');
      return row;
    },

    /**
     * Writes a quote under the next number of its year (the year's row stays locked until the transaction ends, so
     * numbers follow one another and a rollback gives the number back), and its lines from position 1.
     */
    async insertNumbered(year: number, quote: QuoteInsert, lines: QuoteLineInsert[], tx: Tx) {
      const result = await tx.execute(sql`
        INSERT INTO quote_series (year, last_number) VALUES (${year}, 1)
        ON CONFLICT (year) DO UPDATE SET last_number = quote_series.last_number + 1
        RETURNING last_number`);
      const sequence = Number((result as unknown as { rows: { last_number: number }[] }).rows[0]!.last_number);
      const [row] = await tx
        .insert(quotes)
        .values({ ...quote, year, sequence, number: quoteNumber(year, sequence) })
        .returning({ id: quotes.id, number: quotes.number });
      await tx
        .insert(quoteLines)
        .values(lines.map((line, index) => ({ ...line, quoteId: row!.id, position: index + 1 })));
      return row!;
    },

    async markSent(id: string, at: Date, tx: Tx) {
      await tx.update(quotes).set({ status: 'enviado', sentAt: at }).where(eq(quotes.id, id));
    },

    async accept(
      id: string,
      acceptance: {
        via: 'firma' | 'papel';
        signerName: string;
        signerDocument: string | null;
        signaturePng: Buffer | null;
        signedSha256: string | null;
        recordedBy: string | null;
        at: Date;
      },
      tx: Tx,
    ) {
      await tx
        .update(quotes)
        .set({
          status: 'aceptado',
          decidedAt: acceptance.at,
          acceptanceVia: acceptance.via,
          signerName: acceptance.signerName,
          signerDocument: acceptance.signerDocument,
          signaturePng: acceptance.signaturePng,
          signedSha256: acceptance.signedSha256,
          recordedBy: acceptance.recordedBy,
        })
        .where(eq(quotes.id, id));
    },

    async reject(id: string, at: Date, recordedBy: string | null, tx: Tx) {
      await tx.update(quotes).set({ status: 'rechazado', decidedAt: at, recordedBy }).where(eq(quotes.id, id));
    },

    async setUpfrontInvoice(id: string, invoiceId: string, tx: Tx) {
      await tx.update(quotes).set({ upfrontInvoiceId: invoiceId }).where(eq(quotes.id, id));
    },

    /** The clinic's services named, with their current price and VAT (a quote copies them). */
    servicesByIds(ids: string[], tx: Db = db) {
      return tx
        .select({
          id: clinicServices.id,
          name: clinicServices.name,
          priceCents: clinicServices.priceCents,
          vat: clinicServices.vat,
        })
        .from(clinicServices)
        .where(inArray(clinicServices.id, ids.length ? ids : ['00000000-0000-0000-0000-000000000000']));
    },

    /** An appointment as linking reads it: whose, of which service, its state, whether a quote or invoice holds it. */
    async appointmentForLink(appointmentId: string, tx: Tx) {
      const [row] = await tx
        .select({
          id: appointments.id,
          patientId: appointments.patientId,
          serviceId: appointments.serviceId,
          status: appointments.status,
          linked: sql<boolean>`EXISTS (SELECT 1 FROM ${quoteSessions} s WHERE s.appointment_id = ${appointments.id})`,
          invoiced: sql<boolean>`EXISTS (SELECT 1 FROM ${invoiceLines} l WHERE l.appointment_id = ${appointments.id}
            AND NOT EXISTS (SELECT 1 FROM invoice_cancellations c WHERE c.invoice_id = l.invoice_id))`,
        })
        .from(appointments)
        .where(eq(appointments.id, appointmentId))
        .for('update', { of: appointments });
      return row;
    },

    async linkSession(lineId: string, appointmentId: string, at: Date, by: string | null, tx: Tx) {
      await tx.insert(quoteSessions).values({ quoteLineId: lineId, appointmentId, linkedAt: at, linkedBy: by });
    },

    /** How many live (not cancelled) appointments a line already holds. */
    async liveSessionsOf(lineId: string, tx: Tx) {
      const [row] = await tx
        .select({ count: sql<number>`count(*)::int` })
        .from(quoteSessions)
        .innerJoin(appointments, eq(appointments.id, quoteSessions.appointmentId))
        .where(and(eq(quoteSessions.quoteLineId, lineId), sql`${appointments.status} <> 'cancelada'`));
      return Number(row!.count);
    },

    /**
     * The quote line each of these appointments is a session of (accepted quotes only), with the line's figures and
     * the session's place among its live sessions (by start): what invoicing a visit at the quote's price needs.
     */
    async sessionsOfAppointments(appointmentIds: string[], tx: Db = db) {
      if (appointmentIds.length === 0) return [];
      const rows = await tx
        .select({
          appointmentId: quoteSessions.appointmentId,
          quoteNumber: quotes.number,
          upfrontInvoiceId: quotes.upfrontInvoiceId,
          serviceId: quoteLines.serviceId,
          description: quoteLines.description,
          quantity: quoteLines.quantity,
          unitPriceCents: quoteLines.unitPriceCents,
          baseCents: quoteLines.baseCents,
          vat: quoteLines.vat,
          index: sql<number>`(SELECT count(*)::int FROM ${quoteSessions} o JOIN ${appointments} oa ON oa.id = o.appointment_id
            WHERE o.quote_line_id = ${quoteLines.id} AND oa.status <> 'cancelada'
              AND (oa.starts_at, oa.id) < (SELECT a.starts_at, a.id FROM ${appointments} a WHERE a.id = ${quoteSessions.appointmentId}))`,
        })
        .from(quoteSessions)
        .innerJoin(quoteLines, eq(quoteLines.id, quoteSessions.quoteLineId))
        .innerJoin(quotes, eq(quotes.id, quoteLines.quoteId))
        .where(and(inArray(quoteSessions.appointmentId, appointmentIds), eq(quotes.status, 'aceptado')))
        .orderBy(asc(quoteSessions.appointmentId));
      return rows.map((row) => ({ ...row, index: Number(row.index) }));
    },

    /**
     * The year's quotes that reached a patient, each with its month (of sending, in the clinic's zone), its doctor and
     * its outcome as of `today`: what the acceptance rate is computed from.
     */
    async offeredIn(year: number, timeZone: string, today: string, tx: Db = db) {
      const rows = await tx.execute(sql`
        SELECT to_char(q.sent_at AT TIME ZONE ${timeZone}, 'YYYY-MM') AS month, q.doctor_id AS "doctorId",
               coalesce(p.display_name, '') AS "doctorName", q.total_cents AS "totalCents",
               CASE WHEN q.status IN ('aceptado', 'rechazado') THEN q.status
                    WHEN q.valid_until < ${today}::date THEN 'caducado' ELSE 'enviado' END AS outcome
          FROM quotes q LEFT JOIN profiles p ON p.id = q.doctor_id
         WHERE q.sent_at IS NOT NULL
           AND extract(year FROM q.sent_at AT TIME ZONE ${timeZone}) = ${year}
         ORDER BY month`);
      return (
        rows as unknown as {
          rows: { month: string; doctorId: string | null; doctorName: string; totalCents: number; outcome: string }[];
        }
      ).rows.map((row) => ({ ...row, totalCents: Number(row.totalCents) }));
    },
  };
}

export interface QuoteLineRecord extends QuoteLineInsert {
  id: string;
  position: number;
  sessions: { appointmentId: string; startsAt: string; status: string; invoiceNumber: string | null }[];
}

export type QuotesRepository = ReturnType<typeof createQuotesRepository>;
export type QuoteRecord = NonNullable<Awaited<ReturnType<QuotesRepository['findById']>>>;
