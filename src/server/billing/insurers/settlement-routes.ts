import { z } from 'zod';
import { insurerApi } from '../../../common/api-paths';
import {
  reconciliationSchema,
  settlementInvoiceSchema,
  settlementIssueSchema,
  settlementPreviewSchema,
  settlementQuerySchema,
} from '../../../common/schemas/insurer-visits';
import { auditContext } from '../../platform';
import type { RoutePlugin } from '../route-deps';
import { issueSettlement, reconcile, settlementInvoice, settlementPreview } from './settlement';

const invoiceParams = z.object({ invoiceId: z.uuid({ error: 'Factura de aseguradora no encontrada' }) });

/** «Liquidación de aseguradoras» (issue 36, item 1; decision 0118): admins only. */
export const insurersSettlementRoutes: RoutePlugin = async (app, deps) => {
  const access = { access: 'manage:insurer-settlements' } as const;

  app.get(
    insurerApi.insurerSettlements,
    { config: access, schema: { querystring: settlementQuerySchema, response: { 200: settlementPreviewSchema } } },
    async (request) => settlementPreview(deps, request.query),
  );

  app.post(
    insurerApi.insurerSettlements,
    {
      config: access,
      schema: { body: settlementIssueSchema, response: { 201: z.object({ id: z.string(), number: z.string() }) } },
    },
    async (request, reply) => {
      const invoice = await issueSettlement(deps, request.body, auditContext(request));
      return reply.status(201).send({ id: invoice.id, number: invoice.number });
    },
  );

  app.get(
    insurerApi.insurerSettlementInvoice(':invoiceId'),
    { config: access, schema: { params: invoiceParams, response: { 200: settlementInvoiceSchema } } },
    async (request) => settlementInvoice(deps, request.params.invoiceId),
  );

  app.post(
    insurerApi.insurerReconciliation(':invoiceId'),
    {
      config: access,
      schema: { params: invoiceParams, body: reconciliationSchema, response: { 200: settlementInvoiceSchema } },
    },
    async (request) => {
      await reconcile(deps, request.params.invoiceId, request.body, auditContext(request));
      return settlementInvoice(deps, request.params.invoiceId);
    },
  );
};
