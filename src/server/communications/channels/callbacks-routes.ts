import { z } from 'zod';
import type { RoutePlugin } from '../route-deps';
import { api } from '../../../common/api-paths';
import { AppError } from '../../platform';
import { verifyTwilioSignature } from '../providers/twilio';
import { verifyWhatsAppSignature } from '../providers/whatsapp';
import { recordDeliveryStatuses } from './use-cases';
import { whatsAppStatuses } from './webhook';

const NOT_CONFIGURED = 'Este canal no tiene proveedor configurado.';
const BAD_SIGNATURE = 'Firma no válida.';
const header = (value: string | string[] | undefined) => (Array.isArray(value) ? value[0] : value);

/**
 * The providers' delivery status callbacks: public (the provider calls them) but each verified by its signature
 * over the raw body (X-Twilio-Signature, X-Hub-Signature-256), recorded once (providers repeat them).
 */
export const channelsCallbacksRoutes: RoutePlugin = async (app, deps) => {
  const { sms, whatsapp } = deps.config.messaging ?? {};
  // The signatures are over the bytes as sent: this plugin's routes keep the body as a string.
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
      const params = Object.fromEntries(new URLSearchParams(request.body ?? ''));
      const url = `${deps.config.publicUrl}${request.url}`;
      if (!verifyTwilioSignature(sms.authToken, url, params, header(request.headers['x-twilio-signature']))) {
        throw new AppError(403, 'FORBIDDEN', BAD_SIGNATURE);
      }
      const id = params.MessageSid ?? params.SmsSid;
      const status = params.MessageStatus ?? params.SmsStatus;
      if (!id || !status) throw new AppError(400, 'VALIDATION', 'Faltan MessageSid o MessageStatus.');
      await recordDeliveryStatuses(deps, 'sms', [{ id, status, errorCode: params.ErrorCode || null }]);
      return reply.code(204).send(null);
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
      const events = whatsAppStatuses(raw);
      if (!events) throw new AppError(400, 'VALIDATION', 'El aviso no es un JSON de WhatsApp.');
      await recordDeliveryStatuses(deps, 'whatsapp', events);
      return reply.code(200).send({ ok: true });
    },
  );
};
