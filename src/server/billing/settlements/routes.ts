import { z } from 'zod';
import { settlementApi } from '../../../common/api-paths';
import {
  clinicSettlementsCsvQuerySchema,
  doctorSettlementRuleSchema,
  issueSettlementSchema,
  settlementListQuerySchema,
  settlementMonthQuerySchema,
  settlementRuleInputSchema,
  settlementSchema,
  settlementSummarySchema,
  type Settlement,
} from '../../../common/schemas/settlements';
import { auditContext, notFound } from '../../platform';
import type { RoutePlugin } from '../route-deps';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { settlementsCsv } from './csv';
import {
  findSettlement,
  issueSettlement,
  listSettlements,
  setSettlementRule,
  settlementDraft,
  settlementRules,
  settlementsWithLines,
} from './use-cases';

const NOT_FOUND = 'Liquidación no encontrada';
const DOCTOR_NOT_FOUND = 'Profesional no encontrado';
const idParams = z.object({ id: z.uuid({ error: NOT_FOUND }) });
const doctorParams = z.object({ doctorId: z.uuid({ error: DOCTOR_NOT_FOUND }) });

const sendCsv = (reply: FastifyReply, name: string, settlements: Settlement[]) =>
  reply
    .header('Content-Disposition', `attachment; filename="${name}.csv"`)
    .header('Content-Type', 'text/csv; charset=utf-8')
    .send(settlementsCsv(settlements));

/** Doctors' settlements (issue 36, item 7): the desk's rules and months, a doctor's own in «Mi producción». */
export const settlementsRoutes: RoutePlugin = async (app, deps) => {
  const manage = { access: 'manage:settlements' } as const;
  const read = { access: 'read:settlements' } as const;

  /** An issued settlement, when this request may read it (a doctor her own): else «not found». */
  const visible = async (request: FastifyRequest, id: string) => {
    const settlement = await findSettlement(deps, id);
    if (!settlement || !request.scope.production.doctorOf(settlement.doctorId)) throw notFound(NOT_FOUND);
    return settlement;
  };

  app.get(
    settlementApi.rules,
    { config: manage, schema: { response: { 200: z.array(doctorSettlementRuleSchema) } } },
    () => settlementRules(deps),
  );

  app.put(
    settlementApi.rule(':doctorId'),
    { config: manage, schema: { params: doctorParams, body: settlementRuleInputSchema } },
    async (request, reply) => {
      await setSettlementRule(deps, request.params.doctorId, request.body, auditContext(request));
      return reply.status(204).send();
    },
  );

  app.get(
    settlementApi.draft,
    { config: manage, schema: { querystring: settlementMonthQuerySchema, response: { 200: settlementSchema } } },
    (request) => settlementDraft(deps, request.query.doctorId, request.query.month),
  );

  app.post(
    settlementApi.settlements,
    { config: manage, schema: { body: issueSettlementSchema, response: { 201: settlementSchema } } },
    async (request, reply) => {
      const id = await issueSettlement(deps, request.body.doctorId, request.body.month, auditContext(request));
      return reply.status(201).send((await findSettlement(deps, id))!);
    },
  );

  app.get(
    settlementApi.settlements,
    {
      config: read,
      schema: { querystring: settlementListQuerySchema, response: { 200: z.array(settlementSummarySchema) } },
    },
    async (request) => {
      const whose = request.scope.production.doctorOf(request.query.doctorId);
      if (!whose) throw notFound(DOCTOR_NOT_FOUND);
      return listSettlements(deps, { doctorId: whose.doctorId });
    },
  );

  app.get(
    settlementApi.monthCsv,
    { config: manage, schema: { querystring: clinicSettlementsCsvQuerySchema } },
    async (request, reply) => {
      const settlements = await settlementsWithLines(deps, { month: request.query.month });
      return sendCsv(reply, `liquidaciones-${request.query.month}`, settlements);
    },
  );

  app.get(
    settlementApi.settlement(':id'),
    { config: read, schema: { params: idParams, response: { 200: settlementSchema } } },
    (request) => visible(request, request.params.id),
  );

  app.get(
    settlementApi.settlementCsv(':id'),
    { config: read, schema: { params: idParams } },
    async (request, reply) => {
      const settlement = await visible(request, request.params.id);
      return sendCsv(reply, `liquidacion-${settlement.month}`, [settlement]);
    },
  );
};
