import { Temporal } from 'temporal-polyfill';
import { rectifyingTypesFor, SIMPLIFIED_LIMIT_CENTS, type RectifyInvoiceInput } from '../../../common/schemas/invoices';
import { createAlta, createAnulacion, informationSystem, type GenerationContext } from '../verifactu/records';
import { recordFromJson, recordToJson } from '../verifactu/record-json';
import { certificateHolderNif } from '../verifactu/certificate';
import type { InvoiceType, RegistroFacturacion } from '../verifactu/types';
import { DEFAULT_PRODUCER } from '../../platform';
import type { BillingMode } from '../../../common/schemas/verifactu';
import { clock } from '../../platform';
import { transact, type Tx } from '../../platform';
import { AppError, pgErrorCode, validationError } from '../../platform';
import { auditedIn, type AuditContext } from '../../platform';
import type { CoreDeps } from '../deps';
import type { PatientRow } from '../../identity';
import { withholdingOf } from './discounts';
import { breakdownLines, manualLine, operationDates, vatBreakdown } from './lines';
import { recipientAsIssued, recipientOf } from './recipient';
import {
  assertAccountAfterCancellation,
  assertAccountAfterRectification,
  assertCancellable,
  assertWithinBounds,
} from './account-rules';
import { createCorrections } from './corrections';
import { createCompletion, describeOperation, refuseIfSubstituted, type InvoiceToWrite } from './complete';
import { createDrafting, type IssueBody } from './draft';
import { createInsurerInvoicing } from './insurer-invoice';

const NO_CERTIFICATE = 'No hay certificado configurado: los registros no se pueden enviar a la AEAT';

/** NumeroInstalacion: generated once per database (migration 0040), never the same in two installations. */
const installationOf = (settings: { verifactuInstallation: string }) => settings.verifactuInstallation;

/**
 * Complete invoices in F, simplified in S, every rectifying invoice in R (`R2027-000001`); in producción the series
 * of their own, from number 1, so a real invoice never shares a number with one issued in pruebas (`FV2027-000001`).
 */
const SERIES_PREFIX: Record<BillingMode, Record<InvoiceType, string>> = {
  pruebas: { F1: 'F', F2: 'S', F3: 'F', R1: 'R', R2: 'R', R3: 'R', R4: 'R', R5: 'R' },
  produccion: { F1: 'FV', F2: 'SV', F3: 'FV', R1: 'RV', R2: 'RV', R3: 'RV', R4: 'RV', R5: 'RV' },
};

/**
 * Issuing and cancelling invoices (issue «Billing», items 2 and 3). Each is one transaction: the number is taken,
 * the invoice and its lines written, its VERI*FACTU record chained after the issuer's last one, and the audit
 * entry written — all or nothing, so a refused invoice leaves no number used and no record.
 */
export function createInvoicingService(deps: Pick<CoreDeps, 'db' | 'repos' | 'config'>) {
  const { repos } = deps;
  // SistemaInformatico names the software's producer (never the clinic) and this database's installation number.
  const producer = deps.config.verifactu.producer ?? DEFAULT_PRODUCER;
  const system = (installationNumber: string) =>
    informationSystem({ producer: { name: producer.name, nif: producer.nif }, installationNumber });

  /**
   * Seals the record `make` builds after the issuer's last one (the chain taken for this transaction) and appends
   * it: the one way a registro de alta or de anulación enters the chain.
   */
  async function chainRecord(
    tx: Tx,
    issuer: { name: string; nif: string },
    entry: { invoiceId: string; at: Date; timeZone: string; mode: BillingMode; installation: string },
    make: (context: GenerationContext) => RegistroFacturacion,
  ) {
    const previous = await repos.verifactuRecords.lockChain(issuer.nif, entry.mode, tx);
    const record = make({
      previous: previous ? recordFromJson(previous.record) : null,
      at: Temporal.Instant.fromEpochMilliseconds(entry.at.getTime()),
      timeZone: entry.timeZone,
      system: system(entry.installation),
    });
    const unsendable = entry.mode === 'produccion' ? await whyUnsendable(issuer.nif, tx) : null;
    if (unsendable) {
      // In producción a record that cannot reach the AEAT opens an incident (or goes on with it), and is of it.
      await repos.verifactuOutages.open({ issuerNif: issuer.nif, mode: entry.mode }, entry.at, unsendable, tx);
    }
    return repos.verifactuRecords.appendRecord(
      {
        issuerNif: issuer.nif,
        mode: entry.mode,
        kind: record.kind,
        invoiceId: entry.invoiceId,
        record: recordToJson(record),
        huella: record.huella,
      },
      previous,
      tx,
    );
  }

  let holderNif: string | null | undefined;
  /**
   * Why the sender cannot send the chain of `nif`: no certificate, or one whose holder is neither that NIF nor a
   * representative the clinic confirmed for it (the AEAT would refuse it); null when it can.
   */
  async function whyUnsendable(nif: string, tx: Tx): Promise<string | null> {
    if (!deps.config.verifactu.certificate) return NO_CERTIFICATE;
    holderNif ??= certificateHolderNif(deps.config.verifactu.certificate);
    if (holderNif === nif) return null;
    const { verifactuRepresentedNifs } = await repos.clinic.getSettings(tx);
    if (verifactuRepresentedNifs.includes(nif)) return null;
    return (
      `El certificado es de ${holderNif ? `NIF ${holderNif}` : 'un titular cuyo NIF no consta'} y no representa ` +
      `al NIF ${nif}: sus registros no se pueden enviar a la AEAT`
    );
  }

  /** The issuer, and the billing mode as it stands for this transaction (a switch waits for it: mode repository). */
  async function issuerOf(tx: Tx) {
    const settings = await repos.clinic.getSettings(tx);
    if (!settings.issuerNif || !settings.issuerLegalName || !settings.issuerAddress) {
      throw new AppError(409, 'ISSUER_MISSING');
    }
    const mode = await repos.billingMode.modeForIssue(tx);
    return { settings, mode, issuer: { name: settings.issuerLegalName, nif: settings.issuerNif } };
  }

  const { draftIn } = createDrafting(deps, issuerOf);

  /** Issues one invoice to `patient` inside the transaction `tx` (the demo's seed issues within its own). */
  async function issueIn(tx: Tx, body: IssueBody, patient: PatientRow, context: AuditContext) {
    const draft = await draftIn(tx, body, patient);
    const issued = await writeInvoice(
      tx,
      draft,
      {
        type: draft.type,
        patientId: patient.id,
        recipient: draft.recipient,
        description: describeOperation(draft.settings),
        lines: draft.lines,
        totals: draft.totals,
        payer: draft.payer,
        treatedName: draft.treatedName,
        discount: draft.discount,
        discountCents: draft.discountCents,
        withholdingRate: draft.withholdingRate,
      },
      context,
    );
    await repos.deposits.markDeducted(draft.depositIds, issued.id, tx);
    return issued;
  }

  /**
   * Writes an invoice under the next number of its series and year, chains its registro de alta after the issuer's
   * last record and audits it: what issuing and rectifying share.
   */
  async function writeInvoice(
    tx: Tx,
    { settings, issuer, mode }: Awaited<ReturnType<typeof issuerOf>>,
    invoice: InvoiceToWrite,
    context: AuditContext,
  ) {
    const { type, recipient, description, totals } = invoice;
    const now = clock.now();
    const issueDate = clock.today(settings.timeZone);
    const operation = operationDates(
      [...invoice.lines.flatMap((line) => line.performedOn ?? []), ...(invoice.operationDays ?? [])],
      issueDate,
    );
    const tag = await repos.invoices.seriesTagOf(issuer.nif, tx);
    const issuerParty = {
      name: issuer.name,
      taxId: issuer.nif,
      address: settings.issuerAddress,
      registry: settings.issuerRegistry,
    };
    // The invoice and its audit entry first; only then the issuer's chain, which every issue of every series takes
    // in turn until its transaction commits: the less done while holding it, the more invoices a second.
    const row = await auditedIn(
      tx,
      () =>
        repos.invoices.insertNumbered(
          `${invoice.seriesPrefix ?? SERIES_PREFIX[mode][type]}${issueDate.year}${tag}`,
          {
            mode,
            type,
            issueDate: issueDate.toString(),
            issuedAt: now,
            patientId: invoice.patientId,
            issuer: issuerParty,
            recipient: recipient?.party ?? null,
            description,
            baseCents: totals.baseCents,
            taxCents: totals.taxCents,
            totalCents: totals.totalCents,
            issuedBy: context.actor?.id ?? null,
            operationDates: operation.days.map((day) => day.toString()),
            payer: invoice.payer ?? 'paciente',
            treatedName: invoice.treatedName ?? null,
            discount: invoice.discount ?? null,
            discountCents: invoice.discountCents ?? 0,
            withholdingRate: invoice.withholdingRate ?? 0,
            withholdingCents: withholdingOf(totals.baseCents, invoice.withholdingRate ?? 0),
          },
          invoice.lines,
          tx,
        ),
      (row) => ({
        ...context,
        action: 'create',
        entity: 'invoice',
        entityId: row.id,
        details: {
          number: row.number,
          totalCents: row.totalCents,
          type,
          mode,
          ...(invoice.rectification && { rectifies: invoice.rectification.rectified[0]!.number }),
          ...(invoice.substituted && { substitutes: invoice.substituted.map((id) => id.number) }),
        },
      }),
    );
    const entry = {
      invoiceId: row.id,
      at: now,
      timeZone: settings.timeZone,
      mode,
      installation: installationOf(settings),
    };
    await chainRecord(tx, issuer, entry, (generation) =>
      createAlta(
        {
          issuer,
          number: row.number,
          issueDate,
          type,
          description,
          recipient: recipient?.record,
          lines: breakdownLines(totals.groups),
          rectification: invoice.rectification,
          substituted: invoice.substituted,
          operationDate: operation.recordDate,
        },
        generation,
      ),
    );
    return row;
  }

  /**
   * Issues a rectifying invoice of `originalId` inside `tx`: by difference its lines are what changes (negative to
   * give back), by substitution the amounts that replace the original's. The original is never touched; the new
   * invoice takes the next R number and its registro de alta names the original (FacturasRectificadas).
   */
  async function rectifyIn(
    tx: Tx,
    originalId: string,
    body: RectifyInvoiceInput,
    patient: PatientRow | null,
    context: AuditContext,
  ) {
    // The account first, then the original as it stands once the lock is held (a cancellation may have just committed).
    const account = await repos.invoices.lockAccount(originalId, tx);
    const original = account && (await repos.invoices.findById(originalId, tx));
    if (!original) throw new AppError(404, 'NOT_FOUND', 'Factura no encontrada');
    if (original.rectification) {
      throw new AppError(409, 'NOT_RECTIFIABLE', 'Esta factura ya es rectificativa: rectifica la factura original.');
    }
    if (original.cancellation) throw new AppError(409, 'NOT_RECTIFIABLE', 'Una factura anulada no se rectifica.');
    refuseIfSubstituted(original, 'rectify');
    const allowed = rectifyingTypesFor(original.type);
    if (!allowed.includes(body.type)) {
      throw validationError({
        type:
          original.type === 'F2'
            ? 'Una factura simplificada se rectifica con una R5'
            : 'Una factura completa se rectifica con una R1, R2, R3 o R4',
      });
    }
    const { settings, issuer, mode } = await issuerOf(tx);
    if (original.issuer.taxId !== issuer.nif) {
      throw new AppError(409, 'NOT_RECTIFIABLE', 'La factura es de otro NIF emisor: no se rectifica con este.');
    }
    if (original.mode !== mode) {
      throw new AppError(
        409,
        'NOT_RECTIFIABLE',
        'Esta factura se emitió en modo pruebas y no tiene valor fiscal: no se rectifica en producción.',
      );
    }
    const lines = body.lines.map(manualLine);
    const totals = vatBreakdown(lines);
    assertWithinBounds(lines, totals);
    const bySubstitution = body.method === 'sustitucion';
    if (!bySubstitution && totals.totalCents === 0) {
      throw validationError({
        lines: 'Por diferencias, la rectificativa cambia algún importe: el total no puede ser 0',
      });
    }
    if (body.type === 'R5' && bySubstitution && totals.totalCents > SIMPLIFIED_LIMIT_CENTS) {
      throw validationError({ lines: 'Una rectificativa de simplificada no puede superar los 400 € (IVA incluido)' });
    }
    // Addressed to whoever the original was (its payer's data as issued), withholding at the original's rate.
    const recipient =
      body.type === 'R5'
        ? undefined
        : (original.payer !== 'paciente' && original.recipient) || !patient
          ? recipientAsIssued(original.recipient!)
          : recipientOf(patient);
    const reason = body.reason.trim();
    const description = `Rectificación de la factura ${original.number}: ${reason}`.slice(0, 500);
    const issued = await writeInvoice(
      tx,
      { settings, issuer, mode },
      {
        type: body.type,
        patientId: original.patientId,
        recipient,
        description,
        lines,
        totals,
        payer: original.payer,
        treatedName: original.treatedName,
        withholdingRate: original.withholdingRate,
        rectification: {
          kind: bySubstitution ? 'S' : 'I',
          rectified: [
            { issuerNif: issuer.nif, number: original.number, issueDate: Temporal.PlainDate.from(original.issueDate) },
          ],
          substituted: bySubstitution ? { base: original.baseCents, tax: original.taxCents } : undefined,
        },
      },
      context,
    );
    await repos.invoices.insertRectification(
      { invoiceId: issued.id, rectifiedInvoiceId: original.id, kind: bySubstitution ? 'S' : 'I', reason },
      tx,
    );
    await assertAccountAfterRectification(repos, original.id, account.dueCents, tx);
    return issued;
  }

  /** Cancels an issued invoice inside `tx`: it stays as it was; a cancellation and its registro de anulación are added. */
  async function cancelIn(tx: Tx, invoiceId: string, reason: string, context: AuditContext) {
    // The account is locked before the invoice is read: a payment or a cancellation that committed while this one
    // waited is seen (issue 33: a cancellation and a payment of the same moment both went through).
    const rootId = await repos.invoices.accountRootOf(invoiceId, tx);
    const account = await repos.invoices.lockAccount(rootId, tx);
    const invoice = account && (await repos.invoices.findById(invoiceId, tx));
    if (!invoice) throw new AppError(404, 'NOT_FOUND', 'Factura no encontrada');
    if (invoice.cancellation) throw new AppError(409, 'ALREADY_CANCELLED');
    refuseIfSubstituted(invoice, 'cancel');
    assertCancellable(rootId === invoiceId ? 'original' : 'rectifying', account);
    const settings = await repos.clinic.getSettings(tx);
    const issuer = { name: invoice.issuer.name, nif: invoice.issuer.taxId! };
    const now = clock.now();
    await auditedIn(
      tx,
      async () => {
        await repos.invoices.insertCancellation(
          { invoiceId, reason, cancelledAt: now, cancelledBy: context.actor?.id ?? null },
          tx,
        );
        // The anulación joins the chain of the invoice's own mode (a pruebas invoice stays in the pruebas chain).
        const entry = {
          invoiceId,
          at: now,
          timeZone: settings.timeZone,
          mode: invoice.mode,
          installation: installationOf(settings),
        };
        await chainRecord(tx, issuer, entry, (generation) =>
          createAnulacion(
            issuer,
            { issuerNif: issuer.nif, number: invoice.number, issueDate: Temporal.PlainDate.from(invoice.issueDate) },
            generation,
          ),
        );
      },
      {
        ...context,
        action: 'cancel',
        entity: 'invoice',
        entityId: invoiceId,
        details: { number: invoice.number, reason },
      },
    );
    if (rootId !== invoiceId) await assertAccountAfterCancellation(repos, rootId, tx);
  }

  return {
    issueIn,
    /** «Facturar» before issuing: the invoice as it would be issued, in a transaction that writes nothing. */
    preview: (body: IssueBody, patient: PatientRow) => transact(deps.db, (tx) => draftIn(tx, body, patient)),
    cancelIn,
    rectifyIn,
    /** «Liquidación de aseguradoras»: the F1 to an insurer for its visits (insurer-invoice.ts). */
    ...createInsurerInvoicing({ issuerOf, writeInvoice }),
    /** «Emitir factura completa»: the F3 that replaces simplified invoices (complete.ts). */
    ...createCompletion(deps, { issuerOf, writeInvoice }),
    /** Rectifies `originalId` (already checked visible by the route's scope), in a transaction of its own. */
    rectify: (originalId: string, body: RectifyInvoiceInput, patient: PatientRow | null, context: AuditContext) =>
      transact(deps.db, (tx) => rectifyIn(tx, originalId, body, patient, context)),
    /** A record the AEAT rejected or registered with errors, corrected by the desk (corrections.ts). */
    ...createCorrections(deps, chainRecord),
    /** Issues one invoice to `patient` (already checked visible by the route's scope), in a transaction of its own. */
    issue: (body: IssueBody, patient: PatientRow, context: AuditContext) =>
      transact(deps.db, (tx) => issueIn(tx, body, patient, context)),
    cancel: (invoiceId: string, reason: string, context: AuditContext) =>
      transact(deps.db, (tx) => cancelIn(tx, invoiceId, reason, context)).catch((error: unknown) => {
        // Two desks cancelling at once: the second meets the first's cancellation row.
        throw pgErrorCode(error) === '23505' ? new AppError(409, 'ALREADY_CANCELLED') : error;
      }),
  };
}

export type InvoicingService = ReturnType<typeof createInvoicingService>;
