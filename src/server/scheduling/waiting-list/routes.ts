import type { FastifyRequest } from 'fastify';
import type { RoutePlugin } from '../route-deps';
import { z } from 'zod';
import { api } from '../../../common/api-paths';
import {
  myWaitingJoinSchema,
  offerSchema,
  publicWaitingJoinSchema,
  publicWaitingJoinedSchema,
  staffWaitingJoinSchema,
  waitingEntryListSchema,
  waitingEntrySchema,
  waitingListQuerySchema,
} from '../../../common/schemas/waiting-list';
import { recordForPublicRequest, usesOwnRecord } from '../../identity';
import { transact } from '../../platform';
import { refuseHoneypot } from '../../platform';
import { requireUser } from '../../access';
import { auditedRead, auditContext } from '../../platform';
import { PENDING_BOOKING_MESSAGE, requireOwnRecord } from '../../identity';
import { presentEntry, wishViewOf } from './present';

const NOT_FOUND = 'No encontramos esa entrada de la lista de espera.';
const idParams = z.object({ id: z.uuid({ error: NOT_FOUND }) });
const tokenParams = z.object({ token: z.string().max(100) });

/** The desk's list, the paciente's own entries, joining from /agendar-cita and the offer links. */
export const waitingListRoutes: RoutePlugin = async (app, deps) => {
  const service = deps.waitingList;

  // --- Staff: the whole list.
  app.get(
    api.waitingList,
    {
      config: { access: 'manage:appointments' },
      schema: { querystring: waitingListQuerySchema, response: { 200: waitingEntryListSchema } },
    },
    async (request) => {
      const rows = await auditedRead(
        deps.db,
        (db) => request.scope.waitingList.list(request.query, db),
        (found) => ({
          ...auditContext(request),
          action: 'list',
          entity: 'waiting_list',
          details: { results: found.length, ...request.query },
        }),
      );
      return rows.map(presentEntry);
    },
  );

  app.post(
    api.waitingList,
    {
      config: { access: 'manage:appointments' },
      schema: { body: staffWaitingJoinSchema, response: { 201: waitingEntrySchema } },
    },
    async (request, reply) => {
      const input = { ...request.body, channel: 'mostrador' as const };
      return reply.status(201).send(await service.joinAtDesk(input, auditContext(request)));
    },
  );

  app.delete(
    api.waitingListEntry(':id'),
    { config: { access: 'manage:appointments' }, schema: { params: idParams, response: { 200: waitingEntrySchema } } },
    async (request) => service.leave(request.params.id, auditContext(request), request.scope.waitingList),
  );

  // --- The paciente's own entries.
  const ownRecord = (request: FastifyRequest) => requireOwnRecord(deps, requireUser(request));

  app.get(
    api.myWaitingList,
    { config: { access: 'book:appointments' }, schema: { response: { 200: waitingEntryListSchema } } },
    async (request) => {
      const record = await ownRecord(request);
      const rows = await auditedRead(
        deps.db,
        (db) => request.scope.waitingList.list({ patientId: record.id }, db),
        (found) => ({
          ...auditContext(request),
          action: 'list',
          entity: 'waiting_list',
          patientId: record.id,
          details: { view: 'own', results: found.length },
        }),
      );
      return rows.map(presentEntry);
    },
  );

  app.post(
    api.myWaitingList,
    {
      config: { access: 'book:appointments', rateLimit: deps.config.limits.myWaitingList },
      schema: { body: myWaitingJoinSchema, response: { 201: waitingEntrySchema } },
    },
    async (request, reply) => {
      const record = await requireOwnRecord(deps, requireUser(request), undefined, PENDING_BOOKING_MESSAGE);
      return reply
        .status(201)
        .send(await service.join({ ...request.body, patientId: record.id, channel: 'area' }, auditContext(request)));
    },
  );

  app.delete(
    api.myWaitingListEntry(':id'),
    {
      config: { access: 'book:appointments' },
      schema: { params: idParams, response: { 200: waitingEntrySchema } },
    },
    async (request) => {
      // 409 while her record is not confirmed, as in her other waiting-list routes; then her own entries only.
      await ownRecord(request);
      return service.leave(request.params.id, auditContext(request), request.scope.waitingList);
    },
  );

  // --- Public: joining from /agendar-cita (rate-limited like booking, with the honeypot) and the offer link.
  app.post(
    api.publicWaitingList,
    {
      config: { access: 'public', rateLimit: deps.config.limits.publicWaitingList },
      schema: { body: publicWaitingJoinSchema, response: { 201: publicWaitingJoinedSchema } },
    },
    async (request, reply) => {
      const { website, firstName, lastName, email, phone, acceptPrivacy: _accepted, ...wish } = request.body;
      refuseHoneypot(website);
      // The record of whoever joins, by the public booking's rule (identity/patients/public-record.ts). The answer is the
      // wish and that it was recorded, never anything of the record.
      const record = await recordForPublicRequest(deps, request, { firstName, lastName, email, phone }, 'waiting-list');
      const patient = await transact(deps.db, record);
      const who = auditContext(request);
      if (usesOwnRecord(request)) {
        // Her own record: she may be told she already waits for this (409), as in her area.
        const entry = await service.join({ ...wish, patientId: patient.id, channel: 'area' }, who);
        return reply.status(201).send({ joined: true, wish: wishViewOf(entry) });
      }
      const joined = await service.joinByContact({ ...wish, patientId: patient.id, channel: 'web' }, who);
      return reply.status(201).send({ joined: true, wish: joined });
    },
  );

  app.get(
    api.waitingOffer(':token'),
    { config: { access: 'public' }, schema: { params: tokenParams, response: { 200: offerSchema } } },
    async (request) => service.offerView(request.params.token),
  );

  // A POST, sent by the offer page's script: mail scanners that prefetch the e-mail's link (a GET) must not book.
  app.post(
    api.acceptWaitingOffer(':token'),
    {
      config: { access: 'public', rateLimit: deps.config.limits.waitingOfferAccept },
      schema: { params: tokenParams, response: { 200: offerSchema } },
    },
    async (request) => service.accept(request.params.token, { ...auditContext(request) }),
  );
};
