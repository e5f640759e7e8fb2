import { createHash } from 'node:crypto';
import { paths } from '../../../common/paths';
import { type PaperAcceptance, type SignedAcceptance, type quoteInputSchema } from '../../../common/schemas/quotes';
import type { z } from 'zod';
import {
  AppError,
  auditedIn,
  clock,
  decodeSignaturePng,
  notFound,
  transact,
  validationError,
  type AuditContext,
  type Tx,
} from '../../platform';
import type { PatientRow } from '../../identity';
import { toE164 } from '../../communications';
import type { RouteDeps } from '../route-deps';
import { priceQuote } from './drafts';
import { lineConcept } from './figures';
import { createQuoteLinks } from './links';
import { quoteState } from './present';
import type { QuoteRecord } from './repository';
import { quoteEmail, quoteSms } from './texts';

export const QUOTE_NOT_FOUND = 'Presupuesto no encontrado';
const esDay = (day: string) => day.split('-').reverse().join('/');

/**
 * Without `outbox` and `channels` (the demo's seed, which builds no messengers) sending only records the quote as
 * sent — handed to her at the desk — and writes no message.
 */
type Deps = Pick<RouteDeps, 'db' | 'repos' | 'config' | 'invoicing'> & Partial<Pick<RouteDeps, 'outbox' | 'channels'>>;
type QuoteValues = z.output<typeof quoteInputSchema>;

/**
 * Presupuestos (issue 36, item 2): made, sent, accepted (her signature through the link, or paper at the desk) or
 * refused, done session by session and invoiced per session or up front. Each change is one transaction with its
 * audit entry; a decision locks the quote's row, so two acceptances take turns and the second is refused.
 */
export function createQuotesService(deps: Deps) {
  const { repos } = deps;
  const links = createQuoteLinks(repos.clinic, deps.db);

  const todayOf = (timeZone: string) => clock.today(timeZone).toString();
  const settings = (tx?: Tx) => repos.clinic.getSettings(tx);

  /** The quote locked for a decision, with the clinic's today; 404 when there is none. */
  async function locked(id: string, tx: Tx) {
    const row = await repos.quotes.lock(id, tx);
    if (!row) throw notFound(QUOTE_NOT_FOUND);
    return { row, today: todayOf((await settings(tx)).timeZone) };
  }

  /** A decision is taken once, and only while the quote is valid (to the end of its last day, the clinic's). */
  function assertOpen(row: { status: string; validUntil: string; number: string }, today: string, what: string) {
    const state = quoteState({ status: row.status as QuoteRecord['status'], validUntil: row.validUntil }, today);
    if (state === 'aceptado') throw new AppError(409, 'CONFLICT', `El presupuesto ${row.number} ya está aceptado.`);
    if (state === 'rechazado') throw new AppError(409, 'CONFLICT', `El presupuesto ${row.number} fue rechazado.`);
    if (state === 'caducado') {
      throw new AppError(
        409,
        'QUOTE_EXPIRED',
        `El presupuesto ${row.number} caducó el ${esDay(row.validUntil)}: no se puede ${what}. Pide a la clínica uno nuevo.`,
      );
    }
  }

  /** In `tx` when given (the demo's seed), else in a transaction of its own. */
  const within = <T>(tx: Tx | undefined, work: (tx: Tx) => Promise<T>) => (tx ? work(tx) : transact(deps.db, work));

  async function create(input: QuoteValues, doctorId: string | null, context: AuditContext, outer?: Tx) {
    return within(outer, async (tx) => {
      const today = clock.today((await settings(tx)).timeZone);
      const priced = await priceQuote(repos, input, today, tx);
      const year = today.year;
      return auditedIn(
        tx,
        () =>
          repos.quotes.insertNumbered(
            year,
            {
              patientId: input.patientId,
              doctorId,
              createdBy: context.actor?.id ?? null,
              createdAt: clock.now(),
              ...priced.values,
            },
            priced.lines,
            tx,
          ),
        (row) => ({
          ...context,
          action: 'create',
          entity: 'quote',
          entityId: row.id,
          patientId: input.patientId,
          details: { number: row.number, totalCents: priced.values.totalCents, validUntil: priced.validUntil },
        }),
      );
    });
  }

  /** The link's address for this quote. */
  const urlOf = async (id: string, tx?: Tx) =>
    `${deps.config.publicUrl}${paths.quoteSigning(await links.tokenFor(id, tx))}`;

  /** Sends it (again) by e-mail, and by SMS when the clinic's SMS channel is on and she has a phone. */
  async function send(id: string, context: AuditContext, outer?: Tx) {
    if (!outer) await links.ready();
    return within(outer, async (tx) => {
      const { row, today } = await locked(id, tx);
      assertOpen(row, today, 'enviar');
      const quote = (await repos.quotes.findById(id, tx))!;
      const clinic = await settings(tx);
      const url = await urlOf(id, tx);
      const email = quote.patientEmail
        ? quoteEmail({
            to: quote.patientEmail,
            patientName: quote.patientName,
            clinicName: clinic.name,
            number: quote.number,
            totalCents: quote.totalCents,
            validUntil: quote.validUntil,
            url,
          })
        : null;
      const phone = quote.patientPhone ? toE164(quote.patientPhone) : null;
      const bySms = Boolean(deps.channels?.providersOn().sms) && phone !== null;
      const { outbox, channels: messaging } = deps;
      if (outbox && !email && !bySms) {
        throw new AppError(
          409,
          'QUOTE_NO_CHANNEL',
          'La paciente no tiene correo electrónico ni un móvil al que enviar el SMS: añádelos en su ficha.',
        );
      }
      const channels: string[] = [];
      await auditedIn(
        tx,
        async () => {
          await repos.quotes.markSent(id, clock.now(), tx);
          if (email && outbox) {
            await outbox.enqueue(email, { tx, kind: 'quote' });
            channels.push('email');
          }
          if (bySms && messaging) {
            await messaging.enqueue(
              {
                kind: 'quote',
                channel: 'sms',
                toNumber: phone!,
                body: quoteSms(clinic.name, quote.number, url),
                templateParams: [],
                fallbackEmail: null,
              },
              tx,
            );
            channels.push('sms');
          }
        },
        () => ({
          ...context,
          action: 'update',
          entity: 'quote',
          entityId: id,
          patientId: quote.patientId,
          details: { sent: channels },
        }),
      );
      return channels;
    });
  }

  /** What a signature attests: the quote's number, lines and total, hashed (SHA-256, hex). */
  const contentHash = (quote: QuoteRecord) =>
    createHash('sha256')
      .update(
        JSON.stringify({
          number: quote.number,
          lines: quote.lines.map((line) => [lineConcept(line), line.quantity, line.unitPriceCents, line.baseCents]),
          discountCents: quote.discountCents,
          totalCents: quote.totalCents,
          validUntil: quote.validUntil,
        }),
      )
      .digest('hex');

  /** Her acceptance from the link: her name, document and signature (drawn, or her typed name). */
  async function acceptBySignature(token: string, input: SignedAcceptance, context: AuditContext) {
    const id = await quoteIdOf(token);
    const png = input.signature.method === 'trazo' ? decodeSignaturePng(input.signature.image) : null;
    await transact(deps.db, async (tx) => {
      const { row, today } = await locked(id, tx);
      if (row.status === 'borrador') throw notFound(QUOTE_NOT_FOUND);
      assertOpen(row, today, 'aceptar');
      const quote = (await repos.quotes.findById(id, tx))!;
      const sha = contentHash(quote);
      await auditedIn(
        tx,
        () =>
          repos.quotes.accept(
            id,
            {
              via: 'firma',
              signerName: input.signerName,
              signerDocument: input.signerDocument,
              signaturePng: png,
              signedSha256: sha,
              recordedBy: null,
              at: clock.now(),
            },
            tx,
          ),
        {
          ...context,
          action: 'update',
          entity: 'quote',
          entityId: id,
          patientId: row.patientId,
          details: { accepted: 'firma', signature: input.signature.method, contentSha256: sha },
        },
      );
    });
    return id;
  }

  /** The desk records the acceptance she signed on paper: who, and the day (not after its validity nor today). */
  async function acceptOnPaper(id: string, input: PaperAcceptance, context: AuditContext, outer?: Tx) {
    await within(outer, async (tx) => {
      const { row, today } = await locked(id, tx);
      assertOpen(row, input.signedOn <= row.validUntil ? input.signedOn : today, 'aceptar');
      if (input.signedOn > today) throw validationError({ signedOn: 'El día de la firma no puede ser futuro' });
      if (input.signedOn > row.validUntil) {
        throw validationError({ signedOn: `El presupuesto solo era válido hasta el ${esDay(row.validUntil)}` });
      }
      if (input.signedOn < row.createdAt.toISOString().slice(0, 10)) {
        throw validationError({ signedOn: 'El día de la firma no puede ser anterior al presupuesto' });
      }
      await auditedIn(
        tx,
        () =>
          repos.quotes.accept(
            id,
            {
              via: 'papel',
              signerName: input.signerName,
              signerDocument: null,
              signaturePng: null,
              signedSha256: null,
              recordedBy: context.actor?.id ?? null,
              at: clock.now(),
            },
            tx,
          ),
        {
          ...context,
          action: 'update',
          entity: 'quote',
          entityId: id,
          patientId: row.patientId,
          details: { accepted: 'papel', signerName: input.signerName, signedOn: input.signedOn },
        },
      );
    });
  }

  /** The desk records that she refused it. */
  async function reject(id: string, context: AuditContext) {
    await transact(deps.db, async (tx) => {
      const { row, today } = await locked(id, tx);
      assertOpen(row, today, 'rechazar');
      await auditedIn(tx, () => repos.quotes.reject(id, clock.now(), context.actor?.id ?? null, tx), {
        ...context,
        action: 'update',
        entity: 'quote',
        entityId: id,
        patientId: row.patientId,
        details: { rejected: true },
      });
    });
  }

  /** One of her appointments becomes a planned session of a line of the accepted quote. */
  async function linkSession(id: string, lineId: string, appointmentId: string, context: AuditContext, outer?: Tx) {
    await within(outer, async (tx) => {
      const { row } = await locked(id, tx);
      if (row.status !== 'aceptado') {
        throw new AppError(409, 'CONFLICT', 'Solo las sesiones de un presupuesto aceptado se enlazan con citas.');
      }
      const quote = (await repos.quotes.findById(id, tx))!;
      const line = quote.lines.find((candidate) => candidate.id === lineId);
      if (!line) throw validationError({ lineId: 'Esa línea no es de este presupuesto' });
      const appointment = await repos.quotes.appointmentForLink(appointmentId, tx);
      if (!appointment || appointment.patientId !== row.patientId) {
        throw validationError({ appointmentId: 'La cita no existe o no es de esta paciente' });
      }
      if (appointment.status === 'cancelada') throw validationError({ appointmentId: 'La cita está cancelada' });
      if (appointment.serviceId && appointment.serviceId !== line.serviceId) {
        throw validationError({ appointmentId: `La cita no es de «${line.description}»` });
      }
      if (appointment.linked) throw validationError({ appointmentId: 'La cita ya es una sesión de un presupuesto' });
      if (appointment.invoiced) throw validationError({ appointmentId: 'La cita ya está facturada' });
      if ((await repos.quotes.liveSessionsOf(lineId, tx)) >= line.quantity) {
        throw validationError({ lineId: `Las ${line.quantity} sesiones de «${line.description}» ya tienen cita` });
      }
      await auditedIn(
        tx,
        () => repos.quotes.linkSession(lineId, appointmentId, clock.now(), context.actor?.id ?? null, tx),
        {
          ...context,
          action: 'update',
          entity: 'quote',
          entityId: id,
          patientId: row.patientId,
          details: { session: { lineId, appointmentId } },
        },
      );
    });
  }

  /**
   * The whole accepted quote on one invoice, through the invoicing service (its number, its VERI*FACTU record):
   * its lines and discount as the quote has them, so the invoice comes to the quote's cents. Refused once any of its
   * sessions is invoiced on its own, and a second time.
   */
  async function invoiceUpfront(
    id: string,
    kind: 'completa' | 'simplificada',
    patient: PatientRow,
    context: AuditContext,
  ) {
    return transact(deps.db, async (tx) => {
      const { row } = await locked(id, tx);
      if (row.status !== 'aceptado') {
        throw new AppError(409, 'CONFLICT', 'Solo se factura un presupuesto aceptado.');
      }
      if (row.upfrontInvoiceId) {
        throw new AppError(409, 'ALREADY_INVOICED', `El presupuesto ${row.number} ya está facturado.`);
      }
      const quote = (await repos.quotes.findById(id, tx))!;
      if (quote.sessionsInvoicedCents > 0 || quote.lines.some((line) => line.sessions.some((s) => s.invoiceNumber))) {
        throw new AppError(
          409,
          'ALREADY_INVOICED',
          'Ya hay sesiones de este presupuesto facturadas una a una: factura las demás según se hagan.',
        );
      }
      const invoice = await deps.invoicing.issueIn(
        tx,
        {
          patientId: row.patientId,
          appointmentIds: [],
          kind,
          lines: quote.lines.map((line) => ({
            description: `${lineConcept(line)} (presupuesto ${quote.number})`.slice(0, 200),
            quantity: line.quantity,
            unitPriceCents: line.unitPriceCents,
            vat: line.vat,
            discount: line.discount ?? undefined,
          })),
          discount: quote.discount ?? undefined,
        },
        patient,
        context,
      );
      await repos.quotes.setUpfrontInvoice(id, invoice.id, tx);
      return invoice;
    });
  }

  /** The quote's id from a link, or 404 for a link that is not one. */
  async function quoteIdOf(token: string) {
    const id = await links.verify(token);
    if (!id) throw new AppError(404, 'NOT_FOUND', 'Este enlace de presupuesto no es válido.');
    return id;
  }

  return {
    create,
    send,
    acceptBySignature,
    acceptOnPaper,
    reject,
    linkSession,
    invoiceUpfront,
    quoteIdOf,
    urlOf,
    links,
  };
}

export type QuotesService = ReturnType<typeof createQuotesService>;
