import { z } from 'zod';
import type { RoutePlugin } from '../route-deps';
import { api } from '../../../common/api-paths';
import { AppError } from '../../platform';
import { verifyTwilioSignature } from '../providers/twilio';
import { verifyWhatsAppSignature } from '../providers/whatsapp';
import { EMPTY_TWIML, twilioIncomingMessage } from './inbound';
import { recordDeliveryStatuses } from './use-cases';
import { whatsAppNotification } from './webhook';

const NOT_CONFIGURED = 'Este canal no tiene proveedor configurado.';
const BAD_SIGNATURE = 'Firma no válida.';
const header = (value: string | string[] | undefined) => (Array.isArray(value) ? value[0] : value);

/**
 * The providers' callbacks: delivery statuses and the patients' incoming messages. Public (the provider calls them,
 * with no Origin: `platform/http/origin-check.ts`) but each verified by its signature over the raw body
 * (X-Twilio-Signature, X-Hub-Signature-256) before anything is read, and recorded once (providers repeat them).
 */
export const channelsCallbacksRoutes: RoutePlugin = async (app, deps) => {
  const { sms, whatsapp } = deps.config.messaging ?? {};
  // The signatures are over the bytes as sent: this plugin's routes keep the body as a string.
  /** The form's parameters, once X-Twilio-Signature is Twilio's over our public URL and them; else 403. */
  const signedTwilioParams = (
    authToken: string,
    request: { body?: string; url: string; headers: Record<string, string | string[] | undefined> },
  ) => {
    const params = Object.fromEntries(new URLSearchParams(request.body ?? ''));
    const url = `${deps.config.publicUrl}${request.url}`;
    if (!verifyTwilioSignature(authToken, url, params, header(request.headers['x-twilio-signature']))) {
      throw new AppError(403, 'FORBIDDEN', BAD_SIGNATURE);
    }
    return params;
  };

  app.addContentTypeParser(
    ['application/x-www-form-urlencoded', 'application/json'],
    { parseAs: 'string', bodyLimit: 64 * 1024 },
    (_request, body, done) => done(null, body),
  );

  app.post(
    api.twilioStatus,
    {
      config: { access: 'public' },
      schema: {
        body: z
          .string()
          .max(64 * 1024)
          .optional(),
        response: { 204: z.null() },
      },
    },
    async (request, reply) => {
      if (!sms) throw new AppError(404, 'NOT_FOUND', NOT_CONFIGURED);
      const params = signedTwilioParams(sms.authToken, request);
      const id = params.MessageSid ?? params.SmsSid;
      const status = params.MessageStatus ?? params.SmsStatus;
      if (!id || !status) throw new AppError(400, 'VALIDATION', 'Faltan MessageSid o MessageStatus.');
      await recordDeliveryStatuses(deps, 'sms', [{ id, status, errorCode: params.ErrorCode || null }]);
      return reply.code(204).send(null);
    },
  );

  // A patient's SMS to the clinic's number: recorded once by its MessageSid (a retry finds it), matched and handled by
  // rule or left in the inbox. The empty TwiML tells Twilio to send nothing back: the acknowledgment, if any, goes
  // through the outbox like every other SMS (its delivery recorded by the status callback above).
  app.post(
    api.twilioIncoming,
    {
      config: { access: 'public' },
      schema: {
        body: z
          .string()
          .max(64 * 1024)
          .optional(),
        response: { 200: z.string() },
      },
    },
    async (request, reply) => {
      if (!sms) throw new AppError(404, 'NOT_FOUND', NOT_CONFIGURED);
      const message = twilioIncomingMessage(signedTwilioParams(sms.authToken, request));
      if (!message) throw new AppError(400, 'VALIDATION', 'Faltan MessageSid o From.');
      await deps.inboundReplies.receive(message);
      return reply.type('text/xml').send(EMPTY_TWIML);
    },
  );

  // Meta's subscription handshake: echo hub.challenge when hub.verify_token is ours.
  app.get(
    api.whatsappWebhook,
    {
      config: { access: 'public' },
      schema: {
        querystring: z.object({
          'hub.mode': z.string().max(50).optional(),
          'hub.verify_token': z.string().max(200).optional(),
          'hub.challenge': z.string().max(200).optional(),
        }),
        response: { 200: z.string() },
      },
    },
    async (request, reply) => {
      if (!whatsapp) throw new AppError(404, 'NOT_FOUND', NOT_CONFIGURED);
      const query = request.query;
      if (
        query['hub.mode'] !== 'subscribe' ||
        !whatsapp.verifyToken ||
        query['hub.verify_token'] !== whatsapp.verifyToken
      )
        throw new AppError(403, 'FORBIDDEN', BAD_SIGNATURE);
      return reply.type('text/plain').send(query['hub.challenge'] ?? '');
    },
  );

  app.post(
    api.whatsappWebhook,
    {
      config: { access: 'public' },
      schema: {
        body: z
          .string()
          .max(64 * 1024)
          .optional(),
        response: { 200: z.object({ ok: z.boolean() }) },
      },
    },
    async (request, reply) => {
      if (!whatsapp) throw new AppError(404, 'NOT_FOUND', NOT_CONFIGURED);
      const raw = request.body ?? '';
      if (!verifyWhatsAppSignature(whatsapp.appSecret, raw, header(request.headers['x-hub-signature-256']))) {
        throw new AppError(403, 'FORBIDDEN', BAD_SIGNATURE);
      }
      const notification = whatsAppNotification(raw);
      if (!notification) throw new AppError(400, 'VALIDATION', 'El aviso no es un JSON de WhatsApp.');
      await recordDeliveryStatuses(deps, 'whatsapp', notification.statuses);
      // Each message once by its wamid: Meta repeats a notification until it is answered 200.
      for (const message of notification.messages) await deps.inboundReplies.receive(message);
      return reply.code(200).send({ ok: true });
    },
  );
};
