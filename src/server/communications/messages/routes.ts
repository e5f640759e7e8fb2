import type { FastifyRequest } from 'fastify';
import type { RoutePlugin } from '../route-deps';
import { z } from 'zod';
import { api } from '../../../common/api-paths';
import {
  assignConversationSchema,
  conversationSchema,
  inboxQuerySchema,
  inboxSchema,
  linkedUnmatchedSchema,
  linkUnmatchedSchema,
  messageSchema,
  myConversationSchema,
  sendMessageSchema,
  staffMessageSchema,
  unmatchedMessagesSchema,
} from '../../../common/schemas/messages';
import { requireUser } from '../../access';
import { auditedRead, auditContext } from '../../platform';
import { requireOwnRecord } from '../../identity';
import { CONVERSATION_NOT_FOUND, presentSummary, UNMATCHED_NOT_FOUND } from './service';

const idParams = z.object({ id: z.uuid({ error: CONVERSATION_NOT_FOUND }) });
const unmatchedParams = z.object({ id: z.uuid({ error: UNMATCHED_NOT_FOUND }) });

/**
 * The clinic's inbox (admins) — with the replies by SMS and WhatsApp in each patient's conversation, the desk's
 * answer by those channels, and the «sin paciente» list of replies from unknown numbers — and the paciente's own
 * conversation.
 */
export const messagesRoutes: RoutePlugin = async (app, deps) => {
  const service = deps.messages;

  app.get(
    api.conversations,
    { config: { access: 'manage:inbox' }, schema: { querystring: inboxQuerySchema, response: { 200: inboxSchema } } },
    async (request) => {
      const user = requireUser(request);
      const { q, assigned } = request.query;
      // The unread total and the staff list need nothing from the inbox: on PostgreSQL they run beside it
      // on the pool (PGlite takes them in turn), and the answer waits for the inbox's audit entry.
      const [conversations, [totalUnread, staff]] = await Promise.all([
        auditedRead(
          deps.db,
          (db) => request.scope.conversations.inbox({ q, assignedTo: assigned === 'me' ? user.id : undefined }, db),
          (rows) => ({
            ...auditContext(request),
            action: 'list',
            entity: 'conversation',
            details: { results: rows.length, search: Boolean(q), assigned: assigned ?? null },
          }),
        ),
        service.inboxTotals(),
      ]);
      return { conversations: conversations.map(presentSummary), totalUnread, staff };
    },
  );

  app.get(
    api.conversation(':id'),
    { config: { access: 'manage:inbox' }, schema: { params: idParams, response: { 200: conversationSchema } } },
    async (request) => {
      const conversation = await service.requireConversation(request.scope.conversations, request.params.id);
      const messages = await service.open(conversation, 'staff', auditContext(request));
      const fresh = (await request.scope.conversations.summary(conversation.id))!;
      return { conversation: presentSummary(fresh), messages, replyChannels: await service.replyChannels(fresh) };
    },
  );

  app.post(
    api.conversationMessages(':id'),
    {
      config: { access: 'manage:inbox' },
      schema: { params: idParams, body: staffMessageSchema, response: { 200: messageSchema, 201: messageSchema } },
    },
    async (request, reply) => {
      const conversation = await service.requireConversation(request.scope.conversations, request.params.id);
      const { created, message } = await service.send(
        conversation,
        'staff',
        requireUser(request),
        request.body,
        auditContext(request),
      );
      return reply.status(created ? 201 : 200).send(message);
    },
  );

  app.put(
    api.conversationAssignee(':id'),
    {
      config: { access: 'manage:inbox' },
      schema: { params: idParams, body: assignConversationSchema, response: { 204: z.null() } },
    },
    async (request, reply) => {
      const conversation = await service.requireConversation(request.scope.conversations, request.params.id);
      await service.assign(conversation, request.body.assignedTo, auditContext(request));
      return reply.status(204).send(null);
    },
  );

  app.get(
    api.unmatchedMessages,
    { config: { access: 'manage:inbox' }, schema: { response: { 200: unmatchedMessagesSchema } } },
    async (request) => {
      const messages = await auditedRead(
        deps.db,
        () => service.unmatched(),
        (rows) => ({
          ...auditContext(request),
          action: 'list',
          entity: 'conversation',
          details: { unmatched: rows.length },
        }),
      );
      return { messages };
    },
  );

  app.post(
    api.unmatchedMessageLink(':id'),
    {
      config: { access: 'manage:inbox' },
      schema: { params: unmatchedParams, body: linkUnmatchedSchema, response: { 200: linkedUnmatchedSchema } },
    },
    async (request) => {
      const patient = await request.scope.patient(request.body.patientId);
      return service.linkUnmatched(request.params.id, patient.id, requireUser(request), auditContext(request));
    },
  );

  /** The paciente's own conversation: made on first use, so the screen always has one. */
  async function ownConversation(request: FastifyRequest) {
    const record = await requireOwnRecord(deps, requireUser(request));
    const id = await service.conversationOfPatient(record.id);
    return service.requireConversation(request.scope.conversations, id);
  }

  app.get(
    api.myMessages,
    { config: { access: 'send:messages' }, schema: { response: { 200: myConversationSchema } } },
    async (request) => {
      const conversation = await ownConversation(request);
      return { messages: await service.open(conversation, 'patient', auditContext(request)) };
    },
  );

  app.post(
    api.myMessages,
    {
      config: { access: 'send:messages', rateLimit: deps.config.limits.myMessages },
      schema: { body: sendMessageSchema, response: { 200: messageSchema, 201: messageSchema } },
    },
    async (request, reply) => {
      const user = requireUser(request);
      const conversation = await ownConversation(request);
      const { created, message } = await service.send(
        conversation,
        'patient',
        user,
        request.body,
        auditContext(request),
      );
      return reply.status(created ? 201 : 200).send(message);
    },
  );
};
