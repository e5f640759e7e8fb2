import type { CorrectionInput, CorrectionResult, CorrectionView } from '../../../common/schemas/verifactu-corrections';
import { normalizeDocument } from '../../../common/identity-document';
import { createAlta, type GenerationContext } from '../verifactu/records';
import { recordFromJson } from '../verifactu/record-json';
import type { AltaInvoice, Correction, Recipient, RegistroAlta, RegistroFacturacion } from '../verifactu/types';
import type { BillingMode } from '../../../common/schemas/verifactu';
import { AppError, auditedIn, clock, transact, validationError, type AuditContext, type Tx } from '../../platform';
import type { InvoiceParty } from '../../platform';
import type { CoreDeps } from '../deps';
import type { StoredRecord } from '../submissions/records-repository';

/** How a record enters the chain: the invoicing service's own path (lock, seal, append). */
export type ChainRecord = (
  tx: Tx,
  issuer: { name: string; nif: string },
  entry: { invoiceId: string; at: Date; timeZone: string; mode: BillingMode; installation: string },
  make: (context: GenerationContext) => RegistroFacturacion,
) => Promise<StoredRecord>;

const SIMPLIFIED = new Set(['F2', 'R5']);

/**
 * RechazoPrevio of the subsanación, as the AEAT's «Operativas de alta» table defines it (docs/verifactu.md):
 * X when the AEAT holds no registro of the invoice (its alta, and any subsanación of it, was rejected: «alta por
 * rechazo»); when it holds one, N to correct what it registered with errors («alta de subsanación») and S when the
 * record being corrected was itself a rejected subsanación («alta por rechazo de subsanación»).
 */
export function rejectedBeforeFor(
  states: { status: string }[],
  corrected: 'rechazado' | 'aceptado_con_errores',
): Correction['rejectedBefore'] {
  const held = states.some((state) => state.status === 'aceptado' || state.status === 'aceptado_con_errores');
  if (!held) return 'X';
  return corrected === 'rechazado' ? 'S' : 'N';
}

/** The recipient as the record names it, in the form's terms (a NIF starting X, Y or Z is a NIE). */
function recipientView(recipient: Recipient | undefined): CorrectionView['recipient'] {
  if (!recipient) return null;
  if ('nif' in recipient) {
    return {
      name: recipient.name,
      documentType: /^[XYZ]/.test(recipient.nif) ? 'nie' : 'dni',
      documentNumber: recipient.nif,
    };
  }
  return { name: recipient.name, documentType: 'pasaporte', documentNumber: recipient.otherId.id };
}

function recipientOf(input: NonNullable<CorrectionInput['recipient']>, before: Recipient | undefined): Recipient {
  const id = normalizeDocument(input.documentNumber);
  if (input.documentType !== 'pasaporte') return { name: input.name, nif: id };
  // A passport keeps the country the record gave it (IDOtro's CodigoPais).
  const country = before && 'otherId' in before ? before.otherId.country : undefined;
  return { name: input.name, otherId: { ...(country ? { country } : {}), type: '03', id } };
}

const sameData = (a: AltaInvoice, b: AltaInvoice) =>
  a.description.trim() === b.description.trim() &&
  JSON.stringify(a.recipient ?? null) === JSON.stringify(b.recipient ?? null);

/**
 * Corrections that correct (issue 35, item 3): a registro de alta the AEAT answered «Incorrecto» or
 * «AceptadoConErrores» waits for the desk, who fixes what may be fixed without a rectifying invoice (the recipient,
 * the description); the corrected data becomes the invoice's new version and a NEW registro de alta carries it,
 * chained as any other, flagged Subsanacion S with the RechazoPrevio of its case. The earlier record stays as it was.
 */
export function createCorrections(deps: Pick<CoreDeps, 'db' | 'repos'>, chainRecord: ChainRecord) {
  const { repos } = deps;

  type Row = NonNullable<Awaited<ReturnType<typeof repos.invoiceCorrections.findCorrectable>>>;
  function altaOf(row: Row | undefined): { row: Row; alta: RegistroAlta } {
    if (!row) throw new AppError(404, 'NOT_CORRECTABLE');
    if (row.correctedBy) throw new AppError(409, 'ALREADY_CORRECTED');
    const alta = recordFromJson(row.record.record);
    if (alta.kind !== 'alta') throw new AppError(404, 'NOT_CORRECTABLE');
    return { row, alta };
  }

  /** What the correction screen shows: the AEAT's error, the data as sent, and the flags the correction will carry. */
  async function view(recordId: number): Promise<CorrectionView> {
    const { row, alta } = altaOf(await repos.invoiceCorrections.findCorrectable(recordId));
    const status = row.status as CorrectionView['status'];
    return {
      recordId,
      invoiceId: row.invoice.id,
      invoiceNumber: row.invoice.number,
      issueDate: row.invoice.issueDate,
      type: row.invoice.type,
      totalCents: row.invoice.totalCents,
      status,
      errorCode: row.errorCode,
      errorDescription: row.errorDescription,
      recipient: recipientView(alta.invoice.recipient),
      description: alta.invoice.description,
      rejectedBefore: rejectedBeforeFor(await repos.invoiceCorrections.altaStates(row.invoice.id), status),
    };
  }

  async function correctIn(tx: Tx, recordId: number, input: CorrectionInput, context: AuditContext) {
    const { row, alta } = altaOf(await repos.invoiceCorrections.lockCorrectable(recordId, tx));
    const invoice = await repos.invoices.findById(row.invoice.id, tx);
    if (!invoice) throw new AppError(404, 'NOT_CORRECTABLE');
    if (invoice.cancellation) throw new AppError(409, 'NOT_CORRECTABLE', 'Una factura anulada no se corrige.');
    const simplified = SIMPLIFIED.has(alta.invoice.type);
    if (simplified && input.recipient) {
      throw validationError({
        recipient: 'Una factura simplificada no nombra destinatario: para nombrarlo, emite una factura completa.',
      });
    }
    if (!simplified && !input.recipient) {
      throw validationError({ recipient: 'Una factura completa debe nombrar a su destinatario' });
    }
    const corrected: AltaInvoice = {
      ...alta.invoice,
      description: input.description,
      recipient: input.recipient ? recipientOf(input.recipient, alta.invoice.recipient) : undefined,
    };
    if (sameData(alta.invoice, corrected)) throw new AppError(409, 'UNCHANGED_CORRECTION');
    const status = row.status as CorrectionView['status'];
    const rejectedBefore = rejectedBeforeFor(await repos.invoiceCorrections.altaStates(row.invoice.id, tx), status);
    const settings = await repos.clinic.getSettings(tx);
    const now = clock.now();
    const stored = await chainRecord(
      tx,
      alta.invoice.issuer,
      {
        invoiceId: row.invoice.id,
        at: now,
        timeZone: settings.timeZone,
        mode: row.record.mode,
        installation: settings.verifactuInstallation,
      },
      (generation) => createAlta(corrected, generation, { rejectedBefore }),
    );
    await repos.verifactuSubmissions.markCorrected(recordId, stored.id, tx);
    const before = (await repos.invoiceCorrections.latest(row.invoice.id, tx))?.recipient ?? invoice.recipient;
    const party: InvoiceParty | null = input.recipient
      ? {
          name: input.recipient.name,
          taxId: normalizeDocument(input.recipient.documentNumber),
          address: before?.address,
        }
      : null;
    await auditedIn(
      tx,
      () =>
        repos.invoiceCorrections.insert(
          {
            invoiceId: row.invoice.id,
            correctedRecordId: recordId,
            recordId: stored.id,
            errorCode: row.errorCode,
            errorDescription: row.errorDescription,
            recipient: party,
            description: input.description,
            correctedAt: now,
            correctedBy: context.actor?.id ?? null,
          },
          tx,
        ),
      {
        ...context,
        action: 'update',
        entity: 'invoice',
        entityId: row.invoice.id,
        details: {
          number: row.invoice.number,
          correction: true,
          correctedRecord: row.record.position,
          record: stored.position,
          rejectedBefore,
          errorCode: row.errorCode ?? '',
        },
      },
    );
    return { recordId: stored.id, position: stored.position, rejectedBefore } satisfies CorrectionResult;
  }

  return {
    correctionView: view,
    /** Corrects the record `recordId` with the desk's data, in a transaction of its own. */
    correct: (recordId: number, input: CorrectionInput, context: AuditContext) =>
      transact(deps.db, (tx) => correctIn(tx, recordId, input, context)),
  };
}
