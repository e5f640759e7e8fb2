import { z } from 'zod';
import { api } from '../../../common/api-paths';
import {
  packProductInputSchema,
  packProductSchema,
  patientPacksSchema,
  sellPackInputSchema,
} from '../../../common/schemas/packs';
import { auditContext, notFound } from '../../platform';
import type { RoutePlugin } from '../route-deps';
import { PACK_NOT_FOUND, packsOfPatient } from './service';
import { checkProduct, createProduct, findProduct, listProducts, updateProduct } from './use-cases';

const PRODUCT_NOT_FOUND = 'Bono no encontrado';
const idParams = z.object({ id: z.uuid({ error: PRODUCT_NOT_FOUND }) });
const patientParams = z.object({ id: z.uuid({ error: 'Paciente no encontrado' }) });
const packParams = patientParams.extend({ packId: z.uuid({ error: PACK_NOT_FOUND }) });

const saleSchema = z.object({ packId: z.string(), invoiceId: z.string(), invoiceNumber: z.string() });
const refundSchema = z.object({
  invoiceId: z.string(),
  invoiceNumber: z.string(),
  refundCents: z.number(),
  unusedSessions: z.number(),
});

/**
 * «Bonos» (issue 36, item 3): the desk keeps the packs the clinic sells, sells one from a patient's page (its invoice
 * issued at once) and refunds what was not used; a doctor reads her patients' packs and a paciente her own.
 */
export const packsRoutes: RoutePlugin = async (app, deps) => {
  const manage = { access: 'manage:packs' } as const;

  app.get(api.packProducts, { config: manage, schema: { response: { 200: z.array(packProductSchema) } } }, () =>
    listProducts(deps),
  );

  app.post(
    api.packProducts,
    { config: manage, schema: { body: packProductInputSchema, response: { 201: packProductSchema } } },
    async (request, reply) => {
      await checkProduct(deps, request.body);
      const id = await createProduct(deps, request.body, (created) => ({
        ...auditContext(request),
        action: 'create',
        entity: 'pack_product',
        entityId: created,
        details: { ...request.body },
      }));
      return reply.status(201).send((await findProduct(deps, id))!);
    },
  );

  app.put(
    api.packProduct(':id'),
    {
      config: manage,
      schema: { params: idParams, body: packProductInputSchema, response: { 200: packProductSchema } },
    },
    async (request) => {
      if (!(await findProduct(deps, request.params.id))) throw notFound(PRODUCT_NOT_FOUND);
      await checkProduct(deps, request.body);
      await updateProduct(deps, request.params.id, request.body, {
        ...auditContext(request),
        action: 'update',
        entity: 'pack_product',
        entityId: request.params.id,
        details: { ...request.body },
      });
      return (await findProduct(deps, request.params.id))!;
    },
  );

  app.get(
    api.patientPacks(':id'),
    { config: { access: 'read:packs' }, schema: { params: patientParams, response: { 200: patientPacksSchema } } },
    async (request) => {
      const patient = await request.scope.patient(request.params.id);
      return packsOfPatient(deps, patient.id);
    },
  );

  app.post(
    api.patientPacks(':id'),
    { config: manage, schema: { params: patientParams, body: sellPackInputSchema, response: { 201: saleSchema } } },
    async (request, reply) => {
      const patient = await request.scope.patient(request.params.id);
      return reply.status(201).send(await deps.packs.sell(patient, request.body, auditContext(request)));
    },
  );

  app.post(
    api.patientPackRefund(':id', ':packId'),
    { config: manage, schema: { params: packParams, response: { 201: refundSchema } } },
    async (request, reply) => {
      const patient = await request.scope.patient(request.params.id);
      return reply.status(201).send(await deps.packs.refund(request.params.packId, patient, auditContext(request)));
    },
  );
};
