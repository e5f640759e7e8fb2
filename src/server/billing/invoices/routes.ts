import { readClinicSettings } from '../../platform';
import { Temporal } from 'temporal-polyfill';
import { z } from 'zod';
import { api } from '../../../common/api-paths';
import {
  appointmentInvoicesQuerySchema,
  appointmentInvoicesSchema,
  billableVisitSchema,
  cancelInvoiceSchema,
  invoiceDetailSchema,
  invoiceExportQuerySchema,
  invoiceListQuerySchema,
  invoiceListSchema,
  invoicePreviewSchema,
  issueInvoiceSchema,
  rectifyInvoiceSchema,
  substituteInvoiceSchema,
  type InvoiceDetail,
} from '../../../common/schemas/invoices';
import { verificationUrl } from '../verifactu/qr';
import { environmentOf } from '../verifactu/environment';
import type { Db } from '../../platform';
import { notFound } from '../../platform';
import { auditContext, auditedRead } from '../../platform';
import type { RoutePlugin } from '../route-deps';
import { bookedAmounts, type Amounts } from './books';
import { invoicesCsv } from './csv';
import { renderInvoicePdf } from './pdf';
import type { InvoicesRepository } from './repository';
import { packSessionsOfVisits } from '../packs/use-cases';
import { billableVisitsOf, coveredByInsurer } from './use-cases';

const NOT_FOUND = 'Factura no encontrada';
const idParams = z.object({ id: z.uuid({ error: NOT_FOUND }) });

type InvoiceView = NonNullable<Awaited<ReturnType<ReturnType<InvoicesRepository['visibleTo']>['findById']>>>;

/** «Facturas» (issue «Billing»): issue, list, read, print and cancel; the desk all, a paciente her own. */
export const invoicesRoutes: RoutePlugin = async (app, deps) => {
  const present = (view: InvoiceView): InvoiceDetail => ({
    id: view.id,
    number: view.number,
    type: view.type,
    issueDate: view.issueDate,
    issuedAt: view.issuedAt.toISOString(),
    patientId: view.patientId,
    patientName: view.patientName,
    baseCents: view.baseCents,
    taxCents: view.taxCents,
    totalCents: view.totalCents,
    paidCents: view.paidCents,
    outstandingCents: view.outstandingCents,
    rectifies: view.rectification?.number ?? null,
    substitutedByNumber: view.substitutedBy?.number ?? null,
    concept: view.lines.map((line) => line.description).join('; '),
    state: view.state,
    collection: view.collection,
    issuer: {
      name: view.issuer.name,
      taxId: view.issuer.taxId ?? '',
      address: view.issuer.address ?? '',
      registry: view.issuer.registry ?? '',
    },
    recipient: view.recipient
      ? { name: view.recipient.name, taxId: view.recipient.taxId ?? '', address: view.recipient.address ?? '' }
      : null,
    description: view.description,
    lines: view.lines.map((line) => ({
      position: line.position,
      description: line.description,
      quantity: line.quantity,
      unitPriceCents: line.unitPriceCents,
      vat: line.vat,
      baseCents: line.baseCents,
      taxCents: line.taxCents,
      appointmentId: line.appointmentId,
      doctorName: line.doctorName,
      discount: line.discount,
      discountCents: line.discountCents,
      invoiceDiscountCents: line.invoiceDiscountCents,
    })),
    payer: view.payer,
    treatedName: view.treatedName ?? view.patientName,
    discount: view.discount,
    discountCents: view.discountCents,
    withholdingRate: view.withholdingRate,
    withholdingCents: view.withholdingCents,
    amountDueCents: view.totalCents - view.withholdingCents,
    cancellation: view.cancellation
      ? { reason: view.cancellation.reason, cancelledAt: view.cancellation.cancelledAt.toISOString() }
      : null,
    rectification: view.rectification
      ? {
          number: view.rectification.number,
          issueDate: view.rectification.issueDate,
          method: view.rectification.kind === 'S' ? 'sustitucion' : 'diferencias',
          reason: view.rectification.reason,
          substituted:
            view.rectification.kind === 'S'
              ? { baseCents: view.rectification.baseCents, taxCents: view.rectification.taxCents }
              : null,
        }
      : null,
    rectifiedBy: view.rectifiedBy,
    substitutes: view.substitutes,
    substitutedBy: view.substitutedBy,
    operationDates: view.operationDates,
    verificationUrl: verificationUrl(
      {
        issuerNif: view.issuer.taxId ?? '',
        number: view.number,
        issueDate: Temporal.PlainDate.from(view.issueDate),
        total: view.totalCents,
      },
      // The invoice's own mode: one issued in pruebas points at the AEAT's test host, whatever came after.
      environmentOf(view.mode),
    ),
    mode: view.mode,
  });

  /** One visible invoice, its read on record (an invoice names the care received). */
  const readOne = (request: Parameters<typeof auditContext>[0] & { params: { id: string } }, format?: 'pdf') =>
    auditedRead(
      deps.db,
      async (db: Db) => {
        const view = await request.scope.invoices.findById(request.params.id, db);
        if (!view) throw notFound(NOT_FOUND);
        return view;
      },
      (view) => ({
        ...auditContext(request),
        action: format ? 'export' : 'read',
        entity: 'invoice',
        entityId: view.id,
        patientId: view.patientId ?? undefined,
        details: format ? { format } : undefined,
      }),
    );

  app.get(
    api.invoices,
    {
      config: { access: 'read:invoices' },
      schema: { querystring: invoiceListQuerySchema, response: { 200: invoiceListSchema } },
    },
    async (request) => {
      const rows = await auditedRead(
        deps.db,
        (db) => request.scope.invoices.list(request.query, db),
        (found) => ({
          ...auditContext(request),
          action: 'list',
          entity: 'invoice',
          patientId: request.query.patientId,
          details: { results: found.length, filters: Object.keys(request.query) },
        }),
      );
      // What was invoiced and stands: a cancelled invoice counts for nothing, a substitution only what it changes.
      const booked = rows.map(bookedAmounts);
      const sum = (pick: (amounts: Amounts) => number) => booked.reduce((total, row) => total + pick(row), 0);
      return {
        invoices: rows.map(({ substituted: _substituted, ...row }) => row),
        totals: {
          count: rows.filter((row) => row.state === 'emitida').length,
          baseCents: sum((row) => row.baseCents),
          taxCents: sum((row) => row.taxCents),
          totalCents: sum((row) => row.totalCents),
        },
      };
    },
  );

  app.get(
    api.invoicesExport,
    { config: { access: 'manage:invoices' }, schema: { querystring: invoiceExportQuerySchema } },
    async (request, reply) => {
      const { formato, ...filters } = request.query;
      const rows = await auditedRead(deps.db, (db) => request.scope.invoices.forAccountant(filters, db), {
        ...auditContext(request),
        action: 'export',
        entity: 'invoice',
        details: { ...request.query },
      });
      const period = [filters.from, filters.to].filter(Boolean).join('_') || 'todas';
      return reply
        .header('Content-Type', 'text/csv; charset=utf-8')
        .header(
          'Content-Disposition',
          `attachment; filename="facturas-${period}${formato === 'csv' ? '' : '-hoja'}.csv"`,
        )
        .send(invoicesCsv(rows, formato));
    },
  );

  app.post(
    api.invoices,
    {
      config: { access: 'manage:invoices' },
      schema: { body: issueInvoiceSchema, response: { 201: invoiceDetailSchema } },
    },
    async (request, reply) => {
      const patient = await request.scope.patient(request.body.patientId);
      const invoice = await deps.invoicing.issue(request.body, patient, auditContext(request));
      const view = await request.scope.invoices.findById(invoice.id);
      return reply.status(201).send(present(view!));
    },
  );

  // «Facturar» before issuing: the invoice as the issuing code would write it now (lines, discounts, VAT, the payer and
  // the IRPF withheld), nothing written. Not audited: it reads the visits of a patient the desk already has open.
  app.post(
    api.invoicePreview,
    {
      config: { access: 'manage:invoices' },
      schema: { body: issueInvoiceSchema, response: { 200: invoicePreviewSchema } },
    },
    async (request) => {
      const patient = await request.scope.patient(request.body.patientId);
      const draft = await deps.invoicing.preview(request.body, patient);
      return {
        type: draft.type,
        recipient: draft.recipient
          ? {
              name: draft.recipient.party.name,
              taxId: draft.recipient.party.taxId ?? '',
              address: draft.recipient.party.address ?? '',
            }
          : null,
        treatedName: draft.treatedName ?? `${patient.firstName} ${patient.lastName}`.trim(),
        guardian: draft.guardian,
        lines: draft.lines.map((line) => ({
          description: line.description,
          quantity: line.quantity,
          unitPriceCents: line.unitPriceCents,
          vat: line.vat,
          discount: line.discount ?? null,
          discountCents: line.discountCents ?? 0,
          invoiceDiscountCents: line.invoiceDiscountCents ?? 0,
          baseCents: line.baseCents,
        })),
        discount: draft.discount,
        discountCents: draft.discountCents,
        groups: draft.totals.groups,
        baseCents: draft.totals.baseCents,
        taxCents: draft.totals.taxCents,
        totalCents: draft.totals.totalCents,
        withholdingRate: draft.withholdingRate,
        withholdingCents: draft.withholdingCents,
        amountDueCents: draft.totals.totalCents - draft.withholdingCents,
      };
    },
  );

  // Which invoice holds each attended visit of a desk's screen (the diary's day, the calendar's drawer), so it offers
  // the invoice instead of «Facturar». Not in the audit log, unlike a read of an invoice: it names a number, never the
  // care, the amounts or the recipient, and the diary asks again on every change of the day.
  app.get(
    api.invoicesOfAppointments,
    {
      config: { access: 'manage:invoices' },
      schema: { querystring: appointmentInvoicesQuerySchema, response: { 200: appointmentInvoicesSchema } },
    },
    async (request) => {
      const invoices = await request.scope.invoices.ofAppointments(request.query.ids);
      const invoiced = new Set(invoices.map((invoice) => invoice.appointmentId));
      const covered = await coveredByInsurer(
        deps,
        request.query.ids.filter((id) => !invoiced.has(id)),
      );
      return { invoices, packSessions: await packSessionsOfVisits(deps, request.query.ids), covered };
    },
  );

  app.get(
    api.invoice(':id'),
    { config: { access: 'read:invoices' }, schema: { params: idParams, response: { 200: invoiceDetailSchema } } },
    async (request) => present(await readOne(request)),
  );

  app.get(
    api.invoicePdf(':id'),
    { config: { access: 'read:invoices' }, schema: { params: idParams } },
    async (request, reply) => {
      const view = await readOne(request, 'pdf');
      const settings = await readClinicSettings(deps);
      const pdf = await renderInvoicePdf(present(view), settings);
      return reply
        .type('application/pdf')
        .header('content-disposition', `attachment; filename="factura-${view.number}.pdf"`)
        .send(pdf);
    },
  );

  app.post(
    api.invoiceCancel(':id'),
    {
      config: { access: 'manage:invoices' },
      schema: { params: idParams, body: cancelInvoiceSchema, response: { 200: invoiceDetailSchema } },
    },
    async (request) => {
      if (!(await request.scope.invoices.findById(request.params.id))) throw notFound(NOT_FOUND);
      await deps.invoicing.cancel(request.params.id, request.body.reason, auditContext(request));
      return present((await request.scope.invoices.findById(request.params.id))!);
    },
  );

  app.post(
    api.invoiceRectify(':id'),
    {
      config: { access: 'manage:invoices' },
      schema: { params: idParams, body: rectifyInvoiceSchema, response: { 201: invoiceDetailSchema } },
    },
    async (request, reply) => {
      const original = await request.scope.invoices.findById(request.params.id);
      if (!original) throw notFound(NOT_FOUND);
      // An invoice to an insurer names no patient: it is rectified to the insurer as issued.
      const patient = original.patientId ? await request.scope.patient(original.patientId) : null;
      const invoice = await deps.invoicing.rectify(original.id, request.body, patient, auditContext(request));
      return reply.status(201).send(present((await request.scope.invoices.findById(invoice.id))!));
    },
  );

  // «Emitir factura completa»: the F3 that replaces this simplified invoice (and others of the same patient).
  app.post(
    api.invoiceComplete(':id'),
    {
      config: { access: 'manage:invoices' },
      schema: { params: idParams, body: substituteInvoiceSchema, response: { 201: invoiceDetailSchema } },
    },
    async (request, reply) => {
      const simplified = await request.scope.invoices.findById(request.params.id);
      // An insurer's invoice (no patient) is complete already: nothing to replace.
      if (!simplified?.patientId) throw notFound(NOT_FOUND);
      const patient = await request.scope.patient(simplified.patientId);
      const ids = [simplified.id, ...request.body.alsoInvoiceIds];
      const invoice = await deps.invoicing.substitute(ids, patient, auditContext(request));
      return reply.status(201).send(present((await request.scope.invoices.findById(invoice.id))!));
    },
  );

  app.get(
    api.patientBillableVisits(':id'),
    {
      config: { access: 'manage:invoices' },
      schema: {
        params: z.object({ id: z.uuid({ error: 'Paciente no encontrado' }) }),
        response: { 200: z.array(billableVisitSchema) },
      },
    },
    async (request) => {
      const patient = await request.scope.patient(request.params.id);
      const visits = await billableVisitsOf(deps, patient.id);
      return visits.map((visit) => ({
        id: visit.id,
        startsAt: visit.startsAt.toISOString(),
        doctorName: visit.doctorName,
        service: visit.service && {
          id: visit.service.id,
          name: visit.service.name,
          priceCents: visit.service.priceCents,
        },
        insurer: visit.insurer,
      }));
    },
  );
};
