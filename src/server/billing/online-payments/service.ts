import { newSecretToken, hashToken } from './tokens';
import { onlinePaymentApi } from '../../../common/api-paths';
import { paths } from '../../../common/paths';
import { formatEuros } from '../../../common/money';
import type {
  OnlinePaymentMethod,
  OnlinePaymentResult,
  PaymentLinkView,
  RedsysForm,
  RedsysSettings,
  RedsysSettingsInput,
} from '../../../common/schemas/online-payments';
import { AppError, auditedIn, clock, pgErrorCode, plus, transact, validationError } from '../../platform';
import type { AuditContext, Db, Tx } from '../../platform';
import { buttonHtml, emailLayout, escapeHtml } from '../../platform';
import { paymentLinkSms, shortLinkFor, toE164 } from '../../communications';
import type { CoreDeps } from '../deps';
import {
  isValidSecret,
  newOrder,
  paymentForm,
  readNotification,
  REDSYS_URLS,
  type RedsysMerchant,
  type SignedMessage,
} from './redsys';
import { depositInvoiceIn, depositPaidIn } from '../deposits/advance';
import { refundDeposit } from '../deposits/refund';

/** How long a payment link lasts (decision 0116). */
export const PAYMENT_LINK_DAYS = 14;
const LINK_GONE = 'Este enlace de pago no es válido o ha caducado. Pide uno nuevo a la clínica.';
const NOT_SET_UP = 'La clínica aún no tiene el pago con tarjeta o Bizum configurado. Puedes pagar en la recepción.';
const NOTHING_PENDING = 'Esta factura no tiene nada pendiente de pago.';

/** What paying needs (the demo's seed has no more); sending links needs the outboxes too. */
export type OnlinePaymentsCoreDeps = Pick<CoreDeps, 'db' | 'repos' | 'config'> & {
  /** Tells the patient her deposit was received or given back; the demo's seed has none and tells no one. */
  outbox?: CoreDeps['outbox'];
  /** Redsys's addresses: the local test Redsys's in tests and the demo; else those of the settings' environment. */
  gateway?: { redirect: string; rest: string };
};
export type OnlinePaymentsDeps = OnlinePaymentsCoreDeps & Pick<CoreDeps, 'outbox' | 'channels'>;

/** What the notification route answers: recorded, a duplicate of one recorded, or a refusal recorded. */
export type NotificationOutcome = 'pagado' | 'rechazado' | 'duplicado';

/** Paying online through Redsys: an attempt's signed form, and the notification that records its payment. */
export function createOnlinePaymentsCore(deps: OnlinePaymentsCoreDeps) {
  const { repos } = deps;
  const repo = repos.onlinePayments;

  async function merchantOf(db: Db): Promise<{ merchant: RedsysMerchant; redirect: string; rest: string } | null> {
    const settings = await repos.clinic.getSettings(db);
    const secret = await repo.secret(db);
    if (!settings.redsysMerchantCode || !secret) return null;
    const urls = deps.gateway ?? REDSYS_URLS[settings.redsysEnvironment];
    return {
      merchant: { merchantCode: settings.redsysMerchantCode, terminal: settings.redsysTerminal, secret },
      redirect: urls.redirect,
      rest: urls.rest,
    };
  }

  /** Starts an attempt for all that the invoice's account owes now, and the signed form for the browser. */
  async function start(invoiceId: string, method: OnlinePaymentMethod, linkId: string | null): Promise<RedsysForm> {
    return transact(deps.db, (tx) => startIn(tx, invoiceId, method, linkId));
  }

  /** `start` inside the caller's transaction (the demo's seed pays in its own). */
  async function startIn(tx: Tx, invoiceId: string, method: OnlinePaymentMethod, linkId: string | null) {
    const pos = await merchantOf(tx);
    if (!pos) throw new AppError(409, 'NOT_PAYABLE', NOT_SET_UP);
    const invoice = await repo.payable(invoiceId, tx);
    if (!invoice) throw new AppError(404, 'NOT_FOUND', 'Factura no encontrada');
    if (invoice.outstandingCents <= 0) throw new AppError(409, 'NOT_PAYABLE', NOTHING_PENDING);
    const settings = await repos.clinic.getSettings(tx);
    const attempt = await repo.insertAttempt(
      {
        redsysOrder: newOrder(),
        invoiceId,
        amountCents: invoice.outstandingCents,
        method,
        linkId,
        createdAt: clock.now(),
      },
      tx,
    );
    const back = `${deps.config.publicUrl}${paths.onlinePayment(attempt.id)}`;
    const fields = paymentForm(pos.merchant, {
      amountCents: attempt.amountCents,
      order: attempt.redsysOrder,
      method,
      notificationUrl: `${deps.config.publicUrl}${onlinePaymentApi.redsysNotification}`,
      urlOk: back,
      urlKo: back,
      description: `Factura ${invoice.number}`,
      merchantName: settings.name,
    });
    return { action: pos.redirect, fields } satisfies RedsysForm;
  }

  /**
   * Redsys's notification: the only proof of payment. Its signature first (nothing is read or written before it
   * holds), then its order's attempt, locked; the first notification of an order is recorded (a payment when
   * authorised, with the order and authorisation code), a duplicate finds it and records nothing again. What the
   * bank took is recorded even when the account owes less by now (a desk payment in between): the invoice then
   * reads «a devolver».
   */
  async function notify(message: Partial<SignedMessage>): Promise<NotificationOutcome> {
    const refundsDue: string[] = [];
    let outcome: NotificationOutcome;
    try {
      outcome = await transact(deps.db, (tx) => notifyIn(tx, message, refundsDue));
    } catch (error) {
      // Two copies at once: the second meets the first's keys (the outcome's, the payment's order).
      if (pgErrorCode(error) === '23505') return 'duplicado';
      throw error;
    }
    // A deposit paid after its booking was cancelled goes back at once (the job retries a refusal).
    for (const depositId of refundsDue) await refundDeposit(deps, depositId).catch(() => undefined);
    return outcome;
  }

  /** `notify` inside the caller's transaction (the demo's seed records its card payment in its own). */
  async function notifyIn(
    tx: Tx,
    message: Partial<SignedMessage>,
    refundsDue: string[] = [],
  ): Promise<NotificationOutcome> {
    const secret = await repo.secret(tx);
    if (!secret) throw new AppError(404, 'NOT_FOUND', NOT_SET_UP);
    const reading = readNotification(secret, message);
    if (!reading.ok) throw new AppError(403, 'FORBIDDEN', reading.reason);
    const { notification } = reading;
    const attempt = await repo.lockAttemptByOrder(notification.order, tx);
    if (!attempt) throw new AppError(404, 'NOT_FOUND', 'Pedido desconocido.');
    if (await repo.outcomeOf(attempt.id, tx)) return 'duplicado';
    const settings = await repos.clinic.getSettings(tx);
    const authorised =
      notification.authorised &&
      notification.amountCents === attempt.amountCents &&
      notification.merchantCode === settings.redsysMerchantCode;
    let paymentId: string | null = null;
    if (authorised) {
      // A deposit's payment goes to its advance invoice, issued now (decision 0121).
      const invoiceId = attempt.invoiceId ?? (await depositInvoiceIn(deps, tx, attempt.depositId!));
      paymentId = await recordPayment(tx, { ...attempt, invoiceId }, notification.authorisationCode);
      if (attempt.depositId && (await depositPaidIn(deps, tx, attempt.depositId, paymentId))) {
        refundsDue.push(attempt.depositId);
      }
    }
    await repo.insertOutcome(
      {
        attemptId: attempt.id,
        response: notification.response,
        authorised,
        authorisationCode: notification.authorisationCode,
        paymentId,
        receivedAt: clock.now(),
      },
      tx,
    );
    return authorised ? 'pagado' : 'rechazado';
  }

  async function recordPayment(
    tx: Tx,
    attempt: { id: string; invoiceId: string; amountCents: number; method: OnlinePaymentMethod; redsysOrder: string },
    authorisationCode: string,
  ) {
    const rootId = await repos.invoices.accountRootOf(attempt.invoiceId, tx);
    await repos.invoices.lockAccount(rootId, tx);
    const day = clock.today((await repos.clinic.getSettings(tx)).timeZone).toString();
    await repos.payments.lockDay(day, tx);
    const payment = await auditedIn(
      tx,
      () =>
        repos.payments.insert(
          {
            invoiceId: attempt.invoiceId,
            day,
            paidAt: clock.now(),
            method: attempt.method,
            amountCents: attempt.amountCents,
            note: `Pago online (Redsys): pedido ${attempt.redsysOrder}, autorización ${authorisationCode}`,
            receivedBy: null,
            onlineOrder: attempt.redsysOrder,
            authorisationCode,
          },
          tx,
        ),
      (row) => ({
        actor: null,
        action: 'create',
        entity: 'payment',
        entityId: row.id,
        details: {
          invoiceId: attempt.invoiceId,
          method: attempt.method,
          amountCents: attempt.amountCents,
          online: true,
          order: attempt.redsysOrder,
          authorisationCode,
        },
      }),
    );
    return payment.id;
  }

  return { merchantOf, start, startIn, notify, notifyIn };
}

export type OnlinePaymentsCore = ReturnType<typeof createOnlinePaymentsCore>;

/** Paying online through Redsys (issue 36, item 6; decision 0116). */
export function createOnlinePaymentsService(deps: OnlinePaymentsDeps) {
  const { repos } = deps;
  const repo = repos.onlinePayments;
  const { merchantOf, start, startIn, notify, notifyIn } = createOnlinePaymentsCore(deps);

  /** Where an attempt stands, for the page the browser returns to: it reads, never records. */
  async function result(attemptId: string): Promise<OnlinePaymentResult> {
    const row = await repo.attemptWithOutcome(attemptId);
    if (!row) throw new AppError(404, 'NOT_FOUND', 'Pago no encontrado');
    const state = !row.outcome ? 'pendiente' : row.outcome.authorised ? 'recibido' : 'rechazado';
    return {
      state,
      amountCents: row.attempt.amountCents,
      invoiceNumber: row.invoiceNumber ?? '',
      method: row.attempt.method,
      deposit: row.attempt.depositId !== null,
    };
  }

  async function linkOf(token: string) {
    if (token.length > 100) throw new AppError(404, 'NOT_FOUND', LINK_GONE);
    const link = await repo.findLink(hashToken(token), clock.now());
    if (!link) throw new AppError(404, 'NOT_FOUND', LINK_GONE);
    return link;
  }

  /** What a link shows: the invoice's concept and what is pending. */
  async function linkView(token: string): Promise<PaymentLinkView> {
    const link = await linkOf(token);
    const invoice = (await repo.payable(link.invoiceId))!;
    const settings = await repos.clinic.getSettings(deps.db);
    return {
      clinicName: settings.name,
      invoiceNumber: invoice.number,
      concept: invoice.concept,
      pendingCents: Math.max(invoice.outstandingCents, 0),
      expiresAt: link.expiresAt.toISOString(),
      available: (await merchantOf(deps.db)) !== null,
    };
  }

  /** The desk sends a link to pay an invoice, by e-mail or SMS through the outboxes, in one audited transaction. */
  async function sendLink(invoiceId: string, channel: 'email' | 'sms', context: AuditContext) {
    return transact(deps.db, async (tx) => {
      const invoice = await repo.payable(invoiceId, tx);
      if (!invoice) throw new AppError(404, 'NOT_FOUND', 'Factura no encontrada');
      if (invoice.outstandingCents <= 0) throw new AppError(409, 'NOT_PAYABLE', NOTHING_PENDING);
      const phone = toE164(invoice.phone);
      if (channel === 'email' && !invoice.email)
        throw validationError({ channel: 'La paciente no tiene correo electrónico' });
      if (channel === 'sms' && !phone) throw validationError({ channel: 'La paciente no tiene un móvil válido' });
      const { token, id: tokenHash } = newSecretToken();
      const now = clock.now();
      const expiresAt = plus(now, { days: PAYMENT_LINK_DAYS });
      const link = await auditedIn(
        tx,
        () =>
          repo.insertLink(
            { tokenHash, invoiceId, channel, createdAt: now, expiresAt, createdBy: context.actor?.id ?? null },
            tx,
          ),
        (row) => ({
          ...context,
          action: 'create',
          entity: 'payment',
          entityId: row.id,
          patientId: invoice.patientId ?? undefined,
          details: { paymentLink: true, invoiceId, channel },
        }),
      );
      const settings = await repos.clinic.getSettings(tx);
      const url = `${deps.config.publicUrl}${paths.payLink(token)}`;
      const amount = formatEuros(invoice.outstandingCents);
      if (channel === 'email') {
        const greeting = invoice.firstName ? `Hola, ${invoice.firstName}:` : 'Hola:';
        const text = `${greeting}\n\nPuedes pagar la factura ${invoice.number} (${amount} pendiente) con tarjeta o Bizum aquí: ${url}\n\nEl enlace caduca en ${PAYMENT_LINK_DAYS} días.\n\n${settings.name}`;
        const html = emailLayout(
          settings.name,
          `<p>${escapeHtml(greeting)}</p><p>Puedes pagar la factura ${escapeHtml(invoice.number)} (${escapeHtml(amount)} pendiente) con tarjeta o Bizum.</p>${buttonHtml(url, 'Pagar ahora')}<p>El enlace caduca en ${PAYMENT_LINK_DAYS} días.</p>`,
        );
        await deps.outbox.enqueue(
          { to: invoice.email, subject: `Pago de la factura ${invoice.number}`, text, html },
          { tx, kind: 'payment-link' },
        );
      } else {
        await deps.channels.enqueue(
          {
            kind: 'payment-link',
            channel: 'sms',
            toNumber: phone!,
            // The link shortened (`/r/…`, decision 0127), so the message stays in one SMS part.
            body: paymentLinkSms({
              clinicName: settings.name,
              invoiceNumber: invoice.number,
              amount,
              url: await shortLinkFor(deps, { kind: 'pago', target: paths.payLink(token), expiresAt }, tx),
            }),
            templateParams: [],
            fallbackEmail: null,
          },
          tx,
        );
      }
      return { link, token, sentTo: channel === 'email' ? invoice.email : phone!, expiresAt: expiresAt.toISOString() };
    });
  }

  return {
    start,
    startIn,
    notify,
    notifyIn,
    result,
    linkView,
    sendLink,
    async startFromLink(token: string, method: OnlinePaymentMethod) {
      const link = await linkOf(token);
      return start(link.invoiceId, method, link.id);
    },

    async settings(): Promise<RedsysSettings> {
      const row = await repos.clinic.getSettings(deps.db);
      return {
        merchantCode: row.redsysMerchantCode,
        terminal: row.redsysTerminal,
        environment: row.redsysEnvironment,
        secretSet: (await repo.secret()) !== null,
      };
    },

    /** Saves the POS; an empty secret keeps the one there is. The secret is never audited nor sent back. */
    async saveSettings(input: Required<RedsysSettingsInput>, context: AuditContext): Promise<RedsysSettings> {
      if (input.secret && !isValidSecret(input.secret)) {
        throw validationError({ secret: 'La clave secreta de Redsys es un texto en Base64 de 32 caracteres' });
      }
      await transact(deps.db, (tx) =>
        auditedIn(
          tx,
          async () => {
            await repos.clinic.updateSettings(
              {
                redsysMerchantCode: input.merchantCode,
                redsysTerminal: input.terminal,
                redsysEnvironment: input.environment,
              },
              tx,
            );
            if (input.secret) await repo.saveSecret(input.secret, tx);
          },
          {
            ...context,
            action: 'update',
            entity: 'clinic',
            details: {
              merchantCode: input.merchantCode,
              terminal: input.terminal,
              environment: input.environment,
              secretChanged: Boolean(input.secret),
            },
          },
        ),
      );
      return this.settings();
    },
  };
}

export type OnlinePaymentsService = ReturnType<typeof createOnlinePaymentsService>;
