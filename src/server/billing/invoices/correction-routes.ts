import { api } from '../../../common/api-paths';
import {
  correctionInputSchema,
  correctionParamsSchema,
  correctionResultSchema,
  correctionViewSchema,
} from '../../../common/schemas/verifactu-corrections';
import { auditContext } from '../../platform';
import type { RoutePlugin } from '../route-deps';

/**
 * Corrections that correct (issue 35, item 3): the desk reads a record the AEAT rejected or registered with errors
 * and sends its corrected data, which a new chained record (a subsanación) carries (corrections.ts).
 */
export const invoicesCorrectionRoutes: RoutePlugin = async (app, deps) => {
  app.get(
    api.verifactuRecordCorrection(':id'),
    {
      config: { access: 'manage:invoices' },
      schema: { params: correctionParamsSchema, response: { 200: correctionViewSchema } },
    },
    async (request) => deps.invoicing.correctionView(request.params.id),
  );

  app.post(
    api.verifactuRecordCorrection(':id'),
    {
      config: { access: 'manage:invoices' },
      schema: {
        params: correctionParamsSchema,
        body: correctionInputSchema,
        response: { 201: correctionResultSchema },
      },
    },
    async (request, reply) =>
      reply.status(201).send(await deps.invoicing.correct(request.params.id, request.body, auditContext(request))),
  );
};
