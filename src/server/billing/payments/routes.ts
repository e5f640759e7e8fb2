import { z } from 'zod';
import { api } from '../../../common/api-paths';
import {
  cashCloseSchema,
  cashDayQuerySchema,
  cashDaySchema,
  cashReopenSchema,
  invoicePaymentsSchema,
  paymentInputSchema,
} from '../../../common/schemas/payments';
import { notFound } from '../../platform';
import { auditContext, auditedRead } from '../../platform';
import type { RoutePlugin } from '../route-deps';

const NOT_FOUND = 'Factura no encontrada';
const idParams = z.object({ id: z.uuid({ error: NOT_FOUND }) });
const closingParams = z.object({ id: z.uuid({ error: 'Cierre de caja no encontrado' }) });

/** Payments against invoices and «Cierre de caja» (issue «Billing», item 5). */
export const paymentsRoutes: RoutePlugin = async (app, deps) => {
  const admin = { access: 'manage:invoices' } as const;

  app.get(
    api.invoicePayments(':id'),
    {
      config: { access: 'read:invoices' },
      schema: { params: idParams, response: { 200: invoicePaymentsSchema } },
    },
    async (request) =>
      auditedRead(
        deps.db,
        async (db) => {
          const invoice = await request.scope.invoices.findById(request.params.id, db);
          if (!invoice) throw notFound(NOT_FOUND);
          return {
            patientId: invoice.patientId,
            paid: await deps.payments.invoicePayments(invoice.id, invoice.totalCents, invoice.outstandingCents, db),
          };
        },
        ({ patientId }) => ({
          ...auditContext(request),
          action: 'read',
          entity: 'payment',
          entityId: request.params.id,
          patientId: patientId ?? undefined,
        }),
      ).then(({ paid }) => paid),
  );

  app.post(
    api.invoicePayments(':id'),
    {
      config: admin,
      schema: { params: idParams, body: paymentInputSchema, response: { 201: invoicePaymentsSchema } },
    },
    async (request, reply) => {
      if (!(await request.scope.invoices.findById(request.params.id))) throw notFound(NOT_FOUND);
      const paid = await deps.payments.record(request.params.id, request.body, auditContext(request));
      return reply.status(201).send(paid);
    },
  );

  app.get(
    api.cashDay,
    { config: admin, schema: { querystring: cashDayQuerySchema, response: { 200: cashDaySchema } } },
    async (request) => deps.payments.cashDay(request.query.day),
  );

  app.post(
    api.cashClose,
    { config: admin, schema: { body: cashCloseSchema, response: { 200: cashDaySchema } } },
    async (request) => deps.payments.closeDay(request.body, auditContext(request)),
  );

  // A closing reopened by an admin, with the reason (audited): its payments go back to the day's open shift.
  app.post(
    api.cashReopen(':id'),
    { config: admin, schema: { params: closingParams, body: cashReopenSchema, response: { 200: cashDaySchema } } },
    async (request) => deps.payments.reopen(request.params.id, request.body.reason, auditContext(request)),
  );
};
