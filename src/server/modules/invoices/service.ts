import { Temporal } from 'temporal-polyfill';
import { SIMPLIFIED_LIMIT_CENTS, type IssueInvoiceInput } from '../../../common/schemas/invoices';
import { esDateFormat } from '../../../common/time';
import { createAlta, createAnulacion, informationSystem } from '../../billing/verifactu/records';
import { recordFromJson, recordToJson } from '../../billing/verifactu/record-json';
import type { Recipient } from '../../billing/verifactu/types';
import { clock } from '../../clock';
import { transact, type Tx } from '../../db/transaction';
import type { InvoiceParty } from '../../db/schema/invoices';
import { AppError, pgErrorCode, validationError } from '../../errors';
import { auditedIn, type AuditContext } from '../audit/audited';
import type { CoreDeps } from '../deps';
import type { PatientRow } from '../patients/repository';
import { appointmentLine, breakdown, breakdownLines, manualLine, type PricedLine } from './lines';
import type { BillableAppointment } from './repository';

type IssueBody = Omit<IssueInvoiceInput, 'appointmentIds'> & { appointmentIds: string[] };

const SERIES_PREFIX = { F1: 'F', F2: 'S' } as const;

/** DescripcionOperacion allows 500 characters: the lines' services, cut with an ellipsis if need be. */
const describe = (lines: PricedLine[]) => {
  const text = [...new Set(lines.map((line) => line.description.split(' — ')[0]!))].join('; ');
  return text.length <= 500 ? text : `${text.slice(0, 499)}…`;
};

/**
 * Issuing and cancelling invoices (issue «Billing», items 2 and 3). Each is one transaction: the number is taken,
 * the invoice and its lines written, its VERI*FACTU record chained after the issuer's last one, and the audit
 * entry written — all or nothing, so a refused invoice leaves no number used and no record.
 */
export function createInvoicingService(deps: Pick<CoreDeps, 'db' | 'repos' | 'config'>) {
  const { repos } = deps;
  const system = (issuer: { name: string; nif: string }) =>
    // The clinic that runs its own installation is the producer of record unless it is told otherwise.
    informationSystem({ producer: issuer, installationNumber: deps.config.verifactu.installationNumber });

  async function issuerOf(tx: Tx) {
    const settings = await repos.clinic.getSettings(tx);
    if (!settings.issuerNif || !settings.issuerLegalName || !settings.issuerAddress) {
      throw new AppError(409, 'ISSUER_MISSING');
    }
    return { settings, issuer: { name: settings.issuerLegalName, nif: settings.issuerNif } };
  }

  /** The attended visits of this patient, none already invoiced, each with the service it is invoiced as. */
  async function appointmentLines(body: IssueBody, patient: PatientRow, timeZone: string, tx: Tx) {
    const found = await repos.invoices.lockBillableAppointments(body.appointmentIds, tx);
    const dayOf = (appointment: BillableAppointment) =>
      esDateFormat({ timeZone, day: 'numeric', month: 'long' }).format(appointment.startsAt);
    if (found.length !== new Set(body.appointmentIds).size || found.some((row) => row.patientId !== patient.id)) {
      throw validationError({ appointmentIds: 'Todas las citas deben existir y ser de este paciente' });
    }
    const notAttended = found.find((row) => row.status !== 'atendida');
    if (notAttended) {
      throw validationError({
        appointmentIds: `Solo se facturan citas atendidas: la del ${dayOf(notAttended)} no lo está`,
      });
    }
    const invoiced = new Set(await repos.invoices.invoicedAppointments(body.appointmentIds, tx));
    const already = found.find((row) => invoiced.has(row.id));
    if (already) throw new AppError(409, 'ALREADY_INVOICED', `La cita del ${dayOf(already)} ya está facturada.`);
    const chosen = await repos.invoices.servicesByIds(Object.values(body.appointmentServices ?? {}), tx);
    return found.map((appointment) => {
      const serviceId = body.appointmentServices?.[appointment.id];
      const service = serviceId ? chosen.find((row) => row.id === serviceId) : appointment.service;
      if (!service) {
        throw validationError({
          appointmentServices: `La cita del ${dayOf(appointment)} no tiene servicio: elige cuál se factura`,
        });
      }
      return appointmentLine(appointment, service, timeZone);
    });
  }

  /** A complete invoice names its recipient with a NIF/NIE (or a passport) and an address. */
  function recipientOf(patient: PatientRow): { party: InvoiceParty; record: Recipient } {
    const name = `${patient.firstName} ${patient.lastName}`.trim();
    if (!patient.documentType || !patient.documentNumber || !patient.address.trim()) {
      throw validationError({
        kind: 'Para una factura completa, la ficha del paciente necesita su DNI, NIE o pasaporte y su dirección. Complétala o emite una simplificada.',
      });
    }
    const party = { name, taxId: patient.documentNumber, address: patient.address.trim() };
    const record: Recipient =
      patient.documentType === 'pasaporte'
        ? { name, otherId: { type: '03', id: patient.documentNumber } }
        : { name, nif: patient.documentNumber };
    return { party, record };
  }

  /** Issues one invoice to `patient` inside the transaction `tx` (the demo's seed issues within its own). */
  async function issueIn(tx: Tx, body: IssueBody, patient: PatientRow, context: AuditContext) {
    const { settings, issuer } = await issuerOf(tx);
    const lines = [
      ...(await appointmentLines(body, patient, settings.timeZone, tx)),
      ...(body.lines ?? []).map(manualLine),
    ];
    const totals = breakdown(lines);
    const type = body.kind === 'completa' ? 'F1' : 'F2';
    if (type === 'F2' && totals.totalCents > SIMPLIFIED_LIMIT_CENTS) {
      throw validationError({
        kind: 'Una factura simplificada no puede superar los 400 € (IVA incluido): emite una completa.',
      });
    }
    const recipient = type === 'F1' ? recipientOf(patient) : undefined;
    const now = clock.now();
    const issueDate = clock.today(settings.timeZone);
    const description = describe(lines);
    const numbered = await repos.invoices.takeNumber(`${SERIES_PREFIX[type]}${issueDate.year}`, tx);
    const issuerParty = {
      name: issuer.name,
      taxId: issuer.nif,
      address: settings.issuerAddress,
      registry: settings.issuerRegistry,
    };
    // The invoice and its audit entry first; only then the issuer's chain, which every issue of every series takes
    // in turn until its transaction commits: the less done while holding it, the more invoices a second.
    const invoice = await auditedIn(
      tx,
      () =>
        repos.invoices.insert(
          {
            type,
            issueDate: issueDate.toString(),
            issuedAt: now,
            patientId: patient.id,
            issuer: issuerParty,
            recipient: recipient?.party ?? null,
            description,
            baseCents: totals.baseCents,
            taxCents: totals.taxCents,
            totalCents: totals.totalCents,
            issuedBy: context.actor?.id ?? null,
          },
          numbered,
          lines,
          tx,
        ),
      (invoice) => ({
        ...context,
        action: 'create',
        entity: 'invoice',
        entityId: invoice.id,
        details: { number: invoice.number, totalCents: invoice.totalCents, type },
      }),
    );
    const previous = await repos.invoices.lockChain(issuer.nif, tx);
    const record = createAlta(
      {
        issuer,
        number: numbered.number,
        issueDate,
        type,
        description,
        recipient: recipient?.record,
        lines: breakdownLines(totals.groups),
      },
      {
        previous: previous ? recordFromJson(previous.record) : null,
        at: Temporal.Instant.fromEpochMilliseconds(now.getTime()),
        timeZone: settings.timeZone,
        system: system(issuer),
      },
    );
    await repos.invoices.appendRecord(
      {
        issuerNif: issuer.nif,
        kind: 'alta',
        invoiceId: invoice.id,
        record: recordToJson(record),
        huella: record.huella,
      },
      previous,
      tx,
    );
    return invoice;
  }

  /** Cancels an issued invoice inside `tx`: it stays as it was; a cancellation and its registro de anulación are added. */
  async function cancelIn(tx: Tx, invoiceId: string, reason: string, context: AuditContext) {
    const invoice = await repos.invoices.findById(invoiceId, tx);
    if (!invoice) throw new AppError(404, 'NOT_FOUND', 'Factura no encontrada');
    if (invoice.cancellation) throw new AppError(409, 'ALREADY_CANCELLED');
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
        const previous = await repos.invoices.lockChain(issuer.nif, tx);
        const record = createAnulacion(
          issuer,
          { issuerNif: issuer.nif, number: invoice.number, issueDate: Temporal.PlainDate.from(invoice.issueDate) },
          {
            previous: previous ? recordFromJson(previous.record) : null,
            at: Temporal.Instant.fromEpochMilliseconds(now.getTime()),
            timeZone: settings.timeZone,
            system: system(issuer),
          },
        );
        await repos.invoices.appendRecord(
          {
            issuerNif: issuer.nif,
            kind: 'anulacion',
            invoiceId,
            record: recordToJson(record),
            huella: record.huella,
          },
          previous,
          tx,
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
  }

  return {
    issueIn,
    cancelIn,
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
